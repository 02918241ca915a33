// Blood Bowl: the pitch with both teams, its squares numbered x,y as the log writes them; click
// one of your players for what it may do, then a lit square (with the dice each needs); a
// player's card on hover or tap (MA ST AG PA AV, skills); each team's dugout (reserves, KO,
// casualties); tackle zones on request; other choices (a formation, a kick-off) as buttons. On a
// phone the pitch stands upright (PHONE below), its squares keeping their names.
import { setupHands, setupMoves, finishMove } from "/static/games/bloodbowl_setup.js";
import { abbr, actionText, lastMoveCaption, lastStep, markLast, shortForm, useCss } from "/static/games/words.js";

const SQ = /(\d+),(\d+)/;
// a phone's pitch: at most 700 px wide (match.css's one-column page) the pitch is turned a
// quarter, its long side down the screen and the viewer's own half at the bottom (seat 0's
// x < 13, seat 1's x >= 13; a spectator sees seat 0's), its squares 44 px (a finger's) panning in their frame (bloodbowl.css)
const PHONE = "(max-width: 700px)";
const range = (n) => Array.from({ length: n }, (_, i) => i);
// the pitch as drawn: the names along the top (`across`) and down the side (`down`), and the
// square x,y at each crossing; only the drawing turns, never the squares' names
function layout(portrait, me) {
  if (!portrait) return { across: range(26), down: range(15), square: (a, d) => [a, d] };
  const xs = range(26);
  const ys = range(15);
  return me === 1 // turned clockwise: x = 0 at the top; else anticlockwise: x = 25 at the top
    ? { across: ys.reverse(), down: xs, square: (a, d) => [d, a] }
    : { across: ys, down: xs.reverse(), square: (a, d) => [d, a] };
}
// team 0's and team 1's shirts (style.css: .player.t0, .t1); the dugout's boxes; the stances
const colours = (t) => [t("blue"), t("red")];
const boxes = (t) => [["reserves", t("Reserves")], ["ko", t("Knocked Out")], ["casualty", t("Casualties")], ["sent_off", t("Sent off")]];
// a player's characteristics as his card prints them, each [short form, whole term] in the
// reader's language (the Korean seed writes MA and AV itself: "MA와 AV를 1씩 줄입니다")
const stats = (t) => [
  [shortForm(t("MA (short for Movement Allowance)")), t("Movement Allowance (MA)")],
  [shortForm(t("ST (short for Strength)")), t("Strength (ST)")],
  [shortForm(t("AG (short for Agility)")), t("Agility (AG)")],
  [shortForm(t("PA (short for Passing Ability)")), t("Passing Ability (PA)")],
  [shortForm(t("AV (short for Armour Value)")), t("Armour Value (AV)")],
];
// a pitch token's tooltip: MA, ST, AG and AV, as the card has them
const statLine = (t, card) => {
  const [ma, st, ag, , av] = stats(t).map(([k]) => k);
  return `${ma} ${card.ma} ${st} ${card.st} ${ag} ${card.ag}+ ${av} ${card.av}+`;
};
const stanceWord = (t, s) => ({ prone: t("Prone"), stunned: t("Stunned") })[s] || s;
// the house formations (data/formations.toml), named as a coach would
const formationWord = (t, f) => ({ line: t("line"), wedge: t("wedge"), spread: t("spread"), zone: t("zone") })[f] || f;
const label = (t, a) => (a.startsWith("formation ") ? `${t("formation")} ${formationWord(t, a.slice(10))}` : actionText(a, t));
// an action with its note for people ("move 7 to 14,6 (dodge 3+, rush 2+)"), each word of
// the note in the reader's language where the catalog has it: a lit square's tooltip
const noted = (t, a) => {
  const i = a.indexOf(" (");
  if (i < 0) return label(t, a);
  return `${label(t, a.slice(0, i))} ${a.slice(i + 1).replace(/[A-Za-z][A-Za-z-]*/g, (w) => t(w))}`;
};

// what a lit square needs, short enough for its corner (the whole note is its tooltip): the
// rolls ("dodge 3+, rush 2+" -> "3+ 2+"), or the block dice as coaches write them: "2D" when
// you choose, "-2D" when they do, "1D" for one die
function shortDice(text, t) {
  const m = text.match(/\(([^)]*)\)/);
  if (!m) return "";
  const dice = m[1].match(/^(\d) di(?:c)?e(, they choose)?/);
  if (dice) return `${dice[2] ? "-" : ""}${dice[1]}${shortForm(t("D (short for block dice)"))}`;
  const needs = m[1].match(/\d+\+/g);
  return needs ? needs.slice(0, 2).join(" ") : "";
}

