"""Give and Go (2025 skill): after a Quick Pass or a Hand-off that causes no Turnover, the
player's activation does not end: he may go on moving with the movement he has left (no other
action). `turn/activation.py` keeps his activation open (`goes_on`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.games.bloodbowl.turn.passing import pass_range

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

RULE = "Give and Go (2025)"
QUICK = "quick pass"


def give_and_go(s: BloodBowlState, p: Player, verb: str, target: int) -> bool:
    """Whether `p`'s hand-off or pass to `target` lets him move on afterwards."""
    if "Give and Go" not in p.skills:
        return False
    if verb == "hand-off to":
        return True
    band = pass_range(s, p.square, target)
    return verb == "pass to" and band is not None and band.name == QUICK
