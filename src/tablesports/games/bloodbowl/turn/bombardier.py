"""Bombardier (2025 skill): the Throw Bomb Special action, once a team turn (`throw bomb 7`,
then `bomb at 18,6`; he may not move first). The bomb is thrown as a pass: the Passing test
(range, Marking players, weather; Pass re-rolls it), accurate, inaccurate (three scatters),
wildly inaccurate (a deviation from the thrower) or fumbled (it explodes in his square), and
opponents under its path may interfere (deflected, the interferer tries to catch it). A
Standing player where it comes down tries to catch it: caught, he must at once throw it again
(`bomb at 18,6`, no move, not limited by the once a turn); dropped, it explodes in his square.
A bomb that comes to rest on the ground (an empty square, a Prone player's square) explodes
there; a bomb leaving the pitch is lost in the crowd (house rule: it explodes there, hurting
no player). The explosion hits the player in its square, and each player next to it on a D6
of 4+: a Standing player hit is Knocked Down (armour roll; a player of the active team going
down is a turnover, as any knock-down), a Prone or Stunned one takes an armour roll."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D6, D8, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.pitch import NEIGHBOURS, coords, index, on_pitch
from tablesports.games.bloodbowl.players import STANDING
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.tables import DIRECTION
from tablesports.games.bloodbowl.turn.actions import Aim, Interfere
from tablesports.games.bloodbowl.turn.common import Test, has_tackle_zone, marked
from tablesports.games.bloodbowl.turn.data import TN
from tablesports.games.bloodbowl.turn.injury import ArmourInjury, knock_down
from tablesports.games.bloodbowl.turn.passing import (
    ACCURATE,
    FUMBLE,
    INACCURATE,
    WILD,
    interference_mod,
    pass_range,
    roll_passes,
)

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

RULE = "Bombardier (2025)"
BLAST_HIT = 4
"""A player next to the explosion is hit on a D6 of 4+."""
NO_INTERFERENCE = Interfere(0)
TEST, INTERFERE, INTERFERENCE, DEVIATE, DISTANCE, SCATTER = 1, 2, 3, 4, 5, 6


def bomb_aims(s: BloodBowlState, p: Player) -> list[Aim]:
    """Every square a bomb may be thrown at (as a pass: any square in range)."""
    from tablesports.games.bloodbowl.turn.paths import clamp

    base = -marked(s, p) + s.weather_entry().pass_modifier
    out = []
    for y in range(15):
        for x in range(26):
            sq = index(x, y)
            band = pass_range(s, p.square, sq) if sq != p.square else None
            if band is not None:
                need = clamp(p.pa - (band.modifier + base))
                out.append(Aim("bomb at", x, y, f"{band.name} {need}+"))
    return out


class ThrowBomb(Procedure):
    """Phase 0 names the throw; TEST waits for the Passing test (`result`); INTERFERE is the
    opposing coach's choice of an interferer; INTERFERENCE his roll; DEVIATE and DISTANCE a
    wildly inaccurate bomb's deviation; SCATTER an inaccurate bomb's three D8s."""

    __slots__ = ("deviation", "interferer", "pid", "result", "scatters", "square", "target")
    name = "throw_bomb"
    rule = RULE

    def __init__(self, pid: int = -1, target: int = -1) -> None:
        super().__init__()
        self.pid = pid
        self.target = target
        self.square = target
        self.result = ""
        self.interferer = -1
        self.deviation = 0
        self.scatters = 0

    def actor(self, s: BloodBowlState) -> int | None:
        if self.phase == INTERFERE:
            return 1 - s.players[self.pid].team
        return CHANCE if self.phase >= INTERFERENCE else None

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D8 if self.phase in (DEVIATE, SCATTER) else D6

    def legal(self, s: BloodBowlState) -> list[Any]:
        p = s.players[self.pid]
        return [NO_INTERFERENCE] + [Interfere(s.players[q].number) for q in self._interferers(s, p)]

    def why(self, s: BloodBowlState, action: Any) -> str:
        return "one Standing opponent under the bomb's path may interfere: " + ", ".join(
            map(str, self.legal(s))
        )

    def describe(self, s: BloodBowlState) -> str:
        p = s.players[self.pid]
        if self.phase == INTERFERE:
            return "a bomb is in the air: interfere with it?"
        return f"{p.label()} throws a bomb at {s.where(self.target)}"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        p = s.players[self.pid]
        if self.phase == 0:
            self.phase = TEST
            band = pass_range(s, p.square, self.target)
            s.log(
                "throw_bomb",
                f"{p.label()} throws a bomb ({band.name if band else 'throw'}) "
                f"at {s.where(self.target)}.",
                RULE,
            )
            s.push(BombTest(self.pid, self.target))
            return False
        if self.phase == TEST:
            if self.result == FUMBLE:
                s.log("bomb", "The bomb is fumbled!", RULE)
                explode(s, p.square)
                return True
            if self.result == WILD:
                self.phase = DEVIATE
                return False
            return self._interfere_or_fly(s, p)
        if self.phase == DEVIATE:
            self.deviation, self.phase = action.value, DISTANCE
            return False
        if self.phase == DISTANCE:
            dx, dy = DIRECTION[self.deviation]
            x, y = coords(p.square)
            for _ in range(action.value):
                if not on_pitch(x + dx, y + dy):
                    return _lost(s)
                x, y = x + dx, y + dy
            self.target = self.square = index(x, y)
            s.log("bomb", f"The wild bomb deviates to {x},{y}.", RULE)
            return self._interfere_or_fly(s, p)
        if self.phase == INTERFERE:
            if action.number == 0:
                return self._fly(s)
            q = s.player(1 - p.team, action.number)
            assert q is not None
            self.interferer, self.phase = q.pid, INTERFERENCE
            return False
        if self.phase == INTERFERENCE:
            q = s.players[self.interferer]
            mod = self._interference_mod(s, q)
            ok = roll_passes(action.value, q.ag, mod)
            s.log(
                "interference",
                f"{q.label()} interferes: D6={action.value}{mod:+d} against {q.ag}+: "
                f"{'the bomb is deflected!' if ok else 'failure'}.",
                RULE,
                success=ok,
            )
            if ok:  # he tries to catch it
                s.push(BombCatch(q.pid, q.square, TN.deflected_catch_modifier))
                return True
            return self._fly(s)
        # SCATTER: an inaccurate bomb, three D8s from the target
        dx, dy = DIRECTION[action.value]
        x, y = coords(self.square)
        if not on_pitch(x + dx, y + dy):
            return _lost(s)
        self.square = index(x + dx, y + dy)
        self.scatters += 1
        s.log("scatter", f"The bomb flies to {x + dx},{y + dy}.", RULE)
        if self.scatters >= TN.throw_scatters:
            come_down(s, self.square, TN.scattered_catch_modifier)
            return True
        return False

    def _interfere_or_fly(self, s: BloodBowlState, p: Player) -> bool:
        if self._interferers(s, p):
            self.phase = INTERFERE
            return False
        return self._fly(s)

    def _fly(self, s: BloodBowlState) -> bool:
        if self.result == INACCURATE:
            self.phase = SCATTER
            return False
        mod = TN.pass_catch_modifier if self.result == ACCURATE else TN.scattered_catch_modifier
        come_down(s, self.target, mod)
        return True

    def _interference_mod(self, s: BloodBowlState, q: Player) -> int:
        return interference_mod(s, self.result, q)

    def _interferers(self, s: BloodBowlState, p: Player) -> list[int]:
        from tablesports.games.bloodbowl.turn.passing import PassAction

        probe = PassAction(self.pid, self.target)
        return probe._interferers(s, p)


def _lost(s: BloodBowlState) -> bool:
    s.log("bomb", "The bomb flies into the crowd and goes off there.", RULE)
    return True


def come_down(s: BloodBowlState, square: int, modifier: int) -> None:
    """The bomb comes down on `square`: a Standing player there who can catch tries to; else
    it explodes there."""
    pid = s.pitch[square]
    if pid >= 0 and can_catch(s.players[pid]):
        s.push(BombCatch(pid, square, modifier))
    else:
        explode(s, square)


def can_catch(q: Player) -> bool:
    return q.stance == STANDING and has_tackle_zone(q) and not q.no_ball()


class BombTest(Test):
    """The thrower's Passing test (Pass re-rolls it, as any Passing test)."""

    name = "bomb_test"
    kind = "Passing test"
    skill = "Pass"
    rule = RULE

    def target(self, s: BloodBowlState, p: Player) -> int:
        return p.pa

    def modifier(self, s: BloodBowlState, p: Player) -> int:
        band = pass_range(s, p.square, self.square)
        return (band.modifier if band else 0) - marked(s, p) + s.weather_entry().pass_modifier

    def _parent(self, s: BloodBowlState) -> ThrowBomb:
        for proc in reversed(s.stack):
            if isinstance(proc, ThrowBomb):
                return proc
        raise AssertionError("a bomb test without its throw")

    def succeed(self, s: BloodBowlState, p: Player) -> None:
        self._parent(s).result = ACCURATE

    def fail(self, s: BloodBowlState, p: Player) -> None:
        last = self.last
        wild = last + self.modifier(s, p) <= TN.wild_pass_at
        result = FUMBLE if last == 1 else WILD if wild else INACCURATE
        s.log("bomb", f"The throw is {result}.", RULE)
        self._parent(s).result = result


