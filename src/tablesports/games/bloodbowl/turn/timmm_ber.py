"""Timmm-ber! (2025 trait): a player with it and MA 2 or less who tries to stand up adds +1 to
the stand-up roll for each Open (Marked by no opponent) Standing team-mate next to him; a
natural 1 still fails. The hook is `StandUp.modifier` in `turn/moving.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.games.bloodbowl.pitch import NEIGHBOURS

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

RULE = "Timmm-ber! (2025)"
MAX_MA = 2


def timmm_ber(s: BloodBowlState, p: Player) -> int:
    """The bonus of `p`'s stand-up roll: +1 per Open Standing team-mate next to him."""
    if p.ma > MAX_MA or p.square < 0:
        return 0
    n = 0
    for sq in NEIGHBOURS[p.square]:
        pid = s.pitch[sq]
        if pid >= 0:
            q = s.players[pid]
            if q.team == p.team and q.standing and s.markers(q.team, q.square) == 0:
                n += 1
    return n
