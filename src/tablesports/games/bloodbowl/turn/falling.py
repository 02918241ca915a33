"""Falling Over after a failed Rush, Dodge or Leap (BB2020), with Arm Bar's +1 after a failed
Dodge or Leap (turn/arm_bar.py). Kept apart from turn/moving.py so that Diving Tackle, whose
dive may make a Dodge fail, needs no import of the Dodge itself."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.games.bloodbowl.ball import HELD, ON_GROUND
from tablesports.games.bloodbowl.turn.arm_bar import add_arm_bar, arm_barred
from tablesports.games.bloodbowl.turn.injury import knock_down

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState


def fall_into(s: BloodBowlState, p: Player, square: int) -> None:
    """A failed Rush or Dodge: he Falls Over in the square he was moving to (BB2020); a ball
    lying there bounces."""
    carrying = s.ball_state == HELD and s.ball == p.square
    loose_there = s.ball_state == ON_GROUND and s.ball == square
    s.place(p, square)
    if carrying:
        s.ball = square
    knock_down(s, p.pid, fell=True, loose=square if loose_there else -1)


def fall_away(s: BloodBowlState, p: Player, square: int) -> None:
    """A failed Dodge or Leap: he Falls Over in `square`; Arm Bar of an opponent Marking the
    square he left adds 1 to his armour or injury roll (turn/arm_bar.py)."""
    armed = arm_barred(s, p)
    fall_into(s, p, square)
    if armed:
        add_arm_bar(s, p)
