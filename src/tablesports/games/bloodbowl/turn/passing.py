"""Pass and Hand-off (BB2020).

Pass: a Passing Ability test (PA+) with the range modifier, -1 per Marking player and the
weather; a natural 6 is accurate, a natural 1 a fumble; a failure is inaccurate, or wildly
inaccurate when the modified result is 1 or less. A wildly inaccurate pass deviates first
(D8, D6 squares from the thrower), and its path runs to where it will land (house rule: the
ruler goes where the ball goes). One opponent under the ball's path may then try to interfere
(an Agility test at -3 against an accurate pass, -2 against an inaccurate one, -1 against a
wildly inaccurate one, and -1 per Marking player): if he succeeds the pass is deflected and he
tries to catch it (a catch test; caught, it is an interception), else it bounces from him. An
accurate pass lands on the target; an inaccurate one scatters three times from it; a wildly
inaccurate one lands where it deviated to; a fumble bounces from the thrower.
Hand-off: the ball goes to a Standing team-mate next to him, who must catch it.
The team turn ends (a turnover) unless a player of the team ends up holding the ball.
"""

from __future__ import annotations

from math import hypot
from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D6, D8, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.ball import HELD, IN_AIR, ON_GROUND
from tablesports.games.bloodbowl.pitch import coords, end_zone_column, index, on_pitch
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.loose_ball import Bounce, ThrowIn
from tablesports.games.bloodbowl.tables import DIRECTION
from tablesports.games.bloodbowl.turn.actions import Interfere
from tablesports.games.bloodbowl.turn.common import (
    Test,
    active_team,
    has_tackle_zone,
    marked,
    turnover,
)
from tablesports.games.bloodbowl.turn.data import RANGES, TN
from tablesports.games.bloodbowl.turn.diving_catch import (
    PASS,
    PASS_CATCH,
    diving_catch,
    target_bonus,
)
from tablesports.games.bloodbowl.turn.hail_mary import BAND as HAIL_MARY_BAND
from tablesports.games.bloodbowl.turn.hail_mary import RULE as HAIL_MARY_RULE

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

NO_INTERFERENCE = Interfere(0)
ACCURATE, INACCURATE, WILD, FUMBLE = "accurate", "inaccurate", "wildly inaccurate", "fumbled"
KEPT = "kept"
"""Safe Pass: a fumbled pass stays in the passer's hands."""
CB, SAFE = "Cloud Burster (BB2020)", "Safe Pass (BB2020)"
DEVIATE, DISTANCE = 4, 5
"""The phases of a wildly inaccurate pass's deviation: the D8 direction, the D6 squares."""


def pass_range(s: BloodBowlState, frm: int, to: int) -> Any | None:
    """The range band of a pass from `frm` to `to`, or None when too far (or, in a
    Blizzard, longer than a short pass)."""
    (x1, y1), (x2, y2) = coords(frm), coords(to)
    d = hypot(x2 - x1, y2 - y1)
    blizzard = s.weather == "blizzard"
    for band in RANGES:
        if d <= band.reach:
            return band if band.blizzard or not blizzard else None
    return None


def land(s: BloodBowlState, square: int, modifier: int) -> None:
    """The thrown ball comes down on `square`: a catch by a Standing player there, else a
    bounce."""
    s.ball, s.ball_state = square, IN_AIR
    pid = s.pitch[square]
    if pid >= 0 and s.players[pid].standing and not s.players[pid].no_ball():
        s.push(TurnCatch(pid, square, modifier))
    elif pid >= 0 or not diving_catch(s, square, active_team(s), PASS, modifier):
        s.push(Bounce(square))


def interference_mod(s: BloodBowlState, result: str, q: Player) -> int:
    """The modifier to `q`'s interference with a throw whose Passing test gave `result` (a
    pass or a bomb): by how good the throw was, less each player Marking him."""
    base = (
        TN.interference_accurate
        if result == ACCURATE
        else TN.interference_inaccurate
        if result == INACCURATE
        else TN.interference_wild
    )
    return base - marked(s, q)


