"""Swarming (seed: "if a player has Swarming, it acts now", after the kick deviates and before
the kick-off event; BB2020 wording): each team, the kicking team first (house rule), may roll
D3 and set up that many of its Swarming players from the reserves, beyond the usual eleven,
in its own half, not on the line of scrimmage nor in a wide zone, and no more than the
Swarming players it has set up already. `place N at x,y` one by one, `setup done` to stop."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D3, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.actions import Place, SetupDone
from tablesports.games.bloodbowl.pitch import HEIGHT, WIDTH, in_half, index, los_column, wide_zone
from tablesports.games.bloodbowl.players import RESERVES
from tablesports.games.bloodbowl.procedures.base import Procedure

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

SKILL = "Swarming"
SETUP_DONE = SetupDone()


def swarming_squares(team: int) -> list[tuple[int, int]]:
    return [
        (x, y)
        for y in range(HEIGHT)
        for x in range(WIDTH)
        if in_half(team, x) and x != los_column(team) and wide_zone(y) < 0
    ]


class Swarming(Procedure):
    """`order` lists the teams still to swarm; phase 0 rolls the D3, phase 1 places."""

    __slots__ = ("left", "order")
    name = "swarming"
    rule = "Swarming: D3 more players after the kick deviates (seed; BB2020 wording)"

    def __init__(self, order: list[int] | None = None) -> None:
        super().__init__()
        self.order: list[int] = list(order or [])
        self.left = 0

    def _reserves(self, s: BloodBowlState, team: int) -> list[Player]:
        return [
            p
            for i in s.team_pids[team]
            if (p := s.players[i]).box == RESERVES and p.has(SKILL) and p.sits_out != s.drive
        ]

    def _can_swarm(self, s: BloodBowlState, team: int) -> bool:
        on = sum(1 for p in s.on_pitch(team) if p.has(SKILL))
        return on > 0 and bool(self._reserves(s, team))

    def actor(self, s: BloodBowlState) -> int | None:
        while self.order and self.phase == 0 and not self._can_swarm(s, self.order[0]):
            self.order.pop(0)
        if not self.order:
            return None
        return CHANCE if self.phase == 0 else self.order[0]

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D3

    def legal(self, s: BloodBowlState) -> list[Any]:
        team = self.order[0]
        squares = [(x, y) for x, y in swarming_squares(team) if s.pitch[index(x, y)] < 0]
        return [SETUP_DONE] + [
            Place(p.number, x, y) for p in self._reserves(s, team) for x, y in squares
        ]

    def describe(self, s: BloodBowlState) -> str:
        if not self.order:
            return "Swarming"
        return f"{s.team_name(self.order[0])}: Swarming ({self.left} more may be set up)"

    def why(self, s: BloodBowlState, action: Any) -> str:
        return (
            "Swarming sets up reserves with Swarming in the team's own half, not on the line "
            "of scrimmage nor in a wide zone, on an empty square; or 'setup done'"
        )

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if not self.order:
            return True
        team = self.order[0]
        if self.phase == 0:
            on = sum(1 for p in s.on_pitch(team) if p.has(SKILL))
            self.left = min(action.value, on, len(self._reserves(s, team)))
            s.log(
                "swarming",
                f"{s.team_name(team)} swarm ({action}): up to {self.left} more players.",
                self.rule,
            )
            self.phase = 1
            return False
        if isinstance(action, Place):
            p = s.player(team, action.number)
            assert p is not None
            s.place(p, index(action.x, action.y))
            p.played = True
            self.left -= 1
            s.log("swarming", f"{p.label()} swarms onto {action.x},{action.y}.", self.rule)
        if isinstance(action, SetupDone) or self.left <= 0 or not self._reserves(s, team):
            self.order.pop(0)
            self.phase = 0
        return False
