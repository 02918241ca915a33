"""Punt (2025 skill, BSData season-3 .gst): a Special action, one a team turn; a Move first,
then the ball punted from the player's square along the throw-in template facing an end zone
or a sideline (D6 direction, D6 squares); a player where it lands must try to catch it, an
empty square makes it bounce; a turnover only if an opponent holds it or it went into the
crowd. The punter here is given the skill as an advancement would (`grant`)."""

from __future__ import annotations

from typing import Any

from tablesports.games.bloodbowl.ball import HELD, IN_AIR, ON_GROUND
from tests.games.bloodbowl.turn.turn_helpers import (
    act,
    legal_texts,
    log,
    plain_texts,
    position,
    sq,
    who,
)


def grant(s: Any, name: str, skill: str) -> None:
    """Player `name` has gained `skill` (an advancement)."""
    p = who(s, name)
    p.skills = p.skills | {skill}


def punter(*extra: str, at: str = "10,7") -> Any:
    # the Reikland Thrower #7 holds the ball
    s = position(f"H7 {at}", *extra, ball=at, rerolls=(0, 0))
    grant(s, "H7", "Punt")
    grant(s, "H8", "Punt")
    return s


def test_punt_is_a_special_action_of_a_player_with_the_skill() -> None:
    s = punter("H8 5,7", "H1 5,9")
    assert "punt 7" in plain_texts(s)
    assert "punt 1" not in plain_texts(s)  # a Lineman without it
    assert "punt 8" not in plain_texts(s)  # as a Pass: he holds the ball or it lies loose


def test_punt_straight_on_to_an_empty_square_bounces_and_is_no_turnover() -> None:
    s = punter("H8 5,7")
    act(s, "punt 7")
    assert set(AIMS) <= set(legal_texts(s))
    events = act(s, "punt towards x=25", "D6=3", "D6=4")  # 3-4: straight on, 4 squares
    assert "punts" in log(events) and "to 14,7" in log(events)
    assert s.stack[-1].name == "bounce" and s.ball == sq("14,7") and s.ball_state == IN_AIR
    act(s, "D8=5")  # one square further along x
    assert s.ball == sq("15,7") and s.ball_state == ON_GROUND
    assert not s.turnover and s.stack[-1].name == "team_turn"
    assert "move 8" in plain_texts(s) and "punt 8" not in plain_texts(s)  # one a team turn


AIMS = ["punt towards x=0", "punt towards x=25", "punt towards y=0", "punt towards y=14"]


def test_punt_template_turns_diagonally_on_1_2_and_5_6() -> None:
    s = punter()
    events = act(s, "punt 7", "punt towards x=25", "D6=1", "D6=2")
    assert "to 12,5" in log(events)
    s = punter()
    events = act(s, "punt 7", "punt towards y=14", "D6=6", "D6=3")  # towards y=14, +x
    assert "to 13,10" in log(events)


def test_punt_caught_by_a_team_mate_is_no_turnover() -> None:
    s = punter("H8 14,7")
    act(s, "punt 7", "punt towards x=25", "D6=3", "D6=4")
    assert s.stack[-1].name == "catch"
    act(s, "D6=6")
    assert s.ball_state == HELD and s.ball == sq("14,7") and not s.turnover


def test_punt_caught_by_an_opponent_is_a_turnover() -> None:
    s = punter("A1 14,7")
    events = act(s, "punt 7", "punt towards x=25", "D6=3", "D6=4", "D6=6")
    assert "Turnover: the punt was caught by an opponent" in log(events)
    assert s.ball_state == HELD and s.ball == sq("14,7")


def test_punt_into_the_crowd_is_a_turnover_and_the_crowd_throws_it_in() -> None:
    s = punter(at="10,2")
    events = act(s, "punt 7", "punt towards y=0", "D6=3", "D6=5")
    assert "into the crowd" in log(events) and s.stack[-1].name == "throw_in"
    events = act(s, "D6=3", "2D6=2+2")  # thrown in from 10,0 straight back: 10,4
    assert s.ball == sq("10,4") and "Turnover: the punt went into the crowd" in log(events)


def test_punt_move_first_then_punt_and_the_activation_ends() -> None:
    s = punter()
    act(s, "punt 7", "move 7 to 12,7")
    assert "punt towards x=25" in legal_texts(s)
    act(s, "punt towards x=0", "D6=3", "D6=1", "D8=4")  # to 11,7, bounce to 10,7
    assert who(s, "H7").square == sq("12,7") and s.stack[-1].name == "team_turn"


def test_punt_needs_the_ball_picked_up_on_the_way() -> None:
    s = position("H7 10,7", ball="12,7", rerolls=(0, 0))  # the ball lies loose
    grant(s, "H7", "Punt")
    act(s, "punt 7")
    assert not any(t.startswith("punt towards") for t in legal_texts(s))
    act(s, "move 7 to 12,7", "D6=6")  # picks it up
    assert set(AIMS) <= set(legal_texts(s))


def test_punt_kick_rerolls_the_direction_then_the_distance() -> None:
    s = punter()
    grant(s, "H7", "Kick")
    act(s, "punt 7", "punt towards x=25", "D6=1")
    assert s.stack[-1].name == "punt" and set(legal_texts(s)) == {"reroll", "no reroll"}
    act(s, "reroll", "D6=3", "D6=1")  # the direction once more, then the distance
    assert set(legal_texts(s)) == {"reroll", "no reroll"}
    events = act(s, "reroll", "D6=5")
    assert "to 15,7" in log(events)
