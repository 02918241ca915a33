"""Pass and Hand-off (BB2020): range, the Passing test, accurate, inaccurate and wildly
inaccurate passes, fumbles, interference, catching, and the turnovers they cause."""

from __future__ import annotations

import pytest

from tablesports.core.errors import IllegalActionError
from tablesports.games.bloodbowl.ball import HELD
from tests.games.bloodbowl.turn.turn_helpers import (
    act,
    legal_texts,
    log,
    plain_texts,
    position,
    sq,
    who,
)


def test_an_accurate_pass_is_caught_without_modifier() -> None:
    s = position("H7 10,7", "H8 14,7", ball="10,7")  # Thrower PA 3+ (2025), Catcher AG 3+
    act(s, "pass 7")
    assert "pass to 14,7 (short pass 4+)" in legal_texts(s)
    events = act(s, "pass to 14,7", "D6=4")  # short pass: 4-1 against 3+: accurate
    assert "inaccurate" not in log(events) and "fumbled" not in log(events)
    events = act(s, "D6=3")
    assert "catch: D6=3 against 3+: success" in log(events)
    assert s.ball_state == HELD and s.ball == sq("14,7")
    assert s.stack[-1].name == "team_turn" and s.current_player() == 0


def test_a_natural_one_is_a_fumble_and_a_turnover() -> None:
    s = position("H1 10,7", "H8 14,7", ball="10,7", rerolls=(0, 0))  # Lineman: no Pass skill
    events = act(s, "pass 1", "pass to 14,7", "D6=1")
    assert "fumbled" in log(events) and s.stack[-1].name == "bounce"
    events = act(s, "D8=1")
    assert "Turnover" in log(events)


def test_a_failed_pass_scatters_three_times_from_the_target() -> None:
    s = position("H1 10,7", "H8 14,7", ball="10,7", rerolls=(0, 0))  # PA 4+, short pass -1
    events = act(s, "pass 1", "pass to 14,7", "D6=3")
    assert "The pass is inaccurate" in log(events)
    act(s, "D8=5", "D8=5", "D8=4")  # 15,7 16,7 15,7: bounces into nobody
    assert s.ball == sq("15,7")


def test_a_pass_that_fails_by_much_is_wildly_inaccurate_and_deviates_from_the_thrower() -> None:
    s = position("H1 10,7", "H8 14,7", ball="10,7", rerolls=(0, 0))
    events = act(s, "pass 1", "pass to 14,7", "D6=2")  # 2-1 = 1
    assert "wildly inaccurate" in log(events)
    act(s, "D8=2", "D6=3")  # three squares up from the thrower: 10,4, empty: a bounce
    assert s.ball == sq("10,4") and s.stack[-1].name == "bounce"


def test_a_wildly_inaccurate_pass_may_be_interfered_with_on_its_way_to_where_it_lands() -> None:
    # A1 on 10,5 lies on the path from the thrower (10,7) to where the ball deviates (10,4)
    s = position("H1 10,7", "H8 14,7", "A1 10,5", "A2 16,2", ball="10,7", rerolls=(0, 0))
    act(s, "pass 1", "pass to 14,7", "D6=2", "D8=2", "D6=3")
    assert s.current_player() == 1
    assert [str(a) for a in s.legal_actions()] == ["no interference", "interfere 1"]
    events = act(s, "interfere 1", "D6=4")  # AG 3+ at -1 (wildly inaccurate): 4-1 = 3
    assert "D6=4-1 against 3+: the pass is deflected!" in log(events)
    assert s.stack[-1].name == "turn_catch"


def test_a_wildly_inaccurate_pass_not_interfered_with_lands_where_it_deviated() -> None:
    s = position("H1 10,7", "H8 14,7", "A1 10,5", ball="10,7", rerolls=(0, 0))
    act(s, "pass 1", "pass to 14,7", "D6=2", "D8=2", "D6=3", "interfere 1", "D6=3")  # 3-1: fails
    assert s.ball == sq("10,4") and s.stack[-1].name == "bounce"


def test_a_wildly_inaccurate_pass_off_the_pitch_is_thrown_in_without_interference() -> None:
    s = position("H1 10,2", "H8 14,2", "A1 10,1", ball="10,2", rerolls=(0, 0))
    events = act(s, "pass 1", "pass to 14,2", "D6=2", "D8=2", "D6=4")
    assert "off the pitch" in log(events) and s.stack[-1].name == "throw_in"


def test_pass_skill_rerolls_a_failed_pass() -> None:
    s = position("H7 10,7", "H8 14,7", ball="10,7", rerolls=(0, 0))
    events = act(s, "pass 7", "pass to 14,7", "D6=1", "D6=4")
    assert "(Pass)" in log(events) and s.stack[-1].name == "turn_catch"


def test_an_opponent_under_the_path_may_deflect_and_then_intercept_by_a_catch() -> None:
    s = position("H7 10,7", "H8 16,7", "A1 13,7", ball="10,7")
    act(s, "pass 7", "pass to 16,7", "D6=5")
    assert s.current_player() == 1  # the orcs' coach may pick an interferer
    assert [str(a) for a in s.legal_actions()] == ["no interference", "interfere 1"]
    events = act(s, "interfere 1", "D6=6")  # AG 3+ at -3: only a 6
    assert "deflected" in log(events) and s.stack[-1].name == "turn_catch"
    events = act(s, "D6=3")  # the catch: AG 3+, nobody Marks him
    assert "catch: D6=3 against 3+: success" in log(events)
    assert s.ball == sq("13,7") and s.ball_state == HELD and "Turnover" in log(events)


