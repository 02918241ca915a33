"""Breathe Fire (2025 skill): a Special action (`breathe fire 6`, then `fire at 14,6`), or
in place of the block of a Blitz (`fire at 14,6`), any number a turn, against a Standing
opponent he Marks. A D6, -1 if the target has ST 5 or more: a 1 knocks the fire-breather
down (a turnover); 2-3 nothing; 4+ the target is Placed Prone (no armour roll; a ball he held
bounces); a natural 6 Knocks him Down instead (an armour roll). His activation then ends.
The 1 is the modified roll (a natural 2 against ST 5 is a 1) and a natural 1 is always one
(house rule: the 2025 text does not say). Foul Appearance is rolled for first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D6, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.turn.foul_appearance import foul_appearance
from tablesports.games.bloodbowl.turn.injury import knock_down
from tablesports.games.bloodbowl.turn.wrestle import place_prone

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState

RULE = "Breathe Fire (2025)"
STRONG = 5
"""Targets of this strength or more give -1 to the roll."""
PRONE_ON, NOTHING_ON = 4, 2


class BreatheFire(Procedure):
    """Phase 0: Foul Appearance's D6 when the target has it; phase 1: the fire's D6."""

    __slots__ = ("pid", "target")
    name = "breathe_fire"
    rule = RULE

    def __init__(self, pid: int = -1, target: int = -1) -> None:
        super().__init__()
        self.pid = pid
        self.target = target

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D6

    def describe(self, s: BloodBowlState) -> str:
        return f"Breathe Fire by {s.players[self.pid].label()}"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        p, q = s.players[self.pid], s.players[self.target]
        if self.phase == 0 and q.has("Foul Appearance"):
            self.phase = 1
            return foul_appearance(s, p, q, action.value)
        roll = action.value
        mod = -1 if q.st >= STRONG else 0
        total = roll + mod
        if roll == 1 or total < NOTHING_ON:
            what = f"{p.label()} is caught in his own flames"
        elif roll == 6:
            what = f"{q.label()} is knocked down"
        elif total >= PRONE_ON:
            what = f"{q.label()} is Placed Prone"
        else:
            what = "nothing happens"
        s.log(
            "breathe_fire",
            f"{p.label()} breathes fire at {q.label()}: D6={roll}{mod:+d}: {what}."
            if mod
            else f"{p.label()} breathes fire at {q.label()}: D6={roll}: {what}.",
            RULE,
            roll=roll,
            modifier=mod,
        )
        if roll == 1 or total < NOTHING_ON:
            knock_down(s, p.pid)
        elif roll == 6:
            knock_down(s, q.pid, by=-1)
        elif total >= PRONE_ON:
            place_prone(s, q, RULE)
        return True
