"""Diving Tackle (2025 skill): when an opponent Dodges or Leaps out of a square this player
Marks, once the Agility test is rolled and every re-roll applied, his coach may dive
(`select 4`, or `selection done` to let him go): -2 to that test, and the diver is Placed
Prone in the square the opponent left. With several such players only one may dive.

House rule: the dive is offered only after a test that passed (on a failed one it would only
put the diver down); the opponent may not re-roll a test the dive turned into a failure (the
dive comes after every re-roll, as the 2025 text says)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.actions import Select, SelectionDone
from tablesports.games.bloodbowl.ball import HELD, IN_AIR, ON_GROUND
from tablesports.games.bloodbowl.pitch import NEIGHBOURS
from tablesports.games.bloodbowl.players import PRONE
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.loose_ball import Bounce
from tablesports.games.bloodbowl.procedures.tests_of_skill import describe_test, passes
from tablesports.games.bloodbowl.turn.common import has_tackle_zone
from tablesports.games.bloodbowl.turn.falling import fall_away

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState
    from tablesports.games.bloodbowl.turn.common import Test

SKILL = "Diving Tackle"
RULE = "Diving Tackle (2025)"
DIVE = -2
NO_DIVE = SelectionDone()


def divers(s: BloodBowlState, team: int, square: int) -> list[int]:
    """The opponents of `team` with Diving Tackle Marking `square`."""
    out = []
    pitch, players = s.pitch, s.players
    for sq in NEIGHBOURS[square]:
        pid = pitch[sq]
        if pid >= 0:
            q = players[pid]
            if q.team != team and SKILL in q.skills and has_tackle_zone(q):
                out.append(pid)
    return out


def offer_dive(s: BloodBowlState, test: Test, p: Player) -> None:
    """After `p` passed a Dodge or Leap test out of his square: the Diving Tackle decision,
    if an opponent may dive."""
    if divers(s, p.team, p.square):
        s.push(DivingTackle(p.pid, test.square, test.last, test.target(s, p), test.modifier(s, p)))


def land(s: BloodBowlState, diver: int, square: int) -> None:
    """The diver is Placed Prone in `square` (no armour roll); a ball he held, or one lying
    there, bounces."""
    q = s.players[diver]
    carrying = s.ball_state == HELD and s.ball == q.square
    loose_there = s.ball_state == ON_GROUND and s.ball == square  # left by Fumblerooski
    s.place(q, square)
    q.stance = PRONE
    q.rooted = False
    s.log("diving_tackle", f"{q.label()} lands Prone at {s.where(square)}.", RULE)
    if carrying or loose_there:
        s.ball, s.ball_state = square, IN_AIR
        s.push(Bounce(square))


class DivingTackle(Procedure):
    """The coach of the players who may dive at `pid` (moving to `square` after the test
    `roll` against `target` with `modifier`) picks one, or none."""

    __slots__ = ("modifier", "pid", "roll", "square", "target")
    name = "diving_tackle"
    rule = RULE

    def __init__(
        self, pid: int = -1, square: int = -1, roll: int = 0, target: int = 0, modifier: int = 0
    ) -> None:
        super().__init__()
        self.pid = pid
        self.square = square
        self.roll = roll
        self.target = target
        self.modifier = modifier

    def _divers(self, s: BloodBowlState) -> list[int]:
        p = s.players[self.pid]
        return divers(s, p.team, p.square) if p.standing else []

    def actor(self, s: BloodBowlState) -> int | None:
        return 1 - s.players[self.pid].team if self._divers(s) else None

    def legal(self, s: BloodBowlState) -> list[Any]:
        return [NO_DIVE, *(Select(s.players[q].number) for q in self._divers(s))]

    def describe(self, s: BloodBowlState) -> str:
        return f"a player with Diving Tackle may dive at {s.players[self.pid].label()}"

    def why(self, s: BloodBowlState, action: Any) -> str:
        return f"{self.describe(s)}: " + ", ".join(map(str, self.legal(s)))

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if action is None or isinstance(action, SelectionDone):
            return True
        p = s.players[self.pid]
        q = s.player(1 - p.team, action.number)
        assert q is not None
        mod = self.modifier + DIVE
        ok = passes(self.roll, self.target, mod)
        s.log(
            "diving_tackle",
            f"{q.label()} (Diving Tackle) dives at {p.label()}: "
            f"{describe_test(self.roll, self.target, mod)}: {'success' if ok else 'failure'}.",
            RULE,
            roll=self.roll,
            target=self.target,
            modifier=mod,
            success=ok,
        )
        left = p.square
        if ok:  # he lands where the mover was once the mover has left (turn/activation.py)
            act = next(pr for pr in reversed(s.stack) if pr.name == "activation")
            act.diver = q.pid  # type: ignore[attr-defined]
            return True
        fall_away(s, p, self.square)
        land(s, q.pid, left)
        return True
