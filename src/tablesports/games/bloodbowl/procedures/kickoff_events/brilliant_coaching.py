"""7 BRILLIANT COACHING (seed): D6 + assistant coaches each; the higher (both on a tie) gains
a free team re-roll for this drive, lost if unused when the drive ends. A team whose head
coach was sent off for arguing the call rolls at -1 (BB2020)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.games.bloodbowl.procedures.kickoff_events.roll_off import RollOff

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


class BrilliantCoaching(RollOff):
    __slots__ = ()
    name = "brilliant_coaching"
    rule = "kick-off event 7: BRILLIANT COACHING (seed)"
    bonus_name = "assistant coaches"

    def bonus(self, s: BloodBowlState, team: int) -> int:
        return s.teams[team].assistant_coaches - (1 if s.coach_ejected[team] else 0)

    def resolve(self, s: BloodBowlState, teams: list[int]) -> None:
        for team in teams:
            s.free_rerolls[team] += 1
            s.log(
                "brilliant_coaching",
                f"{s.team_name(team)} gain a free team re-roll for this drive.",
                self.rule,
                team=team,
            )
