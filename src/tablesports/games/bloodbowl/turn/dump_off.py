"""Dump-off (BB2020 skill): named as the target of a Block (or of a Special action in its
place) while holding the ball, the player may at once throw a Quick Pass (`pass to 14,6`, or
`no dump-off`), interrupting the blocker's activation. The pass follows every rule of a pass
but causes no turnover; then the block goes on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.ball import HELD
from tablesports.games.bloodbowl.pitch import HEIGHT, WIDTH, index
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.turn.actions import Aim, NoDumpOff
from tablesports.games.bloodbowl.turn.data import RANGES

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

RULE = "Dump-off (BB2020)"


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
    rule = RULE

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
        from tablesports.games.bloodbowl.turn.passing import PassAction

        if action is None or isinstance(action, NoDumpOff):
            return True
        p = s.players[self.pid]
        s.log("dump_off", f"{p.label()} dumps off the ball before the block.", RULE)
        self.phase = 1
        s.push(PassAction(self.pid, index(action.x, action.y)))
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
