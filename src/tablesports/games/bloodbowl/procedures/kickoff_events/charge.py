"""10 CHARGE! (seed): the kicking coach picks up to D3+3 Open players, who are activated one
at a time, as in their own turn, for a free Move action; when one of them Falls Over or is
Knocked Down, no more are activated and CHARGE! ends.

The Blitz, Throw Team-mate and Kick Team-mate that one selected player each may take arrive
with the team-turn actions (issue 6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.actions import Activate, EndCharge
from tablesports.games.bloodbowl.procedures.kickoff_events.selection import OpenPlayerSelection
from tablesports.games.bloodbowl.procedures.move import MoveAction

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState

END_CHARGE = EndCharge()


class Charge(OpenPlayerSelection):
    """Phases 0-1 select; phase 2 activates the selected players one at a time."""

    __slots__ = ("activated",)
    name = "charge"
    event_name = "CHARGE!"
    rule = "kick-off event 10: CHARGE! (seed)"

    def __init__(self) -> None:
        super().__init__()
        self.activated: list[int] = []

    def actor(self, s: BloodBowlState) -> int | None:
        if self.phase == 2:
            return self.team if self._ready(s) else None
        return super().actor(s)

    def _ready(self, s: BloodBowlState) -> list[int]:
        if s.knocked_over >= 0:
            return []
        return [
            pid for pid in self.selected if pid not in self.activated and s.players[pid].standing
        ]

    def legal(self, s: BloodBowlState) -> list[Any]:
        if self.phase < 2:
            return super().legal(s)
        return [END_CHARGE, *(Activate(s.players[pid].number) for pid in self._ready(s))]

    def why(self, s: BloodBowlState, action: Any) -> str:
        if self.phase == 2:
            return "CHARGE! activates the selected players not yet activated, or 'end charge'"
        return super().why(s, action)

    def selected_done(self, s: BloodBowlState) -> bool:
        s.knocked_over = -1
        return not self.selected

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if self.phase < 2:
            return super().step(s, action)
        if isinstance(action, Activate):
            p = s.player(self.team, action.number)
            assert p is not None
            self.activated.append(p.pid)
            s.push(MoveAction(p.pid, free=True))
            return False
        if action is None and s.knocked_over >= 0:
            s.log("charge", "A charging player went down: CHARGE! ends.", self.rule)
        s.knocked_over = -1
        return True
