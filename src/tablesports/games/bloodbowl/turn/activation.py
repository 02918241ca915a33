"""One player's activation: the action declared, then moves and the action's own step.

Moves go a whole path at a time (`move 7 to 14,6`): the pathfinder picks the safest path and
the rolls it needs run square by square; a failed roll ends the activation (and the turn).
A Block is one block; a Blitz moves and makes one block (for one square of movement) on
the way; Pass, Hand-off and Foul move, then throw, hand off or foul, which ends them (BB2020).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.actions import EndActivation, Select, SelectionDone
from tablesports.games.bloodbowl.ball import HELD, ON_GROUND, OUT
from tablesports.games.bloodbowl.pitch import (
    HEIGHT,
    NEIGHBOURS,
    WIDTH,
    coords,
    end_zone_column,
    in_half,
    index,
)
from tablesports.games.bloodbowl.players import PRONE, STANDING, STUNNED
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.loose_ball import Bounce
from tablesports.games.bloodbowl.tables import NUMBERS
from tablesports.games.bloodbowl.turn import goblin_actions
from tablesports.games.bloodbowl.turn.actions import (
    GOBLIN_KINDS,
    GOBLIN_VERBS,
    KINDS,
    Aim,
    Bite,
    Fumblerooski,
    MovePath,
    NoDumpOff,
    PuntAim,
    ThrowAim,
)
from tablesports.games.bloodbowl.turn.animosity import Animosity, resents
from tablesports.games.bloodbowl.turn.block import Block
from tablesports.games.bloodbowl.turn.breathe_fire import BreatheFire
from tablesports.games.bloodbowl.turn.common import marking, team_has
from tablesports.games.bloodbowl.turn.data import RANGES, TN
from tablesports.games.bloodbowl.turn.diving_tackle import land
from tablesports.games.bloodbowl.turn.foul import Foul
from tablesports.games.bloodbowl.turn.fumblerooski import FUMBLEROOSKI, put_down
from tablesports.games.bloodbowl.turn.give_and_go import give_and_go
from tablesports.games.bloodbowl.turn.goblin_actions import SKILLS as GOBLIN_SKILLS
from tablesports.games.bloodbowl.turn.hail_mary import hail_mary_aims
from tablesports.games.bloodbowl.turn.hit_and_run import HitAndRun
from tablesports.games.bloodbowl.turn.moving import (
    Distraction,
    Dodge,
    PickUp,
    Rush,
    StandUp,
    no_ball_pick_up,
)
from tablesports.games.bloodbowl.turn.notes import block_note, foul_note, hand_off_note, pass_aims
from tablesports.games.bloodbowl.turn.passing import HandOff, PassAction, Possession
from tablesports.games.bloodbowl.turn.paths import Reach, kept_move, moves_by_square, reach
from tablesports.games.bloodbowl.turn.punt import AIMS as PUNT_AIMS
from tablesports.games.bloodbowl.turn.punt import Punt
from tablesports.games.bloodbowl.turn.rolls import Roll
from tablesports.games.bloodbowl.turn.rolls import text as rolls_text
from tablesports.games.bloodbowl.turn.shadowing import Shadowing, shadower
from tablesports.games.bloodbowl.turn.skill_tests import JumpUp, LeapTest, TakeRoot, leap_modifier
from tablesports.games.bloodbowl.turn.stab import Stab
from tablesports.games.bloodbowl.turn.throw_team_mate import ThrowTeamMate, throw_aims
from tablesports.games.bloodbowl.turn.trickster import tricks
from tablesports.games.bloodbowl.turn.vampires import (
    Bloodlust,
    HypnoticGaze,
    bite,
    bloodlust_target,
    starve,
    thralls,
)
from tablesports.games.bloodbowl.turn.vomit import ProjectileVomit

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

END_ACTIVATION = EndActivation()
FINAL = tuple(
    k for k in KINDS + GOBLIN_KINDS if k not in ("move", "blitz")
)  # the action ends the activation
THROWS = ("throw team-mate", "kick team-mate")
STILL = (
    "block",
    "projectile vomit",
    "stab",
    "breathe fire",
    "chainsaw",
    "throw bomb",
    "ball & chain",
)
"""Actions taken where the player stands."""
NEGATRAITS = ("Bone Head", "Really Stupid", "Animal Savagery", "Unchannelled Fury")


def fire_note(q: Player) -> str:
    """Breathe Fire's roll for people: Placed Prone on 4+ (5+ against ST 5 or more)."""
    return "prone 5+" if q.st >= 5 else "prone 4+"


