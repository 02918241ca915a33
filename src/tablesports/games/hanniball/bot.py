"""`hanniball-greedy`: a one-step-lookahead bot with a football heuristic.

Each step it tries every legal action on a clone and keeps the one whose position scores best:
a goal for it wins outright and an own goal is never chosen; otherwise it values the ball's
advance towards the opponent's goal, possession, whether the opponent can take the ball
(capture its holder, or pick up a free ball) once the turn passes, being nearer the loose ball
than the opponent, and, with the ball in its own half, its Monkey standing in the goal (a shot
bounces off the keeper). After a shot onto a Monkey it scores each ricochet the same way.

Parameters (``hanniball-greedy:advance=10,possession=30,threat=35,chase=2,defend=5``) weigh
those terms.
"""

from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel, ConfigDict

from tablesports.core.protocol import Action, Game, State, validate_options
from tablesports.games.hanniball.board import (
    COLOR_OF,
    ELEPHANT,
    GOAL_OWNER,
    HEIGHT,
    HOME,
    HORSE,
    KIND_OF,
    KING,
    KNIGHT_JUMPS,
    LION,
    MONKEY,
    WIDTH,
)
from tablesports.games.hanniball.state import HanniBallState

WIN = 1_000_000.0

_STEPPERS = (False, True, True, True)  # kinds that move one square: Elephant, Lion, Monkey
_JUMPERS = (True, False, True, True)  # kinds that knight-jump: Horse, Lion, Monkey
assert (HORSE, ELEPHANT, LION, MONKEY) == (0, 1, 2, 3)


def can_reach(state: HanniBallState, color: int, square: int) -> bool:
    """Whether a piece of ``color`` could move onto ``square`` in one step."""
    board = state.board
    home = HOME[color][square]
    for s in KING[square]:
        code = board[s]
        if code and COLOR_OF[code] == color:
            kind = KIND_OF[code]
            if _STEPPERS[kind] and (kind != MONKEY or home):
                return True
    for s, a, b in KNIGHT_JUMPS[square]:  # jumps are symmetric, intermediate squares too
        code = board[s]
        if code and COLOR_OF[code] == color and not (board[a] and board[b]):
            kind = KIND_OF[code]
            if _JUMPERS[kind] and (kind != MONKEY or home):
                return True
    return False


def nearest(state: HanniBallState, color: int, square: int) -> int:
    """The king distance from ``square`` to the nearest piece of ``color`` (the Monkey aside),
    capped at 6."""
    col, row = square % WIDTH, square // WIDTH
    best = 6
    board = state.board
    for s in state.pieces[color]:
        if KIND_OF[board[s]] != MONKEY:
            d = max(abs(s % WIDTH - col), abs(s // WIDTH - row))
            if d < best:
                best = d
    return best


def keeper_in_goal(state: HanniBallState, color: int) -> bool:
    """Whether the Monkey of ``color`` stands in its goal, where a shot bounces off it."""
    board = state.board
    for s in state.pieces[color]:
        if KIND_OF[board[s]] == MONKEY:
            return GOAL_OWNER[s] == color
    return False


class GreedyOptions(BaseModel):
    """The weights of the bot's evaluation (`hanniball-greedy:threat=40`), checked by pydantic."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    advance: float = 10.0
    possession: float = 30.0
    threat: float = 35.0
    chase: float = 2.0
    defend: float = 5.0


class GreedyBot:
    """Advance the ball, shoot when a goal is possible, keep the ball out of reach, defend."""

    name = "hanniball-greedy"
    Options = GreedyOptions

    def __init__(self, game: Game | None = None, seed: int = 0, **params: Any) -> None:
        options = validate_options(GreedyOptions, params, f"agent {self.name!r}")
        assert isinstance(options, GreedyOptions)
        self.rng = random.Random(seed)
        self.advance = options.advance
        self.possession = options.possession
        self.threat = options.threat
        self.chase = options.chase
        self.defend = options.defend

    def reset(self, seed: int) -> None:
        self.rng.seed(seed)

    def step(self, state: State) -> Action:
        assert isinstance(state, HanniBallState)
        me = state.current_player()
        best: list[Action] = []
        best_score = -float("inf")
        for action in state.legal_actions():
            child = state.clone()
            child.apply_legal(action)
            score = self.score(child, me)
            if score > best_score:
                best, best_score = [action], score
            elif score == best_score:
                best.append(action)
        return best[self.rng.randrange(len(best))]

    def score(self, state: HanniBallState, me: int) -> float:
        """How good ``state`` is for ``me`` (higher is better)."""
        if state.over:
            if state.winner is None:
                return -WIN / 2
            return WIN if state.winner == me else -WIN
        if state.pending:  # the shooter (me) will choose the best ricochet
            best = -float("inf")
            for action in state.legal_actions():
                child = state.clone()
                child.apply_legal(action)
                best = max(best, self.score(child, me))
            return best
        opp = 1 - me
        board, ball = state.board, state.ball
        row = ball // WIDTH
        score = self.advance * (row if me == 0 else HEIGHT - 1 - row)
        holder = COLOR_OF[board[ball]]
        my_turn = state.to_move == me
        if holder == me:
            score += self.possession
            if not my_turn and can_reach(state, opp, ball):
                score -= self.threat + self.possession
        elif holder == opp:
            score -= self.possession
            if my_turn and can_reach(state, me, ball):
                score += 0.8 * self.possession
        elif my_turn and can_reach(state, me, ball):
            score += 0.7 * self.possession
        elif not my_turn and can_reach(state, opp, ball):
            score -= self.threat
        if holder != me:  # chase the ball: be nearer to it than the opponent
            score += self.chase * (nearest(state, opp, ball) - nearest(state, me, ball))
            if (row if me == 0 else HEIGHT - 1 - row) < HEIGHT // 2:  # the ball in my half
                score += self.defend * keeper_in_goal(state, me)
        return score
