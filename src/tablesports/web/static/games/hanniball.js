// HanniBall: the board read from the game's text picture; click a piece, then one of its lit
// targets (a move, a move leaving the ball, a shot or a ricochet), or End the turn. Files a-i
// and ranks 1-15 around the board, as the log writes squares; a legend of the pieces.
import { lastMoveCaption, lastStep, markLast, shortForm, useCss } from "/static/games/words.js";

// the pieces by the letters of the game's picture (H, E, L, M), each [its letter on the board,
// its name] in the reader's language (the Russian seed's Лошадь, Слон, Лев, Обезьяна)
const pieces = (t) => ({
  H: [shortForm(t("H (short for Horse)")), t("Horse")],
  E: [shortForm(t("E (short for Elephant)")), t("Elephant")],
  L: [shortForm(t("L (short for Lion)")), t("Lion")],
  M: [shortForm(t("M (short for Monkey)")), t("Monkey")],
});

// the squares the last action named ("c8-d9", "e6*c5"): marked on the board
export function highlight(lastAction, events) {
  const squares = new Set((lastAction || "").match(/[a-i]\d+/g) || []);
  for (const e of events || []) for (const v of Object.values(e.fields || {})) if (/^[a-i]\d+$/.test(v)) squares.add(v);
  const board = document.getElementById("hbgrid");
  if (board) markLast(board, "square", squares);
}
function parsePicture(picture) {
  const lines = (picture || "").split("\n");
  const header = lines.find((l) => /^\s+a\s+b\s+c/.test(l));
  if (!header) return null;
  const cols = {};
  for (let i = 0; i < header.length; i++) if (/[a-i]/.test(header[i])) cols[header[i]] = i;
  const squares = {};
  for (const line of lines) {
    const m = line.match(/^\s*(\d+)\s/);
    if (!m || line === header) continue;
    const rank = Number(m[1]);
    for (const [file, i] of Object.entries(cols)) {
      const ch = line[i] || " ";
      squares[`${file}${rank}`] = { ch, ball: line[i - 1] === "(" || line[i - 1] === "[" };
    }
  }
  return squares;
}

export function render({ root, view, legal, act, t, el, memo }) {
  const squares = parsePicture(view.picture || "");
  if (!squares) {
    root.append(el("pre", { class: "picture" }, view.picture || ""));
    return;
  }
  const moves = legal.map((a) => a.match(/^([a-i]\d+)([-~*^])([a-i]\d+)$/)).filter(Boolean);
  const from = new Set(moves.map((m) => m[1]));
  if (memo.hbMove !== view.move) { memo.hbMove = view.move; memo.hbFrom = null; }
  const targets = {};
  for (const m of moves) if (m[1] === memo.hbFrom) (targets[m[3]] ||= []).push(m[0]);
  const files = "abcdefghi".split("");
  const flip = view.viewer === 1; // Black sees its own side at the bottom
  const ranks = Array.from({ length: 15 }, (_, i) => (flip ? i + 1 : 15 - i));
  const fileOrder = flip ? [...files].reverse() : files;
  useCss("hanniball");
  const grid = el("div", { class: "grid hb", id: "hbgrid" });
  const fileRow = () => ["", ...fileOrder, ""].forEach((f) => grid.append(el("div", { class: "coord" }, f)));
  fileRow();
  const choice = el("div", { class: "actions", id: "choice" });
  const names = pieces(t);
  const words = { "-": t("move"), "~": t("move leaving the ball"), "*": t("shot"), "^": t("ricochet") };
  for (const rank of ranks) {
    grid.append(el("div", { class: "coord" }, String(rank)));
    for (const file of fileOrder) {
      const name = `${file}${rank}`;
      const sq = squares[name] || { ch: " " };
      const onField = rank >= 2 && rank <= 14;
      const goal = !onField && "def".includes(file);
      const cls = ["sq"];
      if (!onField && !goal) cls.push("off");
      if (goal) cls.push("goal");
      if (sq.ch === ":") cls.push("goalarea");
      if (from.has(name)) cls.push("from");
      if (memo.hbFrom === name) cls.push("selected");
      if (targets[name]) cls.push("lit");
      const cell = el("div", { class: cls.join(" "), "data-square": name, title: name });
      if (/[HELMhelm]/.test(sq.ch)) {
        const [letter, name] = names[sq.ch.toUpperCase()];
        const white = sq.ch === sq.ch.toUpperCase();
        cell.title = `${name} · ${white ? t("White") : t("Black")} · ${cell.title}`;
        cell.append(el("div", { class: `piece ${white ? "white" : "black"}${sq.ball ? " ball" : ""}`, "data-piece": sq.ch }, letter));
      } else if (sq.ch === "o" || sq.ch === "O") {
        cell.append(el("div", { class: "ballmark" }));
      }
      cell.addEventListener("click", () => {
        if (targets[name]) {
          const options = targets[name];
          if (options.length === 1) return act(options[0]);
          choice.replaceChildren(...options.map((a) => el("button", { "data-action": a, onclick: () => act(a) }, `${words[a.match(/[-~*^]/)[0]]}: ${a}`)));
          return;
        }
        if (from.has(name)) {
          memo.hbFrom = memo.hbFrom === name ? null : name;
          memo.redraw?.();
        }
      });
      grid.append(cell);
    }
    grid.append(el("div", { class: "coord" }, String(rank)));
  }
  fileRow();
  const legend = el("div", { class: "legend", id: "hblegend" },
    ...Object.values(names).map(([letter, name]) => el("span", {}, el("span", { class: "piece white" }, letter), ` ${name}`)),
    el("span", {}, el("span", { class: "piece white" }, names.L[0]), ` ${t("White")}`),
    el("span", {}, el("span", { class: "piece black" }, names.L[0]), ` ${t("Black")}`),
    el("span", {}, el("span", { class: "piece white ball" }, names.L[0]), ` ${t("controls the ball")}`),
    el("span", {}, el("span", { class: "ballmark" }), ` ${t("the Ball")}`),
    el("span", {}, el("span", { class: "swatch goalarea" }), ` ${t("goal area")}`),
    el("span", {}, el("span", { class: "swatch goal" }), ` ${t("goal")}`));
  const status = (view.picture || "").split("\n").find((l) => l.startsWith("Turn")) || "";
  // (on a phone its squares are 44 px and the board pans in its frame: hanniball.css)
  root.append(el("div", {}, turnLine(status, t)), el("div", { class: "panframe", id: "hbframe" }, grid), legend, choice);
  if (legal.includes("end")) root.append(el("button", { class: "primary", "data-action": "end", onclick: () => act("end") }, t("End the turn")));
  root.append(lastMoveCaption(el, t, view));
  const last = lastStep(view);
  if (last) highlight(last.action, last.events);
}

// "Turn 3: White to move, 1 of 4 steps used; ball on e8, free." from the picture, in the
// reader's language; the rest of the picture's line is what the board shows already
function turnLine(status, t) {
  const m = status.match(/^Turn (\d+): (White|Black) to move, (\d+) of (\d+) steps used/);
  if (!m) return status.startsWith("Game over") ? t("Game over") : status;
  const colour = m[2] === "White" ? t("White") : t("Black");
  return t("Turn {n}: {colour} to move, {used} of {limit} steps used", { n: m[1], colour, used: m[3], limit: m[4] });
}
