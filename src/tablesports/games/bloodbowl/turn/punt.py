"""Punt (2025 skill): a Special action (`punt 7`), one a team turn: the player may Move first,
and if he then holds the ball he punts it (`punt towards x=25`: one of the two end zones,
`x=0` or `x=25`, or a sideline, `y=0` or `y=14`), which ends his activation. The throw-in
template faces that edge from his square: a D6 for the direction (1-2 diagonally one way,
3-4 straight on, 5-6 diagonally the other way, as a throw-in), then a D6 for the distance in
squares. A player with Kick may re-roll the direction, then the distance (`reroll`,
`no reroll`). Where it comes down, a player must try to catch it (the loose ball's catch,
-1); on an empty square it bounces. The ball coming to rest on the ground is no turnover;
held by an opponent after the punt, or gone into the crowd (then thrown in), it is."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D6, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.ball import IN_AIR
from tablesports.games.bloodbowl.pitch import HEIGHT, WIDTH, coords, index, on_pitch
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.loose_ball import Bounce, ThrowIn, can_catch
from tablesports.games.bloodbowl.procedures.loose_ball import Catch as LooseCatch
from tablesports.games.bloodbowl.tables import THROW_IN
from tablesports.games.bloodbowl.turn.actions import PuntAim
from tablesports.games.bloodbowl.turn.common import NO_REROLL, REROLL, turnover

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState

RULE = "Punt (2025)"
SKILL = "Punt"
KICK = "Kick"
EDGES = (("x", 0), ("x", WIDTH - 1), ("y", 0), ("y", HEIGHT - 1))
AIMS = tuple(PuntAim(axis, edge) for axis, edge in EDGES)
DIRECTION, KICK_DIRECTION, DISTANCE, KICK_DISTANCE, END = range(5)


def facing(axis: str, edge: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The step towards the edge, and the step across it (+1 along the other axis)."""
    if axis == "x":
        return (1 if edge else -1, 0), (0, 1)
    return (0, 1 if edge else -1), (1, 0)


class Punt(Procedure):
    """The punt of `pid` towards the edge `axis`=`edge`; `direction` and `distance` are the
    dice; `crowd` is set when the ball went into the crowd (by loose_ball.ThrowIn too)."""

    __slots__ = (
        "axis",
        "crowd",
        "direction",
        "distance",
        "edge",
        "kicked_direction",
        "kicked_distance",
        "pid",
    )
    name = "punt"
    rule = RULE

    def __init__(self, pid: int = -1, axis: str = "x", edge: int = 0) -> None:
        super().__init__()
        self.pid = pid
        self.axis = axis
        self.edge = edge
        self.direction = 0
        self.distance = 0
        self.crowd = False
        self.kicked_direction = False  # Kick's re-roll of the direction is spent
        self.kicked_distance = False

    def actor(self, s: BloodBowlState) -> int | None:
        if self.phase in (DIRECTION, DISTANCE):
            return CHANCE
        if self.phase in (KICK_DIRECTION, KICK_DISTANCE):
            return s.players[self.pid].team
        return None

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D6

    def legal(self, s: BloodBowlState) -> list[Any]:
        return [REROLL, NO_REROLL]

    def describe(self, s: BloodBowlState) -> str:
        p = s.players[self.pid]
        if self.phase == KICK_DIRECTION:
            return f"{p.label()} (Kick) may re-roll the punt's direction (D6={self.direction})"
        if self.phase == KICK_DISTANCE:
            return f"{p.label()} (Kick) may re-roll the punt's distance (D6={self.distance})"
        return f"{p.label()} punts the ball towards {self.axis}={self.edge}"

    def why(self, s: BloodBowlState, action: Any) -> str:
        return f"{self.describe(s)}: 'reroll' or 'no reroll'"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        p = s.players[self.pid]
        kick = KICK in p.skills
        ph = self.phase
        if ph == DIRECTION:
            self.direction = action.value
            self.phase = KICK_DIRECTION if kick and not self.kicked_direction else DISTANCE
            return False
        if ph == KICK_DIRECTION:  # the direction is settled before the distance is rolled
            self.kicked_direction = True
            self.phase = DIRECTION if action == REROLL else DISTANCE
            return False
        if ph == DISTANCE:
            self.distance = action.value
            if kick and not self.kicked_distance:
                self.phase = KICK_DISTANCE
                return False
            return self._fly(s)
        if ph == KICK_DISTANCE:
            self.kicked_distance = True
            if action == REROLL:
                self.phase = DISTANCE
                return False
            return self._fly(s)
        holder = s.carrier()
        if self.crowd:
            turnover(s, "the punt went into the crowd")
        elif holder is not None and holder.team != p.team:
            turnover(s, "the punt was caught by an opponent")
        return True

    def _fly(self, s: BloodBowlState) -> bool:
        p = s.players[self.pid]
        (fx, fy), (ax, ay) = facing(self.axis, self.edge)
        turn = THROW_IN[self.direction]
        dx, dy = fx + turn * ax, fy + turn * ay
        x, y = coords(p.square)
        last = p.square
        self.phase = END
        s.ball_state = IN_AIR
        for _ in range(self.distance):
            x, y = x + dx, y + dy
            if not on_pitch(x, y):
                s.log(
                    "punt",
                    f"{p.label()} punts (direction D6={self.direction}, distance "
                    f"D6={self.distance}): the ball goes into the crowd.",
                    RULE,
                )
                s.ball = last
                self.crowd = True
                s.push(ThrowIn(last))
                return False
            last = index(x, y)
        s.log(
            "punt",
            f"{p.label()} punts (direction D6={self.direction}, distance "
            f"D6={self.distance}) to {x},{y}.",
            RULE,
        )
        s.ball = last
        other = s.pitch[last]
        if other >= 0 and can_catch(s, other):
            s.push(LooseCatch(other))
        else:
            s.push(Bounce(last))
        return False


__all__ = ["AIMS", "SKILL", "Punt"]