class TurnCatch(Test):
    """A catch during a team turn: an Agility test; Catch re-rolls; a failure bounces."""

    __slots__ = ("mod",)
    name = "turn_catch"
    kind = "catch"
    skill = "Catch"
    rule = "catching the ball: an Agility test, -1 per Marking player (BB2020)"

    def __init__(self, pid: int = -1, square: int = -1, mod: int = 0) -> None:
        super().__init__(pid, square)
        self.mod = mod

    def modifier(self, s: BloodBowlState, p: Player) -> int:
        return self.mod - marked(s, p) + s.weather_entry().catch_modifier

    def succeed(self, s: BloodBowlState, p: Player) -> None:
        s.ball, s.ball_state = p.square, HELD
        if coords(p.square)[0] == end_zone_column(1 - p.team):
            s.touchdown(p)

    def fail(self, s: BloodBowlState, p: Player) -> None:
        s.push(Bounce(p.square))


PASS_CATCH.append(TurnCatch)  # Diving Catch of a pass


class Possession(Procedure):
    """After a pass or hand-off has settled: a turnover unless the team holds the ball."""

    __slots__ = ("team",)
    name = "possession"
    rule = "turnovers: the ball not caught by the active team (BB2020)"

    def __init__(self, team: int = 0) -> None:
        super().__init__()
        self.team = team

    def step(self, s: BloodBowlState, action: Any) -> bool:
        c = s.carrier()
        if c is None or c.team != self.team:
            turnover(s, "the ball was not caught by a player of the team")
        return True


