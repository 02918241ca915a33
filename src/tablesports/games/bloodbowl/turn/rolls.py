"""The rolls a move needs, as numbers, for programs (the bots weigh paths by them).

The pathfinder (`paths.py`, and its compiled twin, which mirrors it) writes each path's rolls
as text for people, "dodge 3+, rush 2+"; it is left as it is. Here the same rolls are
worked out as numbers from the path it found (`Reach.path`), by the rules its texts follow,
and in their order: per square a Rush (beyond the MA left), then a Dodge (out of a Marked
square; Break Tackle on the first), and the pick-up where the path ends on the ball. A Leap's
rolls are `Activation.leap_rolls`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from tablesports.games.bloodbowl.ball import ON_GROUND
from tablesports.games.bloodbowl.turn.common import tackle_zones
from tablesports.games.bloodbowl.turn.paths import (
    Reach,
    break_tackle_bonus,
    dodge_target,
    pickup_target,
    team_has,
)

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


class Roll(NamedTuple):
    """One roll of a move: its kind ("rush", "dodge", "pick-up", "leap", "pogo") and the D6
    it needs (2 to 6)."""

    kind: str
    target: int


def path_rolls(s: BloodBowlState, r: Reach, square: int) -> tuple[Roll, ...]:
    """The rolls of the path `r` found to `square` (one of `r.risk`'s squares), in the order of
    its text `r.risk[square]`."""
    if square not in r.risk:
        raise ValueError(f"the path to square {square} is not among those found (Reach.risk)")
    pid, _, moved, break_tackle, _ = r.key
    p = s.players[pid]
    free = p.ma - moved
    tz = r.tz  # empty when no opponent is near (no Dodge anywhere)
    tzi = tz
    if tz and team_has(s.teams[1 - p.team], "Titchy"):
        tzi = tackle_zones(s, p.team, True)  # Titchy players do not count against it
    bonus = break_tackle_bonus(p) if break_tackle else 0
    rolls: list[Roll] = []
    frm = r.start
    for k, sq in enumerate(r.path(square), 1):
        if k > free:
            rolls.append(Roll("rush", r.rush_target))
        if tz and tz[frm]:
            rolls.append(Roll("dodge", dodge_target(s, p, frm, sq, tzi, bonus)))
            bonus = 0  # Break Tackle: once
        frm = sq
    if s.ball_state == ON_GROUND and square == s.ball:
        rolls.append(Roll("pick-up", pickup_target(s, p, square)))
    return tuple(rolls)


def success(rolls: tuple[Roll, ...]) -> float:
    """The chance that every roll succeeds (no re-rolls)."""
    p = 1.0
    for roll in rolls:
        p *= (7 - roll.target) / 6
    return p


def text(rolls: tuple[Roll, ...]) -> str:
    """The rolls as people read them: "dodge 3+, rush 2+"."""
    return ", ".join(f"{roll.kind} {roll.target}+" for roll in rolls)
