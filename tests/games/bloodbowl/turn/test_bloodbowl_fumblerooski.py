"""Fumblerooski (2025 skill, BSData season-3 .gst): in a Move action the ball carrier may
leave the ball on the ground in a square he moves out of, with no turnover. The carrier here
is given the skill as an advancement would (`grant`)."""

from __future__ import annotations

from typing import Any

from tablesports.games.bloodbowl.ball import HELD, IN_AIR, ON_GROUND
from tablesports.games.bloodbowl.players import PRONE
from tests.games.bloodbowl.turn.turn_helpers import act, legal_texts, log, position, sq, who


def grant(s: Any, name: str, skill: str) -> None:
    """Player `name` has gained `skill` (an advancement)."""
    p = who(s, name)
    p.skills = p.skills | {skill}


def carrier(*extra: str) -> Any:
    s = position("H1 10,7", *extra, ball="10,7", rerolls=(0, 0))  # a Lineman holds the ball
    grant(s, "H1", "Fumblerooski")
    return s


def test_fumblerooski_leaves_the_ball_in_the_square_he_moves_out_of() -> None:
    s = carrier()
    act(s, "move 1")
    assert "fumblerooski" in legal_texts(s)
    events = act(s, "fumblerooski", "move 1 to 13,7")
    assert "(Fumblerooski) leaves the ball at 10,7" in log(events)
    assert s.ball == sq("10,7") and s.ball_state == ON_GROUND
    assert who(s, "H1").square == sq("13,7") and not s.turnover
    assert "fumblerooski" not in legal_texts(s)  # he no longer holds it


def test_fumblerooski_further_on_the_way() -> None:
    s = carrier()
    act(s, "move 1", "move 1 to 12,7", "fumblerooski", "move 1 to 14,7")
    assert s.ball == sq("12,7") and s.ball_state == ON_GROUND


def test_fumblerooski_said_but_he_stays_keeps_the_ball() -> None:
    s = carrier()
    act(s, "move 1", "fumblerooski", "end activation")
    assert s.ball == sq("10,7") and s.ball_state == HELD


def test_fumblerooski_only_in_a_move_action_and_only_holding_the_ball() -> None:
    s = carrier("A1 11,7")
    act(s, "blitz 1")
    assert "fumblerooski" not in legal_texts(s)
    s = position("H1 10,7", "H2 12,7", ball="12,7", rerolls=(0, 0))
    grant(s, "H1", "Fumblerooski")
    act(s, "move 1")
    assert "fumblerooski" not in legal_texts(s)  # a team-mate holds it


def test_fumblerooski_ball_under_a_diving_tackler_bounces() -> None:
    s = carrier("A1 11,7")
    who(s, "A1").skills = who(s, "A1").skills | {"Diving Tackle"}
    act(s, "move 1", "fumblerooski", "move 1 to 9,7", "D6=6", "select 1")
    assert who(s, "A1").square == sq("10,7") and who(s, "A1").stance == PRONE
    assert s.ball_state == IN_AIR and s.stack[-1].name == "bounce"
