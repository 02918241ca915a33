"""The twelve kick-off events of the seed, one module each, found by the table's event key."""

from __future__ import annotations

from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.kickoff_events.brilliant_coaching import (
    BrilliantCoaching,
)
from tablesports.games.bloodbowl.procedures.kickoff_events.changing_weather import (
    ChangingWeather,
)
from tablesports.games.bloodbowl.procedures.kickoff_events.charge import Charge
from tablesports.games.bloodbowl.procedures.kickoff_events.cheering_fans import CheeringFans
from tablesports.games.bloodbowl.procedures.kickoff_events.dodgy_snack import DodgySnack
from tablesports.games.bloodbowl.procedures.kickoff_events.get_the_ref import GetTheRef
from tablesports.games.bloodbowl.procedures.kickoff_events.high_kick import HighKick
from tablesports.games.bloodbowl.procedures.kickoff_events.pitch_invasion import PitchInvasion
from tablesports.games.bloodbowl.procedures.kickoff_events.quick_snap import QuickSnap
from tablesports.games.bloodbowl.procedures.kickoff_events.solid_defence import SolidDefence
from tablesports.games.bloodbowl.procedures.kickoff_events.time_out import TimeOut

EVENT_PROCEDURES: dict[str, type[Procedure]] = {
    "get_the_ref": GetTheRef,
    "time_out": TimeOut,
    "solid_defence": SolidDefence,
    "high_kick": HighKick,
    "cheering_fans": CheeringFans,
    "brilliant_coaching": BrilliantCoaching,
    "changing_weather": ChangingWeather,
    "quick_snap": QuickSnap,
    "charge": Charge,
    "dodgy_snack": DodgySnack,
    "pitch_invasion": PitchInvasion,
}
"""Kick-off table key -> procedure (2 and 12 are both their own entries; 11 keys, 2D6 2-12)."""
