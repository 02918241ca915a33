"""Jugger TTG for a person: the board in the console's width, the recruit list as a table.

The game's board is 88 columns wide (four characters a hex); a narrower console gets the narrow
picture (three a hex, 66 columns) and heroes' cards with first names only, so that every line
fits 80 columns. Red's heroes are drawn red, blue's blue, the Jugg yellow, and the hexes the last
moves came from and went to reversed.

The game's text lists each of the 32 heroes on a line of its own, with its team and talent: a
list that pushes the board off a 45-line screen. Here the recruit lines become a table of the
values a pick is made on (cost, Reflex, Attack, Parry, Agility, FP, AP, Will), several heroes a
line; `info NAME` gives a hero's team and talent.
"""

from __future__ import annotations

import re
from typing import Any

from rich.text import Text

from tablesports.cli.board.view import SIDE_STYLES, View, fit
from tablesports.core.protocol import Action, State
from tablesports.games.juggerttg import render
from tablesports.games.juggerttg.board import HEXES, R, X

_HEX_KINDS = frozenset(("step", "throw", "pass", "lunge", "push", "drop", "quickstep"))
_STYLES = [
    (r"(?m)^  r[1-8](?= )", SIDE_STYLES[0]),  # a hero's card
    (r"(?m)^  b[1-8](?= )", SIDE_STYLES[1]),
    (r"\bred\b", SIDE_STYLES[0]),
    (r"\bblue\b", SIDE_STYLES[1]),
    (r"\b(?:[Pp]layer|[Ss]eat) 0\b(?: \(you\))?", SIDE_STYLES[0]),
    (r"\b(?:[Pp]layer|[Ss]eat) 1\b(?: \(you\))?", SIDE_STYLES[1]),
]
_MARKS = {"J": "bold yellow", "*": "bold yellow", "M": "bold green", ":": "dim", "+": "dim"}
_MARKS.update((arrow, "bold yellow") for arrow in render.JUGG_ARROWS)


def wide_enough(width: int) -> bool:
    """Whether the wide picture (four characters a hex) fits `width` columns."""
    return width >= 88


def squares_of(state: State, mover: int, action: Action) -> list[int]:
    """The hexes a move left and reached (a step, a throw, a pass, a push ...)."""
    s: Any = state
    kind = getattr(action, "kind", "")
    if kind not in _HEX_KINDS:
        return []
    to = action.b if kind == "quickstep" else action.a  # type: ignore[attr-defined]
    who = action.a if kind == "quickstep" else s.active  # type: ignore[attr-defined]
    frm = s.pos[who] if kind == "step" or kind == "quickstep" else -1
    return [hx for hx in (frm, to) if hx >= 0]


def draw(state: State, seat: int | None, view: View) -> Text:
    narrow = not wide_enough(view.width)
    st: Any = state
    words = compact_recruits(render.render(st, seat, narrow=narrow), view.width)
    lines = fit(words, view.width).split("\n")
    out = Text("\n".join(lines))
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    out.stylize("dim", 0, starts[1])  # the column letters
    who = {st.pos[h]: h for h in range(len(st.pos)) if st.pos[h] >= 0}
    margin, size = (4, 3) if narrow else (5, 4)
    for hx in HEXES:
        at = 3 * (X[hx] + 1) // 2 if narrow else (X[hx] + 1) * 2
        begin = starts[R[hx] + 1] + margin + at
        cell = out.plain[begin : begin + size]
        if hx in who:  # the label in its side's colour, the Jugg's mark after it in yellow
            out.stylize(SIDE_STYLES[who[hx] // 8], begin, begin + 2)
        for n, char in enumerate(cell):
            if char in _MARKS and (n >= 2 or hx not in who):
                out.stylize(_MARKS[char], begin + n, begin + n + 1)
        if hx in view.recent:
            out.stylize("reverse", begin, begin + size)
    board_end = starts[len(render.board_picture(st, narrow))]
    below = Text(out.plain[board_end:])
    for pattern, style in _STYLES:
        below.highlight_regex(pattern, style)
    for span in below.spans:
        out.stylize(span.style, board_end + span.start, board_end + span.end)
    return out


_CELL = frozenset(HEXES)
_LINE = re.compile(
    r"  (\w+)\s+cost\s+(\d+)\s+Ref (\d+) A(\d+) P(\d+) Ag(\d+) FP (\d+) AP (\d+) Will (\d+)\s.*"
)
HEAD = "hero   $  R A P Ag FP AP W"


def compact_recruits(text: str, width: int) -> str:
    """The game's text with its recruit lines folded into a table, when it has them."""
    lines = text.split("\n")
    rows = [(i, m) for i, line in enumerate(lines) if (m := _LINE.fullmatch(line))]
    if len(rows) < 8:
        return text
    cells = [
        f"{m[1]:<6}{m[2]:>2}  {m[3]} {m[4]} {m[5]} {m[6]:>2} {m[7]:>2} {m[8]:>2} {m[9]}"
        for _, m in rows
    ]
    cell = len(HEAD) + 4
    columns = max(1, width // cell)
    height = -(-len(cells) // columns)
    table = ["".join(HEAD.ljust(cell) for _ in range(min(columns, len(cells)))).rstrip()]
    for r in range(height):
        table.append("".join(c.ljust(cell) for c in cells[r::height]).rstrip())
    table.append(
        "($ cost, R Reflex, A Attack, P Parry, Ag Agility, W Will; info NAME: team, talent)"
    )
    first, last = rows[0][0], rows[-1][0]
    return "\n".join([*lines[:first], *table, *lines[last + 1 :]])
