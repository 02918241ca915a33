"""8 CHANGING WEATHER (seed): roll again on the weather table; if the new weather is Perfect
Conditions the ball scatters (three D8 steps) before it lands."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.scatter import Scatter
from tablesports.games.bloodbowl.procedures.weather import Weather
from tablesports.games.bloodbowl.tables import PERFECT

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


class ChangingWeather(Procedure):
    __slots__ = ()
    name = "changing_weather"
    rule = "kick-off event 8: CHANGING WEATHER (seed)"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if self.phase == 0:
            self.phase = 1
            s.push(Weather())
            return False
        if s.weather == PERFECT:
            s.push(Scatter(3))
        return True
