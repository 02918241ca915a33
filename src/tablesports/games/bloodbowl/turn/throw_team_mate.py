"""Throw Team-mate (BB2020; the 2025 seed is silent), with Right Stuff and Always Hungry.

A player with Throw Team-mate, Standing, throws a Standing team-mate next to him who has
Right Stuff and ST 3 or less (`throw 12 to 16,7`) to a square within a quick or short pass.
The throw is a Passing Ability test (range modifier, -1 per Marking opponent, the weather):
passed (or a natural 6) it is superb and he flies to the target square; failed, it is subpar
and he scatters three times (D8) from the target; a natural 1 or a modified 1 or less is a
fumble and he scatters once from his own square. Where he comes down:

- off the pitch: the crowd (an injury roll without armour, like a push into the crowd);
- on another player: that player is Knocked Down (armour roll), the thrown player scatters
  once more until he comes down on an empty square, and is Placed Prone there (armour roll);
- on an empty square: the landing, an Agility test at -1 per Marking opponent (Right Stuff);
  a failure Places him Prone (armour roll), which is no turnover unless he holds the ball.

A thrown ball carrier who lands on his feet in the opposing end zone scores. A ball lying
where he lands bounces. Always Hungry: before the throw a D6; on a 1 the thrower tries to eat
him: a second D6, on 2+ he squirms free and the throw is fumbled, on a 1 he is eaten (the
casualty box, no Regeneration) and a ball he held bounces from the thrower's square (a
turnover).
"""

from __future__ import annotations

from math import hypot
from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D6, D8, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.ball import HELD, IN_AIR, ON_GROUND
from tablesports.games.bloodbowl.pitch import (
    HEIGHT,
    NEIGHBOURS,
    WIDTH,
    coords,
    end_zone_column,
    index,
    on_pitch,
)
from tablesports.games.bloodbowl.players import CASUALTY, PRONE, RESERVES
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.loose_ball import Bounce, ThrowIn
from tablesports.games.bloodbowl.tables import DIRECTION
from tablesports.games.bloodbowl.turn.common import (
    Test,
    active_team,
    disturbing,
    marking,
    turnover,
)
from tablesports.games.bloodbowl.turn.data import RANGES, TN
from tablesports.games.bloodbowl.turn.injury import ArmourInjury, knock_down, mighty_blow
from tablesports.games.bloodbowl.turn.paths import clamp

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

RULE = "Throw Team-mate and Right Stuff (BB2020)"
KICK_RULE = "Kick Team-mate (BB2020)"
THROW_BANDS = tuple(b for b in RANGES if b.name in ("quick pass", "short pass"))
"""A team-mate can be thrown a quick or a short pass only (BB2020)."""
SUPERB, SUBPAR, FUMBLED = "superb", "subpar", "fumbled"


def throw_band(s: BloodBowlState, frm: int, to: int) -> Any | None:
    (x1, y1), (x2, y2) = coords(frm), coords(to)
    d = hypot(x2 - x1, y2 - y1)
    for band in THROW_BANDS:
        if d <= band.reach:
            return band
    return None


def throwable(s: BloodBowlState, thrower: Player) -> list[int]:
    """The team-mates next to `thrower` he may throw: Standing, Right Stuff, ST 3 or less."""
    out = []
    for sq in NEIGHBOURS[thrower.square]:
        pid = s.pitch[sq]
        if pid >= 0:
            q = s.players[pid]
            if (
                q.team == thrower.team
                and q.standing
                and q.has("Right Stuff")
                and q.st <= TN.right_stuff_max_st
            ):
                out.append(pid)
    return out


def throw_modifier(s: BloodBowlState, p: Player, target: int) -> int:
    band = throw_band(s, p.square, target)
    return (
        (band.modifier if band else 0)
        - marking(s, p.team, p.square)
        - disturbing(s, p.team, p.square)
        + s.weather_entry().pass_modifier
        + ("Strong Arm" in p.skills)  # +1 to the throw (BB2020)
    )


def throw_aims(s: BloodBowlState, p: Player) -> list[Any]:
    """Every `throw N to x,y` open to `p` now, each with its range and roll (for people)."""
    from tablesports.games.bloodbowl.turn.actions import ThrowAim

    out: list[Any] = []
    x0, y0 = coords(p.square)
    reach = int(THROW_BANDS[-1].reach)
    for pid in throwable(s, p):
        q = s.players[pid]
        for y in range(max(0, y0 - reach), min(HEIGHT, y0 + reach + 1)):
            for x in range(max(0, x0 - reach), min(WIDTH, x0 + reach + 1)):
                sq = index(x, y)
                band = throw_band(s, p.square, sq) if sq != p.square else None
                if band is not None and sq != q.square:
                    need = clamp(p.pa - throw_modifier(s, p, sq))
                    out.append(ThrowAim(q.number, x, y, f"{band.name} {need}+"))
    return out


