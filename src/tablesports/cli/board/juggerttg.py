"""Jugger TTG for a person: the recruit list as a compact table beside the board.

The game's text lists each of the 32 heroes on a line of its own, with its team and talent: a
list that pushes the board off a 45-line screen. Here the recruit lines become a table of the
values a pick is made on (cost, Reflex, Attack, Parry, Agility, FP, AP, Will), several heroes a
line; `info NAME` gives a hero's team and talent.
"""

from __future__ import annotations

import re

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
