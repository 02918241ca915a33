"""Stab (BB2020 trait; the seed is silent): instead of a Block (alone, `stab 6` then
`stab at 14,6`, or the block of a Blitz, `stab at 14,6`), the player makes an armour roll that
nothing may modify against a Standing opponent next to him; if it breaks, the target becomes
Prone and an injury roll that nothing may modify follows; if not, nothing happens. After a Stab
in a Blitz he moves no further. A ball the target held bounces (no turnover: the Stabbing
player's team did not lose it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D6, TWO_D6, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.players import PRONE
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.turn.foul_appearance import foul_appearance
from tablesports.games.bloodbowl.turn.injury import injury_roll

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState

RULE = "Stab (BB2020)"


class Stab(Procedure):
    """Phase 0: Foul Appearance's D6 when the target has it; phase 1: the unmodified armour
    roll."""

    __slots__ = ("pid", "target")
    name = "stab"
    rule = RULE

    def __init__(self, pid: int = -1, target: int = -1) -> None:
        super().__init__()
        self.pid = pid
        self.target = target

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE

    def _appearance(self, s: BloodBowlState) -> bool:
        return self.phase == 0 and s.players[self.target].has("Foul Appearance")

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D6 if self._appearance(s) else TWO_D6

    def describe(self, s: BloodBowlState) -> str:
        return f"Stab by {s.players[self.pid].label()}"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        p, q = s.players[self.pid], s.players[self.target]
        if self._appearance(s):
            self.phase = 1
            return foul_appearance(s, p, q, action.value)
        broken = action.total >= q.av
        s.log(
            "stab",
            f"{p.label()} stabs {q.label()}: armour {action} against AV {q.av}+: "
            f"{'broken' if broken else 'holds'}.",
            RULE,
            roll=action.total,
        )
        if not broken:
            return True
        q.stance = PRONE
        injury_roll(s, q)
        return True