class ThrowTeamMate(Procedure):
    """Phase 0: Always Hungry (if he has it); phase 1: the throw test; phase 2: the flight.
    `result` is set by the test (or by Always Hungry)."""

    __slots__ = ("kick", "pid", "result", "target", "thrown")
    name = "throw_team_mate"
    rule = RULE

    def __init__(
        self, pid: int = -1, thrown: int = -1, target: int = -1, kick: bool = False
    ) -> None:
        super().__init__()
        self.kick = kick
        self.pid = pid
        self.thrown = thrown
        self.target = target
        self.result = ""

    def step(self, s: BloodBowlState, action: Any) -> bool:
        p, q = s.players[self.pid], s.players[self.thrown]
        if self.phase == 0:
            self.phase = 1
            band = throw_band(s, p.square, self.target)
            s.log(
                "throw_team_mate",
                f"{p.label()} {'kicks' if self.kick else 'throws'} {q.label()} "
                f"({band.name if band else 'throw'}) to {s.where(self.target)}.",
                self.rule,
            )
            if p.has("Always Hungry"):
                s.push(AlwaysHungry(self.pid, self.thrown))
                return False
        if self.phase == 1:
            self.phase = 2
            if self.result == "":
                s.push(ThrowTest(self.pid, self.target))
                return False
        if self.result == "eaten" or q.square < 0:
            return True
        if self.result == SUPERB:
            s.push(Flight(self.thrown, self.target, 0))
        elif self.result == SUBPAR:
            s.push(_scatter(q, self.target, TN.throw_scatters))
        elif self.kick:
            _fumbled_kick(s, p, q)
        else:
            s.push(_scatter(q, q.square, 1))
        return True


SWOOP: list[Any] = []
"""Swoop's choice procedure, put here by `turn/swoop.py` (no import circle)."""


def _scatter(q: Player, square: int, count: int) -> Procedure:
    """The flight that scatters `count` times from `square`; Swoop first offers its choice."""
    if SWOOP and "Swoop" in q.skills:
        return SWOOP[0](q.pid, square, count)
    return Flight(q.pid, square, count)


def _fumbled_kick(s: BloodBowlState, kicker: Player, q: Player) -> None:
    """A fumbled Kick Team-mate (BB2020 trait): the kicked player is removed from play with an
    injury roll, Stunned counting as KO (the kicker's Mighty Blow applies); a ball he held
    bounces from his square (a turnover, house rule: the team lost the ball)."""
    square = q.square
    had_ball = s.ball_state == HELD and s.ball == square
    s.log("kick_team_mate", f"The kick is fumbled: {q.label()} is hurt.", KICK_RULE)
    s.take_off(q, RESERVES)
    procs: list[Procedure] = [
        ArmourInjury(q.pid, bonus=mighty_blow(s, kicker.pid), crowd=True, stunned_ko=True)
    ]
    if had_ball:
        s.ball, s.ball_state = square, IN_AIR
        procs.append(Bounce(square))
        turnover(s, f"{q.label()} was hurt with the ball")
    s.push(*procs)


def _parent(s: BloodBowlState) -> ThrowTeamMate:
    for proc in reversed(s.stack):
        if isinstance(proc, ThrowTeamMate):
            return proc
    raise AssertionError("a throw without its Throw Team-mate action")


class ThrowTest(Test):
    """The thrower's Passing Ability test (Pass re-rolls it, as any Passing test)."""

    name = "throw_test"
    kind = "throw"
    skill = "Pass"
    rule = RULE

    def target(self, s: BloodBowlState, p: Player) -> int:
        return p.pa

    def modifier(self, s: BloodBowlState, p: Player) -> int:
        return throw_modifier(s, p, self.square)

    def succeed(self, s: BloodBowlState, p: Player) -> None:
        s.log("throw", "A superb throw.", self.rule)
        _parent(s).result = SUPERB

    def fail(self, s: BloodBowlState, p: Player) -> None:
        fumbled = self.last == 1 or self.last + self.modifier(s, p) <= TN.wild_pass_at
        result = FUMBLED if fumbled else SUBPAR
        s.log("throw", f"The throw is {result}.", self.rule)
        _parent(s).result = result


class AlwaysHungry(Procedure):
    """Phase 0: the D6 (1: he tries to eat the team-mate); phase 1: the team-mate's D6 to
    squirm free (2+: the throw is fumbled; 1: eaten)."""

    __slots__ = ("pid", "thrown")
    name = "always_hungry"
    rule = "Always Hungry (BB2020)"

    def __init__(self, pid: int = -1, thrown: int = -1) -> None:
        super().__init__()
        self.pid = pid
        self.thrown = thrown

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D6

    def describe(self, s: BloodBowlState) -> str:
        return f"Always Hungry roll for {s.players[self.pid].label()}"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        p, q = s.players[self.pid], s.players[self.thrown]
        if self.phase == 0:
            hungry = action.value < TN.always_hungry_roll
            s.log(
                "always_hungry",
                f"{p.label()} (Always Hungry): D6={action.value}: "
                f"{'he tries to eat ' + q.label() + '!' if hungry else 'he throws'}.",
                self.rule,
            )
            if not hungry:
                return True
            self.phase = 1
            return False
        if action.value >= TN.always_hungry_escape:
            s.log("always_hungry", f"{q.label()} squirms free: the throw is fumbled.", self.rule)
            _parent(s).result = FUMBLED
            return True
        s.log("always_hungry", f"{q.label()} is eaten!", self.rule)
        _parent(s).result = "eaten"
        had_ball = s.ball_state == HELD and s.ball == q.square
        s.take_off(q, CASUALTY)
        if had_ball:  # the ball bounces from the thrower's square; a turnover
            s.ball, s.ball_state = p.square, IN_AIR
            s.push(Bounce(p.square))
            turnover(s, f"{q.label()} was eaten with the ball")
        return True


