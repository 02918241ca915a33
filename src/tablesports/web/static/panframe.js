// A board larger than a phone's screen pans inside its own frame (.panframe: overflow auto on a
// phone, see match.css), the page never scrolls sideways. A board is drawn anew on every view,
// so each frame's scroll is kept across redraws (by its id; at first: its middle); on the
// player's turn in a new position the piece to act (else the last move) is brought to the
// frame's middle, and onto the screen if the page had it out of sight.
const FOCUS = [".selected", ".active", ".from", ".can", ".lit", ".playable", ".last", ".lastmoved"]; // by priority

export function keepPan(root) {
  const kept = {};
  for (const f of root.querySelectorAll(".panframe[id]")) kept[f.id] = [f.scrollLeft, f.scrollTop];
  return kept;
}

export function restorePan(root, kept, memo, view, mine, label) {
  const fresh = mine && memo.panMove !== view.move;
  if (mine) memo.panMove = view.move;
  for (const f of root.querySelectorAll(".panframe")) {
    // a frame that scrolls is reached by the keyboard too (its arrows pan it), by its name
    Object.assign(f, { tabIndex: 0 });
    f.setAttribute("role", "region");
    f.setAttribute("aria-label", label);
    if (f.scrollWidth <= f.clientWidth && f.scrollHeight <= f.clientHeight) continue;
    if (kept[f.id]) [f.scrollLeft, f.scrollTop] = kept[f.id];
    else f.scrollLeft = (f.scrollWidth - f.clientWidth) / 2;
    const target = fresh && FOCUS.map((q) => f.querySelector(q)).find(Boolean);
    if (!target) continue;
    const fr = f.getBoundingClientRect();
    const er = target.getBoundingClientRect();
    f.scrollLeft += er.left + er.width / 2 - (fr.left + fr.width / 2);
    f.scrollTop += er.top + er.height / 2 - (fr.top + fr.height / 2);
    const seen = target.getBoundingClientRect();
    if (seen.bottom < 0 || seen.top > innerHeight) window.scrollBy(0, seen.top + seen.height / 2 - innerHeight / 2);
  }
}
