"""Tests for tablesports.core.hexgrid: Red Blob Games' examples plus hypothesis properties."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablesports.core.hexgrid import (
    FLAT,
    HEX_DIAGONALS,
    HEX_DIRECTIONS,
    ORIGIN,
    POINTY,
    FractionalHex,
    Hex,
    Layout,
    OffsetKind,
    Point,
    facing_towards,
    from_offset,
    hex_add,
    hex_diagonal_neighbour,
    hex_direction,
    hex_distance,
    hex_from_cube,
    hex_length,
    hex_lerp,
    hex_line,
    hex_neighbour,
    hex_neighbours,
    hex_range,
    hex_ring,
    hex_rotate,
    hex_rotate_left,
    hex_rotate_right,
    hex_round,
    hex_scale,
    hex_spiral,
    hex_subtract,
    hex_to_pixel,
    pixel_to_fractional_hex,
    pixel_to_hex,
    polygon_corners,
    to_offset,
    turn,
)

coords = st.integers(min_value=-200, max_value=200)
hexes = st.builds(Hex, coords, coords)
facings = st.integers(0, 5)
radii = st.integers(0, 8)
kinds = st.sampled_from(list(OffsetKind))
sizes = st.floats(min_value=0.5, max_value=100.0)
layouts = st.builds(
    Layout,
    st.sampled_from([POINTY, FLAT]),
    st.builds(Point, sizes, sizes),
    st.builds(Point, st.floats(-500, 500), st.floats(-500, 500)),
)


# --- hand-checked examples (mostly from the guide's own test suite) ---------------------


def test_arithmetic_examples() -> None:
    a, b = Hex(1, -3), Hex(3, -7)
    assert (a.q, a.r, a.s) == (1, -3, 2)
    assert hex_add(a, b) == a + b == Hex(4, -10)
    assert hex_subtract(a, b) == a - b == Hex(-2, 4)
    assert hex_scale(a, 3) == Hex(3, -9)
    assert -a == Hex(-1, 3)
    assert hex_from_cube(3, -7, 4) == b


def test_neighbour_and_diagonal_examples() -> None:
    assert hex_neighbour(Hex(1, -2), 2) == Hex(1, -3)
    assert hex_diagonal_neighbour(Hex(1, -2), 3) == Hex(-1, -1)
    assert hex_direction(0) == Hex(1, 0)
    assert hex_neighbours(ORIGIN) == list(HEX_DIRECTIONS)
    assert all(
        HEX_DIAGONALS[i] == HEX_DIRECTIONS[i] + HEX_DIRECTIONS[(i + 1) % 6] for i in range(6)
    )


def test_distance_round_and_line_examples() -> None:
    assert hex_distance(Hex(3, -7), ORIGIN) == 7
    assert hex_length(Hex(3, -7)) == 7
    a, b, c = ORIGIN, Hex(1, -1), Hex(0, -1)
    assert hex_round(hex_lerp(ORIGIN, Hex(10, -20), 0.5)) == Hex(5, -10)
    assert hex_round(hex_lerp(a, b, 0.499)) == a
    assert hex_round(hex_lerp(a, b, 0.501)) == b
    assert hex_round(FractionalHex(0.3, -0.6, 0.3)) == a
    assert hex_round(FractionalHex(0.3, -0.7, 0.4)) == c
    assert hex_line(ORIGIN, Hex(1, -5)) == [
        Hex(0, 0),
        Hex(0, -1),
        Hex(0, -2),
        Hex(1, -3),
        Hex(1, -4),
        Hex(1, -5),
    ]


def test_ring_and_range_examples() -> None:
    assert hex_ring(ORIGIN, 0) == [ORIGIN]
    assert hex_ring(ORIGIN, 1) == [
        Hex(-1, 1),
        Hex(0, 1),
        Hex(1, 0),
        Hex(1, -1),
        Hex(0, -1),
        Hex(-1, 0),
    ]
    assert hex_spiral(ORIGIN, 1) == [ORIGIN, *hex_ring(ORIGIN, 1)]
    assert len(hex_range(Hex(5, 5), 2)) == 19


def test_rotation_examples() -> None:
    assert hex_rotate_right(Hex(1, -3)) == Hex(3, -2)
    assert hex_rotate_left(Hex(1, -3)) == Hex(-2, -1)
    assert hex_rotate_left(Hex(3, 0), center=Hex(2, 0)) == Hex(3, -1)
    assert hex_rotate(Hex(1, -3), -1) == Hex(3, -2)


def test_facing_examples() -> None:
    assert turn(5, 1) == 0
    assert turn(0, -1) == 5
    assert turn(2, 9) == 5
    assert facing_towards(ORIGIN, Hex(3, -1)) == 0
    assert facing_towards(ORIGIN, Hex(-4, 0)) == 3
    assert facing_towards(ORIGIN, Hex(2, -1)) == 0  # on diagonal 0: clockwise facing wins
    assert facing_towards(ORIGIN, Hex(1, 1)) == 5  # on diagonal 5, between 5 and 0


def test_offset_examples() -> None:
    h = Hex(1, 2)
    assert to_offset(h, OffsetKind.EVEN_Q) == (1, 3)
    assert to_offset(h, "odd-q") == (1, 2)
    assert from_offset(1, 3, "even-q") == h
    assert from_offset(1, 2, OffsetKind.ODD_Q) == h
    assert to_offset(Hex(-1, 2), "odd-r") == (0, 2)
    assert to_offset(Hex(-1, 1), "even-r") == (0, 1)
    assert from_offset(0, 1, "odd-r") == Hex(0, 1)


def test_pixel_examples() -> None:
    r3 = math.sqrt(3)
    pointy, flat = Layout(POINTY, Point(1, 1)), Layout(FLAT, Point(1, 1), Point(10, 20))
    assert hex_to_pixel(pointy, Hex(1, 0)) == pytest.approx((r3, 0.0))
    assert hex_to_pixel(pointy, Hex(0, 1)) == pytest.approx((r3 / 2, 1.5))
    assert hex_to_pixel(flat, Hex(1, 0)) == pytest.approx((11.5, 20 + r3 / 2))
    assert pixel_to_hex(pointy, Point(r3, 0.0)) == Hex(1, 0)
    corners = polygon_corners(pointy, ORIGIN)
    assert corners[0] == pytest.approx((r3 / 2, 0.5))
    assert polygon_corners(flat, ORIGIN)[0] == pytest.approx((11.0, 20.0))


def test_validation() -> None:
    for bad in (-1, 6):
        with pytest.raises(ValueError, match=r"0\.\.5"):
            hex_neighbour(ORIGIN, bad)
        with pytest.raises(ValueError, match=r"0\.\.5"):
            turn(bad, 1)
    with pytest.raises(ValueError, match=r"0\.\.5"):
        hex_diagonal_neighbour(ORIGIN, 7)
    with pytest.raises(ValueError, match="'odd-r'"):
        to_offset(ORIGIN, "odd")
    with pytest.raises(ValueError, match="offset kind"):
        from_offset(0, 0, "hex")
    with pytest.raises(TypeError):
        Hex(1.5, 0)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="sum to 0"):
        hex_from_cube(1, 1, 1)
    with pytest.raises(ValueError, match="sum to 0"):
        FractionalHex(1.0, 1.0, 1.0)
    with pytest.raises(ValueError, match="radius"):
        hex_ring(ORIGIN, -1)
    with pytest.raises(ValueError, match="non-zero"):
        Layout(POINTY, Point(0, 1))
    with pytest.raises(ValueError, match="itself"):
        facing_towards(ORIGIN, ORIGIN)


# --- properties ------------------------------------------------------------------------


@given(hexes)
def test_cube_invariant(h: Hex) -> None:
    assert h.q + h.r + h.s == 0
    assert hex_from_cube(h.q, h.r, h.s) == h


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a: Hex, b: Hex, c: Hex) -> None:
    assert hex_distance(a, b) == hex_distance(b, a)
    assert (hex_distance(a, b) == 0) == (a == b)
    assert hex_distance(a, c) <= hex_distance(a, b) + hex_distance(b, c)
    assert hex_distance(a, b) == hex_length(a - b)


@given(hexes, facings)
def test_neighbours_at_distance_one(h: Hex, d: int) -> None:
    n = hex_neighbour(h, d)
    assert hex_distance(h, n) == 1
    assert hex_neighbour(n, turn(d, 3)) == h
    assert hex_distance(h, hex_diagonal_neighbour(h, d)) == 2
    assert len(set(hex_neighbours(h))) == 6


@given(hexes, radii)
def test_ring_range_spiral(c: Hex, n: int) -> None:
    ring, rng, spiral = hex_ring(c, n), hex_range(c, n), hex_spiral(c, n)
    assert len(ring) == (6 * n if n > 0 else 1)
    assert len(set(ring)) == len(ring)
    assert all(hex_distance(c, h) == n for h in ring)
    if n > 0:  # a closed loop of neighbours
        assert all(hex_distance(x, y) == 1 for x, y in zip(ring, ring[1:] + ring[:1], strict=True))
    assert len(rng) == 3 * n * (n + 1) + 1
    assert len(set(rng)) == len(rng)
    assert all(hex_distance(c, h) <= n for h in rng)
    assert len(spiral) == len(rng) and set(spiral) == set(rng)


@given(hexes, hexes)
def test_line(a: Hex, b: Hex) -> None:
    pts = hex_line(a, b)
    assert pts[0] == a and pts[-1] == b
    assert len(pts) == hex_distance(a, b) + 1
    assert all(hex_distance(x, y) == 1 for x, y in pairwise(pts))


@given(hexes, st.floats(-0.2, 0.2), st.floats(-0.2, 0.2))
def test_round_near_centre(h: Hex, dq: float, dr: float) -> None:
    assert hex_round(FractionalHex(h.q + dq, h.r + dr, h.s - dq - dr)) == h


@given(hexes, hexes)
def test_lerp_endpoints(a: Hex, b: Hex) -> None:
    assert hex_round(hex_lerp(a, b, 0.0)) == a
    assert hex_round(hex_lerp(a, b, 1.0)) == b


@given(hexes, hexes)
def test_rotations(h: Hex, c: Hex) -> None:
    left, right = h, h
    for _ in range(6):
        left, right = hex_rotate_left(left, c), hex_rotate_right(right, c)
        assert hex_distance(left, c) == hex_distance(h, c)
    assert left == h and right == h
    assert hex_rotate_right(hex_rotate_left(h, c), c) == h
    assert hex_rotate(h, -1, c) == hex_rotate_right(h, c)
    assert hex_rotate(h, 2, c) == hex_rotate_left(hex_rotate_left(h, c), c)


@given(facings, st.integers(-20, 20))
def test_turn_matches_rotation(d: int, k: int) -> None:
    assert 0 <= turn(d, k) <= 5
    assert turn(turn(d, k), -k) == d
    assert hex_rotate(HEX_DIRECTIONS[d], k) == HEX_DIRECTIONS[turn(d, k)]


@given(hexes, facings, st.integers(1, 50))
def test_facing_towards_straight(a: Hex, d: int, k: int) -> None:
    assert facing_towards(a, a + hex_scale(HEX_DIRECTIONS[d], k)) == d


@given(hexes, hexes)
def test_facing_towards_rotates_and_is_closest(a: Hex, b: Hex) -> None:
    if a == b:
        return
    f = facing_towards(a, b)
    assert facing_towards(a, hex_rotate_left(b, a)) == turn(f, 1)
    # In pixel space the chosen facing is within 30 degrees of the target.
    layout = Layout(POINTY, Point(1, 1))
    t, u = hex_to_pixel(layout, b - a), hex_to_pixel(layout, HEX_DIRECTIONS[f])
    cos = (t.x * u.x + t.y * u.y) / (math.hypot(*t) * math.hypot(*u))
    assert cos >= math.cos(math.radians(30)) - 1e-9


@given(hexes, kinds)
def test_offset_round_trip(h: Hex, kind: OffsetKind) -> None:
    col, row = to_offset(h, kind)
    assert from_offset(col, row, kind) == h
    assert to_offset(from_offset(col, row, kind), kind.value) == (col, row)


@given(coords, coords, kinds)
def test_offset_grid_neighbours(col: int, row: int, kind: OffsetKind) -> None:
    h = from_offset(col, row, kind)
    # Cells side by side along the unshoved axis are always adjacent hexes.
    if kind in (OffsetKind.ODD_R, OffsetKind.EVEN_R):
        assert hex_distance(h, from_offset(col + 1, row, kind)) == 1
    else:
        assert hex_distance(h, from_offset(col, row + 1, kind)) == 1


@given(layouts, hexes)
def test_pixel_round_trip(layout: Layout, h: Hex) -> None:
    p = hex_to_pixel(layout, h)
    assert pixel_to_hex(layout, p) == h
    frac = pixel_to_fractional_hex(layout, p)
    assert frac.q == pytest.approx(h.q, abs=1e-6) and frac.r == pytest.approx(h.r, abs=1e-6)


@given(layouts, hexes, st.floats(0, 2 * math.pi), st.floats(0, 0.8))
def test_pixel_inside_hex(layout: Layout, h: Hex, angle: float, frac: float) -> None:
    # Any point inside the inscribed circle (radius sqrt(3)/2 of size) belongs to the hex.
    cx, cy = hex_to_pixel(layout, h)
    p = Point(
        cx + frac * layout.size.x * math.cos(angle), cy + frac * layout.size.y * math.sin(angle)
    )
    assert pixel_to_hex(layout, p) == h


@given(layouts, hexes)
def test_polygon_corners(layout: Layout, h: Hex) -> None:
    corners = polygon_corners(layout, h)
    cx, cy = hex_to_pixel(layout, h)
    assert len(corners) == 6
    assert sum(x for x, _ in corners) / 6 == pytest.approx(cx)
    assert sum(y for _, y in corners) / 6 == pytest.approx(cy)
    for x, y in corners:
        # Pulled slightly towards the centre, each corner is inside this hex.
        assert pixel_to_hex(layout, Point(cx + 0.95 * (x - cx), cy + 0.95 * (y - cy))) == h