def carrying(s: BloodBowlState, p: Player) -> bool:
    return s.ball_state == HELD and s.ball == p.square and p.square >= 0


def next_to(
    s: BloodBowlState, p: Player, mates: bool = False, standing: bool = True
) -> list[tuple[int, int, Player]]:
    """The opponents (`mates`: the team-mates) next to `p` who stand (`standing` False: who
    lie down), each with his square's x and y, in the order of NEIGHBOURS."""
    pitch, players, team = s.pitch, s.players, p.team
    out: list[tuple[int, int, Player]] = []
    for sq in NEIGHBOURS[p.square]:
        q = pitch[sq]
        if q >= 0:
            r = players[q]
            if (r.team == team) == mates and (r.stance == STANDING) == standing:
                x, y = coords(sq)
                out.append((x, y, r))
    return out


SPECIALS: dict[str, tuple[str, str, Callable[[Player], str]]] = {
    "projectile vomit": ("vomit at", "Projectile Vomit", lambda q: "D6 2+"),
    "stab": ("stab at", "Stab", lambda q: f"AV {q.av}+"),
    "breathe fire": ("fire at", "Breathe Fire", fire_note),
}
"""The Special actions made on a Standing opponent next to him, alone or in a Blitz in place of
its block (when he has the skill): action kind -> (verb, skill, the note for people)."""


