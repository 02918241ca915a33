"""Shadowing (BB2020 skill), used when an opponent a player Marks voluntarily moves out of a
square in his tackle zone: after the move, D6 + his MA - the mover's MA, 6 or more (or a
natural 6, never a natural 1) lets him step into the square left, with no Dodge. Only one
player may use it against one move (here the fastest); it is always used when it can be
(house rule: following never hurts the team using it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D6, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.ball import HELD
from tablesports.games.bloodbowl.pitch import NEIGHBOURS
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.turn.common import has_tackle_zone

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState

TARGET = 6


def _best(s: BloodBowlState, team: int, square: int, skill: str, stat: str) -> int:
    """The opponent of `team` Marking `square` with `skill` and the highest `stat`, or -1."""
    best, value = -1, -99
    pitch, players = s.pitch, s.players
    for sq in NEIGHBOURS[square]:
        pid = pitch[sq]
        if pid >= 0:
            q = players[pid]
            if q.team != team and skill in q.skills and has_tackle_zone(q):
                v = getattr(q, stat)
                if v > value:
                    best, value = pid, v
    return best


def shadower(s: BloodBowlState, team: int, square: int) -> int:
    return _best(s, team, square, "Shadowing", "ma")


def _works(roll: int, total: int) -> bool:
    return roll != 1 and (roll == 6 or total >= TARGET)


class Shadowing(Procedure):
    """The D6 of `follower`'s Shadowing after `pid` left `square`."""

    __slots__ = ("follower", "pid", "square")
    name = "shadowing"
    rule = "Shadowing (BB2020)"

    def __init__(self, pid: int = -1, follower: int = -1, square: int = -1) -> None:
        super().__init__()
        self.pid = pid
        self.follower = follower
        self.square = square

    def actor(self, s: BloodBowlState) -> int | None:
        f = s.players[self.follower]
        if s.pitch[self.square] >= 0 or not has_tackle_zone(f) or f.rooted:
            return None  # the square was taken meanwhile, or he went down
        return CHANCE

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D6

    def describe(self, s: BloodBowlState) -> str:
        return f"{s.players[self.follower].label()}'s Shadowing"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if action is None:
            return True
        p, f = s.players[self.pid], s.players[self.follower]
        total = action.value + f.ma - p.ma
        follows = _works(action.value, total)
        s.log(
            "shadowing",
            f"{f.label()} (Shadowing) follows {p.label()}: D6={action.value}"
            f"{f.ma - p.ma:+d} = {total} against 6+: "
            + (f"he steps into {s.where(self.square)}." if follows else "he is left behind."),
            self.rule,
            roll=action.value,
            success=follows,
        )
        if follows:
            carrying = s.ball_state == HELD and s.ball == f.square
            s.place(f, self.square)
            if carrying:
                s.ball = self.square
        return True
