"""End of drive, step 4 (seed): the drive ends and every effect lasting until its end expires:
DODGY SNACK's -1 MA/AV, BRILLIANT COACHING's free re-roll, CHEERING FANS' unused assist (house
rule). The players on the pitch go back to the reserves box and the ball leaves the pitch."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.ball import NO_BALL
from tablesports.games.bloodbowl.players import RESERVES
from tablesports.games.bloodbowl.procedures.base import Procedure

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


class DriveExpiry(Procedure):
    __slots__ = ()
    name = "drive_expiry"
    rule = "end of drive 4: drive-long effects expire (seed)"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        for p in s.players:
            p.ma_mod = p.av_mod = 0
            p.used = False
            if p.square >= 0:
                s.take_off(p, RESERVES)
        s.free_rerolls = [0, 0]
        s.cheering = [False, False]
        s.ball, s.ball_state = -1, NO_BALL
        s.kicker = -1
        s.log("drive", "The drive is over; drive-long effects expire.", self.rule)
        return True
