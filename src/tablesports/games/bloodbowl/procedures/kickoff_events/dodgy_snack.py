"""11 DODGY SNACK (seed): each coach rolls a D6; the lower (both on a tie) picks one of their
players on the pitch at random and rolls a D6: on 2+ the player has -1 MA and -1 AV for the
drive; on a 1 the player is stuck in the toilet, in the reserves box for the drive."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D6, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.players import RESERVES
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.kickoff_events.picks import pick_outcomes
from tablesports.games.bloodbowl.procedures.kickoff_events.roll_off import RollOff

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


class DodgySnack(RollOff):
    __slots__ = ()
    name = "dodgy_snack"
    rule = "kick-off event 11: DODGY SNACK (seed)"
    lower_is_affected = True

    def resolve(self, s: BloodBowlState, teams: list[int]) -> None:
        s.push(*(SnackVictim(team) for team in teams))


class SnackVictim(Procedure):
    """Phase 0 picks the player at random; phase 1 rolls his D6."""

    __slots__ = ("pid", "team")
    name = "snack_victim"
    rule = "kick-off event 11: DODGY SNACK (seed)"

    def __init__(self, team: int = 0) -> None:
        super().__init__()
        self.team = team
        self.pid = -1

    def actor(self, s: BloodBowlState) -> int | None:
        if self.phase == 0 and not s.on_pitch(self.team):
            return None
        return CHANCE

    def outcomes(self, s: BloodBowlState) -> list[tuple[Any, float]]:
        if self.phase == 0:
            return pick_outcomes(s.on_pitch(self.team))
        return super().outcomes(s)

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D6

    def describe(self, s: BloodBowlState) -> str:
        return f"{self.rule}: a random player of {s.team_name(self.team)}"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if action is None:
            return True
        if self.phase == 0:
            p = s.player(self.team, action.number)
            assert p is not None
            self.pid = p.pid
            s.log(
                "dodgy_snack",
                f"The snack was eaten by {p.label()} of {s.team_name(self.team)}.",
                self.rule,
            )
            self.phase = 1
            return False
        p = s.players[self.pid]
        if action.value >= 2:
            p.ma_mod -= 1
            p.av_mod -= 1
            s.log(
                "dodgy_snack",
                f"{action}: {p.label()} plays on with -1 MA and -1 AV this drive.",
                self.rule,
            )
        else:
            s.take_off(p, RESERVES)
            p.sits_out = s.drive
            s.log(
                "dodgy_snack",
                f"{action}: {p.label()} spends the drive in the toilet (reserves).",
                self.rule,
            )
        return True
