"""The Move action (BB2020): paths with Rush and Dodge, pick-up, standing up, falling over,
turnovers, touchdowns and team re-rolls."""

from __future__ import annotations

import pytest

from tablesports.core.errors import IllegalActionError
from tablesports.games.bloodbowl.ball import HELD, ON_GROUND
from tablesports.games.bloodbowl.players import PRONE, STANDING
from tests.games.bloodbowl.turn.turn_helpers import act, legal_texts, log, position, sq, who


def test_declaring_offers_each_player_his_possible_actions() -> None:
    s = position("H7 5,7", "H10 8,7", "A3 9,7", "A4 20,3 prone", ball="5,7")
    texts = legal_texts(s)
    assert "end turn" in texts
    assert {"move 7", "pass 7", "hand-off 7", "blitz 7", "foul 7"} <= set(texts)
    assert "block 10" in texts and "block 7" not in texts  # only #10 stands next to an orc


def test_move_targets_show_the_dice_the_safest_path_needs() -> None:
    # human #10 (Blitzer, MA 7, AG 3+) is Marked by orc #3 at 9,7
    s = position("H10 8,7", "A3 9,7")
    act(s, "move 10")
    moves = {str(a).split(" (")[0]: str(a) for a in s.legal_actions() if str(a).startswith("move")}
    assert moves["move 10 to 7,7"] == "move 10 to 7,7 (dodge 3+)"  # 7,7 is not Marked
    # 8,8 is Marked by #3, but a dodge to 7,8 and a step back around him is safer
    assert moves["move 10 to 8,8"] == "move 10 to 8,8 (dodge 3+)"
    # 7 squares then two Rushes: 10 squares away is out of reach, 9 needs two Rushes
    assert moves["move 10 to 0,7"] == "move 10 to 0,7 (dodge 3+, rush 2+)"
    assert "move 10 to 16,7" not in moves  # around the orc the far side is too far


def test_a_move_action_text_parses_back_with_or_without_its_risk() -> None:
    from tablesports.games.bloodbowl.turn.actions import MovePath, parse_turn_action

    a = MovePath(7, 14, 6, "dodge 3+, rush 2+")
    assert parse_turn_action(str(a)) == a
    assert parse_turn_action("move 7 to 14,6") == a


def test_free_squares_need_no_roll_and_the_path_is_walked() -> None:
    s = position("H7 5,7")
    act(s, "move 7", "move 7 to 10,7")
    assert who(s, "H7").square == sq("10,7")
    act(s, "move 7 to 11,7")  # one more square: 6 of MA 6 used
    assert s.stack[-1].name == "activation"
    act(s, "move 7 to 12,7 (rush 2+)", "D6=2")
    assert who(s, "H7").square == sq("12,7")


def test_a_failed_rush_falls_over_in_the_square_and_is_a_turnover() -> None:
    s = position("H7 5,7", rerolls=(0, 3))
    act(s, "move 7", "move 7 to 11,7", "move 7 to 12,7 (rush 2+)")
    events = act(s, "D6=1", "2D6=2+3")
    p = who(s, "H7")
    assert p.square == sq("12,7") and p.stance == PRONE
    assert "Turnover" in log(events)
    assert s.stack[-1].team == 1  # the orcs' turn now


def test_leaving_a_marked_square_needs_a_dodge_at_minus_one_per_marker_there() -> None:
    s = position("H10 8,7", "A3 9,6", "A4 9,8", rerolls=(0, 0))
    act(s, "move 10")
    assert "move 10 to 9,7 (dodge 5+)" in legal_texts(s)
    act(s, "move 10 to 9,7")
    # 9,7 is Marked by both orcs: AG 3+ -2 -> 5+, whichever square he comes from
    events = act(s, "D6=4")
    assert "D6=4-2 against 3+: failure" in log(events)
    assert who(s, "H10").stance == PRONE


def test_team_reroll_repeats_a_failed_dodge_once_per_turn() -> None:
    s = position("H10 8,7", "A3 9,7", "H11 2,2", "A4 3,3")
    act(s, "move 10", "move 10 to 7,7 (dodge 3+)", "D6=2")
    assert legal_texts(s) == ["reroll", "no reroll"]
    act(s, "reroll", "D6=3")
    assert who(s, "H10").square == sq("7,7") and s.rerolls[0] == 2
    events = act(s, "end activation", "move 11", "move 11 to 1,1 (dodge 3+)", "D6=2", "2D6=1+1")
    # the turn's team re-roll is used: the failure stands
    assert who(s, "H11").stance == PRONE and "Turnover" in log(events)


