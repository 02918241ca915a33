"""Animal Savagery's lashing out (BB2020): a player who fails his Animal Savagery roll on
activation lashes out at a Standing team-mate next to him, whom his coach chooses
(`lash out at 7`): that team-mate is Knocked Down and rolls for armour; it is no turnover
unless he held the ball (it bounces). The savage player then goes on with his action."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.ball import HELD, IN_AIR
from tablesports.games.bloodbowl.pitch import NEIGHBOURS
from tablesports.games.bloodbowl.players import PRONE
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.loose_ball import Bounce
from tablesports.games.bloodbowl.turn.actions import LashOutAt
from tablesports.games.bloodbowl.turn.common import turnover
from tablesports.games.bloodbowl.turn.injury import ArmourInjury

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

RULE = "Animal Savagery: lashing out at a team-mate (BB2020)"


def victims(s: BloodBowlState, p: Player) -> list[int]:
    """Standing team-mates next to `p`, in shirt-number order."""
    out = []
    for sq in NEIGHBOURS[p.square]:
        pid = s.pitch[sq]
        if pid >= 0 and s.players[pid].team == p.team and s.players[pid].standing:
            out.append(pid)
    return sorted(out, key=lambda q: s.players[q].number)


class LashOut(Procedure):
    __slots__ = ("pid",)
    name = "lash_out"
    rule = RULE

    def __init__(self, pid: int = -1) -> None:
        super().__init__()
        self.pid = pid

    def actor(self, s: BloodBowlState) -> int | None:
        return s.players[self.pid].team

    def legal(self, s: BloodBowlState) -> list[Any]:
        p = s.players[self.pid]
        return [LashOutAt(s.players[q].number) for q in victims(s, p)]

    def describe(self, s: BloodBowlState) -> str:
        return f"{s.players[self.pid].label()} lashes out: at which team-mate?"

    def why(self, s: BloodBowlState, action: Any) -> str:
        return f"{self.describe(s)} ({', '.join(map(str, self.legal(s)))}; BB2020)"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        p = s.players[self.pid]
        q = s.player(p.team, action.number)
        assert q is not None
        had_ball = s.ball_state == HELD and s.ball == q.square
        q.stance = PRONE
        s.log("lash_out", f"{p.label()} lashes out: {q.label()} is knocked down!", self.rule)
        procs: list[Procedure] = [ArmourInjury(q.pid)]
        if had_ball:
            s.ball_state = IN_AIR
            procs.append(Bounce(q.square))
            turnover(s, f"{q.label()} was knocked down with the ball")
        s.push(*procs)
        return True


__all__ = ["LashOut", "LashOutAt", "victims"]
