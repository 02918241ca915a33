"""Tests for tablesports.core.grid: hand-checked examples plus hypothesis properties."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablesports.core.grid import (
    DIAGONAL_DIRECTIONS,
    EAST,
    KING_DIRECTIONS,
    KNIGHT_STEPS,
    NORTH,
    NORTH_EAST,
    ORTHOGONAL_DIRECTIONS,
    SOUTH_WEST,
    WEST,
    Square,
    from_index,
    in_bounds,
    is_straight_line,
    king_distance,
    knight_moves,
    line,
    manhattan_distance,
    neighbours,
    orthogonal_neighbours,
    parse_square,
    precompute_knight,
    precompute_neighbours,
    ray,
    square_name,
    squares_between,
    to_index,
)

coords = st.integers(min_value=-50, max_value=50)
squares = st.tuples(coords, coords)
sizes = st.integers(min_value=1, max_value=30)


@st.composite
def board_and_square(draw: st.DrawFn) -> tuple[int, int, Square]:
    width, height = draw(sizes), draw(sizes)
    sq = (draw(st.integers(0, width - 1)), draw(st.integers(0, height - 1)))
    return width, height, sq


# --- hand-checked examples -------------------------------------------------------------


def test_direction_sets() -> None:
    assert (NORTH, EAST, SOUTH_WEST) == ((0, 1), (1, 0), (-1, -1))
    assert len(set(KING_DIRECTIONS)) == 8
    assert set(ORTHOGONAL_DIRECTIONS) | set(DIAGONAL_DIRECTIONS) == set(KING_DIRECTIONS)
    assert all(abs(dc) + abs(dr) == 1 for dc, dr in ORTHOGONAL_DIRECTIONS)
    assert all(abs(dc) == abs(dr) == 1 for dc, dr in DIAGONAL_DIRECTIONS)
    assert {(abs(dc), abs(dr)) for dc, dr in KNIGHT_STEPS} == {(1, 2), (2, 1)}
    assert len(set(KNIGHT_STEPS)) == 8


def test_distances_examples() -> None:
    assert king_distance((0, 0), (3, 5)) == 5
    assert manhattan_distance((0, 0), (3, 5)) == 8
    assert king_distance((2, 2), (2, 2)) == 0


def test_neighbours_corner_and_centre() -> None:
    assert neighbours((0, 0), 8, 8) == [(0, 1), (1, 1), (1, 0)]
    assert len(neighbours((4, 4), 8, 8)) == 8
    assert orthogonal_neighbours((0, 0), 8, 8) == [(0, 1), (1, 0)]


def test_knight_moves_examples() -> None:
    assert sorted(knight_moves((0, 0), 8, 8)) == [(1, 2), (2, 1)]
    assert len(knight_moves((3, 3), 8, 8)) == 8
    assert knight_moves((0, 0), 2, 2) == []


def test_line_examples() -> None:
    assert line((0, 0), (3, 1)) == [(0, 0), (1, 0), (2, 1), (3, 1)]
    assert line((0, 0), (0, 0)) == [(0, 0)]
    assert line((2, 2), (0, 0)) == [(2, 2), (1, 1), (0, 0)]


def test_ray_examples() -> None:
    assert ray((0, 0), NORTH_EAST, 8, 8) == [(i, i) for i in range(1, 8)]
    assert ray((3, 0), WEST, 8, 8) == [(2, 0), (1, 0), (0, 0)]
    assert ray((7, 7), NORTH, 8, 8) == []
    assert ray((0, 0), (1, 2), 8, 8) == [(1, 2), (2, 4), (3, 6)]
    with pytest.raises(ValueError, match="non-zero"):
        ray((0, 0), (0, 0), 8, 8)


def test_straight_lines_and_between() -> None:
    assert is_straight_line((0, 0), (7, 7))
    assert is_straight_line((0, 3), (6, 3))
    assert not is_straight_line((0, 0), (1, 2))
    assert not is_straight_line((4, 4), (4, 4))
    assert squares_between((0, 0), (3, 3)) == [(1, 1), (2, 2)]
    assert squares_between((4, 0), (4, 3)) == [(4, 1), (4, 2)]
    assert squares_between((0, 0), (1, 0)) == []
    with pytest.raises(ValueError, match="not on a common"):
        squares_between((0, 0), (1, 2))


def test_index_examples() -> None:
    assert to_index((0, 0), 8) == 0
    assert to_index((7, 0), 8) == 7
    assert to_index((0, 1), 8) == 8
    assert from_index(63, 8) == (7, 7)
    with pytest.raises(ValueError):
        to_index((8, 0), 8)
    with pytest.raises(ValueError):
        from_index(-1, 8)


def test_precompute_examples() -> None:
    table = precompute_neighbours(3, 3)
    assert len(table) == 9
    assert table[0] == (3, 4, 1)  # a1 -> a2, b2, b1
    assert len(table[4]) == 8
    knights = precompute_knight(8, 8)
    assert sorted(knights[0]) == [10, 17]  # a1 -> c2, b3
    with pytest.raises(ValueError, match="positive"):
        precompute_knight(0, 8)


def test_square_name_examples() -> None:
    assert square_name((0, 0)) == "a1"
    assert square_name((4, 14)) == "e15"
    assert square_name((25, 99)) == "z100"
    assert parse_square("b2") == (1, 1)
    assert parse_square("e15") == (4, 14)
    assert parse_square("h8", 8, 8) == (7, 7)


@pytest.mark.parametrize("bad", ["", "a", "1", "a0", "a01", "A1", "aa1", "e-1", " e4", "e4 ", "e¹"])
def test_parse_square_rejects(bad: str) -> None:
    with pytest.raises(ValueError, match="bad square name"):
        parse_square(bad)


def test_parse_square_bounds_and_name_range() -> None:
    with pytest.raises(ValueError, match="width 8"):
        parse_square("i1", 8, 8)
    with pytest.raises(ValueError, match="height 8"):
        parse_square("a9", 8, 8)
    with pytest.raises(ValueError, match="no algebraic name"):
        square_name((26, 0))
    with pytest.raises(ValueError, match="no algebraic name"):
        square_name((0, -1))


# --- properties ------------------------------------------------------------------------


@given(squares, squares, squares)
def test_distances_are_metrics(a: Square, b: Square, c: Square) -> None:
    for dist in (king_distance, manhattan_distance):
        assert dist(a, b) == dist(b, a)
        assert (dist(a, b) == 0) == (a == b)
        assert dist(a, c) <= dist(a, b) + dist(b, c)
    assert king_distance(a, b) <= manhattan_distance(a, b) <= 2 * king_distance(a, b)


@given(board_and_square())
def test_neighbours_are_on_board_at_distance_one(case: tuple[int, int, Square]) -> None:
    width, height, sq = case
    ns = neighbours(sq, width, height)
    assert len(set(ns)) == len(ns)
    assert all(in_bounds(n, width, height) and king_distance(sq, n) == 1 for n in ns)
    # Every on-board king step is present, none is missed.
    expected = {(sq[0] + dc, sq[1] + dr) for dc, dr in KING_DIRECTIONS}
    assert set(ns) == {n for n in expected if in_bounds(n, width, height)}


@given(board_and_square())
def test_knight_moves_are_symmetric(case: tuple[int, int, Square]) -> None:
    width, height, sq = case
    for m in knight_moves(sq, width, height):
        assert in_bounds(m, width, height)
        assert manhattan_distance(sq, m) == 3 and king_distance(sq, m) == 2
        assert sq in knight_moves(m, width, height)


@given(squares, squares)
def test_line_properties(a: Square, b: Square) -> None:
    pts = line(a, b)
    assert pts[0] == a and pts[-1] == b
    assert len(pts) == king_distance(a, b) + 1
    assert all(king_distance(p, q) == 1 for p, q in pairwise(pts))


@given(squares, st.sampled_from(KING_DIRECTIONS), st.integers(1, 40))
def test_straight_line_agrees_with_between(a: Square, d: tuple[int, int], n: int) -> None:
    b = (a[0] + d[0] * n, a[1] + d[1] * n)
    assert is_straight_line(a, b)
    between = squares_between(a, b)
    assert len(between) == n - 1
    assert line(a, b)[1:-1] == between


@given(board_and_square(), st.sampled_from(KING_DIRECTIONS + KNIGHT_STEPS))
def test_ray_runs_to_edge(case: tuple[int, int, Square], d: tuple[int, int]) -> None:
    width, height, sq = case
    r = ray(sq, d, width, height)
    assert all(in_bounds(p, width, height) for p in r)
    assert r == [(sq[0] + d[0] * i, sq[1] + d[1] * i) for i in range(1, len(r) + 1)]
    last = r[-1] if r else sq
    assert not in_bounds((last[0] + d[0], last[1] + d[1]), width, height)


@given(board_and_square())
def test_index_round_trip(case: tuple[int, int, Square]) -> None:
    width, height, sq = case
    i = to_index(sq, width)
    assert 0 <= i < width * height
    assert from_index(i, width) == sq


@given(sizes, sizes)
@settings(deadline=None)  # a 19x19 board takes ~80 ms, over 200 ms on a loaded machine
def test_precomputed_tables_match_helpers(width: int, height: int) -> None:
    kings, knights = precompute_neighbours(width, height), precompute_knight(width, height)
    assert len(kings) == len(knights) == width * height
    for i in range(width * height):
        sq = from_index(i, width)
        assert kings[i] == tuple(to_index(n, width) for n in neighbours(sq, width, height))
        assert knights[i] == tuple(to_index(n, width) for n in knight_moves(sq, width, height))


@given(st.integers(0, 25), st.integers(0, 10_000))
def test_square_name_round_trip(col: int, row: int) -> None:
    name = square_name((col, row))
    assert parse_square(name) == (col, row)
    assert square_name(parse_square(name)) == name
