"""Catching the ball (seed: an Agility test; brief/BB2020 modifiers): -1 because the ball
deviated, scattered or bounced, -1 per Marking opponent, and the weather (-1 in Pouring
Rain). The Catch skill re-rolls a failure. A failed catch bounces the ball."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D6, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.ball import HELD
from tablesports.games.bloodbowl.pitch import coords, end_zone_column
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.bounce import Bounce
from tablesports.games.bloodbowl.procedures.tests_of_skill import describe_test, passes
from tablesports.games.bloodbowl.tables import NUMBERS

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


def catch_modifier(s: BloodBowlState, pid: int) -> int:
    p = s.players[pid]
    return (
        NUMBERS.kickoff_catch_modifier
        + NUMBERS.marking_modifier * s.markers(p.team, p.square)
        + s.weather_entry().catch_modifier
    )


class Catch(Procedure):
    __slots__ = ("kickoff", "pid", "rerolled")
    name = "catch"
    rule = "catching the ball: an Agility test (seed)"

    def __init__(self, pid: int = -1, kickoff: bool = False) -> None:
        super().__init__()
        self.pid = pid
        self.kickoff = kickoff
        self.rerolled = False

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D6

    def describe(self, s: BloodBowlState) -> str:
        return f"{s.players[self.pid].label()} tries to catch the ball"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        p = s.players[self.pid]
        mod = catch_modifier(s, self.pid)
        ok = passes(action.value, p.ag, mod)
        s.log(
            "catch",
            f"{p.label()} catches: {describe_test(action.value, p.ag, mod)}: "
            f"{'success' if ok else 'failure'}.",
            self.rule,
            roll=action.value,
            modifier=mod,
            success=ok,
        )
        if ok:
            s.ball, s.ball_state = p.square, HELD
            # outside the kick-off, a catch in the opponent's end zone scores (BB2020)
            if not self.kickoff and coords(p.square)[0] == end_zone_column(1 - p.team):
                s.touchdown(p)
            return True
        if p.has("Catch") and not self.rerolled:
            self.rerolled = True
            s.log("reroll", f"{p.label()} re-rolls the catch (Catch skill).", self.rule)
            return False
        s.push(Bounce(p.square, self.kickoff))
        return True
