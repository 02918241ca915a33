"""Tap targets on a page, measured as a finger meets them (WCAG 2.5.5: 44 x 44 CSS px).

`targets(page, board)` lists every visible, enabled control (button, select, input, textarea,
a[href], [role=button], summary; a checkbox or radio inside a label as its label, the box a
finger hits) and every board target matched by the selectors `board` (kind -> CSS selector),
each as {kind, name, w, h}. A target counts when it is in the layout (non-zero size), even if
scrolled out of its frame. `small(found)` keeps those under 44 px either way.
"""

from __future__ import annotations

from typing import Any

MIN = 44

# the pieces on each game's board that take a tap (their click handlers: games/*.js)
BOARDS: dict[str, dict[str, str]] = {
    "bloodbowl": {
        "square": "#bbpitch .sq",
        # a player on the pitch is tapped through his square (the click is the square's);
        # in the dugouts he is a target of his own
        "player": ".dugout .player",
    },
    "hanniball": {"square": "#hbgrid .sq"},
    "juggerttg": {"hex": "#jtboard g.jt-hex", "hero": "#jtboard g.jt-hero"},
    "juggers": {"table": "#juggers-table"},
    "jukem": {"card": "#jukemtable .card.playable"},
}

MEASURE = """(board) => {
  const out = [], seen = new Set();
  const name = (n) => {
    const id = n.id ? `#${n.id}` : "";
    const data = [...n.attributes].filter((a) => a.name.startsWith("data-"))
      .map((a) => `[${a.name}=${a.value}]`).join("");
    const text = (n.textContent || n.getAttribute("aria-label") || "").trim().replace(/\\s+/g, " ");
    return `${n.tagName.toLowerCase()}${id}${data} ${text.slice(0, 30)}`.trim();
  };
  const add = (node, kind) => {
    if (seen.has(node)) return;
    seen.add(node);
    const r = node.getBoundingClientRect();
    if (!r.width || !r.height || getComputedStyle(node).visibility === "hidden") return;
    const w = Math.round(r.width * 10) / 10, h = Math.round(r.height * 10) / 10;
    out.push({ kind, name: name(node), w, h });
  };
  const controls =
    "button, select, input:not([type=hidden]), textarea, a[href], [role=button], summary";
  for (const node of document.querySelectorAll(controls)) {
    if (node.disabled || node.closest("dialog:not([open])")) continue;
    let kind = node.tagName.toLowerCase();
    if (node.matches(".movebtn")) kind = "move-list row";
    else if (node.closest(".reviewbar")) kind = "review button";
    else if (node.matches(".gamecard")) kind = "game card";
    else if (kind === "input") kind = `input ${node.type}`;
    else if (kind === "a") kind = "link";
    if (node.matches("input[type=checkbox], input[type=radio]") && node.closest("label")) {
      add(node.closest("label"), `${kind} (its label)`);
      continue;
    }
    add(node, kind);
  }
  for (const [kind, selector] of Object.entries(board)) {
    for (const node of document.querySelectorAll(selector)) add(node, `board ${kind}`);
  }
  // Juggers: the placement grid's cells are drawn in the canvas, each a target while placing
  const table = document.getElementById("juggers-table");
  if (table && document.querySelector('#legal [data-action^="place "]')) {
    const g = JSON.parse(table.dataset.geometry);
    const k = table.getBoundingClientRect().width / table.width;
    const side = Math.round(g.cell * g.scale * k * 10) / 10;
    out.push({ kind: "board placement cell", name: "#juggers-table cell", w: side, h: side });
  }
  return out;
}"""


def targets(page: Any, board: dict[str, str] | None = None) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate(MEASURE, board or {})
    return found


def small(found: list[dict[str, Any]]) -> list[str]:
    return [
        f"{t['kind']}: {t['name']} ({t['w']}x{t['h']})"
        for t in found
        if t["w"] < MIN - 0.5 or t["h"] < MIN - 0.5
    ]


def summary(found: list[dict[str, Any]]) -> dict[str, str]:
    """Per kind of target: the smallest width x the smallest height, and how many."""
    kinds: dict[str, list[dict[str, Any]]] = {}
    for t in found:
        kinds.setdefault(t["kind"], []).append(t)
    return {
        kind: f"{min(t['w'] for t in ts):g}x{min(t['h'] for t in ts):g} (n={len(ts)})"
        for kind, ts in sorted(kinds.items())
    }
