"""Diving Catch (2025 skill, BSData season-3 .gst): a player may try to catch a pass, a
throw-in or the kick-off coming down on an empty square in his tackle zone (not a bounce),
and has +1 to catch an accurate pass in its target square. The players here are given the
skill as an advancement would (`grant`)."""

from __future__ import annotations

from typing import Any

from tablesports.games.bloodbowl.ball import HELD, IN_AIR
from tablesports.games.bloodbowl.pitch import index
from tests.games.bloodbowl.helpers import play, texts, to_kickoff_event
from tests.games.bloodbowl.test_bloodbowl_kickoff import COACHING_ROLLS, QUIET_EVENT
from tests.games.bloodbowl.turn.turn_helpers import act, legal_texts, log, position, sq, who


def grant(s: Any, name: str, skill: str) -> None:
    """Player `name` has gained `skill` (an advancement)."""
    p = who(s, name)
    p.skills = p.skills | {skill}


def test_diving_catch_of_a_pass_landing_next_to_him() -> None:
    # the Thrower #7 passes accurately to the empty 14,7; the Catcher #8 on 14,8 dives
    s = position("H7 10,7", "H8 14,8", ball="10,7", rerolls=(0, 0))
    grant(s, "H8", "Diving Catch")
    act(s, "pass 7", "pass to 14,7", "D6=6")
    assert s.stack[-1].name == "diving_catch"
    assert set(legal_texts(s)) == {"selection done", "select 8"}
    events = act(s, "select 8", "D6=3")
    assert "(Diving Catch) dives for the ball at 14,7" in log(events)
    assert "catch: D6=3 against 3+: success" in log(events)
    assert s.ball_state == HELD and s.ball == sq("14,8")  # caught where he stands
    assert not s.turnover


def test_diving_catch_declined_the_ball_bounces() -> None:
    s = position("H7 10,7", "H8 14,8", ball="10,7", rerolls=(0, 0))
    grant(s, "H8", "Diving Catch")
    act(s, "pass 7", "pass to 14,7", "D6=6", "selection done")
    assert s.stack[-1].name == "bounce" and s.ball == sq("14,7")


def test_diving_catch_by_an_opponent_the_passing_team_decides_first() -> None:
    s = position("H7 10,7", "H8 14,8", "A1 15,7", ball="10,7", rerolls=(0, 0))
    grant(s, "H8", "Diving Catch")
    grant(s, "A1", "Diving Catch")
    act(s, "pass 7", "pass to 14,7", "D6=6")
    assert s.current_player() == 0 and "select 8" in legal_texts(s)
    act(s, "selection done")
    assert s.current_player() == 1 and set(legal_texts(s)) == {"selection done", "select 1"}
    events = act(s, "select 1", "D6=6")
    assert s.ball_state == HELD and s.ball == sq("15,7")
    assert "Turnover" in log(events)


def test_no_diving_catch_for_a_bounce() -> None:
    # a failed pick-up bounces the ball next to him: no dive
    s = position("H7 10,7", "H8 13,8", ball="12,7", rerolls=(0, 0))
    grant(s, "H8", "Diving Catch")
    act(s, "move 7", "move 7 to 12,7", "D6=1", "D6=1")  # Sure Hands' re-roll fails too
    events = act(s, "D8=5")  # bounces to 13,7, empty, next to #8
    assert s.stack[-1].name != "diving_catch" and "Diving Catch" not in log(events)


def test_diving_catch_plus_1_in_the_target_square_of_an_accurate_pass() -> None:
    s = position("H7 10,7", "H8 14,7", ball="10,7", rerolls=(0, 0))
    grant(s, "H8", "Diving Catch")
    events = act(s, "pass 7", "pass to 14,7", "D6=6", "D6=2")
    assert "catch: D6=2+1 against 3+: success" in log(events)
    s = position("H7 10,7", "H8 14,7", ball="10,7", rerolls=(0, 0))
    events = act(s, "pass 7", "pass to 14,7", "D6=6", "D6=2")
    assert "against 3+: failure" in log(events)  # without the skill


def test_diving_catch_at_the_kick_off() -> None:
    s = to_kickoff_event("20,7", 2, 1)  # lands at 20,6, empty, next to orc #11 on 19,7
    grant(s, "A11", "Diving Catch")
    play(s, QUIET_EVENT, *COACHING_ROLLS)
    assert s.stack[-1].name == "diving_catch" and s.current_player() == 1
    events = play(s, "select 11", "D6=5")
    assert "D6=5-1 against 4+: success" in texts(events)
    assert s.ball_state == HELD and s.ball == index(19, 7)


def test_diving_catch_of_a_throw_in() -> None:
    # a wild pass deviates off the pitch; thrown back in next to the Catcher #8 on 9,2
    s = position("H7 10,2", "H8 9,2", ball="10,2", rerolls=(0, 0))
    grant(s, "H8", "Diving Catch")
    act(s, "pass 7", "pass to 20,2", "D6=2", "D6=2", "D8=2", "D6=3")  # wild: off the pitch
    assert s.stack[-1].name == "throw_in" and s.ball_state == IN_AIR
    act(s, "D6=3", "2D6=1+2")  # from 10,0 straight in three squares: 10,3
    assert s.stack[-1].name == "diving_catch"
    act(s, "select 8", "D6=6")
    assert s.ball_state == HELD and s.ball == sq("9,2")
