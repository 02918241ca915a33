"""The Foul (BB2020): an armour roll against a Prone or Stunned opponent next to the fouler,
+1 per offensive assist and -1 per defensive assist (as for a Block), Dirty Player adding
its bonus to the armour or the injury roll; a double on either roll means the referee saw
it: the fouler is sent off (argue the call, Bribe) and the turn ends."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.players import SENT_OFF
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.secret_weapons import BRIBING, SecretWeapons
from tablesports.games.bloodbowl.turn.block import assists
from tablesports.games.bloodbowl.turn.common import turnover
from tablesports.games.bloodbowl.turn.data import TN
from tablesports.games.bloodbowl.turn.injury import ArmourInjury

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


class Foul(Procedure):
    __slots__ = ("pid", "victim")
    name = "foul"
    rule = "the Foul (BB2020)"

    def __init__(self, pid: int = -1, victim: int = -1) -> None:
        super().__init__()
        self.pid = pid
        self.victim = victim

    def step(self, s: BloodBowlState, action: Any) -> bool:
        p, v = s.players[self.pid], s.players[self.victim]
        mod = assists(s, p.team, v, p) - assists(s, v.team, p, v)
        bonus = TN.dirty_player if p.has("Dirty Player (+2)") else 0
        s.log("foul", f"{p.label()} fouls {v.label()} (assists {mod:+d}).", self.rule, modifier=mod)
        s.push(ArmourInjury(self.victim, bonus=bonus, modifier=mod, fouler=self.pid))
        return True


class SendOff(SecretWeapons):
    """The referee sends the fouler off; the coach may argue the call or use a Bribe."""

    __slots__ = ()
    name = "send_off"
    rule = "the Foul: sent off on a double (BB2020)"

    def __init__(self, pid: int = -1) -> None:
        super().__init__()
        self.started = True
        self.queue = [pid]

    def describe(self, s: BloodBowlState) -> str:
        return f"{s.players[self.queue[0]].label()} is seen fouling and sent off"

    def _stays(self, s: BloodBowlState) -> bool:
        """A Bribe keeps him on the pitch; a won argument sends him to the reserves instead
        (the table of Argue the Call); neither is a turnover."""
        if self.phase == BRIBING:
            p = s.players[self.queue.pop(0)]
            s.log("sent_off", f"{p.label()} stays on the pitch.", self.rule)
            return self._next(s)
        return super()._stays(s)

    def _send_off(self, s: BloodBowlState) -> bool:
        p = s.players[self.queue.pop(0)]
        had_ball = s.carrier() is p
        square = p.square
        s.take_off(p, SENT_OFF)
        s.log("sent_off", f"{p.label()} is sent off for the Foul.", self.rule)
        turnover(s, f"{p.label()} was sent off")
        if had_ball and square >= 0:
            from tablesports.games.bloodbowl.ball import IN_AIR
            from tablesports.games.bloodbowl.procedures.bounce import Bounce

            s.ball, s.ball_state = square, IN_AIR
            s.push(Bounce(square))
        return self._next(s)
