"""The kick-off event: the kicking coach rolls 2D6 on the kick-off table (seed), and the
event's procedure, found by the table's `event` key, runs before the ball lands."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import TWO_D6, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.kickoff_events import EVENT_PROCEDURES
from tablesports.games.bloodbowl.tables import KICKOFF

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


class KickoffEvent(Procedure):
    __slots__ = ()
    name = "kickoff_event"
    rule = "the kick-off event table (seed)"

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE

    def dice(self, s: BloodBowlState) -> Dice | None:
        return TWO_D6

    def describe(self, s: BloodBowlState) -> str:
        return "rolling 2D6 on the kick-off event table"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        entry = KICKOFF[action.total]
        s.log(
            "kickoff_event",
            f"Kick-off event {action}: {entry.name}. {entry.text}",
            self.rule,
            roll=list(action.faces),
            event=entry.event,
        )
        s.push(EVENT_PROCEDURES[entry.event]())
        return True
