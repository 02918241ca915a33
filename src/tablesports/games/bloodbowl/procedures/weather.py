"""The weather roll (2D6 on the weather table): before the match and on CHANGING WEATHER."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import TWO_D6, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.tables import WEATHER

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


class Weather(Procedure):
    __slots__ = ()
    name = "weather"
    rule = "weather table (BB2020)"

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE

    def dice(self, s: BloodBowlState) -> Dice | None:
        return TWO_D6

    def describe(self, s: BloodBowlState) -> str:
        return "rolling 2D6 on the weather table"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        entry = WEATHER[action.total]
        s.weather = entry.weather
        s.log(
            "weather",
            f"Weather {action}: {entry.name}. {entry.text}",
            self.rule,
            roll=list(action.faces),
            weather=entry.weather,
        )
        return True
