"""3 TIME-OUT! (seed): with the kicking team's marker on turn 6, 7 or 8 both markers move back
one; otherwise both move forward one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.procedures.base import Procedure

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


class TimeOut(Procedure):
    __slots__ = ()
    name = "time_out"
    rule = "kick-off event 3: TIME-OUT! (seed)"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        last = s.turns_per_half
        back = s.turn[s.kicking] >= last - 2  # turns 6, 7 or 8 of eight
        step = -1 if back else 1
        s.turn = [min(last, max(0, t + step)) for t in s.turn]
        s.log(
            "time_out",
            f"Both turn markers move {'back' if back else 'forward'} one: "
            f"{s.team_name(0)} {s.turn[0]}, {s.team_name(1)} {s.turn[1]}.",
            self.rule,
            turn=list(s.turn),
        )
        return True
