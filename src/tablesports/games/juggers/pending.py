"""The flick under way, as the state keeps it between the flick and its settling: what was
flicked (`PendingFlick`) and what the physics made of it (`FlickResult`). Named tuples: their
JSON is the plain list `to_json` has always written."""

from __future__ import annotations

from typing import NamedTuple

from tablesports.games.juggers.actions import Settle


class PendingFlick(NamedTuple):
    """A flick waiting for its execution noise and its settling."""

    slot: int
    angle: float
    strength: float
    offset: float
    supermove: bool
    """the flicked Jugger's supermove was declared for it (R23)"""


class FlickResult(NamedTuple):
    """The physics' outcome of a flick, waiting for its one settle outcome."""

    settle: Settle
    """where every coin left on the table stopped"""
    fallen: list[int]
    """the slots that fell off the table, in the order they fell"""
    scored: bool
    """the flicked coin went wholly inside the goal it attacks"""
    gated: bool
    """the flick had to pass between two team-mates (H-ATT)"""
    crossed: bool
    touched: bool
    """it passed between them / it touched one of them"""
