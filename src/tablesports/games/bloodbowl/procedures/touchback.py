"""The touchback (seed): the receiving coach gives the ball to a Standing player of the team
on the pitch; with none, the ball goes on an empty square of the team's half."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.actions import BallAt, GiveBall
from tablesports.games.bloodbowl.ball import HELD, ON_GROUND
from tablesports.games.bloodbowl.pitch import HEIGHT, WIDTH, in_half, index
from tablesports.games.bloodbowl.procedures.base import Procedure

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


class Touchback(Procedure):
    __slots__ = ()
    name = "touchback"
    rule = "touchback (seed)"

    def actor(self, s: BloodBowlState) -> int | None:
        return s.receiving

    def _standing(self, s: BloodBowlState) -> list[Any]:
        team = s.receiving
        return [
            GiveBall(p.number)
            for p in sorted(s.on_pitch(team), key=lambda p: p.number)
            if p.standing and not p.no_ball()  # No Hands, No Ball: never the ball
        ]

    def legal(self, s: BloodBowlState) -> list[Any]:
        give = self._standing(s)
        if give:
            return give
        team = s.receiving
        return [
            BallAt(x, y)
            for x in range(WIDTH)
            if in_half(team, x)
            for y in range(HEIGHT)
            if s.pitch[index(x, y)] < 0
        ]

    def describe(self, s: BloodBowlState) -> str:
        return f"touchback: {s.team_name(s.receiving)} give the ball to a Standing player"

    def why(self, s: BloodBowlState, action: Any) -> str:
        if self._standing(s):
            return (
                "the ball goes to a Standing player of the receiving team (seed): 'give ball to N'"
            )
        return "with no Standing player, the ball goes on an empty square of the half (seed)"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if isinstance(action, GiveBall):
            p = s.player(s.receiving, action.number)
            assert p is not None
            s.ball, s.ball_state = p.square, HELD
            s.log("touchback", f"Touchback: the ball goes to {p.label()}.", self.rule)
        else:
            s.ball, s.ball_state = index(action.x, action.y), ON_GROUND
            s.log(
                "touchback", f"Touchback: the ball is placed at {action.x},{action.y}.", self.rule
            )
        return True