class PassAction(Procedure):
    """Phase 0 the pass test (with re-rolls through `PassTest`), then interference and the
    flight; `result` is set by the test."""

    __slots__ = ("burst", "deviation", "hail_mary", "interferer", "pid", "result", "target")
    name = "pass_action"
    rule = "the Pass (BB2020)"

    def __init__(self, pid: int = -1, target: int = -1, hail_mary: bool = False) -> None:
        super().__init__()
        self.pid = pid
        self.target = target
        self.hail_mary = hail_mary  # Hail Mary Pass (turn/hail_mary.py)
        self.result = ""
        self.interferer = -1
        self.deviation = 0
        self.burst = False

    def actor(self, s: BloodBowlState) -> int | None:
        if self.phase == 3:
            return 1 - s.players[self.pid].team
        return CHANCE if self.phase in (2, DEVIATE, DISTANCE) else None

    def legal(self, s: BloodBowlState) -> list[Any]:
        p = s.players[self.pid]
        return [NO_INTERFERENCE] + [Interfere(s.players[q].number) for q in self._interferers(s, p)]

    def why(self, s: BloodBowlState, action: Any) -> str:
        return (
            "one Standing opponent under the path of the pass may interfere (BB2020): "
            + ", ".join(map(str, self.legal(s)))
        )

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D8 if self.phase == DEVIATE else D6

    def describe(self, s: BloodBowlState) -> str:
        if self.phase in (DEVIATE, DISTANCE):
            return "a wildly inaccurate pass deviates from the thrower"
        if self.phase == 3:
            return "the pass is in the air: interfere with it?"
        if self.phase == 2:
            return f"{s.players[self.interferer].label()} tries to interfere with the pass"
        return f"{s.players[self.pid].label()} passes to {s.where(self.target)}"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        p = s.players[self.pid]
        if self.phase == 0:
            self.phase = 1
            band = HAIL_MARY_BAND if self.hail_mary else pass_range(s, p.square, self.target)
            what = "Hail Mary Pass" if self.hail_mary else band.name if band else "pass"
            s.log("pass", f"{p.label()} throws a {what} to {s.where(self.target)}.", self.rule)
            s.push(PassTest(self.pid, self.target))
            return False
        if self.phase == 1:
            return self._after_test(s, p)
        if self.phase == DEVIATE:
            self.deviation, self.phase = action.value, DISTANCE
            return False
        if self.phase == DISTANCE:
            return self._deviated(s, p, action.value)
        if self.phase == 3:
            if action.number == 0:
                return self._fly(s, p)
            q = s.player(1 - p.team, action.number)
            assert q is not None
            self.interferer = q.pid
            self.phase = 2
            return False
        # phase 2: the interference roll
        q = s.players[self.interferer]
        mod = self._interference_mod(s, q)
        ok = roll_passes(action.value, q.ag, mod)
        s.log(
            "interference",
            f"{q.label()} interferes: D6={action.value}{mod:+d} against "
            f"{q.ag}+: {'the pass is deflected!' if ok else 'failure'}.",
            self.rule,
            success=ok,
        )
        if ok and not self.burst and self._cloud_burster(s, p):
            self.burst = True  # the interference is rolled again
            s.log("cloud_burster", "Cloud Burster: the interference must be re-rolled.", CB)
            return False
        if ok:  # deflected: he may catch it (an interception), else it bounces from him
            s.ball, s.ball_state = q.square, IN_AIR
            s.push(TurnCatch(q.pid, q.square, TN.deflected_catch_modifier))
            return True
        return self._fly(s, p)

    def _cloud_burster(self, s: BloodBowlState, p: Player) -> bool:
        """Cloud Burster (BB2020): on a long pass or long bomb the passer's coach makes the
        opposing coach re-roll a successful interference (always: it only helps him)."""
        band = pass_range(s, p.square, self.target)
        return p.has("Cloud Burster") and band is not None and band.name.startswith("long")

    def _after_test(self, s: BloodBowlState, p: Player) -> bool:
        if self.result == KEPT:
            return True
        if self.result == FUMBLE:
            s.ball, s.ball_state = p.square, IN_AIR
            s.push(Bounce(p.square))
            return True
        if self.result == WILD:
            self.phase = DEVIATE
            return False
        return self._interfere_or_fly(s, p)

    def _interfere_or_fly(self, s: BloodBowlState, p: Player) -> bool:
        if not self.hail_mary and self._interferers(s, p):  # no interfering with a Hail Mary
            self.phase = 3  # the opposing coach may pick an interferer
            return False
        return self._fly(s, p)

    def _deviated(self, s: BloodBowlState, p: Player, distance: int) -> bool:
        """The wildly inaccurate pass's landing square; off the pitch, the crowd throws it in
        from the last square it crossed (no interference: it never lands on the pitch)."""
        dx, dy = DIRECTION[self.deviation]
        x, y = coords(p.square)
        for _ in range(distance):
            if not on_pitch(x + dx, y + dy):
                s.log("scatter", "The wild pass goes off the pitch.", self.rule)
                s.ball, s.ball_state = index(x, y), IN_AIR
                s.push(ThrowIn(index(x, y)))
                return True
            x, y = x + dx, y + dy
        self.target = index(x, y)
        s.log("scatter", f"The wild pass deviates to {x},{y}.", self.rule)
        return self._interfere_or_fly(s, p)

    def _fly(self, s: BloodBowlState, p: Player) -> bool:
        if self.result == ACCURATE:  # Diving Catch: +1 in the target square
            land(s, self.target, TN.pass_catch_modifier + target_bonus(s, self.target))
        elif self.result == INACCURATE:
            s.ball, s.ball_state = self.target, IN_AIR
            s.push(FlightScatter(self.target, 3))
        else:
            land(s, self.target, TN.scattered_catch_modifier)
        return True

    def _interference_mod(self, s: BloodBowlState, q: Player) -> int:
        return interference_mod(s, self.result, q)

    def interference_target(self, s: BloodBowlState, q: Player) -> int:
        """The D6 `q` needs to interfere (for people and bots)."""
        return q.ag - self._interference_mod(s, q)

    def _interferers(self, s: BloodBowlState, p: Player) -> list[int]:
        """Standing opponents whose square the pass crosses: the line between the centres
        passes within half a square of theirs (house reading of the range ruler)."""
        (x1, y1), (x2, y2) = coords(p.square), coords(self.target)
        dx, dy = x2 - x1, y2 - y1
        length2 = dx * dx + dy * dy
        out = []
        for pid in s.team_pids[1 - p.team]:
            q = s.players[pid]
            if q.square < 0 or not has_tackle_zone(q) or q.no_ball():
                continue
            qx, qy = coords(q.square)
            t = ((qx - x1) * dx + (qy - y1) * dy) / length2 if length2 else 0
            if not 0 < t < 1:
                continue
            if hypot(x1 + t * dx - qx, y1 + t * dy - qy) > 0.5:
                continue
            out.append(pid)
        return out


