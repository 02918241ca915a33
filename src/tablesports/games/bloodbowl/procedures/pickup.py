"""Picking up the ball (BB2020): an Agility test at -1 per Marking opponent (and -1 in Pouring
Rain); Sure Hands re-rolls a failure. A failure bounces the ball and is a turnover."""

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


class PickUp(Procedure):
    __slots__ = ("pid", "rerolled")
    name = "pick_up"
    rule = "picking up the ball (BB2020)"

    def __init__(self, pid: int = -1) -> None:
        super().__init__()
        self.pid = pid
        self.rerolled = False

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D6

    def describe(self, s: BloodBowlState) -> str:
        return f"{s.players[self.pid].label()} tries to pick up the ball"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        p = s.players[self.pid]
        mod = (
            NUMBERS.marking_modifier * s.markers(p.team, p.square)
            + s.weather_entry().pickup_modifier
        )
        ok = passes(action.value, p.ag, mod)
        s.log(
            "pickup",
            f"{p.label()} picks up: {describe_test(action.value, p.ag, mod)}: "
            f"{'success' if ok else 'failure'}.",
            self.rule,
            roll=action.value,
            success=ok,
        )
        if ok:
            s.ball_state = HELD
            if coords(p.square)[0] == end_zone_column(1 - p.team):
                s.touchdown(p)
            return True
        if p.has("Sure Hands") and not self.rerolled:
            self.rerolled = True
            s.log("reroll", f"{p.label()} re-rolls the pick-up (Sure Hands).", self.rule)
            return False
        s.turnover = True
        s.push(Bounce(s.ball))
        return True
