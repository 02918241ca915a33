"""10 CHARGE! (seed): the kicking coach picks up to D3+3 Open players, who are activated one
at a time, as in their own turn, for a free Move action; instead, one of them may take a
Blitz action, one a Throw Team-mate action and one a Kick Team-mate action (each once, by a
selected player who has the skill; the thrown or kicked team-mate need not be selected, house
rule); when one of them Falls Over or is Knocked Down, no more are activated and CHARGE! ends.
No team re-roll may be used while the ball is in the air (house rule: there is no team turn to
take it from).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.actions import EndCharge
from tablesports.games.bloodbowl.procedures.kickoff_events.selection import OpenPlayerSelection
from tablesports.games.bloodbowl.turn.actions import Declare
from tablesports.games.bloodbowl.turn.activation import Activation
from tablesports.games.bloodbowl.turn.team_turn import right_stuff_standing

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState

END_CHARGE = EndCharge()


class Charge(OpenPlayerSelection):
    """Phases 0-1 select; phase 2 activates the selected players one at a time."""

    __slots__ = ("activated", "blitzed", "kicked", "threw")
    name = "charge"
    rule = "kick-off event 10: CHARGE! (seed)"

    def __init__(self) -> None:
        super().__init__()
        self.activated: list[int] = []
        self.blitzed = False
        self.threw = False
        self.kicked = False

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
        out: list[Any] = [END_CHARGE]
        for pid in self._ready(s):
            number = s.players[pid].number
            out.append(Declare("move", number))
            if not self.blitzed:
                out.append(Declare("blitz", number))
            p = s.players[pid]
            throws = not self.threw and p.has("Throw Team-mate") and p.pa > 0
            if throws and right_stuff_standing(s, p):
                out.append(Declare("throw team-mate", number))
            if not self.kicked and p.has("Kick Team-mate") and right_stuff_standing(s, p):
                out.append(Declare("kick team-mate", number))
        return out

    def why(self, s: BloodBowlState, action: Any) -> str:
        if self.phase == 2:
            return (
                "CHARGE! activates the selected players not yet activated for a Move (one of "
                "them may Blitz, one Throw Team-mate, one Kick Team-mate), or 'end charge'"
            )
        return super().why(s, action)

    def selected_done(self, s: BloodBowlState) -> bool:
        s.knocked_over = -1
        return not self.selected

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if self.phase < 2:
            return super().step(s, action)
        if isinstance(action, Declare):
            p = s.player(self.team, action.number)
            assert p is not None
            self.activated.append(p.pid)
            self.blitzed = self.blitzed or action.kind == "blitz"
            self.threw = self.threw or action.kind == "throw team-mate"
            self.kicked = self.kicked or action.kind == "kick team-mate"
            s.log("charge", f"{p.label()} charges ({action.kind}).", self.rule)
            s.push(Activation(p.pid, action.kind, free=True))
            return False
        if action is None and s.knocked_over >= 0:
            s.log("charge", "A charging player went down: CHARGE! ends.", self.rule)
        s.knocked_over = -1
        return True
