"""The kick deviates: a D8 for the direction, a D6 for the distance (seed); the ball is still
in the air. A ball that ends off the pitch is out (a touchback once the event is resolved)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D6, D8, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.ball import OUT
from tablesports.games.bloodbowl.pitch import coords, index, on_pitch
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.tables import DIRECTION

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


class Deviate(Procedure):
    """Phase 0 rolls the D8 direction, phase 1 the D6 distance."""

    __slots__ = ("direction",)
    name = "deviate"
    rule = "the kick deviates: D8 direction, D6 squares (seed)"

    def __init__(self) -> None:
        super().__init__()
        self.direction = 0

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D8 if self.phase == 0 else D6

    def describe(self, s: BloodBowlState) -> str:
        return "the kick deviates"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if self.phase == 0:
            self.direction = action.value
            self.phase = 1
            return False
        dx, dy = DIRECTION[self.direction]
        x, y = coords(s.ball)
        x, y = x + dx * action.value, y + dy * action.value
        if on_pitch(x, y):
            s.ball = index(x, y)
            where = f"to {x},{y}"
        else:
            s.ball, s.ball_state = -1, OUT
            where = "off the pitch"
        s.log(
            "deviate",
            f"The kick deviates (D8={self.direction}, D6={action.value}) {where}.",
            self.rule,
            direction=self.direction,
            distance=action.value,
        )
        # Swarming, named by the seed at this point, is the next procedure (`swarming.py`)
        return True
