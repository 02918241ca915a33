"""End of drive, step 3 (seed): a D6 for each knocked-out player; on 4+ he recovers to the
reserves box, on 1-3 he stays knocked out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D6, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.players import KO, RESERVES
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.tables import NUMBERS

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


class KORecovery(Procedure):
    __slots__ = ("queue", "started")
    name = "ko_recovery"
    rule = "end of drive 3: knocked-out players recover on 4+ (seed)"

    def __init__(self) -> None:
        super().__init__()
        self.queue: list[int] = []
        self.started = False

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE if self.queue else None

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D6

    def describe(self, s: BloodBowlState) -> str:
        return f"recovery roll for {s.players[self.queue[0]].label()} (KO)"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if not self.started:
            self.started = True
            self.queue = [p.pid for p in s.players if p.box == KO]
            return not self.queue
        p = s.players[self.queue.pop(0)]
        if action.value >= NUMBERS.ko_recovery:
            p.box = RESERVES
            s.log("recovery", f"{action}: {p.label()} recovers.", self.rule)
        else:
            s.log("recovery", f"{action}: {p.label()} stays knocked out.", self.rule)
        return not self.queue
