"""What each action costs (R52, R73, R78, R80, R82, R99, R104, R111, R130, R139, R44): each cost
is computed here once, by the function the listing of the action and its effect both call."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.games.juggerttg.board import (
    DIST,
    MAL,
)
from tablesports.games.juggerttg.rules.base import passive

if TYPE_CHECKING:
    from tablesports.games.juggerttg.game import JuggerState
MOVE_KINDS = {"jog": (3, 0), "run": (5, 1), "sprint": (7, 2)}  # Table 3 (R52): range, FP
ATTACK_COST = 2  # a standard attack, a duel, a wrestling, an AoO (R99, R101, R116, R122)
DIE_COST = 2  # each bought die (R104, R106)
RELOAD_COST = 1  # recovering the chain (R111)
PIN_COST = 1  # R139
DELAY_COST = 1  # R44
KEEP_HOLD_COST = 1  # R130


def move_cost(kind: str) -> int:
    """A jog is free, a run 1 FP, a sprint 2 FP, paid when declared (R52, R53)."""
    return MOVE_KINDS[kind][1]


def pickup_cost(st: JuggerState, h: int) -> int:
    """1 FP on the Jugg's hex, 2 FP next to it (R78), less a talent's discount, at least 1."""
    base = 1 if st.pos[h] == st.jugg else 2
    return max(1, base - passive(st, h, "jugg_discount"))


def score_cost(st: JuggerState, h: int) -> int:
    """2 FP on the opposing Mal, 3 FP next to it (R82), less a talent's discount, at least 1."""
    base = 2 if st.pos[h] == MAL[1 - h // 8] else 3
    return max(1, base - passive(st, h, "jugg_discount"))


def pass_cost(st: JuggerState, h: int, x: int) -> int:
    """A close pompfer moves the loose Jugg 1 hex per FP from on or next to it, per 2 FP from
    two hexes away (R73)."""
    return DIST[st.jugg][x] * pass_rate(st, h)


def pass_rate(st: JuggerState, h: int) -> int:
    """FP a hex of a pass (R73): the price of every pass depends on this and the Jugg's hex."""
    return 1 if DIST[st.pos[h]][st.jugg] <= 1 else 2


def throw_cost(d: int) -> int:
    """1 FP per 1-3 hexes of a throw (R80)."""
    return (d + 2) // 3
