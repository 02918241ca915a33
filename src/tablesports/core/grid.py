"""Square-grid geometry: directions, distances, lines, rays and algebraic square names.

A square is a plain ``(col, row)`` tuple of ints, with ``(0, 0)`` the bottom-left corner
("a1" in chess notation) and rows growing northward. Everything here is a small pure
function so games can call it freely or precompute flat jump tables from it, in the manner
of python-chess: ``precompute_neighbours`` / ``precompute_knight`` give, for every flat
index ``row * width + col``, the tuple of flat indices reachable in one step.
"""

from __future__ import annotations

import re
from typing import TypeAlias

Square: TypeAlias = tuple[int, int]
Direction: TypeAlias = tuple[int, int]

NORTH: Direction = (0, 1)
NORTH_EAST: Direction = (1, 1)
EAST: Direction = (1, 0)
SOUTH_EAST: Direction = (1, -1)
SOUTH: Direction = (0, -1)
SOUTH_WEST: Direction = (-1, -1)
WEST: Direction = (-1, 0)
NORTH_WEST: Direction = (-1, 1)

# Clockwise from north, so index arithmetic (i + 1) % 8 turns 45 degrees clockwise.
KING_DIRECTIONS: tuple[Direction, ...] = (
    NORTH,
    NORTH_EAST,
    EAST,
    SOUTH_EAST,
    SOUTH,
    SOUTH_WEST,
    WEST,
    NORTH_WEST,
)
ORTHOGONAL_DIRECTIONS: tuple[Direction, ...] = (NORTH, EAST, SOUTH, WEST)
DIAGONAL_DIRECTIONS: tuple[Direction, ...] = (NORTH_EAST, SOUTH_EAST, SOUTH_WEST, NORTH_WEST)
KNIGHT_STEPS: tuple[Direction, ...] = (
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
)

FILE_LETTERS = "abcdefghijklmnopqrstuvwxyz"
MAX_FILES = len(FILE_LETTERS)

# Rank has no leading zero so that every square has exactly one name ("a01" is rejected).
_SQUARE_NAME = re.compile(r"([a-z])([1-9][0-9]*)")


def in_bounds(sq: Square, width: int, height: int) -> bool:
    """True if ``sq`` lies on a ``width`` x ``height`` board."""
    return 0 <= sq[0] < width and 0 <= sq[1] < height


def king_distance(a: Square, b: Square) -> int:
    """Chebyshev distance: the number of king moves from ``a`` to ``b``."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def manhattan_distance(a: Square, b: Square) -> int:
    """Manhattan distance: the number of rook steps of length one from ``a`` to ``b``."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _steps(sq: Square, steps: tuple[Direction, ...], width: int, height: int) -> list[Square]:
    col, row = sq
    out = []
    for dc, dr in steps:
        c, r = col + dc, row + dr
        if 0 <= c < width and 0 <= r < height:
            out.append((c, r))
    return out


def neighbours(sq: Square, width: int, height: int) -> list[Square]:
    """On-board squares one king step from ``sq``, in ``KING_DIRECTIONS`` order."""
    return _steps(sq, KING_DIRECTIONS, width, height)


def orthogonal_neighbours(sq: Square, width: int, height: int) -> list[Square]:
    """On-board squares one rook step from ``sq``, in ``ORTHOGONAL_DIRECTIONS`` order."""
    return _steps(sq, ORTHOGONAL_DIRECTIONS, width, height)


def knight_moves(sq: Square, width: int, height: int) -> list[Square]:
    """On-board squares one knight move from ``sq``, in ``KNIGHT_STEPS`` order."""
    return _steps(sq, KNIGHT_STEPS, width, height)


def line(a: Square, b: Square) -> list[Square]:
    """Bresenham line from ``a`` to ``b``, both included.

    Consecutive squares are king neighbours and the line has ``king_distance(a, b) + 1``
    squares. For straight lines it agrees with ``squares_between``.
    """
    x, y = a
    x1, y1 = b
    dx, dy = abs(x1 - x), -abs(y1 - y)
    sx = 1 if x < x1 else -1
    sy = 1 if y < y1 else -1
    err = dx + dy
    out = [(x, y)]
    while (x, y) != (x1, y1):
        e2 = 2 * err
        if e2 >= dy:
            err += dy
            x += sx
        if e2 <= dx:
            err += dx
            y += sy
        out.append((x, y))
    return out


