// HanniBall: the board read from the game's text picture; click a piece, then one of its lit
// targets (a move, a move leaving the ball, a shot or a ricochet), or End the turn.
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
  const grid = el("div", { class: "grid", style: `grid-template-columns: repeat(9, 36px)` });
  const choice = el("div", { class: "actions", id: "choice" });
  const words = { "-": t("move"), "~": t("move leaving the ball"), "*": t("shot"), "^": t("ricochet") };
  for (const rank of ranks) {
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
        cell.append(el("div", { class: `piece ${sq.ch === sq.ch.toUpperCase() ? "white" : "black"}${sq.ball ? " ball" : ""}` }, sq.ch.toUpperCase()));
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
  }
  const status = (view.picture || "").split("\n").find((l) => l.startsWith("Turn")) || "";
  root.append(el("div", {}, status), grid, choice);
  if (legal.includes("end")) root.append(el("button", { class: "primary", "data-action": "end", onclick: () => act("end") }, t("End the turn")));
}
