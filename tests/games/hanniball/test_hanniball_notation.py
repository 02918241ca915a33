"""The position notation, the step notation, errors for bad input, JSON and the codec."""

from __future__ import annotations

import re

import pytest

from tablesports.core.errors import (
    ActionParseError,
    DataFileError,
    IllegalActionError,
    NotationError,
    OptionError,
)
from tablesports.core.registry import load
from tablesports.games.hanniball.game import parse_setup
from tablesports.games.hanniball.notation import START
from tests.games.hanniball.helpers import GAME, notation, play, texts

START_PLACEMENT = START.split()[0]


def test_the_start_position_is_the_inferred_setup() -> None:
    state = GAME.new_initial_state()
    assert state.notation() == START
    assert state.ball_square() == "e8" and state.holder() is None
    assert len(state.pieces[0]) == len(state.pieces[1]) == 11


def test_notation_round_trips_in_the_middle_of_a_turn() -> None:
    state = play(GAME.new_initial_state(), "b4-c6")
    text = state.notation()
    assert text.endswith(f"1/2 1 {START_PLACEMENT}:e8")
    again = GAME.from_position(text)
    assert again.notation() == text
    assert texts(again) == texts(state)


def test_notation_marks_a_pending_ricochet() -> None:
    state = GAME.from_position("3/3m5/9/4L4/9/9/9/9/9/9/9/9/9/9/1M1 e12 w 0/4 3")
    play(state, "e12*d14")
    assert state.notation().split()[1] == "d14^"
    again = GAME.from_position(state.notation())
    assert again.pending and texts(again) == texts(state)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1m1/9 e8 w 0/4 3", "15 ranks"),
        (START.replace("1M1 ", "1X1 "), "'X'"),
        (START.replace("2L3L2", "2L3L3"), "describes 10 squares"),
        (START.replace("1M1 ", "M2 ").replace("2L3L2", "2L2LL2"), "3 Lions"),
        (START.replace("1M1 ", "3 ").replace("1H1H1H1H1", "MH1H1H1H1"), "outside its goal area"),
        (START.replace(" e8 ", " c1 "), "not on the HanniBall field"),
        (START.replace(" e8 ", " e8^ "), "'^' (ricochet) needs a Monkey"),
        (START.replace(" w ", " x "), "side to move"),
        (START.replace(" w 0/2 1", " b 0/2 1"), "odd turns"),
        (START.replace(" 0/2 1", " 0/4 1"), "2 on White's first turn"),
        (START.replace(" 0/2 1", " 1/2 1"), "6th field"),
        (START.replace(" 0/2 1", " 2/2 1"), "below the limit"),
        (START.replace(" 0/2 1", " 0/2 one"), "not a whole number"),
        ("nonsense", "5 fields"),
    ],
)
def test_a_bad_position_raises_notation_error_saying_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=re.escape(message)):
        GAME.from_position(text)


def test_step_notation_round_trips_and_rejects_nonsense() -> None:
    for text in ("b2-d1", "b2~d1", "e5*e10", "e14^e10", "end"):
        assert str(GAME.parse_action(text)) == text
    for bad in ("b2-b2", "a1-b2", "z9-a2", "b2+d1", ""):
        with pytest.raises(ActionParseError):
            GAME.parse_action(bad)


def test_an_illegal_step_says_which_rule_forbids_it_and_changes_nothing() -> None:
    state = GAME.new_initial_state()
    before = state.to_json()
    cases = {
        "a5-a6": "no piece on a5",
        "b13-b12": "Black's",
        "b4-b5": "a Horse moves like a chess knight",
        "e1-e4": "a Monkey moves as a Lion",
        "e1*e5": "only the piece that controls the ball",
        "b3-b4": "occupied by your own piece",
        "e8^e9": "only follows a shot",
        "end": "at least one step",
    }
    for text, reason in cases.items():
        with pytest.raises(IllegalActionError, match=reason):
            state.apply_action(GAME.parse_action(text))
        assert state.to_json() == before


def test_json_round_trip_keeps_repetitions_and_the_result() -> None:
    state = play(GAME.new_initial_state(), "b4-c6", "d4-e6", "b12-c10", "end")
    again = GAME.state_from_json(state.to_json())
    assert again.to_json() == state.to_json()
    assert again.history == state.history


def test_options_are_validated() -> None:
    with pytest.raises(OptionError, match="unknown option"):
        load("hanniball", turns=3)
    with pytest.raises(OptionError, match="max_turns"):
        load("hanniball", max_turns=0)
    with pytest.raises(OptionError, match="use 2 or more"):
        load("hanniball", repetition_draw=1)
    assert load("hanniball", max_turns=50).info.max_game_length == 50 * 9


def test_the_action_codec_covers_every_legal_action() -> None:
    codec = GAME.action_codec()
    state = GAME.new_initial_state()
    for action in state.legal_actions():
        assert codec.decode(codec.encode(action)) == action
    assert sum(codec.legal_mask(state)) == 59
    assert codec.encode(GAME.parse_action("end")) == codec.num_actions - 1


def test_evaluate_favours_the_side_with_the_ball_near_the_opponents_goal() -> None:
    near = GAME.from_position("1m1/9/4L4/9/9/9/9/9/9/9/9/9/9/9/1M1 e13 w 0/4 3")
    white, black = GAME.evaluate(near)
    assert white > 0.5 and black == -white


def test_a_goal_on_the_turns_last_step_survives_the_notation_and_json() -> None:
    state = GAME.from_position(notation("Me1 mc14 Ld14 Hb4 lb10", ball="d14", turn=1))
    play(state, "b4-c6", "d14*d15")
    assert state.is_terminal() and state.used == state.limit == 2
    again = GAME.state_from_json(state.to_json())
    assert again.is_terminal() and again.returns() == [1.0, -1.0]
    assert again.to_json() == state.to_json()


def test_a_bad_setup_file_raises_data_file_error_naming_the_entry() -> None:
    with pytest.raises(DataFileError, match=r"setup\.toml: entry 'start': .*15 ranks"):
        parse_setup('start = "9 e8 w 0/2 1"', "setup.toml")
    with pytest.raises(DataFileError, match="entry 'colour'"):
        parse_setup(f'start = "{START}"\ncolour = "red"', "setup.toml")
    with pytest.raises(DataFileError, match=r"setup.toml: not valid TOML"):
        parse_setup("start = ", "setup.toml")
    assert parse_setup(f'start = "{START}"', "setup.toml") == START


def test_the_picture_shows_the_holder_the_goals_and_the_turn() -> None:
    state = GAME.from_position("3/3m5/9/4L4/9/9/9/9/9/9/9/9/9/9/1M1 e12 w 0/4 3")
    picture = state.render()
    assert "(L)" in picture  # the Lion holds the ball
    assert "Black's goal" in picture and "White's goal" in picture
    status = "Turn 3: White to move, 0 of 4 steps used; ball on e12, held by the White Lion"
    assert status in picture
    play(state, "e12*d14")
    assert "d14^<square>" in state.render()
