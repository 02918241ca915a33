"""Scatter: the ball in the air moves one square in a D8 direction, `count` times (seed:
CHANGING WEATHER scatters it three times). Once off the pitch it stays out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D8, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.ball import OUT
from tablesports.games.bloodbowl.pitch import coords, index, on_pitch
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.tables import DIRECTION

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


class Scatter(Procedure):
    __slots__ = ("count",)
    name = "scatter"
    rule = "scatter: D8 three times (seed)"

    def __init__(self, count: int = 3) -> None:
        super().__init__()
        self.count = count

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE if s.ball_state != OUT and self.phase < self.count else None

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D8

    def describe(self, s: BloodBowlState) -> str:
        return f"the ball scatters ({self.phase + 1} of {self.count})"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if action is None:  # the ball is already out
            return True
        self.phase += 1
        dx, dy = DIRECTION[action.value]
        x, y = coords(s.ball)
        x, y = x + dx, y + dy
        if on_pitch(x, y):
            s.ball = index(x, y)
            s.log("scatter", f"The ball scatters ({action}) to {x},{y}.", self.rule)
        else:
            s.ball, s.ball_state = -1, OUT
            s.log("scatter", f"The ball scatters ({action}) off the pitch.", self.rule)
        return self.phase >= self.count