// the squares the last action and its events name ("move 9 to 12,7", "to {x},{y}")
export function highlight(lastAction, events) {
  const squares = new Set(((lastAction || "").match(/\d+,\d+/g)) || []);
  for (const e of events || []) {
    const f = e.fields || {};
    if (f.x !== undefined && f.y !== undefined) squares.add(`${f.x},${f.y}`);
    for (const v of Object.values(f)) if (/^\d+,\d+$/.test(String(v))) squares.add(String(v));
  }
  const pitch = document.getElementById("bbpitch");
  if (pitch) markLast(pitch, "square", squares);
}

function playerCard(el, t, card, p, teamName, side) {
  if (!card) return el("div", { class: "bbcard", id: "bbcard" }, t("Point at a player for his card."));
  const values = [card.ma, card.st, `${card.ag}+`, card.pa ? `${card.pa}+` : "-", `${card.av}+`];
  const stance = p && p.stance && p.stance !== "standing" ? stanceWord(t, p.stance) : "";
  return el("div", { class: `bbcard t${side}`, id: "bbcard", "data-card": `${side}-${card.number}` },
    el("div", { class: "bbcard-head" }, `#${card.number} ${t(card.position)}`, el("span", {}, ` · ${teamName}${stance ? ` · ${stance}` : ""}`)),
    el("table", {}, el("tr", {}, stats(t).map(([k, term]) => el("th", {}, abbr(el, k, term)))), el("tr", {}, values.map((v) => el("td", {}, String(v))))),
    el("div", { class: "bbcard-skills" }, `${t("Skills")}: `, card.skills.length ? card.skills.map((s) => t(s)).join(", ") : "-"));
}

