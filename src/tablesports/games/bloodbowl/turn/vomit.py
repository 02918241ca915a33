"""Projectile Vomit (BB2020 trait; the seed is silent): instead of a Block (alone, `projectile
vomit 12` then `vomit at 14,6`, or the block of a Blitz, `vomit at 14,6`), the player aims at a
Standing opponent next to him and rolls a D6: 2+ hits the target, a 1 hits himself. An armour
roll that nothing may modify is made against the player hit; if it breaks, he becomes Prone and
an injury roll that nothing may modify follows; if not, nothing happens. Becoming Prone is no
turnover unless the vomiting player himself held the ball (house rule: as for a player Placed
Prone); a ball the player hit held bounces."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D6, TWO_D6, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.players import PRONE
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.turn.common import active_team
from tablesports.games.bloodbowl.turn.foul_appearance import foul_appearance
from tablesports.games.bloodbowl.turn.injury import injury_roll

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState

RULE = "Projectile Vomit (BB2020)"


class ProjectileVomit(Procedure):
    """Phase 0: the D6 (who is hit; first Foul Appearance's D6 if the target has it);
    phase 1: the unmodified armour roll."""

    __slots__ = ("checked", "hit", "pid", "target")
    name = "projectile_vomit"
    rule = RULE

    def __init__(self, pid: int = -1, target: int = -1) -> None:
        super().__init__()
        self.pid = pid
        self.target = target
        self.hit = -1
        self.checked = False

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D6 if self.phase == 0 else TWO_D6

    def describe(self, s: BloodBowlState) -> str:
        return f"Projectile Vomit by {s.players[self.pid].label()}"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        p = s.players[self.pid]
        if self.phase == 0 and not self.checked and s.players[self.target].has("Foul Appearance"):
            self.checked = True  # this D6 was Foul Appearance's; the next is the vomit's
            return foul_appearance(s, p, s.players[self.target], action.value)
        if self.phase == 0:
            self.hit = self.pid if action.value == 1 else self.target
            q = s.players[self.hit]
            s.log(
                "projectile_vomit",
                f"{p.label()} vomits (D6={action.value}): "
                + (
                    "he covers himself in bile!" if self.hit == self.pid else f"{q.label()} is hit."
                ),
                RULE,
            )
            self.phase = 1
            return False
        q = s.players[self.hit]
        broken = action.total >= q.av
        s.log(
            "armour",
            f"Armour {action} against AV {q.av}+: {'broken' if broken else 'holds'}.",
            RULE,
            roll=action.total,
        )
        if not broken:
            return True
        q.stance = PRONE
        own = q.team == active_team(s)
        injury_roll(s, q, f"{q.label()} went Prone with the ball" if own else "")
        return True
