"""A Move action, one square at a time (BB2020 core, kept by the 2025 edition).

The active player moves up to MA squares, then up to two more by Rushing (D6 2+, -1 in a
Blizzard). Leaving a square where he is Marked needs a Dodge: an Agility test at -1 per
opponent Marking the square he moves to (Dodge skill: one re-roll of a failed Dodge per
activation). A failed Rush or Dodge puts him Prone in the square he was moving to, with an
armour roll, and ends the action. Moving onto the ball on the ground needs a pick-up (Agility
test, -1 per Marking opponent, weather; Sure Hands re-roll); standing with the ball in the
opponent's end zone scores a touchdown. Used by CHARGE! (free Moves while the ball is in the
air) and by team turns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D6, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.actions import EndActivation, MoveTo
from tablesports.games.bloodbowl.ball import HELD, IN_AIR, ON_GROUND
from tablesports.games.bloodbowl.pitch import NEIGHBOURS, coords, end_zone_column, index
from tablesports.games.bloodbowl.procedures.armour import fall_over
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.bounce import Bounce
from tablesports.games.bloodbowl.procedures.pickup import PickUp
from tablesports.games.bloodbowl.procedures.tests_of_skill import describe_test, passes
from tablesports.games.bloodbowl.tables import NUMBERS

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

END_ACTIVATION = EndActivation()
RUSH, DODGE, PICKUP = "rush", "dodge", "pickup"


class MoveAction(Procedure):
    """Phase 0: the coach moves or ends; pending rolls (`rolls`) are chance steps."""

    __slots__ = ("dodge_rerolled", "free", "moved", "pid", "rolls", "target")
    name = "move_action"
    rule = "the Move action (BB2020)"

    def __init__(self, pid: int = -1, free: bool = False) -> None:
        super().__init__()
        self.pid = pid
        self.free = free
        self.moved = 0
        self.target = -1
        self.rolls: list[str] = []
        self.dodge_rerolled = False

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE if self.rolls else s.players[self.pid].team

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D6

    def describe(self, s: BloodBowlState) -> str:
        p = s.players[self.pid]
        if self.rolls:
            return f"{p.label()}: {self.rolls[0]} roll"
        return f"{p.label()} moves ({self.moved} of {p.ma} squares, +{NUMBERS.max_rushes} Rushes)"

    def legal(self, s: BloodBowlState) -> list[Any]:
        p = s.players[self.pid]
        out: list[Any] = [END_ACTIVATION]
        if self.moved >= p.ma + NUMBERS.max_rushes:
            return out
        pitch = s.pitch
        for sq in NEIGHBOURS[p.square]:
            if pitch[sq] < 0:
                x, y = coords(sq)
                out.append(MoveTo(x, y))
        return out

    def why(self, s: BloodBowlState, action: Any) -> str:
        p = s.players[self.pid]
        if isinstance(action, MoveTo):
            if self.moved >= p.ma + NUMBERS.max_rushes:
                return f"{p.label()} has used his MA {p.ma} and both Rushes"
            return "a player moves one square at a time, to an empty square next to him"
        return f"{self.describe(s)}: 'move to x,y' or 'end activation'"

    # --- doing it ----------------------------------------------------------------------------
    def step(self, s: BloodBowlState, action: Any) -> bool:
        p = s.players[self.pid]
        if isinstance(action, EndActivation):
            return True
        if isinstance(action, MoveTo):
            self.target = index(action.x, action.y)
            if self.moved >= p.ma:
                self.rolls.append(RUSH)
            if s.markers(p.team, p.square):
                self.rolls.append(DODGE)
            if not self.rolls:
                return self._arrive(s, p)
            return False
        return self._roll(s, p, action)

    def _roll(self, s: BloodBowlState, p: Player, roll: Any) -> bool:
        kind = self.rolls[0]
        if kind == RUSH:
            mod = s.weather_entry().rush_modifier
            ok = passes(roll.value, NUMBERS.rush_target, mod)
            test = describe_test(roll.value, NUMBERS.rush_target, mod)
        else:
            mod = NUMBERS.marking_modifier * s.markers(p.team, self.target)
            ok = passes(roll.value, p.ag, mod)
            test = describe_test(roll.value, p.ag, mod)
        s.log(
            kind,
            f"{p.label()} {kind}: {test}: {'success' if ok else 'failure'}.",
            self.rule,
            roll=roll.value,
            modifier=mod,
            success=ok,
        )
        if ok:
            self.rolls.pop(0)
            return self._arrive(s, p) if not self.rolls else False
        if kind == DODGE and p.has("Dodge") and not self.dodge_rerolled:
            self.dodge_rerolled = True
            s.log("reroll", f"{p.label()} re-rolls the Dodge (Dodge skill).", self.rule)
            return False
        # he falls over in the square he was moving to
        self.rolls = []
        had_ball = s.ball_state == HELD and s.ball == p.square
        s.place(p, self.target)
        s.log("falls", f"{p.label()} falls over at {s.where(self.target)}.", self.rule)
        if had_ball:  # the ball is loose until it bounces
            s.ball, s.ball_state = self.target, IN_AIR
        s.push(fall_over(s, p.pid), *([Bounce(self.target)] if had_ball else []))
        s.turnover = True
        return True

    def _arrive(self, s: BloodBowlState, p: Player) -> bool:
        carrying = s.ball_state == HELD and s.ball == p.square
        s.place(p, self.target)
        self.moved += 1
        if carrying:
            s.ball = self.target
        elif s.ball_state == ON_GROUND and s.ball == self.target:
            s.push(PickUp(p.pid))
            return True
        if s.ball_state == HELD and s.ball == p.square and self._scores(p):
            s.touchdown(p)
            return True
        return False

    @staticmethod
    def _scores(p: Player) -> bool:
        return coords(p.square)[0] == end_zone_column(1 - p.team)
