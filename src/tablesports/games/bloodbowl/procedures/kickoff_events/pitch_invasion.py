"""12 PITCH INVASION (seed): D6 + fan factor each; the lower (both on a tie) has D3 of its
players on the pitch, picked at random, placed Prone and Stunned."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D3, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.players import STUNNED
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.kickoff_events.picks import pick_outcomes
from tablesports.games.bloodbowl.procedures.kickoff_events.roll_off import RollOff

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState


class PitchInvasion(RollOff):
    __slots__ = ()
    name = "pitch_invasion"
    rule = "kick-off event 12: PITCH INVASION (seed)"
    lower_is_affected = True
    bonus_name = "fan factor"

    def bonus(self, s: BloodBowlState, team: int) -> int:
        return s.teams[team].fan_factor

    def resolve(self, s: BloodBowlState, teams: list[int]) -> None:
        s.push(*(InvasionVictims(team) for team in teams))


class InvasionVictims(Procedure):
    """Phase 0 rolls the D3; then one random pick per victim among those not yet picked."""

    __slots__ = ("count", "picked", "team")
    name = "invasion_victims"
    rule = "kick-off event 12: PITCH INVASION (seed)"

    def __init__(self, team: int = 0) -> None:
        super().__init__()
        self.team = team
        self.count = 0
        self.picked: list[int] = []

    def _left(self, s: BloodBowlState) -> list[Player]:
        return [p for p in s.on_pitch(self.team) if p.pid not in self.picked]

    def actor(self, s: BloodBowlState) -> int | None:
        if self.phase == 1 and (len(self.picked) >= self.count or not self._left(s)):
            return None
        return CHANCE

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D3

    def outcomes(self, s: BloodBowlState) -> list[tuple[Any, float]]:
        return super().outcomes(s) if self.phase == 0 else pick_outcomes(self._left(s))

    def describe(self, s: BloodBowlState) -> str:
        return f"{self.rule}: the fans pick on {s.team_name(self.team)}"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if action is None:
            return True
        if self.phase == 0:
            self.count = action.value
            self.phase = 1
            s.log(
                "pitch_invasion",
                f"{action}: the fans storm {self.count} players of {s.team_name(self.team)}.",
                self.rule,
            )
            return False
        p = s.player(self.team, action.number)
        assert p is not None
        self.picked.append(p.pid)
        p.stance = STUNNED
        s.log("pitch_invasion", f"{p.label()} is trampled: Prone and Stunned.", self.rule)
        return False