export function render({ root, view, legal, act, t, el, memo }) {
  const o = view.observation;
  if (!o.players) {
    root.append(el("pre", { class: "picture" }, view.picture || ""));
    return;
  }
  useCss("bloodbowl");
  if (memo.bbMove !== view.move) {
    memo.bbMove = view.move;
    memo.bbPlayer = null;
    if (memo.bbNoteKeep) memo.bbNoteKeep -= 1; // a move's note outlives the put-back it caused
    else memo.bbNote = null;
  }
  finishMove({ memo, view, legal, act, t });
  const me = view.viewer ?? 0;
  const cards = (view.board && view.board.cards) || [[], []];
  const cardOf = (side, number) => (cards[side] || []).find((c) => c.number === number);
  const teamName = (side) => (o.teams && o.teams[side] ? o.teams[side].name : t("Team {n}", { n: side }));
  const byNumber = {}; // "move 9", "block 9" ...: a player's activations
  const bySquare = {}; // actions that name a square
  const other = [];
  for (const a of legal) {
    const act1 = a.match(/^([a-z-]+(?: [a-z-]+)*) (\d+)$/);
    const sq = a.match(SQ);
    if (sq) (bySquare[`${sq[1]},${sq[2]}`] ||= []).push(a);
    else if (act1) (byNumber[act1[2]] ||= []).push(a);
    else other.push(a);
  }
  const at = {};
  o.players.forEach((team, side) => team.forEach((p) => { if (p.square) at[p.square.join(",")] = { ...p, side }; }));
  const tz = new Set();
  if (memo.tackleZones) {
    for (const p of Object.values(at)) {
      if (p.side === me || (p.stance && p.stance !== "standing")) continue;
      const [x, y] = p.square;
      for (let dx = -1; dx <= 1; dx++) for (let dy = -1; dy <= 1; dy++) if (dx || dy) tz.add(`${x + dx},${y + dy}`);
    }
  }
  const ball = o.ball && o.ball.square ? o.ball.square.join(",") : null;
  const moves = setupMoves(legal);
  const portrait = matchMedia(PHONE).matches;
  memo.bbPortrait = portrait;
  if (!memo.bbPhone) { // a turned phone or a resized window: drawn again in its layout
    memo.bbPhone = matchMedia(PHONE);
    // only when the layout changes (a full-page screenshot sends a "change" that changes
    // nothing: drawn again then, the pitch under a drag in progress would be another)
    memo.bbPhone.addEventListener("change", (e) => { if (e.matches !== memo.bbPortrait) memo.redraw?.(); });
  }
  const shape = layout(portrait, me);
  const turned = portrait ? ` portrait${me === 1 ? " seat1" : ""}` : "";
  const grid = el("div", { class: `grid bb${turned}${moves.on ? " settingup" : ""}`, id: "bbpitch", style: portrait ? "" : "grid-template-columns: 22px repeat(26, 30px)" });
  const note = el("div", { class: "bbnote", id: "bbnote", role: "status" },
    moves.on ? memo.bbNote || t("Drag a player of yours onto a lit square, or tap him and then the square.") : "");
  if (!moves.on) memo.bbNote = null;
  const hands = setupHands({ grid, note, moves, at, half: (x) => (x < 13) === (me === 0), memo, view, act, t });
  const menu = el("div", { class: "actions", id: "playermenu" });
  const cardBox = el("div", { class: "bbcard-slot" });
  const showCard = (p) => cardBox.replaceChildren(playerCard(el, t, cardOf(p.side, p.number), p, teamName(p.side), p.side));
  grid.append(el("div", { class: "coord" }, ""));
  for (const a of shape.across) grid.append(el("div", { class: "coord" }, String(a)));
  for (const d of shape.down) {
    grid.append(el("div", { class: "coord" }, String(d)));
    for (const a of shape.across) {
      const [x, y] = shape.square(a, d);
      const key = `${x},${y}`;
      const cls = ["sq"];
      if (x === 0 || x === 25) cls.push("endzone");
      if (y < 4 || y > 10) cls.push("wide");
      if (x === 13) cls.push("scrimmage");
      if (tz.has(key)) cls.push("tz");
      const actions = bySquare[key] || [];
      if (actions.length) cls.push("lit");
      const cell = el("div", { class: cls.join(" "), "data-square": key, title: [key, ...actions.map((a) => noted(t, a))].join("\n") });
      const p = at[key];
      if (p) {
        const pcls = ["player", `t${p.side}`];
        if (p.stance && p.stance !== "standing") pcls.push("down");
        if (p.used) pcls.push("used");
        if (ball === key) pcls.push("hasball");
        if (byNumber[p.number] && p.side === me) pcls.push("active");
        const card = cardOf(p.side, p.number);
        const node = el("div", { class: pcls.join(" "), "data-player": `${p.side}-${p.number}`, title: `${t(p.position)} #${p.number}${p.stance ? ` (${stanceWord(t, p.stance)})` : ""}${card ? ` · ${statLine(t, card)}` : ""}` }, String(p.number));
        node.addEventListener("pointerenter", (e) => { if (e.pointerType === "mouse") showCard(p); }); // a tap's card comes with its click
        if (p.side === me) hands.draggable(node, String(p.number), key, () => { showCard(p); if (byNumber[p.number]) menu.replaceChildren(...byNumber[p.number].map((a) => el("button", { "data-action": a, onclick: () => act(a) }, label(t, a)))); });
        cell.append(node);
      } else if (ball === key) {
        cell.append(el("div", { class: "ballmark" }));
      }
      if (actions.length) cell.append(el("span", { class: "dice" }, shortDice(actions[0], t)));
      cell.addEventListener("click", () => {
        if (hands.tapSquare(key)) return; // the square for the player picked by a tap
        if (p) showCard(p); // a tap shows the card too (no hover on a phone)
        if (actions.length === 1) return act(actions[0]);
        if (actions.length > 1) {
          menu.replaceChildren(...actions.map((a) => el("button", { "data-action": a, onclick: () => act(a) }, label(t, a))));
          return;
        }
        if (p && p.side === me && byNumber[p.number]) {
          menu.replaceChildren(...byNumber[p.number].map((a) => el("button", { "data-action": a, onclick: () => act(a) }, label(t, a))));
        }
      });
      grid.append(cell);
    }
  }
  // who is who: your colour, each team's score, re-rolls, Bribes and turn
  const teamLine = (side) => el("div", { class: `bbteam t${side}`, "data-team": side },
    el("span", { class: `player t${side} swatch` }, ""),
    el("b", {}, teamName(side)),
    view.viewer === side ? ` (${t("you")}, ${colours(t)[side]})` : ` (${colours(t)[side]})`,
    ` · ${t("Score")} ${o.score ? o.score[side] : 0} · ${t("team re-rolls")}: ${o.rerolls ? o.rerolls[side] : 0}`,
    // GET THE REF's free Bribes (the only inducement here), while a team has any
    o.bribes && o.bribes[side] ? ` · ${t("Bribes")}: ${o.bribes[side]}` : "",
    ` · ${t("turn")} ${o.turn ? o.turn[side] : 0}/${o.turns_per_half || 8}`);
  const head = el("div", { class: "bbhead", id: "bbhead" },
    el("div", {}, `${t("half")} ${o.half} · ${t("drive")} ${o.drive || 1}${o.kicking !== undefined && o.kicking >= 0 ? ` · ${t("{team} kick off", { team: teamName(o.kicking) })}` : ""}`),
    teamLine(0), teamLine(1));
  const toggle = el("label", {}, el("input", { type: "checkbox", id: "tackle", checked: Boolean(memo.tackleZones), onchange: (e) => { memo.tackleZones = e.target.checked; memo.redraw?.(); } }), ` ${t("Show tackle zones")}`);
  const legend = el("div", { class: `legend${turned}`, id: "bblegend" },
    el("span", {}, el("span", { class: "player t0" }, "7"), ` ${teamName(0)}`),
    el("span", {}, el("span", { class: "player t1" }, "7"), ` ${teamName(1)}`),
    el("span", {}, el("span", { class: "player t0 down" }, "7"), ` ${t("prone or stunned")}`),
    el("span", {}, el("span", { class: "player t0 used" }, "7"), ` ${t("has acted")}`),
    el("span", {}, el("span", { class: "player t0 hasball" }, "7"), ` ${t("carries the ball")}`),
    el("span", {}, el("span", { class: "player t0 mayact" }, "7"), ` ${t("may act now")}`), // not .active: that is a pitch player
    el("span", {}, el("span", { class: "ballmark" }), ` ${t("the ball")}`),
    el("span", {}, el("span", { class: "swatch lit" }, el("span", { class: "dice" }, "3+")), ` ${t("a square you may choose, with the roll it needs")}`),
    el("span", {}, el("span", { class: "swatch endzone" }), ` ${t("End Zone")}`),
    el("span", {}, el("span", { class: "swatch scrimmage" }), ` ${t("Line of Scrimmage")}`));
  // the dugouts: who is off the pitch, and why
  const dugout = (side) => el("div", { class: `dugout t${side}`, "data-dugout": side },
    el("h2", { class: "h4" }, `${t("Dugout")}: ${teamName(side)}`),
    ...boxes(t).map(([box, label]) => {
      const here = o.players[side].filter((p) => p.box === box);
      if (!here.length && box === "sent_off") return "";
      return el("div", { class: "box" }, el("span", { class: "boxname" }, `${label}: `),
        here.length ? here.map((p) => {
          const node = el("span", { class: `player t${side} small`, "data-player": `${side}-${p.number}`, title: t(p.position), tabindex: 0 }, String(p.number));
          node.addEventListener("pointerenter", (e) => { if (e.pointerType === "mouse") showCard({ ...p, side }); });
          node.addEventListener("click", () => {
            showCard({ ...p, side });
            if (side === me && byNumber[p.number]) menu.replaceChildren(...byNumber[p.number].map((a) => el("button", { "data-action": a, onclick: () => act(a) }, label(t, a))));
          });
          if (side === me) hands.draggable(node, String(p.number), null);
          return node;
        }) : "-");
    }));
  const loose = Object.keys(byNumber).filter((n) => !Object.values(at).some((p) => p.side === me && String(p.number) === n));
  const extra = [...other, ...loose.flatMap((n) => byNumber[n])];
  const formations = extra.filter((a) => a.startsWith("formation "));
  const rest = extra.filter((a) => !a.startsWith("formation "));
  cardBox.append(playerCard(el, t, null));
  const button = (a) => el("button", { "data-action": a, onclick: () => act(a) }, label(t, a));
  root.append(head, toggle, note, el("div", { class: `bbwrap${turned}${portrait ? " panframe" : ""}`, id: "bbframe" }, grid), legend, cardBox, menu,
    el("div", { class: "actions", id: "otheractions" },
      formations.length ? el("span", { id: "formations" }, el("b", {}, `${t("Set up in a formation")}: `), formations.map(button)) : "",
      rest.map(button)),
    el("div", { class: "dugouts" }, dugout(0), dugout(1)),
    lastMoveCaption(el, t, view));
  const last = lastStep(view);
  if (last) highlight(last.action, last.events);
}
