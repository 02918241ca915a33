"""Every procedure by its name, to rebuild the stack from JSON."""

from __future__ import annotations

from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.coin_toss import CoinToss
from tablesports.games.bloodbowl.procedures.deviate import Deviate
from tablesports.games.bloodbowl.procedures.drive import Drive
from tablesports.games.bloodbowl.procedures.drive_end_effects import DriveEndEffects
from tablesports.games.bloodbowl.procedures.drive_expiry import DriveExpiry
from tablesports.games.bloodbowl.procedures.half import Half
from tablesports.games.bloodbowl.procedures.kickoff_event import KickoffEvent
from tablesports.games.bloodbowl.procedures.kickoff_events import EVENT_PROCEDURES
from tablesports.games.bloodbowl.procedures.kickoff_events.dodgy_snack import SnackVictim
from tablesports.games.bloodbowl.procedures.kickoff_events.pitch_invasion import (
    InvasionVictims,
)
from tablesports.games.bloodbowl.procedures.ko_recovery import KORecovery
from tablesports.games.bloodbowl.procedures.landing import Landing
from tablesports.games.bloodbowl.procedures.loose_ball import Bounce, Catch, ThrowIn
from tablesports.games.bloodbowl.procedures.match import Match
from tablesports.games.bloodbowl.procedures.nominate_kicker import NominateKicker
from tablesports.games.bloodbowl.procedures.pick_me_up import PickMeUp
from tablesports.games.bloodbowl.procedures.place_kick import PlaceKick
from tablesports.games.bloodbowl.procedures.scatter import Scatter
from tablesports.games.bloodbowl.procedures.secret_weapons import SecretWeapons
from tablesports.games.bloodbowl.procedures.setup import Setup
from tablesports.games.bloodbowl.procedures.swarming import Swarming
from tablesports.games.bloodbowl.procedures.touchback import Touchback
from tablesports.games.bloodbowl.procedures.weather import Weather
from tablesports.games.bloodbowl.turn.registry import TURN_PROCEDURES

_ALL: tuple[type[Procedure], ...] = (
    Match,
    Weather,
    CoinToss,
    Half,
    Drive,
    Setup,
    NominateKicker,
    PlaceKick,
    Deviate,
    Swarming,
    PickMeUp,
    KickoffEvent,
    *EVENT_PROCEDURES.values(),
    SnackVictim,
    InvasionVictims,
    Scatter,
    Landing,
    Catch,
    Bounce,
    ThrowIn,
    Touchback,
    *TURN_PROCEDURES,
    SecretWeapons,
    DriveEndEffects,
    KORecovery,
    DriveExpiry,
)
PROCEDURES: dict[str, type[Procedure]] = {cls.name: cls for cls in _ALL}
