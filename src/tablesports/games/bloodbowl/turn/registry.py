"""The team-turn procedures, for the procedure registry (rebuilding the stack from JSON)."""

from __future__ import annotations

from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.turn.activation import Activation, DumpOff, OnTheBall
from tablesports.games.bloodbowl.turn.animosity import Animosity
from tablesports.games.bloodbowl.turn.apothecary import Apothecary
from tablesports.games.bloodbowl.turn.block import Block
from tablesports.games.bloodbowl.turn.breathe_fire import BreatheFire
from tablesports.games.bloodbowl.turn.diving_catch import DivingCatch
from tablesports.games.bloodbowl.turn.diving_tackle import DivingTackle
from tablesports.games.bloodbowl.turn.foul import Foul
from tablesports.games.bloodbowl.turn.hit_and_run import HitAndRun
from tablesports.games.bloodbowl.turn.injury import ArmourInjury, SteadyFooting
from tablesports.games.bloodbowl.turn.moving import Distraction, Dodge, PickUp, Rush, StandUp
from tablesports.games.bloodbowl.turn.passing import (
    FlightScatter,
    HandOff,
    PassAction,
    PassTest,
    Possession,
    TurnCatch,
)
from tablesports.games.bloodbowl.turn.punt import Punt
from tablesports.games.bloodbowl.turn.push import Push
from tablesports.games.bloodbowl.turn.safe_hands import SafePairOfHands
from tablesports.games.bloodbowl.turn.savagery import LashOut
from tablesports.games.bloodbowl.turn.send_off import SendOff
from tablesports.games.bloodbowl.turn.shadowing import Shadowing
from tablesports.games.bloodbowl.turn.skill_tests import JumpUp, LeapTest, TakeRoot
from tablesports.games.bloodbowl.turn.stab import Stab
from tablesports.games.bloodbowl.turn.team_turn import FullTeamTurn
from tablesports.games.bloodbowl.turn.throw_team_mate import (
    AlwaysHungry,
    Flight,
    LandingTest,
    ThrowTeamMate,
    ThrowTest,
)
from tablesports.games.bloodbowl.turn.trickster import Trickster, TricksterPickUp
from tablesports.games.bloodbowl.turn.vampires import Bloodlust, HypnoticGaze
from tablesports.games.bloodbowl.turn.vomit import ProjectileVomit

TURN_PROCEDURES: tuple[type[Procedure], ...] = (
    FullTeamTurn,
    Activation,
    Rush,
    Dodge,
    PickUp,
    StandUp,
    Distraction,
    Block,
    Push,
    ArmourInjury,
    PassAction,
    PassTest,
    FlightScatter,
    TurnCatch,
    Possession,
    HandOff,
    Foul,
    SendOff,
    ThrowTeamMate,
    ThrowTest,
    AlwaysHungry,
    Flight,
    LandingTest,
    LashOut,
    ProjectileVomit,
    Apothecary,
    Animosity,
    Stab,
    Shadowing,
    LeapTest,
    TakeRoot,
    JumpUp,
    DumpOff,
    SafePairOfHands,
    OnTheBall,
    HitAndRun,
    Bloodlust,
    HypnoticGaze,
    DivingTackle,
    DivingCatch,
    Punt,
    BreatheFire,
    Trickster,
    TricksterPickUp,
    SteadyFooting,
)
