"""Juggers Fallout's shortcuts: a flick aimed at a place, a coin or the goal, as a player aims.

1 c4 | flick A1 to c4            flick Jugger 1 to stop on cell c4 (in set-up: place it there)
1 at B2 | flick 1 at B2          flick Jugger 1 at coin B2, hard enough to hit it
1 at goal | flick 1 at goal      flick Jugger 1 at the goal it attacks
1 to 420,350                     a point on the table in mm (x from the left, y from the bottom)
... strength 0.6 | ... s 0.6     the strength given, not the one suggested

The angle is the one the game's aiming help prints (`action_hint`: from the coin's centre to
the target's), and the strength the one that slides the coin there: a coin flicked at strength
S slides S x S x the table's full slide, so S = sqrt(distance / full slide), at most 1; at a
coin, the distance is to one coin-width beyond its centre (a hit that pushes it), at the goal,
to the middle of its mouth. The cells a1-a4 and b1-b4 are also coin names: `to` names a cell,
`at` a coin; without either the line is ambiguous and is refused with both readings.
"""

from __future__ import annotations

import math
import re
from typing import Any

from tablesports.cli.shortcuts.problem import ShortcutProblem
from tablesports.core.protocol import State
from tablesports.games.juggers.actions import CELL, COLUMNS, ROWS, cell_centre

HINT = (
    "shortcuts: 1 c4 (flick or place Jugger 1 to cell c4), 1 at B2 (at a coin), 1 at goal, "
    "1 to 420,350 (mm); add strength S to choose it (else the one that reaches the target)"
)
_LINE = re.compile(
    r"(?:flick |f )?(?:[ab])?([1-4])(?: (to|at))? (goal|[a-l][1-8]|\d+(?:\.\d+)?,\d+(?:\.\d+)?)"
    r"(?: (?:strength |s )?(\d*\.?\d+))?"
)
_COIN = re.compile(r"[ab][1-4]")


def expand(state: State, line: str, legal: list[str]) -> list[str] | None:
    m = _LINE.fullmatch(line)
    if m is None:
        return None
    jugger, word, target, strength = m.groups()
    s: Any = state
    if f"place {jugger} at {target}" in legal:
        return [f"place {jugger} at {target}"]
    if not any(t.startswith(f"flick {jugger} ") for t in legal):
        return None  # not a flick now: the game's own reading and message
    if _COIN.fullmatch(target) and word is None:
        raise ShortcutProblem(
            f"{target} is both a cell and a coin: type '{jugger} to {target}' for the cell "
            f"or '{jugger} at {target.upper()}' for the coin"
        )
    team = s.to_move
    frm = s.pos[team * 4 + int(jugger) - 1]
    if frm is None:
        return None
    to, beyond = _point(s, target, word)
    distance = math.dist(frm, to)
    if distance < 1:
        raise ShortcutProblem(f"Jugger {jugger} is already at {target}")
    angle = math.degrees(math.atan2(to[1] - frm[1], to[0] - frm[0])) % 360.0
    if strength is None:
        full = s._full_slide()  # the aiming help's own figure
        strength = f"{min(1.0, math.sqrt((distance + beyond) / full)):.2f}"
    return [f"flick {jugger} at {round(angle, 1) % 360.0:g} strength {float(strength):g}"]


def _point(s: Any, target: str, word: str | None) -> tuple[tuple[float, float], float]:
    """The target's centre in mm, and how far beyond it the coin should slide."""
    t = s.game.table
    if target == "goal":
        x = t.width - t.goal_line / 2 if s.to_move == 0 else t.goal_line / 2
        return (x, t.height / 2), 0.0
    if _COIN.fullmatch(target) and word == "at":
        slot = "ab".index(target[0]) * 4 + int(target[1]) - 1
        pos = s.pos[slot]
        if pos is None:
            raise ShortcutProblem(f"coin {target.upper()} is not on the table")
        return pos, 2 * t.coin_radius
    if "," in target:
        x, y = map(float, target.split(","))
        if not (0 <= x <= t.width and 0 <= y <= t.height):
            raise ShortcutProblem(
                f"{target} is off the table: x 0 to {t.width:g}, y 0 to {t.height:g} mm"
            )
        return (x, y), 0.0
    col, row = COLUMNS.index(target[0]), int(target[1:]) - 1
    if row >= ROWS:
        raise ShortcutProblem(f"no cell {target}: columns a-l, rows 1-{ROWS} ({CELL:g} mm)")
    return cell_centre(col, row), 0.0
