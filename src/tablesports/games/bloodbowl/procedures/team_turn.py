"""A team turn: the turn marker moves on, then the coach activates players one at a time.

Until the full team turn (issue 6), the actions are the Move action (with standing up for
3 squares of MA) and `end turn`. A turnover (a player falling, a failed pick-up) or a
touchdown ends the turn. Stunned players of the team roll over to Prone at its end (BB2020).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.actions import Activate, EndTurn
from tablesports.games.bloodbowl.players import PRONE, STANDING, STUNNED
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.move import MoveAction

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

END_TURN = EndTurn()
STAND_UP_COST = 3
"""Standing up costs three squares of movement (BB2020)."""


class TeamTurn(Procedure):
    """Phase 0 starts the turn; phase 1 takes activations until `end turn` or a turnover."""

    __slots__ = ("stunned", "team")
    name = "team_turn"
    rule = "the team turn (BB2020)"

    def __init__(self, team: int = 0) -> None:
        super().__init__()
        self.team = team
        self.stunned: list[int] = []

    def actor(self, s: BloodBowlState) -> int | None:
        if self.phase == 1 and not s.turnover and s.scorer < 0:
            return self.team
        return None

    def activatable(self, s: BloodBowlState) -> list[Player]:
        return [
            p
            for p in sorted(s.on_pitch(self.team), key=lambda p: p.number)
            if not p.used
            and (p.stance == STANDING or (p.stance == PRONE and p.ma >= STAND_UP_COST))
        ]

    def legal(self, s: BloodBowlState) -> list[Any]:
        return [END_TURN, *(Activate(p.number) for p in self.activatable(s))]

    def describe(self, s: BloodBowlState) -> str:
        return f"{s.team_name(self.team)}: turn {s.turn[self.team]} of half {s.half}"

    def why(self, s: BloodBowlState, action: Any) -> str:
        if isinstance(action, Activate):
            return (
                "a player is activated once a turn, must be on the pitch and not Stunned "
                "(a Prone player stands up for 3 MA)"
            )
        return f"{self.describe(s)}: 'activate N' or 'end turn'"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if self.phase == 0:
            return self._start(s)
        if isinstance(action, Activate):
            p = s.player(self.team, action.number)
            assert p is not None
            p.used = True
            move = MoveAction(p.pid)
            if p.stance == PRONE:
                p.stance = STANDING
                move.moved = STAND_UP_COST
                s.log("stand_up", f"{p.label()} stands up.", self.rule)
            s.push(move)
            return False
        return self._end(s)

    def _start(self, s: BloodBowlState) -> bool:
        self.phase = 1
        s.turn[self.team] += 1
        s.turnover = False
        s.knocked_over = -1
        for i in s.team_pids[self.team]:
            s.players[i].used = False
        self.stunned = [p.pid for p in s.on_pitch(self.team) if p.stance == STUNNED]
        s.log(
            "turn",
            f"{s.team_name(self.team)} turn {s.turn[self.team]} (half {s.half}).",
            self.rule,
            team=self.team,
            turn=s.turn[self.team],
            half=s.half,
        )
        return False

    def _end(self, s: BloodBowlState) -> bool:
        if s.turnover:
            s.log("turnover", f"Turnover: the turn of {s.team_name(self.team)} ends.", self.rule)
        for pid in self.stunned:
            p = s.players[pid]
            if p.square >= 0 and p.stance == STUNNED:
                p.stance = PRONE
        return True