class BombCatch(Test):
    """A catch of the bomb: an Agility test; caught, he must throw it again at once; dropped,
    it explodes in his square."""

    __slots__ = ("mod",)
    name = "bomb_catch"
    kind = "catch"
    skill = "Catch"
    rule = RULE

    def __init__(self, pid: int = -1, square: int = -1, mod: int = 0) -> None:
        super().__init__(pid, square)
        self.mod = mod

    def live(self, s: BloodBowlState) -> bool:
        return True  # the bomb is in the air whatever happens to him meanwhile

    def actor(self, s: BloodBowlState) -> int | None:
        if not can_catch(s.players[self.pid]) and self.phase == 0:
            return None  # he went down meanwhile: step() sets it off
        return super().actor(s)

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if action is None and self.phase == 0:
            explode(s, self.square)
            return True
        return super().step(s, action)

    def modifier(self, s: BloodBowlState, p: Player) -> int:
        return self.mod - marked(s, p) + s.weather_entry().catch_modifier

    def succeed(self, s: BloodBowlState, p: Player) -> None:
        s.log("bomb", f"{p.label()} catches the bomb and must throw it again!", RULE)
        s.push(Rethrow(p.pid))

    def fail(self, s: BloodBowlState, p: Player) -> None:
        explode(s, p.square)


