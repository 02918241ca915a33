"""Push-backs (BB2020): the pushed player moves one square away from the pusher, to one of
the three squares the attacking coach chooses. An empty square must be chosen if there is
one; if none is empty and one is off the pitch, he is pushed into the crowd (an injury roll
without armour; the crowd throws back a ball he held); otherwise he is pushed into an occupied
square, whose player is pushed on first (a chain push). A ball on the square he is pushed into
bounces. Stand Firm players do not move (the Block checks it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.ball import HELD, IN_AIR, ON_GROUND
from tablesports.games.bloodbowl.pitch import NEIGHBOURS, coords, index, on_pitch
from tablesports.games.bloodbowl.players import RESERVES
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.loose_ball import Bounce, ThrowIn
from tablesports.games.bloodbowl.turn.actions import PushCrowd, PushTo
from tablesports.games.bloodbowl.turn.common import active_team, turnover
from tablesports.games.bloodbowl.turn.injury import ArmourInjury

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState

CROWD = -2
PUSH_CROWD = PushCrowd()


def _sign(v: int) -> int:
    return (v > 0) - (v < 0)


def push_squares(frm: int, at: int) -> list[tuple[int, int]]:
    """The three squares (x, y) away from `frm` that a player at `at` may be pushed to."""
    fx, fy = coords(frm)
    x, y = coords(at)
    dx, dy = _sign(x - fx), _sign(y - fy)
    if dx and dy:
        return [(x + dx, y + dy), (x + dx, y), (x, y + dy)]
    if dx:
        return [(x + dx, y), (x + dx, y - 1), (x + dx, y + 1)]
    return [(x, y + dy), (x - 1, y + dy), (x + 1, y + dy)]


def push_options(s: BloodBowlState, frm: int, at: int) -> list[int]:
    """The squares the coach may choose (CROWD for the crowd), by the order of precedence."""
    squares = push_squares(frm, at)
    empty = [index(x, y) for x, y in squares if on_pitch(x, y) and s.pitch[index(x, y)] < 0]
    if empty:
        return empty
    if any(not on_pitch(x, y) for x, y in squares):
        return [CROWD]
    return [index(x, y) for x, y in squares]


class Push(Procedure):
    """Phase 0 chooses the square; phase 1 moves after a chain push made room."""

    __slots__ = ("chain", "grab", "pid", "source", "target", "team")
    name = "push"
    rule = "push-backs, chain pushes and the crowd (BB2020)"

    def __init__(
        self,
        pid: int = -1,
        source: int = -1,
        team: int = 0,
        chain: bool = False,
        grab: bool = False,
    ) -> None:
        super().__init__()
        self.chain = chain
        self.grab = grab
        self.pid = pid
        self.source = source
        self.team = team
        self.target = -1

    def sidestep(self, s: BloodBowlState) -> list[int]:
        """Sidestep: every empty square next to him, if there is one (BB2020)."""
        p = s.players[self.pid]
        if not p.has("Sidestep"):
            return []
        return [sq for sq in NEIGHBOURS[p.square] if s.pitch[sq] < 0]

    def grabbed(self, s: BloodBowlState) -> list[int]:
        """Grab (BB2020): a Block (not a Blitz) by a player with Grab pushes the target into
        any empty square next to him, if there is one; Grab and Sidestep cancel out."""
        p = s.players[self.pid]
        if not self.grab or p.has("Sidestep"):
            return []
        return [sq for sq in NEIGHBOURS[p.square] if s.pitch[sq] < 0]

    def options(self, s: BloodBowlState) -> list[int]:
        if self.grab:
            return self.grabbed(s) or push_options(s, self.source, s.players[self.pid].square)
        return self.sidestep(s) or push_options(s, self.source, s.players[self.pid].square)

    def actor(self, s: BloodBowlState) -> int | None:
        if self.chain and (s.players[self.pid].has("Stand Firm") or s.players[self.pid].rooted):
            return None
        if self.phase == 0 and len(self.options(s)) > 1:
            if self.sidestep(s) and not self.grab:
                return s.players[self.pid].team
            return self.team
        return None

    def legal(self, s: BloodBowlState) -> list[Any]:
        return [PUSH_CROWD if sq == CROWD else PushTo(*coords(sq)) for sq in self.options(s)]

    def describe(self, s: BloodBowlState) -> str:
        return f"push {s.players[self.pid].label()} back"

    def why(self, s: BloodBowlState, action: Any) -> str:
        return (
            f"{self.describe(s)}: an empty square away from the blocker if there is one "
            f"(BB2020); the choices: {', '.join(map(str, self.legal(s)))}"
        )

    def step(self, s: BloodBowlState, action: Any) -> bool:
        p = s.players[self.pid]
        if self.phase == 1:
            if s.pitch[self.target] >= 0:
                s.log("push", f"{p.label()} cannot be pushed: the chain did not move.", self.rule)
                return True
            return self._move(s, self.target)
        if self.chain and (p.has("Stand Firm") or p.rooted):
            s.log("stand_firm", f"{p.label()} stands firm: the chain stops.", "Stand Firm (BB2020)")
            return True
        if action is None:
            target = self.options(s)[0]
        elif isinstance(action, PushCrowd):
            target = CROWD
        else:
            target = index(action.x, action.y)
        if target == CROWD:
            return self._crowd(s)
        other = s.pitch[target]
        if other >= 0:
            self.phase, self.target = 1, target
            s.log(
                "push",
                f"{p.label()} is pushed into {s.players[other].label()}: a chain push.",
                self.rule,
            )
            s.push(Push(other, p.square, self.team, chain=True))
            return False
        return self._move(s, target)

    def _move(self, s: BloodBowlState, target: int) -> bool:
        p = s.players[self.pid]
        had_ball = s.ball_state == HELD and s.ball == p.square
        s.log("push", f"{p.label()} is pushed back to {s.where(target)}.", self.rule)
        s.place(p, target)
        if had_ball:
            s.ball = target
        elif s.ball_state == ON_GROUND and s.ball == target:
            s.push(Bounce(target))
        return True

    def _crowd(self, s: BloodBowlState) -> bool:
        p = s.players[self.pid]
        had_ball = s.ball_state == HELD and s.ball == p.square
        square = p.square
        s.log("crowd", f"{p.label()} is pushed into the crowd!", self.rule)
        s.take_off(p, RESERVES)
        procs: list[Procedure] = [ArmourInjury(self.pid, crowd=True)]
        if had_ball:
            s.ball, s.ball_state = square, IN_AIR
            procs.append(ThrowIn(square))
            if p.team == active_team(s):
                turnover(s, f"{p.label()} was pushed into the crowd with the ball")
        s.push(*procs)
        return True