class Activation(Procedure):
    """`path` holds the squares still to walk; `checked` says its next square's rolls ran."""

    __slots__ = (
        "acted",
        "blitzed",
        "bt_used",
        "checked",
        "diver",
        "ended",
        "free",
        "goes_on",
        "hungry",
        "kind",
        "leaping",
        "moved",
        "path",
        "pid",
        "pro_used",
        "rooski",
        "started",
        "sure_feet",
    )
    name = "activation"
    rule = "the activation of a player (BB2020)"

    def __init__(self, pid: int = -1, kind: str = "move", free: bool = False) -> None:
        super().__init__()
        self.pid = pid
        self.kind = kind
        self.free = free
        self.moved = 0
        self.path: list[int] = []
        self.checked = False
        self.acted = False
        self.blitzed = False
        self.bt_used = False
        self.started = False
        self.ended = False
        self.leaping = False  # the next square of `path` is a Leap's
        self.hungry = False  # Bloodlust failed: a Thrall must be bitten
        self.diver = -1  # Diving Tackle: he lands in the square this player leaves
        self.rooski = False  # Fumblerooski: the ball stays in the square he leaves next
        self.pro_used = False  # Pro (2025): tried once this activation
        self.goes_on = False  # Give and Go (2025): he may move on after his hand-off or pass
        self.sure_feet = False  # Sure Feet's re-roll used (once a turn, 2025)

    # --- who acts --------------------------------------------------------------------------
    def over(self, s: BloodBowlState) -> bool:
        p = s.players[self.pid]
        return (
            s.turnover
            or s.scorer >= 0
            or p.stance != STANDING
            or p.square < 0
            or p.distracted
            or self.ended
            or (self.acted and self.kind in FINAL and not self.goes_on)
            or (self.free and s.knocked_over >= 0)
        )

    def actor(self, s: BloodBowlState) -> int | None:
        if not self.started or self.path or self.over(s):
            return None
        return s.players[self.pid].team

    def describe(self, s: BloodBowlState) -> str:
        p = s.players[self.pid]
        return f"{p.label()}: {self.kind} action ({self.moved} of {p.ma} squares moved)"

    def legal(self, s: BloodBowlState) -> list[Any]:
        p = s.players[self.pid]
        out = self.targets(s, p)
        if self.kind == "on the ball":  # three squares, no Rush (at a kick-off in his half)
            kickoff = not any(pr.name == "team_turn" for pr in s.stack)
            out.extend(
                m
                for m in self.moves(s, p)
                if "rush" not in m.risk and (not kickoff or in_half(p.team, m.x))
            )
        elif self.walks(p):
            out.extend(self.before_moves(s, p))
            out.extend(self.moves(s, p))
            out.extend(self.after_moves(s, p))
        return out

    def targets(self, s: BloodBowlState, p: Player) -> list[Any]:
        """The actions listed before the moves: ending the activation, then the targets."""
        out: list[Any] = [END_ACTIVATION]
        if self.hungry:  # Bloodlust: a bite first, no pass nor hand-off before it
            out.extend(Bite(q.number) for q in thralls(s, p))
            out.extend(
                a
                for a in self.aims(s, p)
                if getattr(a, "verb", "") not in ("pass to", "hand-off to")
            )
        else:
            out.extend(self.aims(s, p))
        return out

    def walks(self, p: Player) -> bool:
        """Whether the moves are listed (after the targets; Give and Go moves on after)."""
        return self.kind not in STILL and (not self.acted or self.goes_on) and not p.rooted

    def before_moves(self, s: BloodBowlState, p: Player) -> list[Any]:
        """The actions listed between the targets and the moves (Fumblerooski's)."""
        if self.kind == "move" and "Fumblerooski" in p.skills and self._rooski(s, p):
            return [FUMBLEROOSKI]
        return []

    def after_moves(self, s: BloodBowlState, p: Player) -> list[Any]:
        """The actions listed after the moves (Leap's and Pogo's)."""
        return self.leaps(s, p) if "Leap" in p.skills or "Pogo" in p.skills else []

    def legal_parts(
        self, s: BloodBowlState, ordered: bool = True
    ) -> tuple[list[Any], int, list[int], list[Any]] | None:
        """`legal(s)` in parts, without making the moves (for the RL mask and for drawing one
        action): the actions before the moves, the mover's shirt number and the squares of
        his moves in their order (`move_to` makes one), and the actions after them. None when
        the moves are filtered (On the Ball). With `ordered` False the squares come in the
        pathfinder's order, unsorted (a mask needs no order: sorting was a third of this)."""
        if self.kind == "on the ball":
            return None
        p = s.players[self.pid]
        head = self.targets(s, p)
        if not self.walks(p):
            return head, p.number, [], []
        head.extend(self.before_moves(s, p))
        r = self.reachable(s)
        cache = s.__dict__.get("_moves")
        if cache is not None and cache[0] is r:
            squares = cache[2]
        else:
            squares = sorted(r.risk) if ordered else list(r.risk)
        return head, p.number, squares, self.after_moves(s, p)

    def move_to(self, s: BloodBowlState, square: int) -> MovePath:
        """The move to `square` of `legal(s)` (one of `legal_parts`'s squares)."""
        text = self.reachable(s).risk[square]
        return kept_move(s.players[self.pid].number, square, text)

    def leaps(self, s: BloodBowlState, p: Player) -> list[Aim]:
        """Leap (BB2020): over any adjacent square into the empty square beyond, for two
        squares of movement (Rushes beyond MA), with an Agility test instead of Dodging."""
        if self.moved + 2 > p.ma + NUMBERS.max_rushes + self._sprint(p):
            return []
        out: list[Aim] = []
        x0, y0 = coords(p.square)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if dx or dy:
                    x, y = x0 + 2 * dx, y0 + 2 * dy
                    if 0 <= x < WIDTH and 0 <= y < HEIGHT and s.pitch[index(x, y)] < 0:
                        note = rolls_text(self.leap_rolls(s, p, index(x, y)))
                        out.append(Aim("leap to", x, y, note))
        return out

    def leap_rolls(self, s: BloodBowlState, p: Player, to: int) -> tuple[Roll, ...]:
        """A Leap's (or Pogo's) rolls into `to`: its Agility test, then a Rush for each of its
        two squares beyond his MA."""
        drunk = "Drunkard" in p.skills
        rush = min(6, NUMBERS.rush_target - int(s.weather_entry().rush_modifier) + drunk)
        word = "pogo" if "Pogo" in p.skills else "leap"
        test = Roll(word, min(6, max(2, p.ag - leap_modifier(s, p, p.square, to))))
        return (test, *[Roll("rush", rush)] * max(0, self.moved + 2 - p.ma))

    def reachable(self, s: BloodBowlState) -> Reach:
        """Where he can move now (the pathfinder's `reach`, with his Break Tackle and Sprint)."""
        p = s.players[self.pid]
        return reach(s, self.pid, self.moved, self._break_tackle(p), self._sprint(p))

    def moves(self, s: BloodBowlState, p: Player) -> list[MovePath]:
        r = self.reachable(s)
        cache = s.__dict__.get("_moves")
        if cache is not None and cache[0] is r:
            return cache[1]
        out, squares = moves_by_square(r, p.number)
        # the squares too, in the same order: the RL mask reads the moves' ids from them
        s.__dict__["_moves"] = (r, out, squares)
        return out

    def aims(self, s: BloodBowlState, p: Player) -> list[Any]:
        """The targets of the action now, each with the dice it takes (for people)."""
        kind = self.kind
        out: list[Any] = []
        if kind in ("block", "blitz") and not self.acted and not self.blitzed:
            if kind == "block" or self.moved < p.ma + NUMBERS.max_rushes:
                rush = kind == "blitz" and self.moved >= p.ma
                for x, y, q in next_to(s, p):
                    out.append(Aim(kind, x, y, block_note(s, p, q, rush, kind == "blitz")))
                    if kind == "blitz":
                        for verb, skill, note in SPECIALS.values():
                            if skill in p.skills:
                                out.append(Aim(verb, x, y, note(q)))
        elif kind in SPECIALS and not self.acted:
            verb, _, note = SPECIALS[kind]
            out.extend(Aim(verb, x, y, note(q)) for x, y, q in next_to(s, p))
        elif kind == "hypnotic gaze" and not self.acted:
            for x, y, q in next_to(s, p):
                if not q.distracted:  # he has a tackle zone
                    mod = marking(s, p.team, p.square) - 1
                    out.append(Aim("gaze at", x, y, f"AG {min(6, max(2, p.ag + mod))}+"))
        elif kind == "foul":
            for x, y, q in next_to(s, p, standing=False):
                out.append(Aim("foul", x, y, foul_note(s, p, q)))
        elif kind == "hand-off" and carrying(s, p):
            for x, y, q in next_to(s, p, mates=True):
                out.append(Aim("hand-off to", x, y, hand_off_note(s, q)))
        elif kind == "pass" and carrying(s, p):
            out.extend(pass_aims(s, p))
            if "Hail Mary Pass" in p.skills:
                out.extend(hail_mary_aims(s, p))
        elif kind == "punt" and carrying(s, p):
            out.extend(PUNT_AIMS)
        elif kind in THROWS:
            out.extend(throw_aims(s, p))
        if not GOBLIN_SKILLS.isdisjoint(p.skills):  # Chainsaw, Bombardier, Ball & Chain
            out.extend(goblin_actions.aims(s, self, p))
        return out

    def why(self, s: BloodBowlState, action: Any) -> str:
        p = s.players[self.pid]
        if isinstance(action, MovePath):
            if self.kind in STILL:
                return f"a {self.kind} action does not move (declare a Blitz to move first)"
            if action.number != p.number:
                return f"{p.label()} is the active player"
            return (
                f"{p.label()} cannot reach {action.x},{action.y}: an empty square within "
                f"MA {p.ma} + {NUMBERS.max_rushes + self._sprint(p)} Rushes ({self.moved} used), "
                "around "
                "other players, is needed"
            )
        if isinstance(action, (Aim, ThrowAim, PuntAim)):
            return (
                f"{p.label()} ({self.kind}) may aim at: "
                f"{', '.join(str(a) for a in self.aims(s, p)) or 'nothing now'}"
            )
        return f"{self.describe(s)}: a move, the action's target, or 'end activation'"

    # --- doing it --------------------------------------------------------------------------
    def step(self, s: BloodBowlState, action: Any) -> bool:
        done = self._step(s, action)
        if done and self.hungry:  # Bloodlust: the activation ends with no bite
            self.hungry = False
            starve(s, s.players[self.pid])
        return done

    def _step(self, s: BloodBowlState, action: Any) -> bool:
        p = s.players[self.pid]
        if not self.started:
            return self._start(s, p)
        if action is None:
            if self.path and not self.over(s):
                return self._walk(s, p)
            return True
        if isinstance(action, MovePath):
            self.path = self.reachable(s).path(index(action.x, action.y))
            self.checked = False
            return False
        if isinstance(action, Aim):
            return self._aim(s, p, index(action.x, action.y), action.verb)
        if isinstance(action, Bite):
            q = s.player(p.team, action.number)
            assert q is not None
            self.hungry = False
            bite(s, p, q)
            if carrying(s, p) and self._scores(p):  # he may score now
                s.touchdown(p)
                return True
            return False
        if isinstance(action, Fumblerooski):
            self.rooski = True
            return False
        if isinstance(action, PuntAim):
            self.acted = True
            s.push(Punt(self.pid, action.axis, action.edge))
            return False
        if isinstance(action, ThrowAim):
            q = s.player(p.team, action.number)
            assert q is not None
            self.acted = True
            kick = self.kind == "kick team-mate"
            s.push(ThrowTeamMate(self.pid, q.pid, index(action.x, action.y), kick))
            return False
        return True

    def _start(self, s: BloodBowlState, p: Player) -> bool:
        self.started = True
        p.distracted = False
        p.gouged = False  # Eye Gouge lasts until he is next activated (2025)
        procs: list[Procedure] = []
        if any(p.has(t) for t in NEGATRAITS):
            procs.append(Distraction(self.pid))
        if bloodlust_target(p):
            procs.append(Bloodlust(self.pid))
        if "Take Root" in p.skills and not p.rooted:
            procs.append(TakeRoot(self.pid))
        if p.stance == STUNNED:
            return True
        if p.stance == PRONE and "Jump Up" in p.skills:
            if self.kind == "block":  # an Agility test +1 to stand and block (BB2020)
                procs.append(JumpUp(self.pid))
            else:  # he stands up for free
                p.stance = STANDING
                s.log("stand_up", f"{p.label()} jumps up.", "Jump Up (BB2020)")
        elif p.stance == PRONE:
            self.moved = TN.stand_up_cost
            if p.ma >= TN.stand_up_cost:
                p.stance = STANDING
                s.log("stand_up", f"{p.label()} stands up.", "standing up (BB2020)")
            else:
                procs.append(StandUp(self.pid))
        s.push(*procs)
        return False

    def _walk(self, s: BloodBowlState, p: Player) -> bool:
        """Walk on square by square while nothing else is to run (as `run` would call `step`
        again at once, `over` being false): until a square pushes its rolls or a procedure,
        the path ends, or the activation is over. True when he scored."""
        stack = s.stack
        shadows = team_has(s, 1 - p.team, "Shadowing")  # the same on every square
        while True:
            if self._square(s, p, shadows):
                return True
            if not self.path or stack[-1] is not self or self.over(s):
                return False

    def _square(self, s: BloodBowlState, p: Player, shadows: bool) -> bool:
        """The path's next square: push its rolls, or (they passed) move into it."""
        nxt = self.path[0]
        if not self.checked:
            marked = marking(s, p.team, p.square)
            self.checked = True
            tests: list[Procedure] = []
            if self.leaping:  # Rushes for the squares beyond MA, then the Leap's test
                over = min(2, self.moved + 2 - p.ma)
                tests.extend(Rush(self.pid, nxt) for _ in range(over))
                tests.append(LeapTest(self.pid, nxt))
            else:
                if self.moved >= p.ma:
                    tests.append(Rush(self.pid, nxt))
                if marked:
                    bt = p.has("Break Tackle") and not self.bt_used
                    self.bt_used = self.bt_used or bt
                    tests.append(Dodge(self.pid, nxt, bt))
            if tests:
                s.push(*tests)
                return False
        self.checked = False
        self.path.pop(0)
        left = p.square  # on the pitch: not `over`
        had_ball = s.ball_state == HELD and s.ball == left
        s.place(p, nxt)
        if had_ball and self.rooski:
            had_ball = self.rooski = False
            put_down(s, p, left)
        self.moved += 2 if self.leaping else 1
        self.leaping = False
        if self.diver >= 0:
            land(s, self.diver, left)
            self.diver = -1
        if had_ball:
            s.ball = nxt
            if self._scores(p) and not self.hungry:  # Bloodlust: a bite before scoring
                s.touchdown(p)
                return True
        follower = shadower(s, p.team, left) if shadows else -1
        if follower >= 0:  # Shadowing: he may step into the square left (BB2020)
            s.push(Shadowing(self.pid, follower, left))
        if not had_ball and s.ball_state == ON_GROUND and s.ball == nxt:
            self.path = []
            if p.has("No Hands"):
                s.push(Bounce(nxt))
            elif "No Ball" in p.skills:  # a pick-up failed as on a natural 1 (2025)
                no_ball_pick_up(s, p)
            else:
                s.push(PickUp(self.pid, nxt))
        return False

    def _aim(self, s: BloodBowlState, p: Player, target: int, verb: str) -> bool:
        return AIM_VERBS[verb](self, s, p, target, verb)

    def _strike(self, s: BloodBowlState, p: Player, other: int, *procs: Procedure) -> None:
        """A block or a Special action on `other` (then `procs`): in a Blitz it costs a square of
        movement (a Rush beyond his MA); the target may Dump-off first, Trickster may move."""
        blitz = self.kind == "blitz"
        rush = [Rush(self.pid, p.square)] if blitz and self.moved >= p.ma else []
        self.moved += blitz
        s.push(*rush, *dump_off(s, other), *tricks(s, other, self.pid), *procs)

    def _goblin(self, s: BloodBowlState, p: Player, target: int, verb: str) -> bool:
        return goblin_actions.aim(s, self, p, target, verb, dump_off)

    def _leap(self, s: BloodBowlState, p: Player, target: int, verb: str) -> bool:
        self.path = [target]
        self.leaping = True
        self.checked = False
        return False

    def _gaze(self, s: BloodBowlState, p: Player, target: int, verb: str) -> bool:
        self.acted = True
        s.push(*tricks(s, s.pitch[target], self.pid), HypnoticGaze(self.pid, target))
        return False

    def _stab(self, s: BloodBowlState, p: Player, target: int, verb: str) -> bool:
        self.acted = self.blitzed = True
        self.ended = self.kind == "blitz"  # he moves no further after a Stab
        other = s.pitch[target]
        self._strike(s, p, other, Stab(self.pid, other))
        return False

    def _fire(self, s: BloodBowlState, p: Player, target: int, verb: str) -> bool:
        self.acted = self.blitzed = self.ended = True  # Breathe Fire (2025): the end of it
        other = s.pitch[target]
        self._strike(s, p, other, BreatheFire(self.pid, other))
        return False

    def _vomit(self, s: BloodBowlState, p: Player, target: int, verb: str) -> bool:
        self.acted = self.kind == "projectile vomit"  # a Blitz moves on after it
        self.blitzed = True
        other = s.pitch[target]
        self._strike(s, p, other, ProjectileVomit(self.pid, other))
        return False

    def _block(self, s: BloodBowlState, p: Player, target: int, verb: str) -> bool:
        other = s.pitch[target]
        if self.kind == "blitz":
            self.blitzed = True
            self._strike(s, p, other, Block(self.pid, other, True))
        else:
            self.acted = True
            run = [HitAndRun(self.pid)] if "Hit and Run" in p.skills else []
            self._strike(s, p, other, Block(self.pid, other, False), *run)
        return False

    def _foul(self, s: BloodBowlState, p: Player, target: int, verb: str) -> bool:
        self.acted = True
        s.push(Foul(self.pid, s.pitch[target]))
        return False

    def _give(self, s: BloodBowlState, p: Player, target: int, verb: str) -> bool:
        """A hand-off or a pass (Hail Mary too); Give and Go may let him move on after it."""
        other = s.pitch[target]
        if verb != "hail mary to":
            self.goes_on = give_and_go(s, p, verb, target)
        self.acted = True
        if other >= 0 and resents(s, p, s.players[other]):
            s.push(*on_the_ball(s, p.team, verb), Animosity(self.pid, target, verb))
        elif self.kind == "hand-off":
            s.push(HandOff(self.pid, other))
        else:
            hail_mary = verb == "hail mary to"
            s.push(
                *on_the_ball(s, p.team, verb),
                PassAction(self.pid, target, hail_mary),
                Possession(p.team),
            )
        return False

    def _rooski(self, s: BloodBowlState, p: Player) -> bool:
        """Fumblerooski may be said now: he holds the ball and has not said it yet."""
        return not self.rooski and carrying(s, p)

    def _break_tackle(self, p: Player) -> bool:
        return not self.bt_used and p.has("Break Tackle")

    def _sprint(self, p: Player) -> bool:
        """Sprint (2025): one Rush more, in a Move action only."""
        return self.kind == "move" and "Sprint" in p.skills

    @staticmethod
    def _scores(p: Player) -> bool:
        return coords(p.square)[0] == end_zone_column(1 - p.team)


