"""Hail Mary Pass (2025 skill): in a Pass action the player may aim at any square of the pitch
instead of one within the range ruler (`hail mary to 24,2`). The Passing test is made as for
a Long Bomb; an Accurate result counts as Inaccurate (the ball scatters from the target); it
cannot be interfered with (intercepted). A wildly inaccurate or fumbled one is as any pass.
House rule: no Hail Mary in a Blizzard (where no pass longer than a short pass may be
thrown, and a Hail Mary is thrown as a Long Bomb). The Throw Bomb action it also names does
not exist in this program (no shipped team has Bombardier with this skill)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.pitch import SIZE, WIDTH
from tablesports.games.bloodbowl.turn.actions import Aim
from tablesports.games.bloodbowl.turn.common import marked
from tablesports.games.bloodbowl.turn.data import RANGES
from tablesports.games.bloodbowl.turn.paths import clamp

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

SKILL = "Hail Mary Pass"
RULE = "Hail Mary Pass (2025)"
VERB = "hail mary to"
BAND = RANGES[-1]
"""The Long Bomb."""
_AIMS: list[dict[str, Aim]] = [{} for _ in range(SIZE)]


def hail_mary_aims(s: BloodBowlState, p: Player) -> list[Any]:
    """Every square of the pitch but his own, with the Passing test a Long Bomb needs."""
    if p.pa <= 0 or p.has("No Hands") or s.weather == "blizzard":
        return []
    mod = BAND.modifier - marked(s, p) + s.weather_entry().pass_modifier
    note = f"long bomb {clamp(p.pa - mod)}+, inaccurate at best"
    out: list[Any] = []
    for sq in range(SIZE):
        if sq != p.square:
            made = _AIMS[sq]
            a = made.get(note)
            if a is None:
                a = made[note] = Aim(VERB, sq % WIDTH, sq // WIDTH, note)
            out.append(a)
    return out
