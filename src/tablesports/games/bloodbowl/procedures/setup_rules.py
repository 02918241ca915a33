"""The set-up constraints of the seed, as counts over squares classified once per team.

A set-up of `target` players is legal when every player is in the team's own half, at least
min(3, target) stand on the line of scrimmage in the centre field (all of them when the team
fields three or fewer), and at most two stand in each wide zone. Placements are offered only
when the set-up can still be completed legally, so a finished set-up is always legal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.games.bloodbowl.pitch import (
    HEIGHT,
    WIDTH,
    depth_column,
    in_half,
    index,
    los_column,
    wide_zone,
)
from tablesports.games.bloodbowl.rules_data import formations
from tablesports.games.bloodbowl.tables import NUMBERS

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState

LOS_CENTRE, TOP_WIDE, BOTTOM_WIDE, BACKFIELD = 0, 1, 2, 3


def _classify(team: int, x: int, y: int) -> int:
    zone = wide_zone(y)
    if zone == 0:
        return TOP_WIDE
    if zone == 1:
        return BOTTOM_WIDE
    return LOS_CENTRE if x == los_column(team) else BACKFIELD


SETUP_SQUARES: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(
        (index(x, y), _classify(team, x, y))
        for x in range(WIDTH)
        if in_half(team, x)
        for y in range(HEIGHT)
    )
    for team in (0, 1)
)
"""Per team, the squares of its half with their class, in x-then-y order."""
SQUARE_CLASS: tuple[dict[int, int], ...] = tuple(dict(sq) for sq in SETUP_SQUARES)


def los_needed(target: int) -> int:
    return min(NUMBERS.los_minimum, target)


def counts(s: BloodBowlState, team: int) -> list[int]:
    """Players of `team` on the pitch per class: [LoS centre, top wide, bottom wide, other]."""
    out = [0, 0, 0, 0]
    classes = SQUARE_CLASS[team]
    for p in s.on_pitch(team):
        out[classes.get(p.square, BACKFIELD)] += 1
    return out


def setup_problem(s: BloodBowlState, team: int, target: int) -> str | None:
    """Why the team's set-up is not legal (None when it is)."""
    on = s.on_pitch(team)
    for p in on:
        if p.square not in SQUARE_CLASS[team]:
            return f"{p.label()} is not in his own half"
    if len(on) != target:
        return f"{len(on)} players are set up; the team must set up {target} (seed)"
    c = counts(s, team)
    if c[LOS_CENTRE] < los_needed(target):
        return (
            f"only {c[LOS_CENTRE]} on the line of scrimmage in the centre field; "
            f"at least {los_needed(target)} are needed (seed)"
        )
    for zone, n in ((TOP_WIDE, c[TOP_WIDE]), (BOTTOM_WIDE, c[BOTTOM_WIDE])):
        if n > NUMBERS.wide_zone_maximum:
            which = "top" if zone == TOP_WIDE else "bottom"
            return f"{n} players in the {which} wide zone; at most two are allowed (seed)"
    return None


def placement_problem(c: list[int], placed: int, target: int, cls: int) -> str | None:
    """Why a player may not go to a square of class `cls` now (None when he may)."""
    if placed >= target:
        return f"{target} players are already set up (seed: eleven, or all the team has)"
    if cls in (TOP_WIDE, BOTTOM_WIDE) and c[cls] >= NUMBERS.wide_zone_maximum:
        return "at most two players may be set up in each wide zone (seed)"
    if cls != LOS_CENTRE:
        short = los_needed(target) - c[LOS_CENTRE]
        if short > target - placed - 1:
            return (
                f"{short} more must go on the line of scrimmage in the centre field and only "
                f"{target - placed} players are left to place (seed: at least three there)"
            )
    return None


_FORMATION_SQUARES: dict[tuple[str, int, int], tuple[int, ...] | None] = {}


def formation_squares(name: str, team: int, target: int) -> tuple[int, ...] | None:
    """The squares of a formation's first `target` slots for `team`, or None if not legal."""
    key = (name, team, target)
    if key not in _FORMATION_SQUARES:
        slots = formations()[name].slots[:target]
        squares = tuple(index(depth_column(team, d), y) for d, y in slots)
        c = [0, 0, 0, 0]
        for sq in squares:
            c[SQUARE_CLASS[team][sq]] += 1
        ok = (
            len(set(squares)) == len(squares)
            and c[LOS_CENTRE] >= los_needed(target)
            and c[TOP_WIDE] <= NUMBERS.wide_zone_maximum
            and c[BOTTOM_WIDE] <= NUMBERS.wide_zone_maximum
        )
        _FORMATION_SQUARES[key] = squares if ok else None
    return _FORMATION_SQUARES[key]
