"""Hex-grid geometry in axial/cube coordinates, after Red Blob Games' "Hexagonal Grids" guide.

A ``Hex`` holds axial ``q`` and ``r``; the third cube coordinate ``s = -q - r`` is derived,
so ``q + r + s == 0`` always holds. Functions are pure and named ``hex_*`` as in the guide.

Facings and ``HEX_DIRECTIONS`` use the guide's order. Drawn with a pointy-top layout on a
screen whose y axis points down, facing 0 is east and the facings go counterclockwise:
0 east, 1 north-east, 2 north-west, 3 west, 4 south-west, 5 south-east. Turning "left"
means counterclockwise, i.e. towards higher facing numbers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """An immutable hex in axial coordinates; ``s`` is the derived third cube coordinate."""

    q: int
    r: int

    def __post_init__(self) -> None:
        # Float coordinates would silently break hashing and the q + r + s == 0 invariant.
        if not (isinstance(self.q, int) and isinstance(self.r, int)):
            raise TypeError(f"Hex coordinates must be ints, got q={self.q!r}, r={self.r!r}")

    @property
    def s(self) -> int:
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def __sub__(self, other: Hex) -> Hex:
        return Hex(self.q - other.q, self.r - other.r)

    def __neg__(self) -> Hex:
        return Hex(-self.q, -self.r)


@dataclass(frozen=True, slots=True)
class FractionalHex:
    """A point in cube coordinates with float components, as produced by lerp and pixels."""

    q: float
    r: float
    s: float

    def __post_init__(self) -> None:
        if abs(self.q + self.r + self.s) > 1e-6 * max(1.0, abs(self.q), abs(self.r)):
            raise ValueError(f"cube coordinates must sum to 0, got {self.q}, {self.r}, {self.s}")


ORIGIN = Hex(0, 0)

HEX_DIRECTIONS: tuple[Hex, ...] = (
    Hex(1, 0),
    Hex(1, -1),
    Hex(0, -1),
    Hex(-1, 0),
    Hex(-1, 1),
    Hex(0, 1),
)
# Diagonal i lies between directions i and i + 1 (it is their sum).
HEX_DIAGONALS: tuple[Hex, ...] = (
    Hex(2, -1),
    Hex(1, -2),
    Hex(-1, -1),
    Hex(-2, 1),
    Hex(-1, 2),
    Hex(1, 1),
)


def hex_from_cube(q: int, r: int, s: int) -> Hex:
    """Build a ``Hex`` from cube coordinates, checking ``q + r + s == 0``."""
    if q + r + s != 0:
        raise ValueError(f"cube coordinates must sum to 0, got ({q}, {r}, {s})")
    return Hex(q, r)


def hex_add(a: Hex, b: Hex) -> Hex:
    return Hex(a.q + b.q, a.r + b.r)


def hex_subtract(a: Hex, b: Hex) -> Hex:
    return Hex(a.q - b.q, a.r - b.r)


def hex_scale(a: Hex, k: int) -> Hex:
    return Hex(a.q * k, a.r * k)


def _check_facing(direction: int) -> int:
    if not isinstance(direction, int) or not 0 <= direction <= 5:
        raise ValueError(f"hex direction must be an int in 0..5, got {direction!r}")
    return direction


def hex_direction(direction: int) -> Hex:
    """The unit step for facing ``direction`` (0..5)."""
    return HEX_DIRECTIONS[_check_facing(direction)]


def hex_neighbour(h: Hex, direction: int) -> Hex:
    """The hex adjacent to ``h`` in facing ``direction`` (0..5)."""
    d = HEX_DIRECTIONS[_check_facing(direction)]
    return Hex(h.q + d.q, h.r + d.r)


def hex_neighbours(h: Hex) -> list[Hex]:
    """The six hexes adjacent to ``h``, in facing order."""
    return [Hex(h.q + d.q, h.r + d.r) for d in HEX_DIRECTIONS]


def hex_diagonal_neighbour(h: Hex, direction: int) -> Hex:
    """The hex two steps away from ``h`` across the vertex between facings ``direction`` and +1."""
    d = HEX_DIAGONALS[_check_facing(direction)]
    return Hex(h.q + d.q, h.r + d.r)


def hex_length(h: Hex) -> int:
    """Distance from the origin to ``h``."""
    return max(abs(h.q), abs(h.r), abs(h.q + h.r))


def hex_distance(a: Hex, b: Hex) -> int:
    """Number of steps between ``a`` and ``b``."""
    dq, dr = a.q - b.q, a.r - b.r
    return max(abs(dq), abs(dr), abs(dq + dr))


def hex_round(h: FractionalHex) -> Hex:
    """The hex containing fractional cube point ``h``."""
    q, r, s = round(h.q), round(h.r), round(h.s)
    dq, dr, ds = abs(q - h.q), abs(r - h.r), abs(s - h.s)
    # Rounding each coordinate may break q + r + s == 0; recompute the one that moved most.
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return Hex(q, r)


def hex_lerp(a: Hex | FractionalHex, b: Hex | FractionalHex, t: float) -> FractionalHex:
    """Linear interpolation from ``a`` (t=0) to ``b`` (t=1) in cube space."""
    return FractionalHex(
        a.q * (1.0 - t) + b.q * t,
        a.r * (1.0 - t) + b.r * t,
        a.s * (1.0 - t) + b.s * t,
    )


def hex_line(a: Hex, b: Hex) -> list[Hex]:
    """Hexes on the straight line from ``a`` to ``b``, both included; ``distance + 1`` long."""
    n = hex_distance(a, b)
    if n == 0:
        return [a]
    # Nudge both ends the same way so points on a hex edge round consistently to one side.
    a_n = FractionalHex(a.q + 1e-6, a.r + 1e-6, a.s - 2e-6)
    b_n = FractionalHex(b.q + 1e-6, b.r + 1e-6, b.s - 2e-6)
    return [hex_round(hex_lerp(a_n, b_n, i / n)) for i in range(n + 1)]


def _check_radius(radius: int) -> None:
    if not isinstance(radius, int) or radius < 0:
        raise ValueError(f"radius must be an int >= 0, got {radius!r}")


def hex_ring(center: Hex, radius: int) -> list[Hex]:
    """Hexes at exactly ``radius`` from ``center``: ``6 * radius`` of them (just ``center`` at 0).

    The ring starts ``radius`` steps in facing 4 and walks counterclockwise.
    """
    _check_radius(radius)
    if radius == 0:
        return [center]
    d4 = HEX_DIRECTIONS[4]
    q, r = center.q + d4.q * radius, center.r + d4.r * radius
    out = []
    for d in HEX_DIRECTIONS:
        for _ in range(radius):
            out.append(Hex(q, r))
            q, r = q + d.q, r + d.r
    return out


def hex_spiral(center: Hex, radius: int) -> list[Hex]:
    """``center`` followed by rings 1..``radius``: all hexes within ``radius``, ring by ring."""
    _check_radius(radius)
    out = [center]
    for k in range(1, radius + 1):
        out.extend(hex_ring(center, k))
    return out


def hex_range(center: Hex, n: int) -> list[Hex]:
    """All hexes within distance ``n`` of ``center``: ``3n(n+1) + 1`` of them, by q then r."""
    _check_radius(n)
    return [
        Hex(center.q + dq, center.r + dr)
        for dq in range(-n, n + 1)
        for dr in range(max(-n, -dq - n), min(n, -dq + n) + 1)
    ]


def hex_rotate_left(h: Hex, center: Hex = ORIGIN) -> Hex:
    """Rotate ``h`` 60 degrees counterclockwise (facing i -> i + 1) about ``center``."""
    q, r = h.q - center.q, h.r - center.r
    # Cube (q, r, s) -> (-s, -q, -r), with s = -q - r.
    return Hex(center.q + q + r, center.r - q)


def hex_rotate_right(h: Hex, center: Hex = ORIGIN) -> Hex:
    """Rotate ``h`` 60 degrees clockwise (facing i -> i - 1) about ``center``."""
    q, r = h.q - center.q, h.r - center.r
    # Cube (q, r, s) -> (-r, -s, -q).
    return Hex(center.q - r, center.r + q + r)


def hex_rotate(h: Hex, steps: int, center: Hex = ORIGIN) -> Hex:
    """Rotate ``h`` by ``steps`` sixths of a turn about ``center``; positive is left."""
    for _ in range(steps % 6):
        h = hex_rotate_left(h, center)
    return h


def turn(facing: int, steps: int) -> int:
    """Facing after turning ``steps`` hex sides; positive turns left (counterclockwise)."""
    return (_check_facing(facing) + steps) % 6


def facing_towards(a: Hex, b: Hex) -> int:
    """The facing from ``a`` whose direction is closest in angle to ``b``.

    If ``b`` lies exactly between two facings (along a diagonal) the clockwise one wins,
    i.e. facing i for diagonal i. Raises ``ValueError`` if ``a == b``.
    """
    if a == b:
        raise ValueError(f"no facing from a hex towards itself: {a}")
    dq, dr = b.q - a.q, b.r - a.r
    ds = -dq - dr
    # Cube space with the Euclidean dot product is a scaled copy of the hex plane, so the
    # largest dot product with a direction means the smallest angle to it.
    dots = [dq * d.q + dr * d.r + ds * d.s for d in HEX_DIRECTIONS]
    best = max(dots)
    ties = [i for i, v in enumerate(dots) if v == best]
    return 5 if ties == [0, 5] else ties[0]


class OffsetKind(StrEnum):
    """Offset-coordinate layouts: which rows (``*_r``) or columns (``*_q``) are shoved."""

    ODD_R = "odd-r"
    EVEN_R = "even-r"
    ODD_Q = "odd-q"
    EVEN_Q = "even-q"


def _offset_kind(kind: OffsetKind | str) -> OffsetKind:
    try:
        return OffsetKind(kind)
    except ValueError:
        allowed = ", ".join(repr(k.value) for k in OffsetKind)
        raise ValueError(f"unknown offset kind {kind!r}; expected one of {allowed}") from None


def to_offset(h: Hex, kind: OffsetKind | str) -> tuple[int, int]:
    """``(col, row)`` offset coordinates of ``h`` in layout ``kind``."""
    k = _offset_kind(kind)
    sign = -1 if k in (OffsetKind.ODD_R, OffsetKind.ODD_Q) else 1
    # The shoved sum is always even, so // is exact (& 1 is the parity, negatives included).
    if k in (OffsetKind.ODD_R, OffsetKind.EVEN_R):
        return (h.q + (h.r + sign * (h.r & 1)) // 2, h.r)
    return (h.q, h.r + (h.q + sign * (h.q & 1)) // 2)


def from_offset(col: int, row: int, kind: OffsetKind | str) -> Hex:
    """The ``Hex`` at offset ``(col, row)`` in layout ``kind``; inverse of ``to_offset``."""
    k = _offset_kind(kind)
    sign = -1 if k in (OffsetKind.ODD_R, OffsetKind.ODD_Q) else 1
    if k in (OffsetKind.ODD_R, OffsetKind.EVEN_R):
        return Hex(col - (row + sign * (row & 1)) // 2, row)
    return Hex(col, row - (col + sign * (col & 1)) // 2)


class Point(NamedTuple):
    x: float
    y: float


class Orientation(NamedTuple):
    """Forward matrix ``f0..f3``, its inverse ``b0..b3``, and the first corner's angle."""

    f0: float
    f1: float
    f2: float
    f3: float
    b0: float
    b1: float
    b2: float
    b3: float
    start_angle: float  # in sixths of a turn


