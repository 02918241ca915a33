"""End of drive, step 2 (seed): effects that act at the end of a drive, the weather first.
The only one so far is Sweltering Heat (BB2020): a D6 for each player on the pitch, who
collapses on a 1 and sits out the next drive. Further effects would follow in random order."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D6, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.players import RESERVES
from tablesports.games.bloodbowl.procedures.base import Procedure

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


class DriveEndEffects(Procedure):
    """`queue`: the players still to roll for the heat."""

    __slots__ = ("queue", "started")
    name = "drive_end_effects"
    rule = "end of drive 2: end-of-drive effects, weather first (seed)"

    def __init__(self) -> None:
        super().__init__()
        self.queue: list[int] = []
        self.started = False

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE if self.queue else None

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D6

    def describe(self, s: BloodBowlState) -> str:
        return f"Sweltering Heat: D6 for {s.players[self.queue[0]].label()}"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if not self.started:
            self.started = True
            collapse = s.weather_entry().heat_collapse_on
            if collapse:
                self.queue = [p.pid for p in s.players if p.square >= 0]
            return not self.queue
        p = s.players[self.queue.pop(0)]
        if action.value <= s.weather_entry().heat_collapse_on:
            s.take_off(p, RESERVES)
            p.sits_out = s.drive + 1
            s.log(
                "heat",
                f"{action}: {p.label()} collapses in the heat and sits out the next drive.",
                "Sweltering Heat (BB2020)",
            )
        return not self.queue
