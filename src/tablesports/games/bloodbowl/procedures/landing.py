"""WHAT GOES UP... (seed): once the kick-off event is resolved the ball lands. Off the pitch
or in the kicking team's half it is a touchback; on an empty square it bounces; a player
there may catch it with an Agility test."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.ball import OUT
from tablesports.games.bloodbowl.pitch import coords, in_half
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.loose_ball import Bounce, Catch, can_catch
from tablesports.games.bloodbowl.procedures.touchback import Touchback
from tablesports.games.bloodbowl.turn.diving_catch import KICK_OFF, diving_catch

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


class Landing(Procedure):
    __slots__ = ()
    name = "landing"
    rule = "the kick lands (seed)"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if s.ball_state == OUT or not in_half(s.receiving, coords(s.ball)[0]):
            where = "off the pitch" if s.ball_state == OUT else "in the kicking team's half"
            s.log("landing", f"The kick lands {where}: touchback.", self.rule)
            s.ball_state = OUT
            s.push(Touchback())
            return True
        pid = s.pitch[s.ball]
        if pid >= 0 and can_catch(s, pid):
            s.log("landing", f"The ball comes down on {s.players[pid].label()}.", self.rule)
            s.push(Catch(pid, True))
        elif pid < 0 and diving_catch(s, s.ball, s.receiving, KICK_OFF):
            s.log("landing", f"The ball comes down at {s.where(s.ball)}.", self.rule)
        else:
            s.log("landing", f"The ball lands at {s.where(s.ball)} and bounces.", self.rule)
            s.push(Bounce(s.ball, True))
        return True
