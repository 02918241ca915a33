"""Guard (2025 skill): in a Block, a player with Guard gives offensive and defensive assists
however many opponents Mark him (`turn/block.py`'s `assists`, for Blocks only: not Fouls).
Defensive (BB2020): during the opponents' team turn, opponents a Defensive player Marks may not
use Guard."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.games.bloodbowl.pitch import NEIGHBOURS
from tablesports.games.bloodbowl.turn.common import active_team, has_tackle_zone, team_has

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

RULE = "Guard (2025)"


def guards(s: BloodBowlState, q: Player) -> bool:
    """`q` (who has Guard) may use it now: a Defensive opponent Marking him stops him, but only
    outside the Defensive player's own team turn (Defensive acts in his opponents' turns)."""
    them = 1 - q.team
    if active_team(s) == them or not team_has(s, them, "Defensive"):
        return True
    for sq in NEIGHBOURS[q.square]:
        pid = s.pitch[sq]
        if pid >= 0:
            r = s.players[pid]
            if r.team == them and "Defensive" in r.skills and has_tackle_zone(r):
                return False
    return True
