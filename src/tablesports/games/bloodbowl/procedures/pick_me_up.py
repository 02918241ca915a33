"""Pick-me-up (BB2020 trait): at the end of the opponents' team turn, a D6 for each Prone
(not Stunned) team-mate within three squares of a Standing player with this trait; on a 5+
he stands up (always, house rule: standing up never hurts)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D6, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.pitch import WIDTH
from tablesports.games.bloodbowl.players import PRONE, STANDING
from tablesports.games.bloodbowl.procedures.base import Procedure

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState

RULE = "Pick-me-up (BB2020)"
TARGET = 5


def picked(s: BloodBowlState, team: int) -> list[int]:
    """The Prone players of `team` within three squares of a Standing team-mate with it."""
    helpers = [
        s.players[pid].square
        for pid in s.team_pids[team]
        if "Pick-me-up" in s.players[pid].skills and s.players[pid].standing
    ]
    if not helpers:
        return []
    out = []
    for pid in s.team_pids[team]:
        p = s.players[pid]
        if p.square >= 0 and p.stance == PRONE:
            x, y = p.square % WIDTH, p.square // WIDTH
            if any(abs(h % WIDTH - x) <= 3 and abs(h // WIDTH - y) <= 3 for h in helpers):
                out.append(pid)
    return out


class PickMeUp(Procedure):
    """`pids` still to roll for, in shirt-number order."""

    __slots__ = ("pids",)
    name = "pick_me_up"
    rule = RULE

    def __init__(self, pids: list[int] | None = None) -> None:
        super().__init__()
        self.pids = list(pids or [])

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE if self.pids else None

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D6

    def describe(self, s: BloodBowlState) -> str:
        return f"Pick-me-up for {s.players[self.pids[0]].label()}" if self.pids else RULE

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if action is None or not self.pids:
            return True
        p = s.players[self.pids.pop(0)]
        up = action.value >= TARGET
        s.log(
            "pick_me_up",
            f"Pick-me-up for {p.label()}: D6={action.value}: "
            + ("he is helped to his feet." if up else "he stays down."),
            RULE,
            roll=action.value,
        )
        if up and p.square >= 0 and p.stance == PRONE:
            p.stance = STANDING
        return not self.pids
