"""4 SOLID DEFENCE (seed): the kicking coach picks up to D3+3 Open players; they are removed
and set up again under the usual set-up rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.games.bloodbowl.players import RESERVES
from tablesports.games.bloodbowl.procedures.kickoff_events.selection import OpenPlayerSelection
from tablesports.games.bloodbowl.procedures.setup import Setup

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


class SolidDefence(OpenPlayerSelection):
    __slots__ = ()
    name = "solid_defence"
    event_name = "SOLID DEFENCE"
    rule = "kick-off event 4: SOLID DEFENCE (seed)"

    def selected_done(self, s: BloodBowlState) -> bool:
        if not self.selected:
            return True
        for pid in self.selected:
            s.take_off(s.players[pid], RESERVES)
        s.log(
            "solid_defence",
            f"{s.team_name(self.team)} take {len(self.selected)} players "
            "off the pitch to set them up again.",
            self.rule,
        )
        s.push(Setup(self.team, list(self.selected)))
        return True
