"""Both coaches roll a D6 and add a team value; the higher (or the lower) total, or both teams
on a tie, are affected (CHEERING FANS, BRILLIANT COACHING, DODGY SNACK, PITCH INVASION)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from tablesports.core.chance import D6, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.procedures.base import Procedure

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


class RollOff(Procedure):
    """Phase 0: the kicking team's D6; phase 1: the receiving team's; then `resolve`."""

    __slots__ = ("totals",)
    name = "roll_off"
    lower_is_affected: ClassVar[bool] = False
    bonus_name: ClassVar[str] = ""

    def __init__(self) -> None:
        super().__init__()
        self.totals = [0, 0]

    def bonus(self, s: BloodBowlState, team: int) -> int:
        return 0

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D6

    def describe(self, s: BloodBowlState) -> str:
        team = s.kicking if self.phase == 0 else s.receiving
        return f"{self.rule}: {s.team_name(team)} roll a D6"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        team = s.kicking if self.phase == 0 else s.receiving
        bonus = self.bonus(s, team)
        self.totals[team] = action.value + bonus
        extra = f" + {bonus} {self.bonus_name}" if self.bonus_name else ""
        s.log(
            "roll",
            f"{s.team_name(team)} roll {action}{extra} = {self.totals[team]}.",
            self.rule,
            team=team,
            roll=action.value,
            total=self.totals[team],
        )
        if self.phase == 0:
            self.phase = 1
            return False
        a, b = self.totals
        if a == b:
            teams = [0, 1]
        elif (a > b) != self.lower_is_affected:
            teams = [0]
        else:
            teams = [1]
        # the kicking team's effect first
        teams.sort(key=lambda t: t != s.kicking)
        self.resolve(s, teams)
        return True

    def resolve(self, s: BloodBowlState, teams: list[int]) -> None:
        raise NotImplementedError