AimStep = Callable[[Activation, "BloodBowlState", "Player", int, str], bool]
AIM_VERBS: dict[str, AimStep] = {
    "block": Activation._block,
    "blitz": Activation._block,
    "vomit at": Activation._vomit,
    "stab at": Activation._stab,
    "fire at": Activation._fire,
    "gaze at": Activation._gaze,
    "leap to": Activation._leap,
    "foul": Activation._foul,
    "hand-off to": Activation._give,
    "pass to": Activation._give,
    "hail mary to": Activation._give,
    **dict.fromkeys(GOBLIN_VERBS, Activation._goblin),
}
"""What each target's verb (`Aim.verb`) does: the procedure it pushes and the activation's
flags it sets."""


# --- On the Ball (BB2020 skill) ---------------------------------------------------------------
# One player with it may move up to three squares (whatever his MA, no Rush, every rule of
# movement) when an opponent declares a Pass, once the target is named and before the Passing
# test (also against a Dump-off, where his falling over is a turnover for his team, the active
# one); and at every kick-off, after the kick deviates and before the kick-off event, one Open
# player of the receiving team with it may, unless the kick is a touchback, without crossing
# into the kicking team's half. The coach picks him (`select 7`) and moves him (`move 7 to
# 14,6`, `end activation`), or declines (`selection done`). Kept in this module (it activates
# a player) so that no import circle forms.

