"""Ball & Chain (2025 trait): the only action he may declare is the Ball & Chain Special action
(`ball & chain 12`; any number a turn). Each square of it, his coach sets the throw-in
template over him facing an end zone or a sideline (`chain to 14,7`: the square straight on)
or stops (`end activation`); a D6 gives the square he moves into (1-2 one diagonal, 3-4
straight on, 5-6 the other diagonal). Up to MA squares, then Rushes as usual; a Rush rolling
a failure still moves him (with what that square brings) before he Falls Over there. No Dodge
(he always gets away), no Shadowing. Into that square:

- off the pitch: the crowd;
- a Standing player (either team): he blocks him (no Foul Appearance roll; a team-mate's
  block is chosen by his own coach anyway) and stays where he is;
- a Prone or Stunned player: that player is pushed back, an armour roll is made against him,
  and he moves in;
- the ball: it bounces (no turnover), and he moves in.

Knocked Down, Falling Over or Placed Prone, he takes an injury roll at once (no armour roll),
Stunned counting as KO (`injury.py`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D6, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.ball import ON_GROUND
from tablesports.games.bloodbowl.pitch import NEIGHBOURS, coords, index, on_pitch
from tablesports.games.bloodbowl.players import RESERVES, STANDING
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.loose_ball import Bounce
from tablesports.games.bloodbowl.tables import NUMBERS, THROW_IN
from tablesports.games.bloodbowl.turn.actions import Aim
from tablesports.games.bloodbowl.turn.injury import ArmourInjury, knock_down
from tablesports.games.bloodbowl.turn.moving import Rush

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

RULE = "Ball & Chain (2025)"
STRAIGHT = ((1, 0), (-1, 0), (0, -1), (0, 1))
"""The four ways the template may face: the two end zones, the two sidelines."""


def chain_aims(s: BloodBowlState, act: Any, p: Player) -> list[Aim]:
    """The facings open to him now (house rule: only those whose square straight on is on
    the pitch), while he has movement left."""
    if act.moved >= p.ma + NUMBERS.max_rushes:
        return []
    rush = act.moved >= p.ma
    x, y = coords(p.square)
    note = "D6 direction" + (f", rush {NUMBERS.rush_target}+" if rush else "")
    return [
        Aim("chain to", x + dx, y + dy, note) for dx, dy in STRAIGHT if on_pitch(x + dx, y + dy)
    ]


def chain_to(s: BloodBowlState, act: Any, p: Player, target: int) -> bool:
    """One square of the Ball & Chain: the Rush first when his MA is spent, then the D6."""
    x, y = coords(p.square)
    tx, ty = coords(target)
    rush = act.moved >= p.ma
    act.moved += 1
    move = ChainMove(p.pid, tx - x, ty - y)
    s.push(*([ChainRush(p.pid, p.square)] if rush else []), move)
    return False


class ChainRush(Rush):
    """A Rush of the Ball & Chain: a failure (after any re-roll) lets him move on into the
    square before he Falls Over there."""

    name = "chain_rush"
    rule = RULE

    def fail(self, s: BloodBowlState, p: Player) -> None:
        for proc in reversed(s.stack):
            if isinstance(proc, ChainMove):
                proc.falls = True
                return


class ChainMove(Procedure):
    """Phase 0: the D6 of the template; then what the square he moves into brings."""

    __slots__ = ("dx", "dy", "falls", "pid")
    name = "chain_move"
    rule = RULE

    def __init__(self, pid: int = -1, dx: int = 0, dy: int = 0) -> None:
        super().__init__()
        self.pid = pid
        self.dx = dx
        self.dy = dy
        self.falls = False

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE if self.phase == 0 and s.players[self.pid].standing else None

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D6

    def describe(self, s: BloodBowlState) -> str:
        return f"{s.players[self.pid].label()} swings his ball and chain"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        p = s.players[self.pid]
        if action is None:
            return True
        self.phase = 1
        turn = THROW_IN[action.value]  # -1, 0 or +1 across the way he faces
        dx, dy = self.dx + turn * self.dy, self.dy + turn * self.dx
        x, y = coords(p.square)
        s.log("ball_and_chain", f"{p.label()}: D6={action.value}.", RULE)
        if not on_pitch(x + dx, y + dy):
            s.log("crowd", f"{p.label()} careers into the crowd!", RULE)
            s.take_off(p, RESERVES)
            s.push(ArmourInjury(p.pid, crowd=True))
            return True
        target = index(x + dx, y + dy)
        other = s.pitch[target]
        falls = [ChainFall(p.pid)] if self.falls else []
        if other >= 0 and s.players[other].stance == STANDING:
            from tablesports.games.bloodbowl.turn.block import Block

            q = s.players[other]
            s.log("ball_and_chain", f"{p.label()} crashes into {q.label()}: a Block!", RULE)
            block = Block(p.pid, other, False)
            block.frenzied = True  # never Frenzy's; here: no Foul Appearance roll
            s.push(block, *falls)
            return True
        if other >= 0:
            from tablesports.games.bloodbowl.turn.push import Push

            q = s.players[other]
            s.log("ball_and_chain", f"{p.label()} flattens {q.label()} and pushes him back.", RULE)
            s.push(
                Push(other, p.square, p.team),
                ArmourInjury(other),
                ChainEnter(p.pid, target),
                *falls,
            )
            return True
        s.push(ChainEnter(p.pid, target), *falls)
        return True


class ChainEnter(Procedure):
    """He moves into `square` if it is empty (a pushed player may have stayed put); a ball
    lying there bounces, no turnover."""

    __slots__ = ("pid", "square")
    name = "chain_enter"
    rule = RULE

    def __init__(self, pid: int = -1, square: int = -1) -> None:
        super().__init__()
        self.pid = pid
        self.square = square

    def step(self, s: BloodBowlState, action: Any) -> bool:
        p = s.players[self.pid]
        if not p.standing or s.pitch[self.square] >= 0 or self.square not in NEIGHBOURS[p.square]:
            return True
        s.place(p, self.square)
        s.log("ball_and_chain", f"{p.label()} moves to {s.where(self.square)}.", RULE)
        if s.ball_state == ON_GROUND and s.ball == self.square:
            s.push(Bounce(self.square))
        return True


class ChainFall(Procedure):
    """A failed Rush: once the square is dealt with, he Falls Over where he is."""

    __slots__ = ("pid",)
    name = "chain_fall"
    rule = RULE

    def __init__(self, pid: int = -1) -> None:
        super().__init__()
        self.pid = pid

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if s.players[self.pid].standing:
            knock_down(s, self.pid, fell=True)
        return True
