"""A half: eight turns a team, a drive at its start and after every touchdown."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.drive import Drive

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


class Half(Procedure):
    """Starts a drive, then after each drive decides whether another one starts."""

    __slots__ = ("number",)
    name = "half"
    rule = "halves of eight turns a team; a new drive after a touchdown (seed)"

    def __init__(self, number: int) -> None:
        super().__init__()
        self.number = number

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if self.phase == 0:
            self.phase = 1
            s.half = self.number
            s.turn = [0, 0]
            # team re-rolls are refreshed at the start of each half (BB2020)
            s.rerolls = [s.teams[0].rerolls, s.teams[1].rerolls]
            kicking = s.first_kicker if self.number == 1 else 1 - s.first_kicker
            s.log(
                "half",
                f"Half {self.number} begins: {s.team_name(kicking)} kick off.",
                self.rule,
                half=self.number,
            )
            s.push(Drive(kicking))
            return False
        # after a drive: a touchdown gives a new drive, with the scorers kicking, if the
        # receiving team still has a turn to play in this half
        if s.scorer >= 0 and s.turn[1 - s.scorer] < s.turns_per_half:
            s.push(Drive(s.scorer))
            return False
        s.log("half", f"Half {self.number} is over: {s.score[0]}-{s.score[1]}.", self.rule)
        return True