OTB_RULE = "On the Ball (BB2020)"
KIND = "on the ball"
SQUARES = 3
DONE = SelectionDone()


def eligible(s: BloodBowlState, team: int, kickoff: bool) -> list[int]:
    """The players of `team` who may use On the Ball now (Open ones at a kick-off)."""
    out = []
    for pid in s.team_pids[team]:
        p = s.players[pid]
        usable = "On the Ball" in p.skills and p.standing and not p.rooted
        if usable and (not kickoff or s.markers(team, p.square) == 0):
            out.append(pid)
    return out


def on_the_ball(s: BloodBowlState, passing_team: int, verb: str = "pass to") -> list[Procedure]:
    """The opponents' On the Ball move before a Pass (not a Hand-off), if they have it."""
    if verb not in ("pass to", "hail mary to") or not team_has(s, 1 - passing_team, "On the Ball"):
        return []
    return [OnTheBall(1 - passing_team)]


def touchback(s: BloodBowlState, team: int) -> bool:
    """The deviated kick is out or in the kicking team's half (`team` receives)."""
    return s.ball_state == OUT or s.ball < 0 or not in_half(team, coords(s.ball)[0])


class OnTheBall(Procedure):
    """`team` picks one player with On the Ball to move, or none (`kickoff`: at a kick-off)."""

    __slots__ = ("kickoff", "team")
    name = "on_the_ball"
    rule = OTB_RULE

    def __init__(self, team: int = 0, kickoff: bool = False) -> None:
        super().__init__()
        self.team = team
        self.kickoff = kickoff

    def actor(self, s: BloodBowlState) -> int | None:
        if self.phase or (self.kickoff and touchback(s, self.team)):
            return None
        return self.team if eligible(s, self.team, self.kickoff) else None

    def legal(self, s: BloodBowlState) -> list[Any]:
        return [DONE] + [Select(s.players[q].number) for q in eligible(s, self.team, self.kickoff)]

    def describe(self, s: BloodBowlState) -> str:
        return f"{s.team_name(self.team)} may move a player with On the Ball up to three squares"

    def why(self, s: BloodBowlState, action: Any) -> str:
        return f"{self.describe(s)}: " + ", ".join(map(str, self.legal(s)))

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if action is None or isinstance(action, SelectionDone):
            return True
        p = s.player(self.team, action.number)
        assert p is not None
        s.log("on_the_ball", f"{p.label()} is On the Ball.", OTB_RULE, player=p.number)
        self.phase = 1
        act = Activation(p.pid, KIND, free=True)
        act.moved = max(0, p.ma - SQUARES)  # three squares left, whatever his MA
        s.push(act)
        return True


