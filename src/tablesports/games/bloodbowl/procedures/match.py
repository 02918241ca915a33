"""The match: the pre-game (weather, coin toss), two halves, the final whistle."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.coin_toss import CoinToss
from tablesports.games.bloodbowl.procedures.half import Half
from tablesports.games.bloodbowl.procedures.weather import Weather

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


class Match(Procedure):
    """The root of the stack: pre-game, first half, second half, result."""

    __slots__ = ()
    name = "match"
    rule = "the game: two halves (seed)"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if self.phase == 0:
            self.phase = 1
            s.push(Weather(), CoinToss(), Half(1), Half(2))
            return False
        s.bribes = [0, 0]  # unused Bribes from GET THE REF are lost at the end (seed)
        result = (
            "a draw"
            if s.score[0] == s.score[1]
            else f"{s.team_name(0 if s.score[0] > s.score[1] else 1)} win"
        )
        s.log(
            "end",
            f"Final whistle: {s.score[0]}-{s.score[1]}, {result}.",
            self.rule,
            score=list(s.score),
        )
        return True
