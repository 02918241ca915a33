"""The loose ball: it bounces, is caught, or is thrown back in by the crowd. These three
hand the ball to each other (a failed catch bounces, a bounce may leave the pitch, a throw-in
comes down to be caught), so they live together.

- Bounce (seed: bounce = D8 once). During the kick-off (`kickoff`), a ball that leaves the
  pitch or crosses into the kicking team's half is a touchback (seed); otherwise a ball leaving
  the pitch is thrown in by the crowd. A Standing player where it comes down may try to catch it.
- Catch (seed: an Agility test; brief/BB2020 modifiers): -1 because the ball deviated,
  scattered or bounced, -1 per Marking opponent, and the weather (-1 in Pouring Rain). The
  Catch skill re-rolls a failure. A failed catch bounces the ball.
- Throw-in (BB2020): a D6 on the throw-in template for the direction and 2D6 squares from the
  square where it left; off again, it is thrown in again from the last square it crossed on
  the pitch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D6, D8, TWO_D6, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.ball import HELD, IN_AIR, ON_GROUND, OUT
from tablesports.games.bloodbowl.pitch import (
    HEIGHT,
    WIDTH,
    coords,
    end_zone_column,
    in_half,
    index,
    on_pitch,
)
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.tests_of_skill import describe_test, passes
from tablesports.games.bloodbowl.procedures.touchback import Touchback
from tablesports.games.bloodbowl.tables import DIRECTION, NUMBERS, THROW_IN

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


def can_catch(s: BloodBowlState, pid: int) -> bool:
    p = s.players[pid]
    return p.standing and not p.no_ball()


def ball_comes_down(s: BloodBowlState, square: int, kickoff: bool) -> None:
    """The ball comes down on `square` (on the pitch): a catch, a bounce, or it rests."""
    pid = s.pitch[square]
    s.ball = square
    if pid < 0:
        s.ball_state = ON_GROUND
        s.log("ball", f"The ball comes to rest at {s.where(square)}.", "the ball")
    elif can_catch(s, pid):
        s.ball_state = IN_AIR
        s.push(Catch(pid, kickoff))
    else:
        s.ball_state = IN_AIR
        s.push(Bounce(square, kickoff))


class Bounce(Procedure):
    __slots__ = ("kickoff", "square")
    name = "bounce"
    rule = "the ball bounces: D8 once (seed)"

    def __init__(self, square: int = -1, kickoff: bool = False) -> None:
        super().__init__()
        self.square = square
        self.kickoff = kickoff

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D8

    def describe(self, s: BloodBowlState) -> str:
        return f"the ball bounces from {s.where(self.square)}"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        dx, dy = DIRECTION[action.value]
        x, y = coords(self.square)
        x, y = x + dx, y + dy
        if not on_pitch(x, y) or (self.kickoff and not in_half(s.receiving, x)):
            where = "off the pitch" if not on_pitch(x, y) else "into the kicking team's half"
            s.log("bounce", f"The ball bounces ({action}) {where}.", self.rule)
            if self.kickoff:
                s.ball, s.ball_state = -1, OUT
                s.push(Touchback())
            else:
                s.ball, s.ball_state = self.square, IN_AIR
                s.push(ThrowIn(self.square))
            return True
        s.log("bounce", f"The ball bounces ({action}) to {x},{y}.", self.rule)
        ball_comes_down(s, index(x, y), self.kickoff)
        return True


def catch_modifier(s: BloodBowlState, pid: int) -> int:
    p = s.players[pid]
    return (
        NUMBERS.kickoff_catch_modifier
        + (
            0
            if p.has("Nerves of Steel")
            else NUMBERS.marking_modifier * s.markers(p.team, p.square)
        )
        + s.weather_entry().catch_modifier
    )


class Catch(Procedure):
    __slots__ = ("kickoff", "pid", "rerolled")
    name = "catch"
    rule = "catching the ball: an Agility test (seed)"

    def __init__(self, pid: int = -1, kickoff: bool = False) -> None:
        super().__init__()
        self.pid = pid
        self.kickoff = kickoff
        self.rerolled = False

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D6

    def describe(self, s: BloodBowlState) -> str:
        return f"{s.players[self.pid].label()} tries to catch the ball"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        p = s.players[self.pid]
        mod = catch_modifier(s, self.pid)
        ok = passes(action.value, p.ag, mod)
        s.log(
            "catch",
            f"{p.label()} catches: {describe_test(action.value, p.ag, mod)}: "
            f"{'success' if ok else 'failure'}.",
            self.rule,
            roll=action.value,
            modifier=mod,
            success=ok,
        )
        if ok:
            s.ball, s.ball_state = p.square, HELD
            # outside the kick-off, a catch in the opponent's end zone scores (BB2020)
            if not self.kickoff and coords(p.square)[0] == end_zone_column(1 - p.team):
                s.touchdown(p)
            return True
        if p.has("Catch") and not self.rerolled:
            self.rerolled = True
            s.log("reroll", f"{p.label()} re-rolls the catch (Catch skill).", self.rule)
            return False
        s.push(Bounce(p.square, self.kickoff))
        return True


def inward(square: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The way into the pitch from an edge square, and the way along that edge.
    At a corner, the sideline (top/bottom) counts first (house rule)."""
    x, y = coords(square)
    if y == 0:
        return (0, 1), (1, 0)
    if y == HEIGHT - 1:
        return (0, -1), (1, 0)
    if x == 0:
        return (1, 0), (0, 1)
    if x == WIDTH - 1:
        return (-1, 0), (0, 1)
    return (0, 1), (1, 0)  # not on an edge: cannot happen from a bounce off the pitch


THROW_IN_CATCHES: list[Any] = []
"""Skills that may catch a thrown-in ball coming down on an empty square (Diving Catch adds
itself, turn/diving_catch.py): each `hook(state, square)` says True when it took over."""


class ThrowIn(Procedure):
    """Phase 0: the D6 direction; phase 1: the 2D6 distance."""

    __slots__ = ("direction", "square")
    name = "throw_in"
    rule = "throw-in by the crowd (BB2020)"

    def __init__(self, square: int = -1) -> None:
        super().__init__()
        self.square = square
        self.direction = 0

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D6 if self.phase == 0 else TWO_D6

    def describe(self, s: BloodBowlState) -> str:
        return f"the crowd throws the ball in from {s.where(self.square)}"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if self.phase == 0:
            self.direction = action.value
            self.phase = 1
            for proc in s.stack:  # during a Punt (turn/punt.py) the crowd's ball is a turnover
                if proc.name == "punt":
                    proc.crowd = True  # type: ignore[attr-defined]
            return False
        (ix, iy), (ax, ay) = inward(self.square)
        turn = THROW_IN[self.direction]
        dx, dy = ix + turn * ax, iy + turn * ay
        x, y = coords(self.square)
        last = self.square
        for _ in range(action.total):
            x, y = x + dx, y + dy
            if not on_pitch(x, y):
                s.log(
                    "throw_in",
                    f"Throw-in (D6={self.direction}, {action}) goes off the pitch again.",
                    self.rule,
                )
                s.push(ThrowIn(last))
                return True
            last = index(x, y)
        s.log("throw_in", f"Throw-in (D6={self.direction}, {action}) to {x},{y}.", self.rule)
        if s.pitch[last] < 0 and any(hook(s, last) for hook in THROW_IN_CATCHES):
            s.ball, s.ball_state = last, IN_AIR
            return True
        ball_comes_down(s, last, False)
        return True