# --- Dump-off (BB2020 skill) ------------------------------------------------------------------
# Named as the target of a Block (or of a Special action in its place) while holding the ball,
# the player may at once throw a Quick Pass (`pass to 14,6`, or `no dump-off`), interrupting
# the blocker's activation. The pass follows every rule of a pass but causes no turnover; then
# the block goes on.

DUMP_RULE = "Dump-off (BB2020)"


NO_DUMP_OFF = NoDumpOff()


def dump_off(s: BloodBowlState, target: int) -> list[Procedure]:
    """The Dump-off decision when the block's target `target` may use it, else nothing."""
    q = s.players[target]
    if "Dump-off" in q.skills and s.ball_state == HELD and s.ball == q.square and q.pa > 0:
        return [DumpOff(target)]
    return []


class DumpOff(Procedure):
    """The carrier's coach throws a Quick Pass or declines."""

    __slots__ = ("pid",)
    name = "dump_off"
    rule = DUMP_RULE

    def __init__(self, pid: int = -1) -> None:
        super().__init__()
        self.pid = pid

    def actor(self, s: BloodBowlState) -> int | None:
        p = s.players[self.pid]
        holds = s.ball_state == HELD and s.ball == p.square and p.standing
        return p.team if self.phase == 0 and holds else None

    def legal(self, s: BloodBowlState) -> list[Any]:
        return [NO_DUMP_OFF, *quick_aims(s, s.players[self.pid])]

    def describe(self, s: BloodBowlState) -> str:
        return f"{s.players[self.pid].label()} may Dump-off the ball before the block"

    def why(self, s: BloodBowlState, action: Any) -> str:
        return f"{self.describe(s)}: 'no dump-off' or a quick pass ('pass to 14,6')"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if action is None or isinstance(action, NoDumpOff):
            return True
        p = s.players[self.pid]
        s.log("dump_off", f"{p.label()} dumps off the ball before the block.", DUMP_RULE)
        self.phase = 1
        s.push(*on_the_ball(s, p.team), PassAction(self.pid, index(action.x, action.y)))
        return True


def quick_aims(s: BloodBowlState, p: Player) -> list[Aim]:
    """The squares within a Quick Pass of `p`."""
    reach = RANGES[0].reach
    x0, y0 = p.square % WIDTH, p.square // WIDTH
    out: list[Aim] = []
    r = int(reach)
    for y in range(max(0, y0 - r), min(HEIGHT, y0 + r + 1)):
        for x in range(max(0, x0 - r), min(WIDTH, x0 + r + 1)):
            if (x, y) != (x0, y0) and (x - x0) ** 2 + (y - y0) ** 2 <= reach * reach:
                out.append(Aim("pass to", x, y, RANGES[0].name))
    return out
