"""Per-square tables of ready-made actions, so move generation only looks things up.

For every square: the Elephant-like steps and the Horse-like jumps with their action objects
(carry and leave-behind), and each kind of piece's shots. The Monkey's tables are per colour,
cut to its goal area and goal.
"""

from __future__ import annotations

from tablesports.games.hanniball.actions import LEAVE, MOVE, RICOCHET, SHOT, Step, step
from tablesports.games.hanniball.board import (
    CELLS,
    ELEPHANT,
    HORSE,
    KING,
    KNIGHT,
    KNIGHT_JUMPS,
    LION,
    MONKEY,
    MONKEY_MOVES,
    MONKEY_SHOTS,
    RICOCHETS,
)

StepEntry = tuple[int, Step, Step]
"""(target, move action, leave-the-ball action)"""
JumpEntry = tuple[int, int, int, Step, Step]
"""(target, first intermediate, second intermediate, move action, leave-the-ball action)"""

_RANGE = range(CELLS + 1)


def _steps(i: int, targets: tuple[int, ...]) -> tuple[StepEntry, ...]:
    return tuple((t, step(MOVE, i, t), step(LEAVE, i, t)) for t in targets)


def _jumps(i: int, jumps: tuple[tuple[int, int, int], ...]) -> tuple[JumpEntry, ...]:
    return tuple((t, a, b, step(MOVE, i, t), step(LEAVE, i, t)) for t, a, b in jumps)


def _shots(i: int, targets: tuple[int, ...]) -> tuple[Step, ...]:
    return tuple(step(SHOT, i, t) for t in targets)


NONE_STEPS: tuple[StepEntry, ...] = ()
NONE_JUMPS: tuple[JumpEntry, ...] = ()

KING_STEPS = tuple(_steps(i, KING[i]) for i in _RANGE)
ALL_JUMPS = tuple(_jumps(i, KNIGHT_JUMPS[i]) for i in _RANGE)

# MOVES[color][kind][sq] -> (steps, jumps); only the Monkey's differ by colour.
MOVES: tuple[tuple[tuple[tuple[tuple[StepEntry, ...], tuple[JumpEntry, ...]], ...], ...], ...]
MOVES = tuple(
    (
        tuple((NONE_STEPS, ALL_JUMPS[i]) for i in _RANGE),  # Horse: knight-jumps only
        tuple((KING_STEPS[i], NONE_JUMPS) for i in _RANGE),  # Elephant: one step any way
        tuple((KING_STEPS[i], ALL_JUMPS[i]) for i in _RANGE),  # Lion: both
        tuple(
            (_steps(i, MONKEY_MOVES[c][i][0]), _jumps(i, MONKEY_MOVES[c][i][1])) for i in _RANGE
        ),  # Monkey: as the Lion, inside its goal area and goal
    )
    for c in (0, 1)
)

# SHOTS[color][kind][sq] -> shot actions.
SHOTS: tuple[tuple[tuple[tuple[Step, ...], ...], ...], ...] = tuple(
    (
        tuple(_shots(i, KING[i]) for i in _RANGE),  # Horse: to a neighbouring square
        tuple(_shots(i, KNIGHT[i]) for i in _RANGE),  # Elephant: a knight-jump away
        tuple(_shots(i, KING[i] + KNIGHT[i]) for i in _RANGE),  # Lion: both
        tuple(_shots(i, MONKEY_SHOTS[c][i]) for i in _RANGE),  # Monkey: lines out of its area
    )
    for c in (0, 1)
)

RICOCHET_ACTIONS: tuple[tuple[Step, ...], ...] = tuple(
    tuple(step(RICOCHET, i, t) for t in RICOCHETS[i]) for i in _RANGE
)

assert (HORSE, ELEPHANT, LION, MONKEY) == (0, 1, 2, 3)