PIXEL_ORIGIN = Point(0.0, 0.0)
_SQRT3 = math.sqrt(3.0)
POINTY = Orientation(_SQRT3, _SQRT3 / 2, 0.0, 1.5, _SQRT3 / 3, -1.0 / 3, 0.0, 2.0 / 3, 0.5)
FLAT = Orientation(1.5, 0.0, _SQRT3 / 2, _SQRT3, 2.0 / 3, 0.0, -1.0 / 3, _SQRT3 / 3, 0.0)


@dataclass(frozen=True, slots=True)
class Layout:
    """How hexes map to pixels: orientation, hex size (centre to corner) and origin pixel."""

    orientation: Orientation
    size: Point
    origin: Point = PIXEL_ORIGIN

    def __post_init__(self) -> None:
        if self.size.x == 0 or self.size.y == 0:
            raise ValueError(f"layout size must be non-zero in both axes, got {self.size}")


def hex_to_pixel(layout: Layout, h: Hex) -> Point:
    """Pixel centre of ``h``."""
    m, size, origin = layout.orientation, layout.size, layout.origin
    x = (m.f0 * h.q + m.f1 * h.r) * size.x
    y = (m.f2 * h.q + m.f3 * h.r) * size.y
    return Point(x + origin.x, y + origin.y)


def pixel_to_fractional_hex(layout: Layout, p: Point) -> FractionalHex:
    """Fractional cube coordinates of pixel ``p``."""
    m, size, origin = layout.orientation, layout.size, layout.origin
    x, y = (p.x - origin.x) / size.x, (p.y - origin.y) / size.y
    q = m.b0 * x + m.b1 * y
    r = m.b2 * x + m.b3 * y
    return FractionalHex(q, r, -q - r)


def pixel_to_hex(layout: Layout, p: Point) -> Hex:
    """The hex containing pixel ``p``."""
    return hex_round(pixel_to_fractional_hex(layout, p))


def polygon_corners(layout: Layout, h: Hex) -> list[Point]:
    """The six pixel corners of ``h``, counterclockwise in maths axes from ``start_angle``."""
    cx, cy = hex_to_pixel(layout, h)
    size, start = layout.size, layout.orientation.start_angle
    out = []
    for i in range(6):
        angle = 2.0 * math.pi * (start + i) / 6
        out.append(Point(cx + size.x * math.cos(angle), cy + size.y * math.sin(angle)))
    return out
