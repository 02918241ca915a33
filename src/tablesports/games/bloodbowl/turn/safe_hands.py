"""Safe Pair of Hands (BB2020 skill): a player Knocked Down or Placed Prone (not Falling Over)
while holding the ball does not drop it: his coach places it on an empty square next to him
(`ball at 14,6`). With no empty square next to him the ball bounces as usual (house rule: the
skill cannot be used)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.actions import BallAt
from tablesports.games.bloodbowl.ball import ON_GROUND
from tablesports.games.bloodbowl.pitch import NEIGHBOURS, coords, index
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.loose_ball import Bounce

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState

RULE = "Safe Pair of Hands (BB2020)"


class SafePairOfHands(Procedure):
    """The coach of `pid` places the ball he held (it lies on his square, in the air)."""

    __slots__ = ("pid", "square")
    name = "safe_pair_of_hands"
    rule = RULE

    def __init__(self, pid: int = -1, square: int = -1) -> None:
        super().__init__()
        self.pid = pid
        self.square = square

    def _empty(self, s: BloodBowlState) -> list[int]:
        return [sq for sq in NEIGHBOURS[self.square] if s.pitch[sq] < 0]

    def actor(self, s: BloodBowlState) -> int | None:
        return s.players[self.pid].team if self._empty(s) else None

    def legal(self, s: BloodBowlState) -> list[Any]:
        return [BallAt(*coords(sq)) for sq in self._empty(s)]

    def describe(self, s: BloodBowlState) -> str:
        return f"{s.players[self.pid].label()} (Safe Pair of Hands) places the ball"

    def why(self, s: BloodBowlState, action: Any) -> str:
        return f"{self.describe(s)} on an empty square next to him: " + ", ".join(
            map(str, self.legal(s))
        )

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if action is None:  # nowhere to put it: it bounces
            s.push(Bounce(self.square))
            return True
        sq = index(action.x, action.y)
        s.ball, s.ball_state = sq, ON_GROUND
        s.log(
            "safe_pair_of_hands",
            f"{s.players[self.pid].label()} (Safe Pair of Hands) puts the ball down on "
            f"{s.where(sq)}.",
            RULE,
        )
        return True
