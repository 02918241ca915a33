"""Juggers Fallout for a person: coins named by the cell they are on, settles told in a line.

The game's text gives a coin's place in mm (`(at 250,350)`) and a settle as every coin's new
coordinates; a player thinks in the table's cells (a-l, 1-8, 100 mm each) and wants to know what
moved. The game's text is kept, and the cell is added beside the mm.
"""

from __future__ import annotations

import re
from typing import Any

from tablesports.core.protocol import State
from tablesports.games.juggers.actions import CELL, COLUMNS, ROWS, slot_name

_AT = re.compile(r"\(at (\d+(?:\.\d+)?),(\d+(?:\.\d+)?)\)")
_MARKET = re.compile(
    r"  (\w+)\s+(.+?)\s+(\d+) denari  life (\d+)  stamina (\d+)%  charisma (\d+)%  "
    r"aim \+-([\d.]+) deg  (.*)"
)


def compact_market(text: str, width: int) -> str:
    """The draft's market a line a Jugger within `width` (the game's lines run past 120
    columns and wrap, pushing the table off a 45-line screen): the long name left out where
    it is the id's, the supermove cut to fit."""
    out = []
    for line in text.split("\n"):
        m = _MARKET.fullmatch(line)
        if m is None or len(line) <= width:
            out.append(line)
            continue
        key, name, cost, life, stamina, charisma, aim, move = m.groups()
        who = key if name.lower() == key else f"{key} ({name})"
        head = (
            f"  {who:<22} {cost:>3} d  life {life}  sta {stamina}%  cha {charisma}%  aim +-{aim}  "
        )
        room = max(10, width - len(head))
        out.append(head + (move if len(move) <= room else move[: room - 3] + "..."))
    return "\n".join(out)


def cell_of(x: float, y: float) -> str:
    col = min(len(COLUMNS) - 1, max(0, int(x // CELL)))
    row = min(ROWS - 1, max(0, int(y // CELL)))
    return f"{COLUMNS[col]}{row + 1}"


def with_cells(text: str) -> str:
    """`(at 250,350)` as `(on c4, at 250,350 mm)`."""
    return _AT.sub(lambda m: f"(on {cell_of(float(m[1]), float(m[2]))}, at {m[1]},{m[2]} mm)", text)


def shared_cells(state: State) -> list[str]:
    """One line per cell holding more than one coin: which coins, and where in the cell."""
    s: Any = state
    by_cell: dict[str, list[str]] = {}
    for slot, pos in enumerate(s.pos):
        if pos is not None:
            by_cell.setdefault(cell_of(*pos), []).append(
                f"{slot_name(slot)} {pos[0]:.0f},{pos[1]:.0f}"
            )
    return [
        f"{cell} holds {' and '.join(coins)} (mm)"
        for cell, coins in sorted(by_cell.items())
        if len(coins) > 1
    ]


def positions(state: State) -> list[tuple[float, float] | None]:
    return list(getattr(state, "pos", []))


def settle_line(before: list[tuple[float, float] | None], state: State) -> str:
    """What a settle did, coin by coin: `A1 c4 -> h6, B1 g4 -> j2, B3 leaves the table`."""
    after = positions(state)
    if any(before) and not any(after):
        return "the coins come to rest, then off the table for the next turn"
    moves = []
    for slot, (old, new) in enumerate(zip(before, after, strict=False)):
        if old is None:
            continue
        name = slot_name(slot)
        if new is None:
            moves.append(f"{name} {cell_of(*old)} leaves the table")
        elif abs(old[0] - new[0]) + abs(old[1] - new[1]) > 1.0:
            moved = ((old[0] - new[0]) ** 2 + (old[1] - new[1]) ** 2) ** 0.5
            moves.append(f"{name} {cell_of(*old)} -> {cell_of(*new)} ({moved:.0f} mm)")
    if not moves:
        return "the coins come to rest: nothing moved"
    hit = " (a collision)" if len(moves) > 1 else ""
    return f"the coins come to rest{hit}: " + ", ".join(moves)
