"""Hit and Run (BB2020 trait): after a Block action, a player still Standing may move one
free square, ignoring tackle zones (no Dodge), so long as he then neither Marks nor is Marked
by an opponent: no opponent next to the square (`move 7 to 14,6`, or `end activation`). House
rule: not into a square where the ball lies (that would need a pick-up); a ball he holds goes
with him, and into the opponents' end zone it scores."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.actions import EndActivation
from tablesports.games.bloodbowl.ball import HELD, ON_GROUND
from tablesports.games.bloodbowl.pitch import NEIGHBOURS, coords, end_zone_column, index
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.turn.actions import MovePath

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState

RULE = "Hit and Run (BB2020)"
STAY = EndActivation()


class HitAndRun(Procedure):
    __slots__ = ("pid",)
    name = "hit_and_run"
    rule = RULE

    def __init__(self, pid: int = -1) -> None:
        super().__init__()
        self.pid = pid

    def squares(self, s: BloodBowlState) -> list[int]:
        p = s.players[self.pid]
        if s.turnover or s.scorer >= 0 or not p.standing:
            return []
        pitch, players = s.pitch, s.players
        loose = s.ball if s.ball_state == ON_GROUND else -1
        out = []
        for sq in NEIGHBOURS[p.square]:
            if pitch[sq] >= 0 or sq == loose:
                continue
            if all(pitch[n] < 0 or players[pitch[n]].team == p.team for n in NEIGHBOURS[sq]):
                out.append(sq)
        return out

    def actor(self, s: BloodBowlState) -> int | None:
        return s.players[self.pid].team if self.squares(s) else None

    def legal(self, s: BloodBowlState) -> list[Any]:
        n = s.players[self.pid].number
        return [STAY] + [MovePath(n, *coords(sq)) for sq in self.squares(s)]

    def describe(self, s: BloodBowlState) -> str:
        return f"{s.players[self.pid].label()} (Hit and Run) may move one free square"

    def why(self, s: BloodBowlState, action: Any) -> str:
        return f"{self.describe(s)} with no opponent next to it: " + ", ".join(
            map(str, self.legal(s))
        )

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if not isinstance(action, MovePath):
            return True
        p = s.players[self.pid]
        sq = index(action.x, action.y)
        carrying = s.ball_state == HELD and s.ball == p.square
        s.place(p, sq)
        s.log("hit_and_run", f"{p.label()} (Hit and Run) slips away to {s.where(sq)}.", RULE)
        if carrying:
            s.ball = sq
            if action.x == end_zone_column(1 - p.team):
                s.touchdown(p)
        return True