def roll_passes(roll: int, target: int, mod: int) -> bool:
    return roll != 1 and (roll == 6 or roll + mod >= target)


class PassTest(Test):
    name = "pass_test"
    kind = "Passing test"
    skill = "Pass"
    rule = "the Passing Ability test (BB2020)"

    def target(self, s: BloodBowlState, p: Player) -> int:
        return p.pa

    def modifier(self, s: BloodBowlState, p: Player) -> int:
        hail_mary = self._parent(s).hail_mary
        band = HAIL_MARY_BAND if hail_mary else pass_range(s, p.square, self.square)
        return (band.modifier if band else 0) - marked(s, p) + s.weather_entry().pass_modifier

    def check(self, s: BloodBowlState, p: Player, roll: int) -> bool:
        return roll != 1 and (roll == 6 or roll + self.modifier(s, p) >= p.pa)

    def _parent(self, s: BloodBowlState) -> PassAction:
        for proc in reversed(s.stack):
            if isinstance(proc, PassAction):
                return proc
        raise AssertionError("a pass test without its pass")

    def succeed(self, s: BloodBowlState, p: Player) -> None:
        parent = self._parent(s)
        if parent.hail_mary:  # Hail Mary Pass: accurate counts as inaccurate (2025)
            s.log("pass", "The Hail Mary Pass is inaccurate at best.", HAIL_MARY_RULE)
            parent.result = INACCURATE
            return
        parent.result = ACCURATE

    def fail(self, s: BloodBowlState, p: Player) -> None:
        last = self.last
        result = (
            FUMBLE
            if last == 1
            else WILD
            if last + self.modifier(s, p) <= TN.wild_pass_at
            else INACCURATE
        )
        s.log("pass", f"The pass is {result}.", self.rule)
        if result == FUMBLE and p.has("Safe Pass"):
            s.log("safe_pass", f"Safe Pass: {p.label()} keeps the ball; no turnover.", SAFE)
            self._parent(s).result = KEPT
            return
        self._parent(s).result = result
        if result == FUMBLE and p.team == active_team(s):  # not a Dump-off's (BB2020)
            turnover(s, f"{p.label()} fumbled the pass")


class FlightScatter(Procedure):
    """An inaccurate pass scatters `count` times (D8) from the target. Leaving the pitch, the
    crowd throws it back in from the last square it crossed."""

    __slots__ = ("count", "square")
    name = "flight_scatter"
    rule = "inaccurate passes scatter (BB2020)"

    def __init__(self, square: int = -1, count: int = 3) -> None:
        super().__init__()
        self.square = square
        self.count = count

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D8

    def step(self, s: BloodBowlState, action: Any) -> bool:
        dx, dy = DIRECTION[action.value]
        self.phase += 1
        x, y = coords(self.square)
        if not on_pitch(x + dx, y + dy):
            s.log("scatter", "The ball goes off the pitch.", self.rule)
            s.ball, s.ball_state = index(x, y), IN_AIR
            s.push(ThrowIn(index(x, y)))
            return True
        x, y = x + dx, y + dy
        self.square = index(x, y)
        s.log("scatter", f"The ball flies to {x},{y}.", self.rule)
        if self.phase >= self.count:
            land(s, self.square, TN.scattered_catch_modifier)
            return True
        return False


class HandOff(Procedure):
    __slots__ = ("pid", "receiver")
    name = "hand_off"
    rule = "the Hand-off (BB2020)"

    def __init__(self, pid: int = -1, receiver: int = -1) -> None:
        super().__init__()
        self.pid = pid
        self.receiver = receiver

    def step(self, s: BloodBowlState, action: Any) -> bool:
        p, q = s.players[self.pid], s.players[self.receiver]
        s.log("hand_off", f"{p.label()} hands the ball to {q.label()}.", self.rule)
        s.push(Possession(p.team))
        s.ball, s.ball_state = q.square, IN_AIR
        if q.no_ball():
            s.push(Bounce(q.square))
        else:
            s.push(TurnCatch(self.receiver, q.square, TN.pass_catch_modifier))
        return True


__all__ = ["ON_GROUND", "HandOff", "PassAction", "TurnCatch"]
