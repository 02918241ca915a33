"""The observation tensor for RL: planes over the 9 x 15 grid (see rules.md, "Observation tensor").

HanniBall has perfect information, so the observation is the whole position; `encode` reads it
from the notation in `observation(player)`, `encode_state` from the state's own lists (the
same array, faster).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from tablesports.games.hanniball.board import CELLS, HEIGHT, VALID, WIDTH
from tablesports.games.hanniball.notation import Position, parse_position

if TYPE_CHECKING:
    from tablesports.games.hanniball.game import HanniBallGame
    from tablesports.games.hanniball.state import HanniBallState

PLANES = (
    "White Horse",
    "White Elephant",
    "White Lion",
    "White Monkey",
    "Black Horse",
    "Black Elephant",
    "Black Lion",
    "Black Monkey",
    "ball",
    "square exists",
    "observer is Black",
    "observer to move",
    "ricochet pending",
    "steps used / 4",
    "step limit / 4",
    "turn / max_turns",
    "turn start: White pieces",
    "turn start: Black pieces",
    "turn start: ball",
)
"""The planes, in order; each is 15 rows (rank 1 first) by 9 files (a first)."""

_PIECES = np.zeros((9, 8), np.float32)
_PIECES[np.arange(1, 9), np.arange(8)] = 1.0  # code 0 (empty) stays all zero
_SIDE = np.zeros((9, 2), np.float32)
_SIDE[1:5, 0] = 1.0
_SIDE[5:9, 1] = 1.0
_EXISTS = np.array(VALID[:CELLS], np.float32)


def tensor_shape(game: HanniBallGame) -> tuple[int, ...]:
    return (len(PLANES), HEIGHT, WIDTH)


def encode(game: HanniBallGame, observation: dict[str, Any], player: int) -> np.ndarray:
    """The tensor of `observation(player)`."""
    return _encode(game, parse_position(observation["position"]), player)


def encode_state(state: HanniBallState, player: int) -> np.ndarray:
    """The same array as `encode(game, state.observation(player), player)`, without the text."""
    # the notation gives a turn's start position only once a step is made; before that (and
    # when the game ended with the turn) the start is the position itself
    start = state.used > 0
    return _planes(
        state.game.options.max_turns,
        player,
        state.board,
        state.ball,
        state.pending,
        state.to_move,
        state.used,
        state.limit,
        state.turn,
        state.start_board if start else state.board,
        state.start_ball if start else state.ball,
    )


def _encode(game: HanniBallGame, p: Position, player: int) -> np.ndarray:
    return _planes(
        game.options.max_turns,
        player,
        p.board,
        p.ball,
        p.ricochet_pending,
        p.to_move,
        p.steps_used,
        p.step_limit,
        p.turn,
        p.start_board,
        p.start_ball,
    )


def _planes(
    max_turns: int,
    player: int,
    board: list[int],
    ball: int,
    pending: bool,
    to_move: int,
    used: int,
    limit: int,
    turn: int,
    start_board: list[int],
    start_ball: int,
) -> np.ndarray:
    out = np.zeros((len(PLANES), CELLS), np.float32)
    out[0:8] = _PIECES[board[:CELLS]].T
    out[8, ball] = 1.0
    out[9] = _EXISTS
    out[10] = float(player == 1)
    out[11] = float(to_move == player)
    out[12] = float(pending)
    out[13] = used / 4
    out[14] = limit / 4
    out[15] = min(turn, max_turns) / max_turns
    out[16:18] = _SIDE[start_board[:CELLS]].T
    out[18, start_ball] = 1.0
    return out.reshape(len(PLANES), HEIGHT, WIDTH)
