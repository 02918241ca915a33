"""One player's activation: the action declared, then moves and the action's own step.

Moves go a whole path at a time (`move 7 to 14,6`): the pathfinder picks the safest path and
the rolls it needs run square by square; a failed roll ends the activation (and the turn).
A Block is one block; a Blitz moves and makes one block (for one square of movement) on
the way; Pass, Hand-off and Foul move, then throw, hand off or foul, which ends them (BB2020).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.actions import EndActivation
from tablesports.games.bloodbowl.ball import HELD, ON_GROUND
from tablesports.games.bloodbowl.pitch import (
    NEIGHBOURS,
    SIZE,
    WIDTH,
    coords,
    end_zone_column,
    index,
)
from tablesports.games.bloodbowl.players import PRONE, STANDING, STUNNED
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.tables import NUMBERS
from tablesports.games.bloodbowl.turn.actions import Aim, MovePath, ThrowAim
from tablesports.games.bloodbowl.turn.common import marking
from tablesports.games.bloodbowl.turn.data import TN
from tablesports.games.bloodbowl.turn.moving import Distraction, Dodge, PickUp, Rush, StandUp
from tablesports.games.bloodbowl.turn.notes import block_note, foul_note, hand_off_note, pass_aims
from tablesports.games.bloodbowl.turn.paths import reach

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

END_ACTIVATION = EndActivation()
FINAL = (
    "block",
    "pass",
    "hand-off",
    "foul",
    "throw team-mate",
    "kick team-mate",
    "projectile vomit",
)
THROWS = ("throw team-mate", "kick team-mate")
STILL = ("block", "projectile vomit")
"""Actions taken where the player stands."""
"""Actions that end once their target step is done."""
NEGATRAITS = ("Bone Head", "Really Stupid", "Animal Savagery", "Unchannelled Fury")
_MOVES: dict[int, tuple[list[MovePath | None], list[dict[str, MovePath] | None]]] = {}
"""Per shirt number, every MovePath made so far: by square when it needs no roll, else by
square and risk text (a frozen dataclass is slow to build, and the same few texts come back
on every square; cProfile: building them was most of `moves`). A square's texts are
forgotten when they grow past `_MOVES_KEPT`."""
_MOVES_KEPT = 200


def carrying(s: BloodBowlState, p: Player) -> bool:
    return s.ball_state == HELD and s.ball == p.square and p.square >= 0


class Activation(Procedure):
    """`path` holds the squares still to walk; `checked` says its next square's rolls ran."""

    __slots__ = (
        "acted",
        "blitzed",
        "bt_used",
        "checked",
        "ended",
        "free",
        "kind",
        "moved",
        "path",
        "pid",
        "started",
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
            or (self.acted and self.kind in FINAL)
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
        out: list[Any] = [END_ACTIVATION]
        out.extend(self.aims(s, p))
        if self.kind not in STILL and not self.acted:
            out.extend(self.moves(s, p))
        return out

    def moves(self, s: BloodBowlState, p: Player) -> list[MovePath]:
        r = reach(s, self.pid, self.moved, self._break_tackle(p))
        cache = s.__dict__.get("_moves")
        if cache is not None and cache[0] is r:
            return cache[1]
        made_by = _MOVES.get(p.number)
        if made_by is None:
            made_by = _MOVES[p.number] = ([None] * SIZE, [None] * SIZE)
        plain, rolled = made_by
        risk = r.risk
        out: list[MovePath] = []
        append = out.append
        number = p.number
        squares = sorted(risk)
        for sq in squares:
            text = risk[sq]
            if text:
                made = rolled[sq]
                if made is None:
                    made = rolled[sq] = {}
                a = made.get(text)
                if a is None:
                    if len(made) > _MOVES_KEPT:
                        made.clear()
                    a = made[text] = MovePath(number, sq % WIDTH, sq // WIDTH, text)
            else:
                a = plain[sq]
                if a is None:
                    a = plain[sq] = MovePath(number, sq % WIDTH, sq // WIDTH, "")
            append(a)
        # the squares too, in the same order: the RL mask reads the moves' ids from them
        s.__dict__["_moves"] = (r, out, squares)
        return out

    def aims(self, s: BloodBowlState, p: Player) -> list[Any]:
        """The targets of the action now, each with the dice it takes (for people)."""
        kind, pitch, players = self.kind, s.pitch, s.players
        out: list[Any] = []
        if kind in ("block", "blitz") and not self.acted and not self.blitzed:
            if kind == "block" or self.moved < p.ma + NUMBERS.max_rushes:
                rush = kind == "blitz" and self.moved >= p.ma
                for sq in NEIGHBOURS[p.square]:
                    q = pitch[sq]
                    if q >= 0 and players[q].team != p.team and players[q].stance == STANDING:
                        x, y = coords(sq)
                        note = block_note(s, p, players[q], rush, kind == "blitz")
                        out.append(Aim(kind, x, y, note))
                        if kind == "blitz" and p.has("Projectile Vomit"):
                            out.append(Aim("vomit at", x, y, "D6 2+"))
        elif kind == "projectile vomit" and not self.acted:
            for sq in NEIGHBOURS[p.square]:
                q = pitch[sq]
                if q >= 0 and players[q].team != p.team and players[q].stance == STANDING:
                    x, y = coords(sq)
                    out.append(Aim("vomit at", x, y, "D6 2+"))
        elif kind == "foul":
            for sq in NEIGHBOURS[p.square]:
                q = pitch[sq]
                if q >= 0 and players[q].team != p.team and players[q].stance != STANDING:
                    x, y = coords(sq)
                    out.append(Aim("foul", x, y, foul_note(s, p, players[q])))
        elif kind == "hand-off" and carrying(s, p):
            for sq in NEIGHBOURS[p.square]:
                q = pitch[sq]
                if q >= 0 and players[q].team == p.team and players[q].stance == STANDING:
                    x, y = coords(sq)
                    out.append(Aim("hand-off to", x, y, hand_off_note(s, players[q])))
        elif kind == "pass" and carrying(s, p):
            out.extend(pass_aims(s, p))
        elif kind in THROWS:
            from tablesports.games.bloodbowl.turn.throw_team_mate import throw_aims

            out.extend(throw_aims(s, p))
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
                f"MA {p.ma} + {NUMBERS.max_rushes} Rushes ({self.moved} used), around "
                "other players, is needed"
            )
        if isinstance(action, (Aim, ThrowAim)):
            return (
                f"{p.label()} ({self.kind}) may aim at: "
                f"{', '.join(str(a) for a in self.aims(s, p)) or 'nothing now'}"
            )
        return f"{self.describe(s)}: a move, the action's target, or 'end activation'"

    # --- doing it --------------------------------------------------------------------------
    def step(self, s: BloodBowlState, action: Any) -> bool:
        p = s.players[self.pid]
        if not self.started:
            return self._start(s, p)
        if action is None:
            if self.path and not self.over(s):
                return self._walk(s, p)
            return True
        if isinstance(action, MovePath):
            r = reach(s, self.pid, self.moved, self._break_tackle(p))
            self.path = r.path(index(action.x, action.y))
            self.checked = False
            return False
        if isinstance(action, Aim):
            return self._aim(s, p, index(action.x, action.y), action.verb)
        if isinstance(action, ThrowAim):
            from tablesports.games.bloodbowl.turn.throw_team_mate import ThrowTeamMate

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
        procs: list[Procedure] = []
        if any(p.has(t) for t in NEGATRAITS):
            procs.append(Distraction(self.pid))
        if p.stance == STUNNED:
            return True
        if p.stance == PRONE:
            self.moved = TN.stand_up_cost
            if p.ma >= TN.stand_up_cost:
                p.stance = STANDING
                s.log("stand_up", f"{p.label()} stands up.", "standing up (BB2020)")
            else:
                procs.append(StandUp(self.pid))
        s.push(*procs)
        return False

    def _walk(self, s: BloodBowlState, p: Player) -> bool:
        nxt = self.path[0]
        if not self.checked:
            self.checked = True
            tests: list[Procedure] = []
            if self.moved >= p.ma:
                tests.append(Rush(self.pid, nxt))
            if marking(s, p.team, p.square):
                bt = p.has("Break Tackle") and not self.bt_used
                self.bt_used = self.bt_used or bt
                tests.append(Dodge(self.pid, nxt, bt))
            if tests:
                s.push(*tests)
                return False
        self.checked = False
        self.path.pop(0)
        had_ball = carrying(s, p)
        s.place(p, nxt)
        self.moved += 1
        if had_ball:
            s.ball = nxt
            if self._scores(p):
                s.touchdown(p)
                return True
        elif s.ball_state == ON_GROUND and s.ball == nxt:
            self.path = []
            if p.has("No Hands"):
                from tablesports.games.bloodbowl.procedures.loose_ball import Bounce

                s.push(Bounce(nxt))
            else:
                s.push(PickUp(self.pid, nxt))
        return False

    def _aim(self, s: BloodBowlState, p: Player, target: int, verb: str) -> bool:
        from tablesports.games.bloodbowl.turn.block import Block
        from tablesports.games.bloodbowl.turn.foul import Foul
        from tablesports.games.bloodbowl.turn.passing import HandOff, PassAction, Possession

        other = s.pitch[target]
        if verb == "vomit at":
            from tablesports.games.bloodbowl.turn.vomit import ProjectileVomit

            self.acted = self.kind == "projectile vomit"  # a Blitz moves on after it
            self.blitzed = True
            rush = self.kind == "blitz" and self.moved >= p.ma
            self.moved += self.kind == "blitz"
            s.push(*([Rush(self.pid, p.square)] if rush else []), ProjectileVomit(self.pid, other))
        elif self.kind in ("block", "blitz"):
            self.acted = self.kind == "block"
            if self.kind == "blitz":
                self.blitzed = True
                rush = self.moved >= p.ma
                self.moved += 1
                s.push(*([Rush(self.pid, p.square)] if rush else []), Block(self.pid, other, True))
            else:
                s.push(Block(self.pid, other, False))
        elif self.kind == "foul":
            self.acted = True
            s.push(Foul(self.pid, other))
        elif self.kind == "hand-off":
            self.acted = True
            s.push(HandOff(self.pid, other))
        else:
            self.acted = True
            s.push(PassAction(self.pid, target), Possession(p.team))
        return False

    def _break_tackle(self, p: Player) -> bool:
        return not self.bt_used and p.has("Break Tackle")

    @staticmethod
    def _scores(p: Player) -> bool:
        return coords(p.square)[0] == end_zone_column(1 - p.team)