def test_the_deflection_is_an_agility_test_minus_two_against_an_inaccurate_pass() -> None:
    s = position("H1 10,7", "H8 16,7", "A1 13,7", "H2 14,6", ball="10,7", rerolls=(0, 0))
    act(s, "pass 1", "pass to 16,7", "D6=3")  # Lineman PA 4+, short -1: inaccurate
    events = act(s, "interfere 1", "D6=5")  # 5 -2 -1 (H2 Marks him) against 3+: fails
    assert "D6=5-3 against 3+: failure" in log(events)
    assert s.stack[-1].name == "flight_scatter"


def test_a_deflected_pass_that_is_not_caught_bounces_from_the_interfering_player() -> None:
    s = position("H7 10,7", "H8 16,7", "A1 13,7", ball="10,7")
    act(s, "pass 7", "pass to 16,7", "D6=5", "interfere 1", "D6=6")
    events = act(s, "D6=2")  # the interception fails: the ball bounces from 13,7
    assert "failure" in log(events) and s.stack[-1].name == "bounce"
    events = act(s, "D8=2")  # to 13,6, empty: the pass was not caught, a turnover
    assert s.ball == sq("13,6") and "Turnover" in log(events)


def test_a_failed_interference_lets_the_pass_through() -> None:
    s = position("H7 10,7", "H8 16,7", "A1 13,7", ball="10,7")
    act(s, "pass 7", "pass to 16,7", "D6=5", "interfere 1", "D6=5", "D6=4")
    assert s.ball == sq("16,7") and s.ball_state == HELD


def test_the_defending_coach_may_let_the_pass_go() -> None:
    s = position("H7 10,7", "H8 16,7", "A1 13,7", "A2 13,3", ball="10,7")
    act(s, "pass 7", "pass to 16,7", "D6=5")
    assert "interfere 2" not in legal_texts(s)  # not under the path
    act(s, "no interference", "D6=4")
    assert s.ball == sq("16,7") and s.ball_state == HELD


def test_catch_skill_rerolls_a_failed_catch() -> None:
    s = position("H7 10,7", "H8 14,7", ball="10,7", rerolls=(0, 0))
    events = act(s, "pass 7", "pass to 14,7", "D6=6", "D6=1", "D6=3")
    assert "(Catch)" in log(events) and s.ball_state == HELD


def test_a_catch_in_the_end_zone_scores() -> None:
    s = position("H7 20,7", "H8 25,7", ball="20,7")
    events = act(s, "pass 7", "pass to 25,7", "D6=6", "D6=6")
    assert s.score == [1, 0] and "TOUCHDOWN" in log(events)


def test_blizzard_allows_only_quick_and_short_passes() -> None:
    s = position("H7 10,7", "H8 14,7", "H9 19,7", ball="10,7", weather="blizzard")
    act(s, "pass 7")
    assert "pass to 14,7" in plain_texts(s) and "pass to 19,7" not in plain_texts(s)


def test_a_hand_off_goes_to_a_team_mate_next_to_him() -> None:
    s = position("H7 10,7", "H8 11,7", "H9 12,9", ball="10,7")
    act(s, "hand-off 7")
    assert [t for t in legal_texts(s) if t.startswith("hand-off")] == [
        "hand-off to 11,7 (catch 3+)"
    ]
    act(s, "hand-off to 11,7", "D6=3")
    assert s.ball == sq("11,7") and s.ball_state == HELD


def test_a_dropped_hand_off_is_a_turnover() -> None:
    s = position("H7 10,7", "H1 11,7", ball="10,7", rerolls=(0, 0))
    events = act(s, "hand-off 7", "hand-off to 11,7", "D6=1", "D8=5")
    assert "Turnover" in log(events)


def test_pass_and_hand_off_once_a_turn() -> None:
    s = position("H7 10,7", "H8 11,7", "H9 11,8", ball="10,7")
    act(s, "hand-off 7", "hand-off to 11,7", "D6=4")
    assert "hand-off 8" not in legal_texts(s) and "pass 8" in legal_texts(s)
    with pytest.raises(IllegalActionError, match="one hand-off action a turn"):
        act(s, "hand-off 8")
    assert who(s, "H8").square == sq("11,7")


def test_very_sunny_makes_passing_harder() -> None:
    s = position("H7 10,7", "H8 14,7", ball="10,7", weather="very_sunny", rerolls=(0, 0))
    events = act(s, "pass 7", "pass to 14,7", "D6=4")  # short -1, sunny -1: 4-2 against 3+
    assert "D6=4-2 against 3+: failure" in log(events)


def test_a_pass_may_aim_at_an_empty_square_and_the_ball_then_bounces() -> None:
    s = position("H7 10,7", "H8 16,7", ball="10,7")
    act(s, "pass 7")
    assert "pass to 14,3 (short pass 4+)" in legal_texts(s)
    act(s, "pass to 14,3", "D6=6")
    assert s.stack[-1].name == "bounce"
    events = act(s, "D8=5")  # 15,3: nobody there, the ball rests
    assert "Turnover" in log(events)


def test_the_notes_show_the_dice_before_choosing() -> None:
    s = position("H10 8,7", "H1 9,6", "A1 9,7", "A9 7,8")
    act(s, "block 10")
    # against orc #1, #1 assists #10 and the Big Un (next to #10, Marked by nobody else)
    # assists orc #1: 4 against 4, one die; against the Big Un (ST 4) two dice, his choice
    assert "block 9,7 (1 die)" in legal_texts(s)
    assert "block 7,8 (2 dice, they choose)" in legal_texts(s)
    s = position("H10 8,7", "H1 9,6", "A1 9,7")
    act(s, "block 10")
    assert "block 9,7 (2 dice, you choose)" in legal_texts(s)
