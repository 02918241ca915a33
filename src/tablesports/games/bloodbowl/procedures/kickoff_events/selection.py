"""Picking up to D3+3 Open players of a team (SOLID DEFENCE, CHARGE!, QUICK SNAP!)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from tablesports.core.chance import D3, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.actions import Select, SelectionDone
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.tables import NUMBERS

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState

SELECTION_DONE = SelectionDone()


class OpenPlayerSelection(Procedure):
    """Phase 0 rolls the D3; phase 1 the coach selects Open players one at a time, up to D3+3
    (stopping earlier with `selection done`); then `selected(s)` carries the event out."""

    __slots__ = ("limit", "selected", "team")
    name = "open_player_selection"
    event_name: ClassVar[str] = ""
    # the choosing team is known once the D3 is rolled: -1 in phase 0 (checked by invariants)
    team_unset_before_roll: ClassVar[bool] = True

    def __init__(self, team: int = -1) -> None:
        super().__init__()
        self.team = team
        self.limit = 0
        self.selected: list[int] = []

    def choosing_team(self, s: BloodBowlState) -> int:
        return s.kicking

    def actor(self, s: BloodBowlState) -> int | None:
        if self.phase == 0:
            return CHANCE
        return self.team if self.phase == 1 else None

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D3

    def candidates(self, s: BloodBowlState) -> list[Any]:
        return [
            p
            for p in sorted(s.on_pitch(self.team), key=lambda p: p.number)
            if p.pid not in self.selected and s.is_open(p)
        ]

    def legal(self, s: BloodBowlState) -> list[Any]:
        return [SELECTION_DONE, *(Select(p.number) for p in self.candidates(s))]

    def why(self, s: BloodBowlState, action: Any) -> str:
        if isinstance(action, Select):
            return (
                f"only Open players of {s.team_name(self.team)} (Standing, not Marked by an "
                "opponent) not yet selected may be selected (seed)"
            )
        return f"{self.describe(s)}: 'select N' or 'selection done'"

    def describe(self, s: BloodBowlState) -> str:
        return (
            f"{s.team_name(self.team)}: select up to {self.limit} Open players for "
            f"{self.event_name} ({len(self.selected)} so far)"
        )

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if self.phase == 0:
            self.team = self.choosing_team(s)
            self.limit = action.value + NUMBERS.open_players_base
            s.log(
                "roll", f"{action}: up to {self.limit} Open players.", self.rule, limit=self.limit
            )
            self.phase = 1
            return False
        if self.phase == 1:
            if isinstance(action, Select):
                p = s.player(self.team, action.number)
                assert p is not None
                self.selected.append(p.pid)
                if len(self.selected) < self.limit:
                    return False
            self.phase = 2
            return self.selected_done(s)
        return self.resume(s)

    def selected_done(self, s: BloodBowlState) -> bool:
        """The selection is over: carry out the event (True when nothing else follows)."""
        raise NotImplementedError

    def resume(self, s: BloodBowlState) -> bool:
        """Called again after the children pushed by `selected_done` have run."""
        return True
