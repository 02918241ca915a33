"""The observation tensor for RL: planes over the 9 x 15 grid (see rules.md, "Observation tensor").

HanniBall has perfect information, so the observation is the whole position; `encode` reads it
from the notation in `observation(player)`, `encode_state` from the state's own lists (the
same array, faster).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from tablesports.games.hanniball.board import CELLS, HEIGHT, VALID, WIDTH
from tablesports.games.hanniball.notation import parse_position

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

_EXISTS = np.array(VALID[:CELLS], np.float32)


def tensor_shape(game: HanniBallGame) -> tuple[int, ...]:
    return (len(PLANES), HEIGHT, WIDTH)


def encode(game: HanniBallGame, observation: dict[str, Any], player: int) -> np.ndarray:
    """The tensor of `observation(player)`."""
    p = parse_position(observation["position"])
    return _planes(
        game.options.max_turns,
        player,
        _occupied(p.board),
        p.ball,
        p.ricochet_pending,
        p.to_move,
        p.steps_used,
        p.step_limit,
        p.turn,
        _occupied(p.start_board),
        p.start_ball,
    )


def encode_state(state: HanniBallState, player: int) -> np.ndarray:
    """The same array as `encode(game, state.observation(player), player)`, without the text."""
    board = state.board
    pieces = [(board[sq], sq) for side in state.pieces for sq in side]
    # the notation gives a turn's start position only once a step is made; before that (and
    # when the game ended with the turn) the start is the position itself
    start = state.used > 0
    return _planes(
        state.game.options.max_turns,
        player,
        pieces,
        state.ball,
        state.pending,
        state.to_move,
        state.used,
        state.limit,
        state.turn,
        _start_pieces(state.start_board) if start else pieces,
        state.start_ball if start else state.ball,
    )


def _occupied(board: list[int]) -> list[tuple[int, int]]:
    return [(code, sq) for sq, code in enumerate(board[:CELLS]) if code]


_last_start: list[Any] = [None, []]


def _start_pieces(start_board: list[int]) -> list[tuple[int, int]]:
    """The turn's start pieces; the state replaces `start_board` (never changes it in place)
    once a turn, so the last one is kept, with a reference so that its identity is safe."""
    if _last_start[0] is not start_board:
        _last_start[0], _last_start[1] = start_board, _occupied(start_board)
    pieces: list[tuple[int, int]] = _last_start[1]
    return pieces


def _planes(
    max_turns: int,
    player: int,
    pieces: list[tuple[int, int]],
    ball: int,
    pending: bool,
    to_move: int,
    used: int,
    limit: int,
    turn: int,
    start: list[tuple[int, int]],
    start_ball: int,
) -> np.ndarray:
    out = np.zeros(len(PLANES) * CELLS, np.float32)
    ones = [(code - 1) * CELLS + sq for code, sq in pieces]
    ones += [(16 if code < 5 else 17) * CELLS + sq for code, sq in start]
    ones += (8 * CELLS + ball, 18 * CELLS + start_ball)
    out[ones] = 1.0
    out[9 * CELLS : 10 * CELLS] = _EXISTS
    for plane, value in (
        (10, float(player == 1)),
        (11, float(to_move == player)),
        (12, float(pending)),
        (13, used / 4),
        (14, limit / 4),
        (15, min(turn, max_turns) / max_turns),
    ):
        if value:
            out[plane * CELLS : (plane + 1) * CELLS] = value
    return out.reshape(len(PLANES), HEIGHT, WIDTH)


def _files_reflected(rows: np.ndarray) -> np.ndarray:
    """Each flat tensor of `rows` with its board reflected from file a to file i."""
    return rows.reshape(len(rows), len(PLANES), HEIGHT, WIDTH)[..., ::-1].reshape(len(rows), -1)


def symmetries(game: HanniBallGame) -> tuple[tuple[str, Callable[[np.ndarray], np.ndarray]], ...]:
    """The set-up, the board and every piece's moves are the same reflected from file a to file
    i, so a position and its mirror image are worth the same to each player: value training
    fits both (`(name, mirror)`: `mirror` maps rows of flat tensors to the mirrored positions')."""
    return (("files a-i reflected", _files_reflected),)


OBSERVATION_RANGE = (0.0, 1.0)
"""Every plane is 0 or 1, or a ratio to its own limit (steps, turns)."""


def describe(game: HanniBallGame) -> list[tuple[str, slice]]:
    """Each plane (15 rows, rank 1 first, by 9 files) with its slice of the flattened tensor."""
    n = HEIGHT * WIDTH
    return [(name, slice(k * n, (k + 1) * n)) for k, name in enumerate(PLANES)]
