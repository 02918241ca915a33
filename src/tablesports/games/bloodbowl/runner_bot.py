"""`bloodbowl-runner`: a plain bot for the drive sequence and the Move-only team turn.

It sets up in a formation, kicks deep, takes the ball and runs it to the end zone one square
at a time along the squares with the fewest opponents around, and otherwise sends the nearest
player to the ball. It only ever Moves; where it has no plan it takes the first legal action.
(The careful coach that blocks, blitzes and cages is `bloodbowl-scripted`.)
"""

from __future__ import annotations

import random
from typing import Any

from tablesports.core.protocol import Game, State
from tablesports.games.bloodbowl.actions import (
    EndActivation,
    EndTurn,
    KickAt,
    UseBribe,
    UseFormation,
)
from tablesports.games.bloodbowl.ball import HELD, ON_GROUND
from tablesports.games.bloodbowl.pitch import coords, end_zone_column, index
from tablesports.games.bloodbowl.players import Player
from tablesports.games.bloodbowl.state import BloodBowlState
from tablesports.games.bloodbowl.turn.actions import Declare, MovePath


class RunnerBot:
    name = "bloodbowl-runner"

    def __init__(self, game: Game | None = None, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def reset(self, seed: int) -> None:
        self.rng.seed(seed)

    def step(self, state: State) -> Any:
        assert isinstance(state, BloodBowlState)
        actions = state.legal_actions()
        for choose in (self._setup, self._kick, self._bribe, self._turn, self._move):
            action = choose(state, actions)
            if action is not None:
                return action
        return actions[0]

    def _setup(self, s: BloodBowlState, actions: list[Any]) -> Any:
        formations = [a for a in actions if isinstance(a, UseFormation)]
        return self.rng.choice(formations) if formations else None

    def _kick(self, s: BloodBowlState, actions: list[Any]) -> Any:
        kicks = [a for a in actions if isinstance(a, KickAt)]
        if not kicks:
            return None
        deep = 20 if s.kicking == 0 else 5  # deep in the receivers' half, mid-pitch
        return KickAt(deep, 7) if KickAt(deep, 7) in kicks else kicks[0]

    def _bribe(self, s: BloodBowlState, actions: list[Any]) -> Any:
        return next((a for a in actions if isinstance(a, UseBribe)), None)

    def _turn(self, s: BloodBowlState, actions: list[Any]) -> Any:
        if not any(isinstance(a, EndTurn) for a in actions):
            return None
        team = s.current_player()
        ready = {a.number for a in actions if isinstance(a, Declare) and a.kind == "move"}
        carrier = s.carrier()
        if carrier is not None and carrier.team == team:
            return Declare("move", carrier.number) if carrier.number in ready else EndTurn()
        if s.ball_state == ON_GROUND:
            chaser = self._nearest(s, team, ready, s.ball)
            if chaser is not None:
                return Declare("move", chaser.number)
        return EndTurn()

    def _move(self, s: BloodBowlState, actions: list[Any]) -> Any:
        if not any(isinstance(a, EndActivation) for a in actions):
            return None
        top = s.stack[-1]
        p = s.players[getattr(top, "pid", -1)]
        steps = [
            a
            for a in actions
            if isinstance(a, MovePath) and _distance(index(a.x, a.y), p.square) == 1
        ]
        if not steps or getattr(top, "moved", 0) >= p.ma:  # no Rushes: too risky
            return EndActivation()
        goal = self._goal(s, p)
        here = _distance(p.square, goal)

        def score(a: MovePath) -> tuple[int, int]:
            sq = index(a.x, a.y)
            return (_distance(sq, goal), s.markers(p.team, sq))

        best = min(steps, key=score)
        return best if score(best)[0] < here else EndActivation()

    def _goal(self, s: BloodBowlState, p: Player) -> int:
        if s.ball_state == HELD and s.ball == p.square:
            _, y = coords(p.square)
            return index(end_zone_column(1 - p.team), y)
        return s.ball if s.ball >= 0 else p.square

    @staticmethod
    def _nearest(s: BloodBowlState, team: int, ready: set[int], square: int) -> Player | None:
        candidates = [p for p in s.on_pitch(team) if p.number in ready and p.standing]
        if not candidates:
            return None
        return min(candidates, key=lambda p: _distance(p.square, square))


def _distance(a: int, b: int) -> int:
    (ax, ay), (bx, by) = coords(a), coords(b)
    return max(abs(ax - bx), abs(ay - by))
