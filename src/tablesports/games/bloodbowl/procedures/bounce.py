"""The ball bounces one square in a D8 direction (seed: bounce = D8 once).

During the kick-off (`kickoff`), a ball that leaves the pitch or crosses into the kicking
team's half is a touchback (seed); otherwise a ball leaving the pitch is thrown in by the
crowd. A Standing player where it comes down may try to catch it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D8, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.ball import IN_AIR, ON_GROUND, OUT
from tablesports.games.bloodbowl.pitch import coords, in_half, index, on_pitch
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.tables import DIRECTION

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


def can_catch(s: BloodBowlState, pid: int) -> bool:
    p = s.players[pid]
    return p.standing and not p.has("No Hands")


def ball_comes_down(s: BloodBowlState, square: int, kickoff: bool) -> None:
    """The ball comes down on `square` (on the pitch): a catch, a bounce, or it rests."""
    from tablesports.games.bloodbowl.procedures.catch import Catch

    pid = s.pitch[square]
    s.ball = square
    if pid < 0:
        s.ball_state = ON_GROUND
        s.log("ball", f"The ball comes to rest at {s.where(square)}.", "the ball")
    elif can_catch(s, pid):
        s.ball_state = IN_AIR
        s.push(Catch(pid, kickoff))
    else:
        s.ball_state = IN_AIR
        s.push(Bounce(square, kickoff))


class Bounce(Procedure):
    __slots__ = ("kickoff", "square")
    name = "bounce"
    rule = "the ball bounces: D8 once (seed)"

    def __init__(self, square: int = -1, kickoff: bool = False) -> None:
        super().__init__()
        self.square = square
        self.kickoff = kickoff

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D8

    def describe(self, s: BloodBowlState) -> str:
        return f"the ball bounces from {s.where(self.square)}"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        from tablesports.games.bloodbowl.procedures.throw_in import ThrowIn
        from tablesports.games.bloodbowl.procedures.touchback import Touchback

        dx, dy = DIRECTION[action.value]
        x, y = coords(self.square)
        x, y = x + dx, y + dy
        if not on_pitch(x, y) or (self.kickoff and not in_half(s.receiving, x)):
            where = "off the pitch" if not on_pitch(x, y) else "into the kicking team's half"
            s.log("bounce", f"The ball bounces ({action}) {where}.", self.rule)
            if self.kickoff:
                s.ball, s.ball_state = -1, OUT
                s.push(Touchback())
            else:
                s.ball, s.ball_state = self.square, IN_AIR
                s.push(ThrowIn(self.square))
            return True
        s.log("bounce", f"The ball bounces ({action}) to {x},{y}.", self.rule)
        ball_comes_down(s, index(x, y), self.kickoff)
        return True
