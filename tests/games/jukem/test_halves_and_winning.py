"""ENDING A HALF, the second half, HOW TO WIN and the tie-break."""

from __future__ import annotations

import random

from tablesports.core.protocol import CHANCE

from .helpers import DEAD, GAME, act, draw_until_decision, legal, position


def empty_pile(text: str) -> str:
    """`text` with every card it does not place in the discard pile: the draw pile is empty."""
    named = set(text.replace(";", " ").split())
    rest = " ".join(c for c in GAME.deck.ids if c not in named)
    return f"{text}; discard {rest}; pile"


def test_turns_continue_after_the_draw_pile_runs_out() -> None:
    state = position(empty_pile("turn 0; hand0 PASS-1 PASS-2; hand1 PASS-3 SAVE-1"))
    act(state, "play PASS-1")
    assert state.current_player() == 1 and len(state.hands[0]) == 1  # nothing to draw
    act(state, "play PASS-3")
    assert state.current_player() == 0


def test_a_player_without_plays_is_skipped_while_the_other_can_play() -> None:
    state = position(empty_pile("turn 0; hand0 PASS-1 PASS-2 PASS-4; hand1 SAVE-1 SAVE-2"))
    act(state, "play PASS-1")
    assert state.current_player() == 0  # player 1 holds no play: player 0 keeps making plays
    act(state, "play PASS-2")
    assert state.current_player() == 0


def test_half_ends_when_the_pile_is_empty_and_no_plays_remain() -> None:
    state = position(empty_pile("turn 0; dealer 1; hand0 PASS-1; hand1 SAVE-1 SHOT-5a"))
    events = act(state, "play PASS-1")
    assert [e.kind for e in events][-1] == "half"
    assert state.half == 2


def test_second_half_is_dealt_by_the_other_player_with_the_whole_deck() -> None:
    state = position(
        empty_pile("turn 0; dealer 1; score 1-0; aside0 PASS-9 PASS-8 PASS-7 SHOT-3a; hand0 PASS-1")
    )
    act(state, "play PASS-1")
    assert state.half == 2 and state.dealer == 0
    assert state.current_player() == CHANCE and len(state.pile) == 56
    assert state.first_half == [1, 0] and state.score == [1, 0]  # first-half goals remembered
    draw_until_decision(state)
    assert state.current_player() == 1  # the non-dealer starts


def test_the_player_with_the_most_total_goals_wins_after_the_second_half() -> None:
    state = position(empty_pile("half 2; turn 0; score 1-2; first 1-0; hand0 PASS-1"))
    act(state, "play PASS-1")
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]


def test_a_tie_after_two_halves_is_played_again() -> None:
    state = position(empty_pile("half 2; dealer 0; turn 0; score 2-2; first 1-1; hand0 PASS-1"))
    events = act(state, "play PASS-1")
    assert not state.is_terminal() and state.half == 3
    assert state.dealer == 1 and len(state.pile) == 56
    assert "tie-break" in state.render(None) and events[-1].kind == "half"


def test_the_first_goal_of_the_tie_break_wins() -> None:
    state = position(
        f"half 3; turn 1; score 2-2; first 1-1; possession1 PASS-1 PASS-2 PASS-3; "
        f"hand1 SHOT-3a; hand0 {DEAD}"
    )
    act(state, "shot SHOT-3a", "save SAVE-4")  # X in 3 4 5 6; the ball is in box 2
    assert state.is_terminal() and state.returns() == [-1.0, 1.0] and state.score == [2, 3]


def test_tie_break_without_a_goal_deals_again_up_to_the_house_limit_then_a_draw() -> None:
    last = 2 + GAME.deck.tiebreak_deals
    state = position(empty_pile(f"half {last - 1}; turn 0; score 1-1; hand0 PASS-1"))
    act(state, "play PASS-1")
    assert state.half == last and not state.is_terminal()
    state = position(empty_pile(f"half {last}; turn 0; score 1-1; hand0 PASS-1"))
    act(state, "play PASS-1")
    assert state.is_terminal() and state.returns() == [0.0, 0.0]


def test_two_passes_in_a_row_end_the_half() -> None:
    state = position(f"turn 0; hand0 {DEAD}; hand1 SAVE-6 SAVE-7 SAVE-8 SAVE-9 RED-1")
    assert "pass" in legal(state)
    act(state, "pass")
    assert state.current_player() == 1
    events = act(state, "pass")
    assert events[-1].kind == "half" and state.half == 2


def test_a_match_always_ends_within_the_length_bound() -> None:
    rng = random.Random(5)
    for _ in range(20):
        state = GAME.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_legal(state.sample_chance(rng))
            else:
                actions = state.legal_actions()
                state.apply_legal(actions[rng.randrange(len(actions))])
            steps += 1
        assert GAME.info.max_game_length is not None and steps <= GAME.info.max_game_length


def test_the_end_of_a_half_is_announced_once_even_after_a_clone_played_it() -> None:
    state = position(empty_pile("turn 0; dealer 1; hand0 PASS-1; hand1 SAVE-1"))
    clone = state.clone()
    assert [e.kind for e in act(clone, "play PASS-1")].count("half") == 1
    assert [e.kind for e in act(state, "play PASS-1")].count("half") == 1
