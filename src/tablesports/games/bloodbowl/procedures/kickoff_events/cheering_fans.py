"""6 CHEERING FANS (seed): D6 + cheerleaders each; the higher (both on a tie) gets an extra
assist on the first Block it makes (`turn/block.py` spends it; the bonus lasts until used or
the end of the drive, house rule)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.games.bloodbowl.procedures.kickoff_events.roll_off import RollOff

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


class CheeringFans(RollOff):
    __slots__ = ()
    name = "cheering_fans"
    rule = "kick-off event 6: CHEERING FANS (seed)"
    bonus_name = "cheerleaders"

    def bonus(self, s: BloodBowlState, team: int) -> int:
        return s.teams[team].cheerleaders

    def resolve(self, s: BloodBowlState, teams: list[int]) -> None:
        for team in teams:
            s.cheering[team] = True
            s.log(
                "cheering_fans",
                f"{s.team_name(team)} get an extra assist on their first Block.",
                self.rule,
                team=team,
            )