def test_dodge_skill_rerolls_a_failed_dodge_unless_tackle_marks_him() -> None:
    # human #8 Catcher (Dodge) next to orc #1 (no Tackle)
    s = position("H8 8,7", "A1 9,7", rerolls=(0, 0))
    events = act(s, "move 8", "move 8 to 7,7 (dodge 3+)", "D6=1", "D6=3")
    assert "(Dodge)" in log(events) and who(s, "H8").square == sq("7,7")


def test_picking_up_the_ball_and_a_failed_pick_up_is_a_turnover() -> None:
    s = position("H10 5,7", ball="8,7", rerolls=(0, 0))
    act(s, "move 10", "move 10 to 8,7 (pick-up 3+)", "D6=3")
    assert s.ball_state == HELD and s.ball == sq("8,7")
    s = position("H10 5,7", ball="8,7", rerolls=(0, 0))
    events = act(s, "move 10", "move 10 to 8,7 (pick-up 3+)", "D6=2")
    assert "Turnover" in log(events) and s.stack[-1].name == "bounce"
    act(s, "D8=5")
    assert s.ball_state == ON_GROUND and s.ball == sq("9,7")


def test_sure_hands_rerolls_a_failed_pick_up() -> None:
    s = position("H7 5,7", ball="8,7", rerolls=(0, 0))  # #7 Thrower: Sure Hands
    events = act(s, "move 7", "move 7 to 8,7 (pick-up 3+)", "D6=1", "D6=4")
    assert "Sure Hands" in log(events) and s.ball_state == HELD


def test_a_carrier_standing_in_the_opponents_end_zone_scores() -> None:
    s = position("H7 22,7", ball="22,7")
    events = act(s, "move 7", "move 7 to 25,7")
    assert s.score == [1, 0] and "TOUCHDOWN" in log(events)
    assert s.stack[-1].name not in ("activation", "team_turn")


def test_a_prone_player_stands_up_for_three_squares() -> None:
    s = position("H7 5,7 prone")
    act(s, "move 7")
    assert who(s, "H7").stance == STANDING
    texts = legal_texts(s)
    assert "move 7 to 8,7" in texts and "move 7 to 9,7 (rush 2+)" in texts
    assert not any(t.startswith("move 7 to 12,") for t in texts)


def test_a_stunned_player_cannot_be_activated() -> None:
    s = position("H7 5,7 stunned", "H8 2,2")
    assert not any(t.endswith(" 7") for t in legal_texts(s))
    with pytest.raises(IllegalActionError, match="not Stunned"):
        act(s, "move 7")


def test_a_player_is_activated_once_a_turn() -> None:
    s = position("H7 5,7", "H8 2,2")
    act(s, "move 7", "end activation")
    with pytest.raises(IllegalActionError, match="activated already"):
        act(s, "move 7")


def test_a_target_out_of_reach_is_illegal_and_changes_nothing() -> None:
    s = position("H7 5,7")
    act(s, "move 7")
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="cannot reach"):
        act(s, "move 7 to 20,7")
    assert s.to_json() == before


def test_falling_over_on_the_balls_square_makes_it_bounce() -> None:
    s = position("H10 8,7", "A1 9,7", ball="7,7", rerolls=(0, 0))
    act(s, "move 10")
    assert "move 10 to 7,7 (dodge 3+, pick-up 3+)" in legal_texts(s)
    act(s, "move 10 to 7,7", "D6=1", "2D6=1+1")  # the Dodge fails; armour holds
    assert who(s, "H10").square == sq("7,7") and s.stack[-1].name == "bounce"
    act(s, "D8=4")
    assert s.ball == sq("6,7") and s.ball_state == ON_GROUND


def test_brilliant_coachings_free_reroll_is_used_first() -> None:
    s = position("H10 8,7", "A3 9,7", rerolls=(1, 3))
    s.free_rerolls[0] = 1
    act(s, "move 10", "move 10 to 7,7 (dodge 3+)", "D6=2", "reroll", "D6=3")
    assert s.free_rerolls[0] == 0 and s.rerolls[0] == 1


def test_pouring_rain_makes_picking_up_harder() -> None:
    s = position("H10 5,7", ball="8,7", weather="pouring_rain")
    act(s, "move 10")
    assert "move 10 to 8,7 (pick-up 4+)" in legal_texts(s)


def test_blizzard_makes_rushing_harder() -> None:
    s = position("H10 5,7", weather="blizzard")
    act(s, "move 10")
    assert "move 10 to 13,7 (rush 3+)" in legal_texts(s)