class Rethrow(Procedure):
    """A player who caught the bomb throws it again at once (`bomb at x,y`): his coach aims."""

    __slots__ = ("pid",)
    name = "bomb_rethrow"
    rule = RULE

    def __init__(self, pid: int = -1) -> None:
        super().__init__()
        self.pid = pid

    def actor(self, s: BloodBowlState) -> int | None:
        return s.players[self.pid].team if self.phase == 0 else None

    def legal(self, s: BloodBowlState) -> list[Any]:
        return bomb_aims(s, s.players[self.pid])

    def describe(self, s: BloodBowlState) -> str:
        return f"{s.players[self.pid].label()} must throw the bomb again"

    def why(self, s: BloodBowlState, action: Any) -> str:
        return f"{self.describe(s)}: 'bomb at x,y' at a square within a pass"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if action is None:
            return True
        self.phase = 1
        s.push(ThrowBomb(self.pid, index(action.x, action.y)))
        return True


def explode(s: BloodBowlState, square: int) -> None:
    """The bomb goes off at `square` now: the player there is hit; the dice for those next
    to it follow."""
    s.log("explosion", f"BOOM! The bomb explodes at {s.where(square)}.", RULE)
    blast = Explosion(square)
    blast.phase = 1
    if s.pitch[square] >= 0:
        blast.hit.append(s.pitch[square])
    s.push(blast)


class Explosion(Procedure):
    """The bomb goes off at `square`: the player there is hit; a D6 for each player next to
    it, in the order of the squares around it (4+: hit). Hits are resolved once every die
    is rolled."""

    __slots__ = ("hit", "next", "square")
    name = "explosion"
    rule = RULE

    def __init__(self, square: int = -1) -> None:
        super().__init__()
        self.square = square
        self.next = 0
        self.hit: list[int] = []

    def _waiting(self, s: BloodBowlState) -> int:
        """The square of the next player next to the blast still to roll for (-1: none)."""
        around = NEIGHBOURS[self.square]
        while self.next < len(around):
            if s.pitch[around[self.next]] >= 0:
                return around[self.next]
            self.next += 1
        return -1

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE if self._waiting(s) >= 0 else None

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D6

    def describe(self, s: BloodBowlState) -> str:
        return f"the bomb explodes at {s.where(self.square)}"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if self.phase == 0:
            self.phase = 1
            s.log("explosion", f"BOOM! The bomb explodes at {s.where(self.square)}.", RULE)
            if s.pitch[self.square] >= 0:
                self.hit.append(s.pitch[self.square])
        if action is not None:
            q = s.players[s.pitch[self._waiting(s)]]
            struck = action.value >= BLAST_HIT
            s.log(
                "explosion",
                f"{q.label()}: D6={action.value}: {'hit' if struck else 'spared'}.",
                RULE,
            )
            if struck:
                self.hit.append(q.pid)
            self.next += 1
        if self._waiting(s) >= 0:
            return False
        for pid in reversed(self.hit):  # pushed last first: resolved in order
            q = s.players[pid]
            if q.stance == STANDING:
                knock_down(s, pid)
            else:
                s.push(ArmourInjury(pid))
        return True
