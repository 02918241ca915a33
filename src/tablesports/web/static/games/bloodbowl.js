// Blood Bowl: the pitch with both teams; click one of your players for what it may do, then a
// lit square (with the dice each needs); tackle zones on request; other choices as buttons.
const SQ = /(\d+),(\d+)/;

function shortDice(text) {
  const m = text.match(/\(([^)]*)\)/);
  if (!m) return "";
  const needs = m[1].match(/\d\+|\d+ dice|\d die/g);
  return needs ? needs.join(" ") : m[1].slice(0, 8);
}

export function render({ root, view, legal, act, t, el, memo }) {
  const o = view.observation;
  if (!o.players) {
    root.append(el("pre", { class: "picture" }, view.picture || ""));
    return;
  }
  if (memo.bbMove !== view.move) { memo.bbMove = view.move; memo.bbPlayer = null; }
  const me = view.viewer ?? 0;
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
  const grid = el("div", { class: "grid bb", style: "grid-template-columns: repeat(26, 30px)" });
  const menu = el("div", { class: "actions", id: "playermenu" });
  for (let y = 0; y < 15; y++) {
    for (let x = 0; x < 26; x++) {
      const key = `${x},${y}`;
      const cls = ["sq"];
      if (x === 0 || x === 25) cls.push("endzone");
      if (y < 4 || y > 10) cls.push("wide");
      if (x === 13) cls.push("scrimmage");
      if (tz.has(key)) cls.push("tz");
      const actions = bySquare[key] || [];
      if (actions.length) cls.push("lit");
      const cell = el("div", { class: cls.join(" "), "data-square": key, title: actions.join("\n") || key });
      const p = at[key];
      if (p) {
        const pcls = ["player", `t${p.side}`];
        if (p.stance && p.stance !== "standing") pcls.push("down");
        if (p.used) pcls.push("used");
        if (byNumber[p.number] && p.side === me) pcls.push("active");
        const node = el("div", { class: pcls.join(" "), "data-player": `${p.side}-${p.number}`, title: `${p.position} #${p.number}${p.stance ? ` (${p.stance})` : ""}` }, String(p.number));
        if (ball === key) node.style.outline = "3px solid #f4a261";
        cell.append(node);
      } else if (ball === key) {
        cell.append(el("div", { class: "ballmark" }));
      }
      if (actions.length) cell.append(el("span", { class: "dice" }, shortDice(actions[0])));
      cell.addEventListener("click", () => {
        if (actions.length === 1) return act(actions[0]);
        if (actions.length > 1) {
          menu.replaceChildren(...actions.map((a) => el("button", { "data-action": a, onclick: () => act(a) }, a)));
          return;
        }
        if (p && p.side === me && byNumber[p.number]) {
          menu.replaceChildren(...byNumber[p.number].map((a) => el("button", { "data-action": a, onclick: () => act(a) }, a)));
        }
      });
      grid.append(cell);
    }
  }
  const score = o.score ? o.score.join(" - ") : "";
  const head = el("div", {}, `${t("Score")}: ${score} · ${t("half")} ${o.half} · ${t("turn")} ${o.turn ? o.turn.join("/") : ""} · ${t("re-rolls")} ${o.rerolls ? o.rerolls.join("/") : ""}`);
  const toggle = el("label", {}, el("input", { type: "checkbox", id: "tackle", checked: Boolean(memo.tackleZones), onchange: (e) => { memo.tackleZones = e.target.checked; memo.redraw?.(); } }), ` ${t("Show tackle zones")}`);
  const loose = Object.keys(byNumber).filter((n) => !Object.values(at).some((p) => p.side === me && String(p.number) === n));
  const extra = [...other, ...loose.flatMap((n) => byNumber[n])];
  root.append(head, toggle, grid, menu,
    el("div", { class: "actions", id: "otheractions" }, extra.map((a) => el("button", { "data-action": a, onclick: () => act(a) }, a))));
}