def ray(sq: Square, direction: Direction, width: int, height: int) -> list[Square]:
    """Squares reached by repeatedly stepping ``direction`` from ``sq`` until the board edge.

    ``sq`` itself is not included. Any non-zero step works (a nightrider can use a knight
    step); a zero step would never reach the edge and raises ``ValueError``.
    """
    dc, dr = direction
    if dc == 0 and dr == 0:
        raise ValueError("ray direction must be non-zero, got (0, 0)")
    c, r = sq[0] + dc, sq[1] + dr
    out = []
    while 0 <= c < width and 0 <= r < height:
        out.append((c, r))
        c += dc
        r += dr
    return out


def is_straight_line(a: Square, b: Square) -> bool:
    """True if distinct squares ``a`` and ``b`` share a file, a rank or a diagonal."""
    dc, dr = b[0] - a[0], b[1] - a[1]
    if dc == 0 and dr == 0:
        return False
    return dc == 0 or dr == 0 or abs(dc) == abs(dr)


def squares_between(a: Square, b: Square) -> list[Square]:
    """Squares strictly between ``a`` and ``b`` on a file, rank or diagonal, from ``a`` on.

    Raises ``ValueError`` if ``a`` and ``b`` are not on a common straight line.
    """
    if not is_straight_line(a, b):
        raise ValueError(f"{a} and {b} are not on a common file, rank or diagonal")
    dc, dr = b[0] - a[0], b[1] - a[1]
    n = max(abs(dc), abs(dr))
    sc, sr = dc // n, dr // n  # exact: dc and dr are 0 or +-n
    return [(a[0] + sc * i, a[1] + sr * i) for i in range(1, n)]


def to_index(sq: Square, width: int) -> int:
    """Flat index ``row * width + col`` of ``sq``; ``ValueError`` if the column is off the board."""
    col, row = sq
    # Without this check (8, 0) on an 8-wide board would silently alias (0, 1).
    if not 0 <= col < width or row < 0:
        raise ValueError(f"square {sq} has no flat index on a board {width} wide")
    return row * width + col


def from_index(i: int, width: int) -> Square:
    """Inverse of ``to_index``: the ``(col, row)`` square at flat index ``i``."""
    if width <= 0 or i < 0:
        raise ValueError(f"need width > 0 and index >= 0, got width={width}, index={i}")
    row, col = divmod(i, width)
    return (col, row)


def _precompute(
    width: int, height: int, steps: tuple[Direction, ...]
) -> tuple[tuple[int, ...], ...]:
    if width <= 0 or height <= 0:
        raise ValueError(f"board size must be positive, got {width}x{height}")
    return tuple(
        tuple(r * width + c for c, r in _steps((i % width, i // width), steps, width, height))
        for i in range(width * height)
    )


def precompute_neighbours(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """For every flat index, the flat indices of its on-board king neighbours."""
    return _precompute(width, height, KING_DIRECTIONS)


def precompute_knight(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """For every flat index, the flat indices of its on-board knight moves."""
    return _precompute(width, height, KNIGHT_STEPS)


def square_name(sq: Square) -> str:
    """Algebraic name of ``sq``: ``(0, 0) -> "a1"``, ``(4, 14) -> "e15"``."""
    col, row = sq
    if not 0 <= col < MAX_FILES or row < 0:
        raise ValueError(
            f"square {sq} has no algebraic name: need 0 <= col < {MAX_FILES} and row >= 0"
        )
    return f"{FILE_LETTERS[col]}{row + 1}"


def parse_square(name: str, width: int | None = None, height: int | None = None) -> Square:
    """Parse an algebraic name such as ``"b2"`` or ``"e15"`` into ``(col, row)``.

    The file is one lowercase letter a..z and the rank a positive integer without leading
    zeros. If ``width`` / ``height`` are given, the square must also lie on that board.
    """
    m = _SQUARE_NAME.fullmatch(name) if isinstance(name, str) else None
    if m is None:
        raise ValueError(
            f"bad square name {name!r}: expected a file letter a-z then a rank from 1, e.g. 'e4'"
        )
    sq = (ord(m.group(1)) - ord("a"), int(m.group(2)) - 1)
    if width is not None and sq[0] >= width:
        raise ValueError(f"square {name!r} is off the board: file past width {width}")
    if height is not None and sq[1] >= height:
        raise ValueError(f"square {name!r} is off the board: rank past height {height}")
    return sq
