"""The coin toss: the away coach calls, the coin falls, the winner kicks or receives."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.actions import CallToss, Choose, Coin
from tablesports.games.bloodbowl.procedures.base import Procedure

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState

CALLS = [CallToss("heads"), CallToss("tails")]
COIN = [(Coin("heads"), 0.5), (Coin("tails"), 0.5)]
CHOICES = [Choose("kick"), Choose("receive")]


class CoinToss(Procedure):
    """Phase 0: the away coach calls; 1: the coin; 2: the winner chooses."""

    __slots__ = ("call", "winner")
    name = "coin_toss"
    rule = "the coin toss: the winner chooses to kick or receive (BB2020)"

    def __init__(self) -> None:
        super().__init__()
        self.call = ""
        self.winner = -1

    def actor(self, s: BloodBowlState) -> int | None:
        return (1, CHANCE, self.winner)[self.phase]

    def legal(self, s: BloodBowlState) -> list[Any]:
        return CALLS if self.phase == 0 else CHOICES

    def outcomes(self, s: BloodBowlState) -> list[tuple[Any, float]]:
        return list(COIN)

    def describe(self, s: BloodBowlState) -> str:
        if self.phase == 0:
            return f"the coin toss: {s.team_name(1)} (away) call heads or tails"
        return f"{s.team_name(self.winner)} won the toss: kick or receive"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if self.phase == 0:
            self.call = action.side
            self.phase = 1
            return False
        if self.phase == 1:
            self.winner = 1 if action.side == self.call else 0
            s.log(
                "toss",
                f"The coin shows {action.side}: {s.team_name(self.winner)} win the toss.",
                self.rule,
                coin=action.side,
                winner=self.winner,
            )
            self.phase = 2
            return False
        s.first_kicker = self.winner if action.choice == "kick" else 1 - self.winner
        s.log("toss", f"{s.team_name(self.winner)} choose to {action.choice}.", self.rule)
        return True
