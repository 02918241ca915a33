"""The Apothecary (BB2020, kept by the 2025 edition; the seed is silent): once a match, a team
whose roster allows one may send for it when one of its players is Knocked Out or becomes a
casualty. A Knocked-Out player goes to the reserves instead. For a casualty a second casualty
roll (D16) is made and the coach picks which applies; a Badly Hurt result is patched up and
the player goes to the reserves. Within one match every other result leaves him in the
casualty box, so the coach's pick is made for him (house rule): Badly Hurt if either roll
shows it. When the first result is Badly Hurt already, no second roll is made (house rule:
the coach would pick it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.actions import UseApothecary
from tablesports.games.bloodbowl.players import CASUALTY, KO, RESERVES
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.turn.data import CASUALTY_TABLE

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState

RULE = "the Apothecary (BB2020)"
D16 = Dice(1, 16)
USE, DECLINE = UseApothecary(True), UseApothecary(False)
BADLY_HURT = "badly_hurt"


class Apothecary(Procedure):
    """Phase 0: the coach's choice; phase 1: the second casualty roll. `result` is "ko",
    "badly_hurt" or another casualty result."""

    __slots__ = ("pid", "result")
    name = "apothecary"
    rule = RULE

    def __init__(self, pid: int = -1, result: str = "ko") -> None:
        super().__init__()
        self.pid = pid
        self.result = result

    def actor(self, s: BloodBowlState) -> int | None:
        return s.players[self.pid].team if self.phase == 0 else CHANCE

    def legal(self, s: BloodBowlState) -> list[Any]:
        return [USE, DECLINE]

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D16

    def why(self, s: BloodBowlState, action: Any) -> str:
        return (
            f"{s.players[self.pid].label()} is out ({self.result}): 'use apothecary' or "
            "'no apothecary'"
        )

    def describe(self, s: BloodBowlState) -> str:
        return f"the Apothecary for {s.players[self.pid].label()}"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        p = s.players[self.pid]
        if self.phase == 0:
            if not action.use:
                return True
            s.apothecaries[p.team] -= 1
            if self.result in ("ko", BADLY_HURT):
                return self._patch(s)
            s.log("apothecary", f"The Apothecary sees to {p.label()}.", RULE)
            self.phase = 1
            return False
        band = CASUALTY_TABLE[action.value]
        s.log("casualty", f"Second casualty roll {action}: {band.name}.", RULE)
        if band.result == BADLY_HURT:
            return self._patch(s)
        s.log("apothecary", f"{p.label()} stays in the casualty box.", RULE)
        return True

    def _patch(self, s: BloodBowlState) -> bool:
        p = s.players[self.pid]
        p.box = RESERVES
        s.log("apothecary", f"The Apothecary patches up {p.label()}: to the reserves.", RULE)
        return True


def offer_apothecary(s: BloodBowlState, pid: int, result: str) -> list[Procedure]:
    """The Apothecary's offer, if the player's team still has its Apothecary."""
    p = s.players[pid]
    if s.apothecaries[p.team] > 0 and p.box in (KO, CASUALTY):
        return [Apothecary(pid, result)]
    return []
