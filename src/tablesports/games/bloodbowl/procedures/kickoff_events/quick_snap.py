"""9 QUICK SNAP! (seed): the receiving coach picks up to D3+3 Open players; each may move one
square in any direction, even into the opponent's half."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.actions import SelectionDone, Shift
from tablesports.games.bloodbowl.pitch import NEIGHBOURS, coords, index, on_pitch
from tablesports.games.bloodbowl.procedures.kickoff_events.selection import (
    SELECTION_DONE,
    OpenPlayerSelection,
)

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


class QuickSnap(OpenPlayerSelection):
    """`selected` holds the players who have moved."""

    __slots__ = ()
    name = "quick_snap"
    event_name = "QUICK SNAP!"
    rule = "kick-off event 9: QUICK SNAP! (seed)"

    def choosing_team(self, s: BloodBowlState) -> int:
        return s.receiving

    def describe(self, s: BloodBowlState) -> str:
        return (
            f"{s.team_name(self.team)}: QUICK SNAP! moves up to {self.limit} Open players one "
            f"square each ({len(self.selected)} so far)"
        )

    def legal(self, s: BloodBowlState) -> list[Any]:
        out: list[Any] = [SELECTION_DONE]
        pitch = s.pitch
        for p in self.candidates(s):
            for sq in NEIGHBOURS[p.square]:
                if pitch[sq] < 0:
                    x, y = coords(sq)
                    out.append(Shift(p.number, x, y))
        return out

    def why(self, s: BloodBowlState, action: Any) -> str:
        if isinstance(action, Shift):
            p = s.player(self.team, action.number)
            if p is None or p.pid in self.selected or not s.is_open(p):
                return "only Open players not moved yet may move (seed)"
            if (
                not on_pitch(action.x, action.y)
                or index(action.x, action.y) not in NEIGHBOURS[p.square]
            ):
                return "a QUICK SNAP! player moves one square, to a square next to him (seed)"
            return "that square is occupied"
        return f"{self.describe(s)}: 'shift N to x,y' or 'selection done'"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if self.phase == 1 and isinstance(action, Shift):
            p = s.player(self.team, action.number)
            assert p is not None
            s.place(p, index(action.x, action.y))
            self.selected.append(p.pid)
            s.log("quick_snap", f"{p.label()} moves to {action.x},{action.y}.", self.rule)
            return len(self.selected) >= self.limit
        if self.phase == 1 and isinstance(action, SelectionDone):
            return True
        return super().step(s, action)
