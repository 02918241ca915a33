"""5 HIGH KICK (seed): one Open player of the receiving team moves to the square where the
ball will land. House rule: only when that square is an empty square of the receiving half
(a ball landing anywhere else is a touchback, or is already over a player)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.actions import Select
from tablesports.games.bloodbowl.pitch import coords, in_half
from tablesports.games.bloodbowl.procedures.base import Procedure

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState


class HighKick(Procedure):
    __slots__ = ()
    name = "high_kick"
    rule = "kick-off event 5: HIGH KICK (seed)"

    def candidates(self, s: BloodBowlState) -> list[Player]:
        if s.ball < 0 or s.pitch[s.ball] >= 0 or not in_half(s.receiving, coords(s.ball)[0]):
            return []
        return [p for p in sorted(s.on_pitch(s.receiving), key=lambda p: p.number) if s.is_open(p)]

    def actor(self, s: BloodBowlState) -> int | None:
        return s.receiving if self.candidates(s) else None

    def legal(self, s: BloodBowlState) -> list[Any]:
        return [Select(p.number) for p in self.candidates(s)]

    def describe(self, s: BloodBowlState) -> str:
        return f"{s.team_name(s.receiving)}: select the Open player to move under the ball"

    def why(self, s: BloodBowlState, action: Any) -> str:
        return "HIGH KICK moves one Open player of the receiving team: 'select N' (seed)"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if action is None:
            s.log("high_kick", "No Open player can move under the ball.", self.rule)
            return True
        p = s.player(s.receiving, action.number)
        assert p is not None
        s.place(p, s.ball)
        s.log("high_kick", f"{p.label()} moves under the ball to {s.where(s.ball)}.", self.rule)
        return True
