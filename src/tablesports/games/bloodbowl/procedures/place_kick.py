"""Placing the kick: the kicking coach aims at any square of the opponent's half (seed)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.actions import KickAt
from tablesports.games.bloodbowl.ball import IN_AIR
from tablesports.games.bloodbowl.pitch import HEIGHT, WIDTH, in_half, index, on_pitch
from tablesports.games.bloodbowl.procedures.base import Procedure

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState

TARGETS: tuple[tuple[KickAt, ...], ...] = tuple(
    tuple(KickAt(x, y) for x in range(WIDTH) if in_half(1 - team, x) for y in range(HEIGHT))
    for team in (0, 1)
)
"""Per kicking team, every square it may aim at."""


class PlaceKick(Procedure):
    __slots__ = ("team",)
    name = "place_kick"
    rule = "placing the kick in the opponent's half (seed)"

    def __init__(self, team: int) -> None:
        super().__init__()
        self.team = team

    def actor(self, s: BloodBowlState) -> int | None:
        return self.team

    def legal(self, s: BloodBowlState) -> list[Any]:
        return list(TARGETS[self.team])

    def describe(self, s: BloodBowlState) -> str:
        return f"{s.team_name(self.team)}: place the kick in the opponent's half"

    def why(self, s: BloodBowlState, action: Any) -> str:
        if isinstance(action, KickAt):
            if not on_pitch(action.x, action.y):
                return "the kick must be aimed at a square of the pitch (x 0-25, y 0-14)"
            return "the kick must be aimed at a square in the opponent's half (seed)"
        return f"{self.describe(s)}: 'kick at x,y'"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        s.ball = index(action.x, action.y)
        s.ball_state = IN_AIR
        s.log(
            "kick",
            f"{s.team_name(self.team)} aim the kick at {action.x},{action.y}.",
            self.rule,
            target=[action.x, action.y],
        )
        return True
