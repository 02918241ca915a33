"""The pitch: 26 x 15 squares in a flat list, zones and neighbour tables.

    x  0 .......... 12 | 13 .......... 25
       home end zone   LoS  away end zone
    y  0-3 the top wide zone, 4-10 centre field, 11-14 the bottom wide zone

Square (x, y) has the flat index ``y * WIDTH + x``; text forms read "x,y" (0-based).
Team 0 (home) defends x = 0 and sets up in x 0..12; team 1 (away) defends x = 25.
"""

from __future__ import annotations

WIDTH = 26
HEIGHT = 15
SIZE = WIDTH * HEIGHT
HALF_WIDTH = WIDTH // 2
WIDE_ZONE_ROWS = 4
"""Rows 0-3 and 11-14 are the wide zones."""

OFF_PITCH = -1


def index(x: int, y: int) -> int:
    return y * WIDTH + x


def coords(sq: int) -> tuple[int, int]:
    return sq % WIDTH, sq // WIDTH


def on_pitch(x: int, y: int) -> bool:
    return 0 <= x < WIDTH and 0 <= y < HEIGHT


def square_text(sq: int) -> str:
    x, y = coords(sq)
    return f"{x},{y}"


def team_of_half(x: int) -> int:
    """The team whose half holds column x."""
    return 0 if x < HALF_WIDTH else 1


def in_half(team: int, x: int) -> bool:
    return (x < HALF_WIDTH) == (team == 0)


def los_column(team: int) -> int:
    """The column of the team's own line of scrimmage squares."""
    return HALF_WIDTH - 1 if team == 0 else HALF_WIDTH


def end_zone_column(team: int) -> int:
    """The end zone the team defends (the opponent scores there)."""
    return 0 if team == 0 else WIDTH - 1


def depth_column(team: int, depth: int) -> int:
    """The column `depth` squares behind the team's line of scrimmage (0 = on the line)."""
    return los_column(team) - depth if team == 0 else los_column(team) + depth


def wide_zone(y: int) -> int:
    """0 for the top wide zone, 1 for the bottom one, -1 for the centre field."""
    if y < WIDE_ZONE_ROWS:
        return 0
    if y >= HEIGHT - WIDE_ZONE_ROWS:
        return 1
    return -1


def _neighbours(sq: int) -> tuple[int, ...]:
    x, y = coords(sq)
    out = []
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if (dx or dy) and on_pitch(x + dx, y + dy):
                out.append(index(x + dx, y + dy))
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(sq) for sq in range(SIZE))
"""For every square, the flat indices of the squares around it."""
IS_WIDE: tuple[bool, ...] = tuple(wide_zone(sq // WIDTH) >= 0 for sq in range(SIZE))
IS_LOS: tuple[bool, ...] = tuple((sq % WIDTH) in (HALF_WIDTH - 1, HALF_WIDTH) for sq in range(SIZE))
