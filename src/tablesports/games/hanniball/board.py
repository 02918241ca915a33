"""The field, its squares and the precomputed jump, step and line tables.

The grid is 9 files (a-i) by 15 ranks: ranks 2-14 are the field, ranks 1 and 15 hold only the
goals (d, e, f). A square is the flat index ``row * 9 + col`` (a1 = 0, i15 = 134); the cells of
ranks 1 and 15 outside the goals do not exist. Index ``SENTINEL`` (135) is a cell that is always
empty: the tables point off-board intermediate squares at it so a lookup needs no bounds test.

::

    rank 15        d15 e15 f15          Black's goal
    rank 14    a . c - - - g . i        c-g 13-14: Black's goal area
    ...
    rank  2    a . c - - - g . i        c-g 2-3: White's goal area
    rank  1        d1  e1  f1           White's goal
"""

from __future__ import annotations

import random

from tablesports.core.grid import (
    KING_DIRECTIONS,
    KNIGHT_STEPS,
    from_index,
    parse_square,
    square_name,
    to_index,
)

WIDTH = 9
HEIGHT = 15
CELLS = WIDTH * HEIGHT
SENTINEL = CELLS
"""An always-empty cell standing for every off-board intermediate square."""

WHITE, BLACK = 0, 1
COLOR_NAMES = ("White", "Black")

# Piece codes: 0 empty; White 1-4, Black 5-8, in the order Horse, Elephant, Lion, Monkey.
HORSE, ELEPHANT, LION, MONKEY = 0, 1, 2, 3
KIND_NAMES = ("Horse", "Elephant", "Lion", "Monkey")
KIND_LETTERS = "HELM"


def piece(color: int, kind: int) -> int:
    return 1 + kind + 4 * color


COLOR_OF = (-1, 0, 0, 0, 0, 1, 1, 1, 1)
"""COLOR_OF[code]: 0 White, 1 Black, -1 empty."""
KIND_OF = (-1, 0, 1, 2, 3, 0, 1, 2, 3)
LETTER_OF = ".HELMhelm"

GOAL_FILES = (3, 4, 5)  # d, e, f
GOAL_ROWS = (0, HEIGHT - 1)
"""The row of each colour's own goal: White defends rank 1, Black rank 15."""


def _exists(col: int, row: int) -> bool:
    if not (0 <= col < WIDTH and 0 <= row < HEIGHT):
        return False
    return row not in GOAL_ROWS or col in GOAL_FILES


SQUARES: tuple[int, ...] = tuple(
    to_index((c, r), WIDTH) for r in range(HEIGHT) for c in range(WIDTH) if _exists(c, r)
)
"""Every square that exists, a1-side first (123 of them)."""
VALID = tuple(i in set(SQUARES) for i in range(CELLS + 1))

NAMES: tuple[str, ...] = tuple(
    square_name(from_index(i, WIDTH)) if i < CELLS else "--" for i in range(CELLS + 1)
)
INDEX_OF: dict[str, int] = {NAMES[i]: i for i in SQUARES}

