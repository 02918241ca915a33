"""A team turn's frame: the turn marker moves on, then the coach's activations (the full team
turn, `turn/team_turn.py`, gives them), and at the end Stunned players of the team roll over
to Prone (BB2020). A turnover or a touchdown ends the turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.actions import EndTurn
from tablesports.games.bloodbowl.players import PRONE, STUNNED
from tablesports.games.bloodbowl.procedures.base import Procedure

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState

END_TURN = EndTurn()


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

    def legal(self, s: BloodBowlState) -> list[Any]:
        return [END_TURN]

    def describe(self, s: BloodBowlState) -> str:
        return f"{s.team_name(self.team)}: turn {s.turn[self.team]} of half {s.half}"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if self.phase == 0:
            return self._start(s)
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
        if s.scorer < 0:  # Pick-me-up: the other team's Prone players may be helped up
            from tablesports.games.bloodbowl.procedures.pick_me_up import PickMeUp, picked

            pids = picked(s, 1 - self.team)
            if pids:
                s.push(PickMeUp(pids))
        return True
