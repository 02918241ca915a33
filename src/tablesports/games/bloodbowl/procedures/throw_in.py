"""The crowd throws the ball back in (BB2020): a D6 on the throw-in template for the direction
and 2D6 squares from the square where it left; off again, it is thrown in again from the last
square it crossed on the pitch."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D6, TWO_D6, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.pitch import HEIGHT, WIDTH, coords, index, on_pitch
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.tables import THROW_IN

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


def inward(square: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The way into the pitch from an edge square, and the way along that edge.
    At a corner, the sideline (top/bottom) counts first (house rule)."""
    x, y = coords(square)
    if y == 0:
        return (0, 1), (1, 0)
    if y == HEIGHT - 1:
        return (0, -1), (1, 0)
    if x == 0:
        return (1, 0), (0, 1)
    if x == WIDTH - 1:
        return (-1, 0), (0, 1)
    return (0, 1), (1, 0)  # not on an edge: cannot happen from a bounce off the pitch


class ThrowIn(Procedure):
    """Phase 0: the D6 direction; phase 1: the 2D6 distance."""

    __slots__ = ("direction", "square")
    name = "throw_in"
    rule = "throw-in by the crowd (BB2020)"

    def __init__(self, square: int = -1) -> None:
        super().__init__()
        self.square = square
        self.direction = 0

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D6 if self.phase == 0 else TWO_D6

    def describe(self, s: BloodBowlState) -> str:
        return f"the crowd throws the ball in from {s.where(self.square)}"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        from tablesports.games.bloodbowl.procedures.bounce import ball_comes_down

        if self.phase == 0:
            self.direction = action.value
            self.phase = 1
            return False
        (ix, iy), (ax, ay) = inward(self.square)
        turn = THROW_IN[self.direction]
        dx, dy = ix + turn * ax, iy + turn * ay
        x, y = coords(self.square)
        last = self.square
        for _ in range(action.total):
            x, y = x + dx, y + dy
            if not on_pitch(x, y):
                s.log(
                    "throw_in",
                    f"Throw-in (D6={self.direction}, {action}) goes off the pitch again.",
                    self.rule,
                )
                s.push(ThrowIn(last))
                return True
            last = index(x, y)
        s.log("throw_in", f"Throw-in (D6={self.direction}, {action}) to {x},{y}.", self.rule)
        ball_comes_down(s, last, False)
        return True
