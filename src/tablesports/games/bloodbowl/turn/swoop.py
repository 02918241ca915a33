"""Swoop (2025 skill): a thrown player who would scatter may instead swoop: his coach sets the
throw-in template over the square the scatter starts from, facing one of the end zones or
sidelines (`swoop east`, `swoop west`, `swoop north`, `swoop south`), or scatters as usual
(`no swoop`). A D6 gives the direction (1-2 one diagonal, 3-4 straight on, 5-6 the other
diagonal, as a throw-in), a second D6 how many squares he travels (over anyone in between);
then he comes down there as a thrown player does (off the pitch: the crowd; on a player:
the crash), and he may re-roll the landing's Agility test."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D6, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.pitch import coords, index, on_pitch
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.tables import THROW_IN
from tablesports.games.bloodbowl.turn.actions import SWOOP_FACINGS, Swoop
from tablesports.games.bloodbowl.turn.throw_team_mate import SWOOP, Flight, LandingTest

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

RULE = "Swoop (2025)"
FACING = {"east": (1, 0), "west": (-1, 0), "north": (0, -1), "south": (0, 1)}
"""The way the template faces: straight on, in squares."""
CHOICES = [Swoop(""), *(Swoop(f) for f in SWOOP_FACINGS)]


class SwoopLanding(LandingTest):
    """The landing after a swoop: Swoop re-rolls a failed Agility test."""

    name = "swoop_landing"
    skill = "Swoop"
    rule = "landing a thrown player after a Swoop (2025)"


class SwoopFlight(Flight):
    """A thrown player's flight whose landing Swoop may re-roll."""

    name = "swoop_flight"
    landing = SwoopLanding


class SwoopChoice(Procedure):
    """Phase 0: the coach swoops or not; phase 1: the direction D6; phase 2: the distance
    D6."""

    __slots__ = ("count", "direction", "facing", "pid", "square")
    name = "swoop"
    rule = RULE

    def __init__(self, pid: int = -1, square: int = -1, count: int = 1) -> None:
        super().__init__()
        self.pid = pid
        self.square = square
        self.count = count
        self.facing = ""
        self.direction = 0

    def actor(self, s: BloodBowlState) -> int | None:
        return s.players[self.pid].team if self.phase == 0 else CHANCE

    def legal(self, s: BloodBowlState) -> list[Any]:
        return list(CHOICES)

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D6

    def describe(self, s: BloodBowlState) -> str:
        p = s.players[self.pid]
        if self.phase == 0:
            return f"{p.label()} may Swoop instead of scattering"
        return f"{p.label()} swoops {self.facing}"

    def why(self, s: BloodBowlState, action: Any) -> str:
        return f"{self.describe(s)}: " + ", ".join(map(str, CHOICES))

    def step(self, s: BloodBowlState, action: Any) -> bool:
        p = s.players[self.pid]
        if self.phase == 0:
            if not action.facing:
                s.push(Flight(self.pid, self.square, self.count))
                return True
            self.facing, self.phase = action.facing, 1
            s.log("swoop", f"{p.label()} swoops, facing {self.facing}.", RULE)
            return False
        if self.phase == 1:
            self.direction, self.phase = action.value, 2
            return False
        return self._travel(s, p, action.value)

    def _travel(self, s: BloodBowlState, p: Player, distance: int) -> bool:
        fx, fy = FACING[self.facing]
        turn = THROW_IN[self.direction]  # -1, 0 or +1 across the way he faces
        dx, dy = fx + turn * fy, fy + turn * fx
        x, y = coords(self.square)
        s.log("swoop", f"Swoop: D6={self.direction}, D6={distance} squares.", RULE)
        for _ in range(distance):
            if not on_pitch(x + dx, y + dy):
                flight = SwoopFlight(self.pid, index(x, y), 0)
                flight._crowd(s, p, index(x, y))
                return True
            x, y = x + dx, y + dy
        s.push(SwoopFlight(self.pid, index(x, y), 0))
        return True


if not SWOOP:
    SWOOP.append(SwoopChoice)
