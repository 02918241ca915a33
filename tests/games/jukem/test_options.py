"""The deck's house numbers as options (hand size, tie-break deals, the goal grid): each changes
what it should, and a bad value is refused with what is allowed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablesports.core.errors import NotationError, OptionError
from tablesports.core.registry import load
from tablesports.games.jukem.game import JukemGame
from tablesports.games.jukem.state import JukemState

from .helpers import act, draw_until_decision


def game(**options: object) -> JukemGame:
    chosen = load("jukem", **options)
    assert isinstance(chosen, JukemGame)
    return chosen


def at(chosen: JukemGame, text: str) -> JukemState:
    state = chosen.from_position(text)
    assert isinstance(state, JukemState)
    return state


def empty_pile(chosen: JukemGame, text: str) -> str:
    named = set(text.replace(";", " ").split())
    rest = " ".join(c for c in chosen.deck.ids if c not in named)
    return f"{text}; discard {rest}; pile"


def test_the_hand_size_option_deals_and_replenishes_to_that_many_cards() -> None:
    three = game(hand_size=3)
    state = three.new_initial_state()
    act(state, "dealer 0")
    draw_until_decision(state)
    assert [len(h) for h in state.hands] == [3, 3] and len(state.pile) == 56 - 6
    state = at(three, "turn 0; hand0 PASS-1 PASS-2 PASS-3; hand1 SAVE-1 SAVE-2 SAVE-3")
    act(state, "play PASS-1")
    assert state.queue == [0]  # back up to three, not five
    act(state, "draw HEADER-3")
    assert len(state.hands[0]) == 3 and state.current_player() == 1


def test_the_hand_size_option_is_refused_out_of_range_and_bounds_a_position_hand() -> None:
    with pytest.raises(OptionError, match=r"option 'hand_size': .*less than or equal to 10"):
        game(hand_size=11)
    with pytest.raises(NotationError, match="position: hand0 holds more than 3 cards"):
        at(game(hand_size=3), "turn 0; hand0 PASS-1 PASS-2 PASS-3 PASS-4")


def test_the_tiebreak_deals_option_sets_the_deals_before_a_draw() -> None:
    one = game(tiebreak_deals=1)
    state = at(one, empty_pile(one, "half 3; turn 0; score 1-1; hand0 PASS-1"))
    act(state, "play PASS-1")  # the one tie-break deal ends without a goal
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    house = game()
    state = at(house, empty_pile(house, "half 3; turn 0; score 1-1; hand0 PASS-1"))
    act(state, "play PASS-1")
    assert state.half == 4 and not state.is_terminal()  # the house deck deals three


def test_the_tiebreak_deals_option_is_at_most_the_bound_of_a_match() -> None:
    with pytest.raises(OptionError, match=r"option 'tiebreak_deals': .*less than or equal to 5"):
        game(tiebreak_deals=6)
    with pytest.raises(OptionError, match=r"option 'tiebreak_deals': .*greater than or equal to 0"):
        game(tiebreak_deals=-1)


def test_without_tiebreak_deals_a_match_level_after_its_halves_is_drawn() -> None:
    none = game(tiebreak_deals=0)
    state = at(none, empty_pile(none, "half 2; turn 0; score 1-1; first 1-0; hand0 PASS-1"))
    act(state, "play PASS-1")
    assert state.is_terminal() and state.returns() == [0.0, 0.0] and state.winner == 2


def test_a_one_half_match_is_won_at_the_end_of_its_only_deal() -> None:
    one = game(halves=1, tiebreak_deals=0)
    state = at(one, empty_pile(one, "half 1; turn 0; score 1-0; hand0 PASS-1"))
    act(state, "play PASS-1")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


def test_a_one_half_match_level_goes_to_the_tiebreak_deals_numbered_from_3() -> None:
    one = game(halves=1, tiebreak_deals=2)
    state = at(one, empty_pile(one, "half 1; turn 0; score 0-0; hand0 PASS-1"))
    act(state, "play PASS-1")
    assert state.half == 3 and state.first_half == [0, 0] and not state.is_terminal()
    with pytest.raises(
        NotationError, match=r"half is 1 \(one deal\), then tie-break deals up to 4 \(from 3\)"
    ):
        one.from_position("half 2; turn 0; first 0-0; hand0 PASS-1")


def test_the_goal_grid_options_number_the_boxes_row_by_row() -> None:
    wide = game(goal_rows=3, goal_cols=4)
    assert wide.deck.goal_picture() == "1 2 3 4 / 5 6 7 8 / 9 10 11 12"
    assert game().deck.goal_picture() == "1 2 3 / 4 5 6"


def test_a_goal_grid_without_a_box_a_card_uses_is_refused() -> None:
    with pytest.raises(OptionError, match="boxes 1 to 4, but SHOT-4a has a ball in box 5"):
        game(goal_cols=2)
    with pytest.raises(OptionError, match=r"option 'goal_cols': .*less than or equal to 6"):
        game(goal_cols=7)


SMALL_DECK = """
[rules]
hand_size = 2
goal_rows = 1
goal_cols = 2

[[card]]
name = "PASS"
kind = "pass"
count = 4

[[card]]
id = "SHOT-1"
kind = "shot"
setup = 1
balls = [1]

[[card]]
name = "SAVE"
kind = "save"
count = 2
xs = [2]
"""


def test_the_options_apply_to_a_users_deck_and_are_checked_against_it(tmp_path: Path) -> None:
    path = tmp_path / "small.toml"
    path.write_text(SMALL_DECK)
    assert game(deck=str(path), hand_size=3).deck.hand_size == 3  # 7 cards: 3 + 3 + a pile
    with pytest.raises(OptionError, match=r"the 7 cards of .* hands of at most 3 cards"):
        game(deck=str(path), hand_size=4)
    assert game(deck=str(path), goal_cols=3).deck.goal_picture() == "1 2 3"


def test_the_mini_preset_is_five_cards_hands_of_two_and_one_deal() -> None:
    mini = game(preset="mini")
    d = mini.deck
    assert d.ids == ["PASS-1", "SHOT-1", "SHOT-2", "SAVE-1", "RED-1"]
    assert (d.hand_size, d.halves, d.tiebreak_deals, d.goal_picture()) == (2, 1, 0, "1 2")
    assert game().deck.size == 56 and game().deck.halves == 2  # the default game is unchanged
    assert game(preset="mini", hand_size=1).deck.hand_size == 1  # the rule options still apply


def test_a_mini_match_ends_after_its_one_deal() -> None:
    mini = game(preset="mini")
    state = at(mini, empty_pile(mini, "half 1; turn 0; score 0-0; hand0 PASS-1"))
    act(state, "play PASS-1")
    assert state.is_terminal() and state.winner == 2  # level after the only deal: drawn


def test_preset_and_deck_together_are_refused_and_an_unknown_preset_names_the_choices() -> None:
    with pytest.raises(OptionError, match=r"'preset' and 'deck' each choose the deck: give one"):
        game(preset="mini", deck="my-deck.toml")
    with pytest.raises(OptionError, match=r"option 'preset': Input should be 'mini'"):
        game(preset="maxi")
