"""The board (rules.md, "The board"): hex indices, names, neighbours, distances, view and sight.

Hexes are stored by a flat index ``row * 21 + col``. A hex's column is ``(x + 1) // 2`` of the
spec's doubled-width coordinate ``x``; even rows hold columns 0..19 (x = 2c), odd rows 0..20
(x = 2c - 1). Columns are named a..u and rows 1..11, so the centre (x=19, row 5) is ``k6``.

Everything here is a table computed once at import: the hot paths only index lists.
"""

from __future__ import annotations

from collections.abc import Container
from fractions import Fraction

from tablesports.core.hexgrid import HEX_DIRECTIONS, Hex, hex_distance, hex_rotate_right

ROWS = 11
COLS = 21
SIZE = ROWS * COLS
FACING_NAMES = ("E", "NE", "NW", "W", "SW", "SE")


def _x_of(col: int, row: int) -> int:
    return 2 * col if row % 2 == 0 else 2 * col - 1


def _exists(col: int, row: int) -> bool:
    if not 0 <= row < ROWS:
        return False
    return 0 <= col <= (19 if row % 2 == 0 else 20)


VALID = [_exists(i % COLS, i // COLS) for i in range(SIZE)]
X = [_x_of(i % COLS, i // COLS) for i in range(SIZE)]
R = [i // COLS for i in range(SIZE)]
HEXES = [i for i in range(SIZE) if VALID[i]]
FIELD = [VALID[i] and 1 <= X[i] <= 37 for i in range(SIZE)]
"""Hexes of the field (rules.md: 1 <= x <= 37, 203 hexes); the others are start slots."""
FIELD_HEXES = [i for i in HEXES if FIELD[i]]
SLOTS = ([i for i in HEXES if X[i] <= 0], [i for i in HEXES if X[i] >= 38])
"""Start slots of the left team (player 0) and the right team (player 1), 11 each."""


def axial(i: int) -> Hex:
    """The hexgrid axial coordinates of hex ``i`` (q = (x - r) / 2)."""
    return Hex((X[i] - R[i]) // 2, R[i])


def index_of_xr(x: int, r: int) -> int:
    """The index of doubled-width ``(x, r)``, or -1 when there is no such hex."""
    if (x + r) % 2:
        return -1
    col = (x + 1) // 2
    if not _exists(col, r):
        return -1
    return r * COLS + col


def name(i: int) -> str:
    return f"{chr(ord('a') + i % COLS)}{i // COLS + 1}"


def parse_hex(text: str) -> int:
    """The index of a hex name such as ``k6``; ValueError naming what is allowed."""
    t = text.strip().lower()
    if len(t) < 2 or not ("a" <= t[0] <= "u") or not t[1:].isdigit():
        raise ValueError(f"{text!r} is not a hex: a column a..u and a row 1..11, e.g. k6")
    col, row = ord(t[0]) - ord("a"), int(t[1:]) - 1
    if not _exists(col, row):
        raise ValueError(f"there is no hex {text!r} (odd rows 1,3,..11 run a..t, even rows a..u)")
    return row * COLS + col


def _neighbours(i: int) -> list[int]:
    h = axial(i)
    out = []
    for d in HEX_DIRECTIONS:
        q, r = h.q + d.q, h.r + d.r
        out.append(index_of_xr(2 * q + r, r))
    return out


NEIGHBOURS: list[list[int]] = [_neighbours(i) if VALID[i] else [-1] * 6 for i in range(SIZE)]
"""``NEIGHBOURS[i][d]``: the hex one step in facing d (0=E, 1=NE, 2=NW, 3=W, 4=SW, 5=SE)."""

# Each table's row is made by a function: compiled (core/native.py), a comprehension run more
# than once outside a function takes a reference from None each time (tests/core/test_compiled).


def _distances(a: int) -> list[int]:
    return [hex_distance(axial(a), axial(b)) if VALID[a] and VALID[b] else 99 for b in range(SIZE)]


DIST: list[list[int]] = [_distances(a) for a in range(SIZE)]


def _within(a: int) -> list[list[int]]:
    return [[b for b in HEXES if DIST[a][b] <= k] for k in range(4)] if VALID[a] else [[]] * 4


WITHIN: list[list[list[int]]] = [_within(a) for a in range(SIZE)]
"""``WITHIN[a][k]``: the hexes within k (0..3) of a, for ranges and pushes."""

CENTRE = index_of_xr(19, 5)
MAL = (index_of_xr(3, 5), index_of_xr(35, 5))
"""Each team's own Mal (player 0 left, player 1 right); a team scores in the other one."""
EURO_CORNERS = frozenset(
    index_of_xr(x, r)
    for x0, r0 in ((2, 0), (4, 0), (1, 1), (3, 1), (2, 2))
    for x, r in ((x0, r0), (38 - x0, r0), (x0, 10 - r0), (38 - x0, 10 - r0))
)


# --- field of view (rules.md "Facing"): the 270 degree test on corner points -----------------

_SPAN = 27


def _offset_key(dq: int, dr: int) -> int:
    return (dq + _SPAN) * (2 * _SPAN + 1) + dr + _SPAN


def _out_of_view(h: Hex, facing: int) -> bool:
    # rotate the offset into the facing-E frame, then test the corners against the rear wedge
    for _ in range(facing):
        h = hex_rotate_right(h)
    dx, dr = 2 * h.q + h.r, h.r
    corners = [(dx - 1, 3 * dr - 1), (dx - 1, 3 * dr + 1), (dx + 1, 3 * dr - 1)]
    corners += [(dx + 1, 3 * dr + 1), (dx, 3 * dr - 2), (dx, 3 * dr + 2)]
    return any(cx < 0 and cy * cy < 3 * cx * cx for cx, cy in corners)


_FOV_TAB: list[bytearray] = []
for _f in range(6):
    _tab = bytearray((2 * _SPAN + 1) ** 2)
    for _dq in range(-_SPAN, _SPAN + 1):
        for _dr in range(-_SPAN, _SPAN + 1):
            if (_dq, _dr) != (0, 0):
                _tab[_offset_key(_dq, _dr)] = 0 if _out_of_view(Hex(_dq, _dr), _f) else 1
    _FOV_TAB.append(_tab)
_Q = [(X[i] - R[i]) // 2 for i in range(SIZE)]


def in_view(viewer: int, facing: int, target: int) -> bool:
    """Whether ``target`` lies wholly inside the 270 degree field of view (R91)."""
    return _FOV_TAB[facing][_offset_key(_Q[target] - _Q[viewer], R[target] - R[viewer])] == 1


# --- line of sight (R94): a corner of the viewer's hex to two corners of the target's -------


def _corners(dq: int, dr: int) -> list[tuple[int, int]]:
    x, y = 2 * dq + dr, 3 * dr
    return [(x + 1, y - 1), (x, y - 2), (x - 1, y - 1), (x - 1, y + 1), (x, y + 2), (x + 1, y + 1)]


def _crosses_interior(p0: tuple[int, int], p1: tuple[int, int], hq: int, hr: int) -> bool:
    poly = _corners(hq, hr)
    t0, t1 = Fraction(0), Fraction(1)
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    n = len(poly)
    area = sum(
        poly[k][0] * poly[(k + 1) % n][1] - poly[(k + 1) % n][0] * poly[k][1] for k in range(n)
    )
    sign = 1 if area > 0 else -1
    for k in range(n):
        ax, ay = poly[k]
        bx, by = poly[(k + 1) % n]
        ex, ey = bx - ax, by - ay
        # inside means sign * cross(e, p - a) >= 0
        c0 = sign * (ex * (p0[1] - ay) - ey * (p0[0] - ax))
        dc = sign * (ex * dy - ey * dx)
        if dc == 0:
            if c0 < 0:
                return False
            continue
        t = Fraction(-c0, dc)
        if dc > 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 >= t1:
            return False
    tm = (t0 + t1) / 2
    mx, my = p0[0] + dx * tm, p0[1] + dy * tm
    for k in range(n):
        ax, ay = poly[k]
        bx, by = poly[(k + 1) % n]
        if sign * ((bx - ax) * (my - ay) - (by - ay) * (mx - ax)) <= 0:
            return False
    return True


def _sight_lines(dq: int, dr: int) -> list[list[list[tuple[int, int]]]]:
    """Per viewer corner, per target corner: the offsets whose interior the segment crosses."""
    dist = hex_distance(Hex(0, 0), Hex(dq, dr))
    cands = [
        (q, r)
        for q in range(-dist - 1, dist + 2)
        for r in range(-dist - 1, dist + 2)
        if (q, r) not in ((0, 0), (dq, dr))
        and hex_distance(Hex(0, 0), Hex(q, r)) <= dist
        and hex_distance(Hex(dq, dr), Hex(q, r)) <= dist
    ]
    out = []
    for a in _corners(0, 0):
        per_target = []
        for b in _corners(dq, dr):
            per_target.append([c for c in cands if _crosses_interior(a, b, c[0], c[1])])
        out.append(per_target)
    return out


_LINES: dict[tuple[int, int], list[list[list[tuple[int, int]]]] | None] = {}
"""By offset, `_sight_lines` (None: not 2..3 apart), made when first asked for: the exact
geometry takes ~0.4 s for every offset, which the import paid before."""


def sight_blockers(viewer: int, target: int) -> list[list[list[int]]] | None:
    """The hexes that can block each corner-to-corner line (None: not 2..3 apart)."""
    key = (_Q[target] - _Q[viewer], R[target] - R[viewer])
    if key not in _LINES:
        near = 2 <= hex_distance(Hex(0, 0), Hex(*key)) <= 3
        _LINES[key] = _sight_lines(*key) if near else None
    lines = _LINES[key]
    if lines is None:
        return None
    out = []
    for per_target in lines:
        row = []
        for offs in per_target:
            hexes = []
            for q, r in offs:
                hq, hr = _Q[viewer] + q, R[viewer] + r
                idx = index_of_xr(2 * hq + hr, hr)
                if idx >= 0:
                    hexes.append(idx)
            row.append(hexes)
        out.append(row)
    return out


_BLOCKERS: dict[int, list[list[list[int]]] | None] = {}


def blockers(viewer: int, target: int) -> list[list[list[int]]] | None:
    """`sight_blockers`, cached per pair of hexes."""
    key = viewer * SIZE + target
    found = _BLOCKERS.get(key, 0)
    if found == 0:
        found = _BLOCKERS[key] = sight_blockers(viewer, target)
    return found  # type: ignore[return-value]


def line_clear(viewer: int, target: int, blocked: Container[int]) -> bool:
    """R94 for two hexes 2..3 apart: one corner of ``viewer`` sees two corners of ``target``.

    ``blocked`` holds the hexes of standing heroes (kneeling ones never block, R96).
    """
    lines = blockers(viewer, target)
    if lines is None:
        return True
    for per_target in lines:
        clear = 0
        for hexes in per_target:
            for h in hexes:
                if h in blocked:
                    break
            else:
                clear += 1
                if clear >= 2:
                    return True
    return False


def _by_distance(a: int) -> list[tuple[int, int]]:
    return sorted((DIST[a][b], b) for b in FIELD_HEXES if b != a) if VALID[a] else []


BY_DIST: list[list[tuple[int, int]]] = [_by_distance(a) for a in range(SIZE)]
"""``BY_DIST[a]``: (distance, hex) of every other field hex, nearest first (throws, passes)."""
