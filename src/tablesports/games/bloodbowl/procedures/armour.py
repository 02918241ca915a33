"""A player goes down: armour roll (2D6, broken on AV or more), then injury (2D6 on the
injury table: Stunned, KO'd or a Casualty), BB2020. Thick Skull turns a KO on 8 into
Stunned. The casualty table (D16) and Stunty's own injury table arrive with issue 6."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import TWO_D6, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.players import CASUALTY, KO, PRONE, STUNNED
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.tables import INJURY

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


OUTCOME = {
    "stunned": ("", "is Stunned"),
    "ko": (KO, "is Knocked Out"),
    "casualty": (CASUALTY, "is a Casualty"),
}
"""Injury table result -> (dugout box, or "" to stay on the pitch Stunned; the words)."""


class ArmourRoll(Procedure):
    """Phase 0: armour; phase 1: injury (only when the armour was broken)."""

    __slots__ = ("pid",)
    name = "armour_roll"
    rule = "armour and injury rolls (BB2020)"

    def __init__(self, pid: int = -1) -> None:
        super().__init__()
        self.pid = pid

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE

    def dice(self, s: BloodBowlState) -> Dice | None:
        return TWO_D6

    def describe(self, s: BloodBowlState) -> str:
        what = "armour" if self.phase == 0 else "injury"
        return f"{what} roll for {s.players[self.pid].label()}"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        p = s.players[self.pid]
        if self.phase == 0:
            if action.total >= p.av:
                s.log("armour", f"Armour {action} against AV {p.av}+: broken.", self.rule)
                self.phase = 1
                return False
            s.log("armour", f"Armour {action} against AV {p.av}+: holds.", self.rule)
            return True
        result = INJURY[action.total].result
        if result == "ko" and action.total == 8 and p.has("Thick Skull"):
            result = "stunned"
        box, words = OUTCOME[result]
        if box:
            s.take_off(p, box)
        else:
            p.stance = STUNNED
        s.log("injury", f"Injury {action}: {p.label()} {words}.", self.rule, result=result)
        return True


def fall_over(s: BloodBowlState, pid: int) -> ArmourRoll:
    """Place the player Prone where he is and return the armour roll to push."""
    p = s.players[pid]
    p.stance = PRONE
    s.knocked_over = pid
    return ArmourRoll(pid)
