"""Fumblerooski (2025 skill): in a Move action, a player holding the ball may put it on the
ground in any square he moves out of, with no turnover. Here the coach says so before the
player leaves his square (`fumblerooski`, then a move): the ball stays in the square he
leaves. To leave it further on, he moves there first, then says so. House rule: the ball is
put down once he is out of the square, his Dodge and Rush rolls passed; falling over on the
way out he still holds it (it bounces as usual)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.games.bloodbowl.ball import ON_GROUND
from tablesports.games.bloodbowl.turn.actions import Fumblerooski

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

SKILL = "Fumblerooski"
RULE = "Fumblerooski (2025)"
FUMBLEROOSKI = Fumblerooski()


def put_down(s: BloodBowlState, p: Player, square: int) -> None:
    """`p` has moved out of `square` leaving the ball there, on the ground."""
    s.ball, s.ball_state = square, ON_GROUND
    s.log(
        "fumblerooski",
        f"{p.label()} (Fumblerooski) leaves the ball at {s.where(square)}.",
        RULE,
    )
