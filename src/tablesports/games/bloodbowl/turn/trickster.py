"""Trickster (2025 trait) and My Ball (2025 trait).

Trickster: when an opponent declares a Block (alone or in a Blitz) or a Special action aimed
at him (Stab, Projectile Vomit, Breathe Fire, Hypnotic Gaze), before the dice are counted,
his coach may take him off the pitch and place him on any other empty square next to the
acting player (`trickster to 14,6`), or not (`no trickster`); then the action goes on as
usual. A ball he holds goes with him. Placed on the ball, he may try to pick it up at once (an
Agility test; a failure bounces the ball, no turnover for either side). A Frenzied second
block gives no second use (house rule). A touchdown he brings about this way is scored when
the Block is resolved (`turn/block.py`).

My Ball: he never gives up the ball by his own choice: he is never offered a Pass or a
Hand-off action (`turn/team_turn.py`), holding the ball or not (house rule: he could not
finish either)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.ball import HELD, ON_GROUND
from tablesports.games.bloodbowl.pitch import NEIGHBOURS, coords, index
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.loose_ball import Bounce
from tablesports.games.bloodbowl.turn.actions import Aim, SkillUse
from tablesports.games.bloodbowl.turn.moving import PickUp

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

RULE = "Trickster (2025)"
NO_TRICKSTER = SkillUse("trickster", False)
VERB = "trickster to"


def tricks(s: BloodBowlState, target: int, actor: int) -> list[Procedure]:
    """The Trickster choice when the action's target `target` has it, else nothing."""
    if target >= 0 and "Trickster" in s.players[target].skills:
        return [Trickster(target, actor)]
    return []


class Trickster(Procedure):
    """Phase 0: the target's coach picks a square or declines; then (placed on the ball) the
    pick-up."""

    __slots__ = ("actor_pid", "pid")
    name = "trickster"
    rule = RULE

    def __init__(self, pid: int = -1, actor_pid: int = -1) -> None:
        super().__init__()
        self.pid = pid
        self.actor_pid = actor_pid

    def _squares(self, s: BloodBowlState) -> list[int]:
        a = s.players[self.actor_pid]
        return [sq for sq in NEIGHBOURS[a.square] if s.pitch[sq] < 0]

    def actor(self, s: BloodBowlState) -> int | None:
        p, a = s.players[self.pid], s.players[self.actor_pid]
        live = p.standing and a.standing and p.square in NEIGHBOURS[a.square]
        return p.team if self.phase == 0 and live else None

    def legal(self, s: BloodBowlState) -> list[Any]:
        out: list[Any] = [Aim(VERB, *coords(sq)) for sq in self._squares(s)]
        out.append(NO_TRICKSTER)
        return out

    def describe(self, s: BloodBowlState) -> str:
        return f"{s.players[self.pid].label()} may use Trickster"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        self.phase = 1
        if not isinstance(action, Aim):
            return True
        p = s.players[self.pid]
        to = index(action.x, action.y)
        had_ball = s.ball_state == HELD and s.ball == p.square
        for proc in s.stack:  # Hypnotic Gaze aims at a square: it follows him
            if proc.name == "hypnotic_gaze" and getattr(proc, "square", -1) == p.square:
                proc.square = to  # type: ignore[attr-defined]
        s.place(p, to)
        s.log("trickster", f"{p.label()} (Trickster) reappears at {s.where(to)}.", RULE)
        if had_ball:
            s.ball = to
        elif s.ball_state == ON_GROUND and s.ball == to and not p.no_ball():
            s.push(TricksterPickUp(p.pid, to))
        return True


class TricksterPickUp(PickUp):
    """Placed on the ball by Trickster: a pick-up whose failure is no turnover."""

    name = "trickster_pick_up"

    def succeed(self, s: BloodBowlState, p: Player) -> None:
        s.ball_state = HELD

    def fail(self, s: BloodBowlState, p: Player) -> None:
        s.push(Bounce(s.ball))