GOAL_OWNER: tuple[int, ...] = tuple(
    (0 if i // WIDTH == 0 else 1) if i < CELLS and VALID[i] and i // WIDTH in GOAL_ROWS else -1
    for i in range(CELLS + 1)
)
"""GOAL_OWNER[sq]: the colour whose goal the square is, or -1 for a field square."""


def _in_goal_area(i: int, color: int) -> bool:
    col, row = from_index(i, WIDTH)
    rows = (1, 2) if color == WHITE else (HEIGHT - 3, HEIGHT - 2)
    return 2 <= col <= 6 and row in rows


GOAL_AREA: tuple[tuple[bool, ...], ...] = tuple(
    tuple(i < CELLS and _in_goal_area(i, c) for i in range(CELLS + 1)) for c in (WHITE, BLACK)
)
"""GOAL_AREA[color][sq]: the 2 x 5 goal area in front of that colour's goal."""
HOME: tuple[tuple[bool, ...], ...] = tuple(
    tuple(GOAL_AREA[c][i] or GOAL_OWNER[i] == c for i in range(CELLS + 1)) for c in (WHITE, BLACK)
)
"""HOME[color][sq]: the goal area together with the goal, the Monkey's domain."""


def _target(i: int, dc: int, dr: int) -> int:
    """The square ``(dc, dr)`` away from ``i``, or -1 if it does not exist."""
    col, row = from_index(i, WIDTH)
    c, r = col + dc, row + dr
    return to_index((c, r), WIDTH) if _exists(c, r) else -1


def _cell(i: int, dc: int, dr: int) -> int:
    """Like `_target` but any cell of the grid, off-grid ones mapped to `SENTINEL`."""
    col, row = from_index(i, WIDTH)
    c, r = col + dc, row + dr
    return to_index((c, r), WIDTH) if 0 <= c < WIDTH and 0 <= r < HEIGHT else SENTINEL


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def knight_intermediates(dc: int, dr: int) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two squares a knight-jump passes: one step along the long leg, then diagonal.

    For b2-d1 (2, -1) they are c2 and c1; c1 does not exist, so that jump is never blocked.
    """
    if abs(dc) == 2:
        return (_sign(dc), 0), (_sign(dc), dr)
    return (0, _sign(dr)), (dc, _sign(dr))


KING: tuple[tuple[int, ...], ...] = tuple(
    tuple(t for dc, dr in KING_DIRECTIONS if (t := _target(i, dc, dr)) >= 0) if VALID[i] else ()
    for i in range(CELLS + 1)
)
"""KING[sq]: the existing squares next to ``sq`` (the Elephant's moves, the Horse's shots)."""

KNIGHT: tuple[tuple[int, ...], ...] = tuple(
    tuple(t for dc, dr in KNIGHT_STEPS if (t := _target(i, dc, dr)) >= 0) if VALID[i] else ()
    for i in range(CELLS + 1)
)
"""KNIGHT[sq]: the existing squares a knight-jump away (the Elephant's shots)."""

KNIGHT_JUMPS: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple(
        (t, _cell(i, *knight_intermediates(dc, dr)[0]), _cell(i, *knight_intermediates(dc, dr)[1]))
        for dc, dr in KNIGHT_STEPS
        if (t := _target(i, dc, dr)) >= 0
    )
    if VALID[i]
    else ()
    for i in range(CELLS + 1)
)
"""KNIGHT_JUMPS[sq]: ``(target, first, second)`` with the two intermediate cells of the jump."""

SHOT_RANGE = 5
"""The Monkey's shot and the ricochet fly up to five squares in a straight line (seed)."""


def _ray(i: int, dc: int, dr: int, reach: int) -> list[int]:
    """Existing squares up to ``reach`` steps along a direction; the ball flies over the rest."""
    out = []
    col, row = from_index(i, WIDTH)
    for n in range(1, reach + 1):
        c, r = col + dc * n, row + dr * n
        if not (0 <= c < WIDTH and 0 <= r < HEIGHT):
            break
        if _exists(c, r):
            out.append(to_index((c, r), WIDTH))
    return out


MonkeyMoves = tuple[tuple[int, ...], tuple[tuple[int, int, int], ...]]
MONKEY_MOVES: tuple[tuple[MonkeyMoves, ...], ...] = tuple(
    tuple(
        (
            tuple(t for t in KING[i] if HOME[c][t]),
            tuple(j for j in KNIGHT_JUMPS[i] if HOME[c][j[0]]),
        )
        for i in range(CELLS + 1)
    )
    for c in (WHITE, BLACK)
)
"""MONKEY_MOVES[color][sq]: (steps, jumps) that keep the Monkey in its goal area and goal."""

MONKEY_SHOTS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(
            t for dc, dr in KING_DIRECTIONS for t in _ray(i, dc, dr, SHOT_RANGE) if not HOME[c][t]
        )
        if HOME[c][i]
        else ()
        for i in range(CELLS + 1)
    )
    for c in (WHITE, BLACK)
)
"""MONKEY_SHOTS[color][sq]: straight lines of up to five, landing outside its goal area."""

RICOCHETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(t for dc, dr in KING_DIRECTIONS for t in _ray(i, dc, dr, SHOT_RANGE) if GOAL_OWNER[t] < 0)
    if VALID[i]
    else ()
    for i in range(CELLS + 1)
)
"""RICOCHETS[sq]: where a ball bouncing off a Monkey on ``sq`` may land: up to five squares in
a straight line, never in a goal."""


def name_to_index(name: str) -> int:
    """The flat index of a square name such as ``"e8"``; ``ValueError`` when it does not exist."""
    if name in INDEX_OF:
        return INDEX_OF[name]
    col, row = parse_square(name)  # raises with a clear message for malformed names
    if not _exists(col, row):
        raise ValueError(
            f"square {name!r} is not on the HanniBall field: files a-i, ranks 2-14, "
            "and the goals d1-f1 and d15-f15"
        )
    return to_index((col, row), WIDTH)


_zobrist = random.Random(20090401)
ZOBRIST_PIECE: tuple[tuple[int, ...], ...] = tuple(
    tuple(_zobrist.getrandbits(64) if p else 0 for _ in range(CELLS + 1)) for p in range(9)
)
ZOBRIST_BALL: tuple[int, ...] = tuple(_zobrist.getrandbits(64) for _ in range(CELLS + 1))
ZOBRIST_BLACK = _zobrist.getrandbits(64)
"""Zobrist keys: a position's hash is the XOR of its pieces, its ball and the side to move."""
