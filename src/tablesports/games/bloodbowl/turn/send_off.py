"""Sent off for a Foul (BB2020): on a double the referee sees the foul; the coach may argue the
call or use a Bribe."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.games.bloodbowl.ball import IN_AIR
from tablesports.games.bloodbowl.players import SENT_OFF
from tablesports.games.bloodbowl.procedures.loose_ball import Bounce
from tablesports.games.bloodbowl.procedures.secret_weapons import BRIBING, SecretWeapons
from tablesports.games.bloodbowl.turn.common import turnover

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


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
            s.ball, s.ball_state = square, IN_AIR
            s.push(Bounce(square))
        return self._next(s)