class Flight(Procedure):
    """The thrown player in the air: `count` D8 scatters from `square`, then he comes down;
    `crashed` says he came down on a player already (he will be Placed Prone)."""

    __slots__ = ("count", "crashed", "pid", "square")
    name = "thrown_flight"
    rule = RULE
    landing: Any = None
    """The landing test's class (None: `LandingTest`; Swoop's own lets him re-roll it)."""

    def __init__(self, pid: int = -1, square: int = -1, count: int = 0) -> None:
        super().__init__()
        self.pid = pid
        self.square = square
        self.count = count
        self.crashed = False

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE if self.count > 0 else None

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D8

    def describe(self, s: BloodBowlState) -> str:
        return f"{s.players[self.pid].label()} is in the air"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        p = s.players[self.pid]
        if self.count > 0:
            dx, dy = DIRECTION[action.value]
            x, y = coords(self.square)
            self.count -= 1
            if not on_pitch(x + dx, y + dy):
                return self._crowd(s, p, self.square)
            self.square = index(x + dx, y + dy)
            if self.count > 0:
                return False
        other = s.pitch[self.square]
        if other >= 0 and other != self.pid:
            # he lands on one player at most, then scatters on until a square is empty
            self.count = 1
            if not self.crashed:
                q = s.players[other]
                s.log("thrown", f"{p.label()} comes down on {q.label()}!", self.rule)
                self.crashed = True
                knock_down(s, other)
            return False
        return self._land(s, p)

    def _crowd(self, s: BloodBowlState, p: Player, last: int) -> bool:
        had_ball = s.ball_state == HELD and s.ball == p.square
        s.log("crowd", f"{p.label()} is thrown into the crowd!", self.rule)
        s.take_off(p, RESERVES)
        procs: list[Procedure] = [ArmourInjury(self.pid, crowd=True)]
        if had_ball:
            s.ball, s.ball_state = last, IN_AIR
            procs.append(ThrowIn(last))
            turnover(s, f"{p.label()} was thrown into the crowd with the ball")
        s.push(*procs)
        return True

    def _land(self, s: BloodBowlState, p: Player) -> bool:
        sq = self.square
        carrying = s.ball_state == HELD and s.ball == p.square
        loose_there = s.ball_state == ON_GROUND and s.ball == sq
        s.place(p, sq)
        if carrying:
            s.ball = sq
        s.log("thrown", f"{p.label()} comes down at {s.where(sq)}.", self.rule)
        procs: list[Procedure] = []
        if self.crashed:
            placed_prone(s, p)
        else:
            procs.append((self.landing or LandingTest)(self.pid, sq))
        if loose_there:  # a ball lying where he lands bounces (house: he cannot take it)
            s.ball_state = IN_AIR
            procs.append(Bounce(sq))
        s.push(*procs)
        return True


def placed_prone(s: BloodBowlState, p: Player) -> None:
    """A failed landing: Placed Prone with an armour roll; a turnover only with the ball."""
    had_ball = s.ball_state == HELD and s.ball == p.square
    p.stance = PRONE
    s.log("placed_prone", f"{p.label()} is Placed Prone at {s.where(p.square)}.", RULE)
    procs: list[Procedure] = [ArmourInjury(p.pid)]
    if had_ball:
        s.ball_state = IN_AIR
        procs.append(Bounce(p.square))
        if p.team == active_team(s):
            turnover(s, f"{p.label()} failed to land with the ball")
    s.push(*procs)


class LandingTest(Test):
    """Right Stuff's landing: an Agility test at -1 per Marking opponent."""

    name = "landing_test"
    kind = "landing"
    rule = "landing a thrown player (Right Stuff, BB2020)"

    def modifier(self, s: BloodBowlState, p: Player) -> int:
        return -marking(s, p.team, p.square)

    def succeed(self, s: BloodBowlState, p: Player) -> None:
        if (
            s.ball_state == HELD
            and s.ball == p.square
            and coords(p.square)[0] == end_zone_column(1 - p.team)
        ):
            s.touchdown(p)

    def fail(self, s: BloodBowlState, p: Player) -> None:
        placed_prone(s, p)


__all__ = ["AlwaysHungry", "Flight", "LandingTest", "ThrowTeamMate", "ThrowTest", "throw_aims"]
