// Blood Bowl's set-up by hand: drag a player of yours (the reserve whose turn it is to be set up,
// or one already on your half) onto a lit square, or tap him and then the square (a phone). A
// drop sends only the legal action it stands for: "place 7 at 5,7"; a player already set up is
// taken back first ("remove 7") and placed on the next view, or put back if he may not go there.
const PLACE = /^place (\d+) at (\d+,\d+)$/;
const REMOVE = /^remove (\d+)$/;

// the set-up's choices in the legal list: the squares per shirt number, the players taken back
export function setupMoves(legal) {
  const places = {};
  const removable = new Set();
  for (const a of legal) {
    const m = a.match(PLACE);
    if (m) (places[m[1]] ||= new Set()).add(m[2]);
    const r = a.match(REMOVE);
    if (r) removable.add(r[1]);
  }
  return { places, removable, on: Object.keys(places).length > 0 || removable.size > 0 };
}

// the second half of a move: after "remove N", place N where he was dropped (or where he was)
export function finishMove({ memo, view, legal, act, t }) {
  const p = memo.bbPending;
  if (!p || p.move === view.move || !legal.length) return;
  memo.bbPending = null;
  const want = `place ${p.number} at ${p.to}`;
  if (legal.includes(want)) return act(want);
  memo.bbNote = t("#{n} may not go there, so he stays where he was.", { n: p.number });
  const back = `place ${p.number} at ${p.from}`;
  if (p.from && legal.includes(back)) {
    memo.bbNoteKeep = 1;
    act(back);
  }
}

// wires drag and tap-then-tap on `grid` (the pitch) for the set-up; `at` is who stands where,
// `half(x)` whether column x is on your half; returns the hooks the pitch and the dugout call
export function setupHands({ grid, note, moves, at, half, memo, view, act, t }) {
  let pick = null; // {n, from, node}: the player tapped, waiting for his square
  const say = (text) => { memo.bbNote = text; note.textContent = text; };
  const targets = (n) => {
    if (moves.places[n]) return moves.places[n];
    if (!moves.removable.has(n)) return new Set();
    const next = Object.values(moves.places)[0];
    if (next) return next; // the squares free and open now
    const free = new Set();
    for (let x = 0; x < 26; x++) for (let y = 0; y < 15; y++) if (half(x) && !at[`${x},${y}`]) free.add(`${x},${y}`);
    return free;
  };
  const mark = (n) => {
    const to = n === null ? new Set() : targets(n);
    for (const sq of grid.querySelectorAll("[data-square]")) sq.classList.toggle("target", to.has(sq.dataset.square));
  };
  const drop = (n, from, to) => {
    mark(null);
    if (to === from) return;
    if (!targets(n).has(to)) return say(t("Not a square he may go to: drop him on a lit square."));
    if (moves.places[n]) return act(`place ${n} at ${to}`);
    memo.bbPending = { number: n, from, to, move: view.move };
    act(`remove ${n}`);
  };
  const recent = () => Date.now() - (memo.bbDragEnd || 0) < 400;
  const select = (n, from, node) => {
    if (pick) pick.node.classList.remove("picked");
    pick = { n, from, node };
    node.classList.add("picked");
    mark(n);
    say(t("#{n}: now tap a lit square.", { n }));
  };
  const draggable = (node, n, from, onPick) => {
    if (!moves.places[n] && !moves.removable.has(n)) return;
    node.classList.add("draggable");
    node.addEventListener("pointerdown", (e) => {
      if (e.button !== 0) return;
      const x0 = e.clientX;
      const y0 = e.clientY;
      let ghost = null;
      const follow = (ev) => {
        if (!ghost && Math.hypot(ev.clientX - x0, ev.clientY - y0) < 6) return; // still a tap
        if (!ghost) {
          ghost = node.cloneNode(true);
          ghost.classList.add("bbghost");
          ghost.removeAttribute("data-player");
          document.body.append(ghost);
          mark(n);
        }
        ghost.style.left = `${ev.clientX - 12}px`;
        ghost.style.top = `${ev.clientY - 12}px`;
        ev.preventDefault();
      };
      const end = (ev) => {
        document.removeEventListener("pointermove", follow);
        document.removeEventListener("pointerup", end);
        document.removeEventListener("pointercancel", end);
        if (!ghost) return; // a tap: its click picks the player
        ghost.remove();
        memo.bbDragEnd = Date.now();
        if (ev.type === "pointercancel") return mark(null);
        const under = document.elementFromPoint(ev.clientX, ev.clientY);
        const sq = under && under.closest("[data-square]");
        // the pitch now, by its id: a redraw during the drag (a message, a turned phone, a
        // full-page screenshot) replaces the grid the drag began on, not the squares' names
        if (!sq || !sq.closest("#bbpitch")) {
          mark(null);
          return say(t("Not a square he may go to: drop him on a lit square."));
        }
        drop(n, from, sq.dataset.square);
      };
      document.addEventListener("pointermove", follow);
      document.addEventListener("pointerup", end);
      document.addEventListener("pointercancel", end);
    });
    node.addEventListener("click", (e) => {
      if (recent()) return;
      e.stopPropagation(); // not the square's click too: that would be a drop on his own square
      onPick?.();
      select(n, from, node);
    });
  };
  // a tap on a square while a player is picked: his drop (true when it was one)
  const tapSquare = (key) => {
    if (recent()) return true;
    if (!pick) return false;
    const { n, from } = pick;
    pick.node.classList.remove("picked");
    pick = null;
    drop(n, from, key);
    return true;
  };
  return { draggable, tapSquare };
}
