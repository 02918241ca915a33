"""Chainsaw (2025 trait): the Chainsaw Attack Special action (any number a turn; `chainsaw 6`,
then `chainsaw at 14,6`), or in place of a Blitz's block (`chainsaw at 14,6` beside `blitz
14,6`, after which the activation ends), or with a Foul (`chainsaw foul 14,8` beside `foul
14,8`). First a D6: on a 1 the chainsaw kicks back and he is Knocked Down (a turnover); on
2+ an armour roll +3 against the Standing opponent next to him (a Foul: the Foul's armour
roll +3). An attack that breaks the armour leaves the target Prone (house rule, as Stab) with
an injury roll; a ball he held bounces, no turnover. Any armour roll against a player with
Chainsaw who went down is +3 (`injury.py`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D6, TWO_D6, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.players import PRONE, STANDING
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.turn.foul_appearance import foul_appearance
from tablesports.games.bloodbowl.turn.injury import ArmourInjury, injury_roll, knock_down

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState

RULE = "Chainsaw (2025)"
CHAINSAW_ARMOUR = 3
"""+3 to the armour roll of the attack, and to any armour roll against him once he is down."""
KICK_BACK = 1
"""The D6 of the attack kicks back on a 1."""

APPEARANCE, KICK, ARMOUR = 0, 1, 2


class Chainsaw(Procedure):
    """Phase 0: Foul Appearance's D6 (an attack on a target with it); phase 1: the kick-back
    D6; phase 2: the armour roll +3 (an attack; a Foul hands over to its own armour roll)."""

    __slots__ = ("foul", "pid", "target")
    name = "chainsaw"
    rule = RULE

    def __init__(self, pid: int = -1, target: int = -1, foul: bool = False) -> None:
        super().__init__()
        self.pid = pid
        self.target = target
        self.foul = foul

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE

    def _appearance(self, s: BloodBowlState) -> bool:
        return not self.foul and s.players[self.target].has("Foul Appearance")

    def dice(self, s: BloodBowlState) -> Dice | None:
        return TWO_D6 if self.phase == ARMOUR else D6

    def describe(self, s: BloodBowlState) -> str:
        first = "Foul Appearance" if self._appearance(s) else "kick-back"
        what = (first, "kick-back", "armour")[self.phase]
        return f"Chainsaw of {s.players[self.pid].label()}: {what} roll"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        p, q = s.players[self.pid], s.players[self.target]
        if self.phase == APPEARANCE:
            self.phase = KICK
            if self._appearance(s):
                return foul_appearance(s, p, q, action.value)
        if self.phase == KICK:
            if action.value <= KICK_BACK:
                s.log("chainsaw", f"D6={action.value}: {p.label()}'s chainsaw kicks back!", RULE)
                knock_down(s, self.pid)
                return True
            s.log("chainsaw", f"D6={action.value}: {p.label()}'s chainsaw roars.", RULE)
            if self.foul:
                self._foul(s)
                return True
            self.phase = ARMOUR
            return False
        # Iron Hard Skin: no opponent modifies an armour roll against him, the +3 neither
        chainsaw_armour = 0 if "Iron Hard Skin" in q.skills else CHAINSAW_ARMOUR
        total = action.total + chainsaw_armour
        broken = q.stance == STANDING and total >= q.av
        s.log(
            "chainsaw",
            f"{p.label()} saws at {q.label()}: armour {action} +{chainsaw_armour} against "
            f"AV {q.av}+: {'broken' if broken else 'holds'}.",
            RULE,
            roll=action.total,
            total=total,
        )
        if broken:
            q.stance = PRONE
            q.rooted = False
            injury_roll(s, q)
        return True

    def _foul(self, s: BloodBowlState) -> None:
        """The Foul's armour roll (assists, Dirty Player, the referee) with the +3."""
        from tablesports.games.bloodbowl.turn.block import assists
        from tablesports.games.bloodbowl.turn.foul import dirty_player

        p, v = s.players[self.pid], s.players[self.target]
        mod = assists(s, p.team, v, p) - assists(s, v.team, p, v)
        bonus = dirty_player(p)
        s.log(
            "foul",
            f"{p.label()} fouls {v.label()} with his chainsaw (assists {mod:+d}, +3).",
            RULE,
            modifier=mod + CHAINSAW_ARMOUR,
        )
        s.push(
            ArmourInjury(self.target, bonus=bonus, modifier=mod + CHAINSAW_ARMOUR, fouler=self.pid)
        )
