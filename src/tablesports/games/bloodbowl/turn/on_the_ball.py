"""On the Ball (BB2020 skill): one player with it may move up to three squares (whatever his
MA, no Rush, following every rule of movement) when an opponent declares a Pass, once the
target is named and before the Passing Ability test (also against a Dump-off, where his
falling over is a turnover for his team, as it is the active team); and at every kick-off,
after the kick deviates and before the kick-off event, one Open player of the receiving team
with it may, unless the kick is a touchback, without crossing into the kicking team's half.
The coach picks him (`select 7`) and moves him (`move 7 to 14,6`, `end activation`), or
declines (`selection done`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.actions import Select, SelectionDone
from tablesports.games.bloodbowl.ball import OUT
from tablesports.games.bloodbowl.pitch import coords, in_half
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.turn.activation import Activation

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState

RULE = "On the Ball (BB2020)"
KIND = "on the ball"
SQUARES = 3
DONE = SelectionDone()


def eligible(s: BloodBowlState, team: int, kickoff: bool) -> list[int]:
    """The players of `team` who may use On the Ball now (Open ones at a kick-off)."""
    out = []
    for pid in s.team_pids[team]:
        p = s.players[pid]
        usable = "On the Ball" in p.skills and p.standing and not p.rooted
        if usable and (not kickoff or s.markers(team, p.square) == 0):
            out.append(pid)
    return out


def touchback(s: BloodBowlState, team: int) -> bool:
    """The deviated kick is out or in the kicking team's half (`team` receives)."""
    return s.ball_state == OUT or s.ball < 0 or not in_half(team, coords(s.ball)[0])


class OnTheBall(Procedure):
    """`team` picks one player with On the Ball to move, or none (`kickoff`: at a kick-off)."""

    __slots__ = ("kickoff", "team")
    name = "on_the_ball"
    rule = RULE

    def __init__(self, team: int = 0, kickoff: bool = False) -> None:
        super().__init__()
        self.team = team
        self.kickoff = kickoff

    def actor(self, s: BloodBowlState) -> int | None:
        if self.phase or (self.kickoff and touchback(s, self.team)):
            return None
        return self.team if eligible(s, self.team, self.kickoff) else None

    def legal(self, s: BloodBowlState) -> list[Any]:
        return [DONE] + [Select(s.players[q].number) for q in eligible(s, self.team, self.kickoff)]

    def describe(self, s: BloodBowlState) -> str:
        return f"{s.team_name(self.team)} may move a player with On the Ball up to three squares"

    def why(self, s: BloodBowlState, action: Any) -> str:
        return f"{self.describe(s)}: " + ", ".join(map(str, self.legal(s)))

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if action is None or isinstance(action, SelectionDone):
            return True
        p = s.player(self.team, action.number)
        assert p is not None
        s.log("on_the_ball", f"{p.label()} is On the Ball.", RULE, player=p.number)
        self.phase = 1
        act = Activation(p.pid, KIND, free=True)
        act.moved = max(0, p.ma - SQUARES)  # three squares left, whatever his MA
        s.push(act)
        return True
