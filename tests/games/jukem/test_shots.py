"""SETTING UP A SHOT, TAKING A SHOT ON GOAL, the SAVE, and scoring a goal."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablesports.core.errors import IllegalActionError
from tablesports.games.jukem.state import PLAY, SAVE

from .helpers import DEAD, GAME, act, draw_until_decision, ids, legal, position

SHOOTER = "SHOT-3a SHOT-5a PASS-1 PASS-2 JUKEM-1"
KEEPER = "SAVE-1 SAVE-9 PASS-10 PASS-11 PASS-12"  # SAVE-1 X 1 2 4 5; SAVE-9 X 3 5 6


def test_every_shot_shows_a_setup_number_of_3_4_or_5() -> None:
    deck = GAME.deck
    assert {deck.setup[c] for c in deck.shots} == {3, 4, 5}


def test_shot_needs_its_setup_count_of_plays() -> None:
    state = position(f"turn 0; possession0 PASS-3 PASS-4 PASS-5; hand0 {SHOOTER}; hand1 {DEAD}")
    assert "shot SHOT-3a" in legal(state)
    assert "shot SHOT-5a" not in legal(state)
    with pytest.raises(IllegalActionError, match="needs 5 setup plays"):
        act(state, "shot SHOT-5a")


def test_shot_needs_setup_count_reached_on_an_earlier_turn() -> None:
    state = position(f"turn 0; possession0 PASS-3 PASS-4; hand0 {SHOOTER}; hand1 {DEAD}")
    act(state, "play PASS-1")  # the third setup play: the turn ends without the shot
    draw_until_decision(state)
    assert state.current_player() == 1
    act(state, "pass")
    draw_until_decision(state)
    assert "shot SHOT-3a" in legal(state)  # the next turn


def test_shot_after_a_substitution_counts_the_plays_made_before_the_turn() -> None:
    state = position(
        f"turn 0; possession0 PASS-3 PASS-4 PASS-5; hand0 SHOT-4a SAVE-6 SAVE-7 SAVE-8 SAVE-9; "
        f"hand1 {DEAD}"
    )
    act(state, "substitute SAVE-6", "draw SHOT-3a")
    assert state.phase == PLAY and legal(state) == {"shot SHOT-3a"}


def test_shot_on_the_extra_turn_after_a_header_is_a_later_turn() -> None:
    state = position(
        f"turn 0; possession0 PASS-3 PASS-4; hand0 HEADER-1 {SHOOTER[:-8]}; hand1 {DEAD}"
    )
    act(state, "play HEADER-1")
    draw_until_decision(state)
    assert state.current_player() == 0 and "shot SHOT-3a" in legal(state)


def test_shot_is_held_face_down_and_the_defender_saves_without_seeing_it() -> None:
    state = position(f"turn 0; possession0 PASS-3 PASS-4 PASS-5; hand0 {SHOOTER}; hand1 {KEEPER}")
    act(state, "shot SHOT-3a")
    assert state.phase == SAVE and state.current_player() == 1
    seen = state.observation(1)
    assert seen["shot"] == "face down"
    assert "SHOT-3a" not in str(seen) and "SHOT-3a" not in state.render(1)
    assert state.observation(0)["shot"] == "SHOT-3a"
    assert legal(state) == {"save SAVE-1", "save SAVE-9", "no save"}


def test_the_defender_is_asked_to_save_holding_a_save_card_or_not() -> None:
    # asked only when holding a SAVE, the shooter would learn the hand: asked every time
    state = position(f"turn 0; possession0 PASS-3 PASS-4 PASS-5; hand0 {SHOOTER}; hand1 PASS-10")
    state.apply_action(GAME.parse_action("shot SHOT-3a"))
    assert state.current_player() == 1 and legal(state) == {"no save"}
    events = state.apply_action(GAME.parse_action("no save"))
    assert any(e.kind == "goal" for e in events)


def test_save_with_an_x_in_every_ball_box_blocks_the_shot() -> None:
    state = position(f"turn 0; possession0 PASS-3 PASS-4 PASS-5; hand0 {SHOOTER}; hand1 {KEEPER}")
    events = act(state, "shot SHOT-3a", "save SAVE-1")  # ball in box 2; X in 1 2 4 5
    assert events[-1].kind == "save" and state.score == [0, 0]


def test_save_missing_one_ball_box_lets_the_goal_in() -> None:
    state = position(f"turn 0; possession0 PASS-3 PASS-4 PASS-5; hand0 {SHOOTER}; hand1 {KEEPER}")
    events = act(state, "shot SHOT-3a", "save SAVE-9")  # ball in box 2; X in 3 5 6
    assert events[-1].kind == "goal" and state.score == [1, 0]


@given(st.sampled_from(GAME.deck.shots), st.sampled_from(GAME.deck.saves))
def test_a_shot_is_blocked_exactly_when_the_save_covers_every_ball(shot: int, save: int) -> None:
    d = GAME.deck
    state = position(
        f"turn 0; possession0 PASS-1 PASS-2 PASS-3 PASS-4 PASS-5; hand0 {d.ids[shot]}; "
        f"hand1 {d.ids[save]}"
    )
    events = act(state, f"shot {d.ids[shot]}", f"save {d.ids[save]}")
    covered = set(d.boxes(d.balls[shot])) <= set(d.boxes(d.xs[save]))
    assert (events[-1].kind == "save") == covered


def test_blocked_shot_discards_possession_shot_and_save_and_ends_the_turn() -> None:
    state = position(f"turn 0; possession0 PASS-3 PASS-4 PASS-5; hand0 {SHOOTER}; hand1 {KEEPER}")
    act(state, "shot SHOT-3a", "save SAVE-1")
    assert ids(state, state.discard) == ["SAVE-1", "PASS-3", "PASS-4", "PASS-5", "SHOT-3a"]
    assert state.poss[0] == [] and state.queue == [0, 1]
    draw_until_decision(state)
    assert state.current_player() == 1


def test_goal_sets_the_possession_aside_with_the_shot_on_top_and_ends_the_turn() -> None:
    state = position(f"turn 0; possession0 PASS-3 PASS-4 PASS-5; hand0 {SHOOTER}; hand1 {KEEPER}")
    act(state, "shot SHOT-3a", "no save")
    assert ids(state, state.aside[0]) == ["PASS-3", "PASS-4", "PASS-5", "SHOT-3a"]
    assert state.poss[0] == [] and state.score == [1, 0]
    draw_until_decision(state)
    assert state.current_player() == 1


def test_jukem_shot_cannot_be_saved() -> None:
    state = position(f"turn 0; possession0 PASS-3 PASS-4 PASS-5; hand0 {SHOOTER}; hand1 {KEEPER}")
    events = act(state, "shot JUKEM-1 SHOT-3a")
    assert state.phase != SAVE
    assert [e.kind for e in events] == ["jukem", "goal"] and state.score == [1, 0]


def test_a_shot_and_a_substitution_tell_who_did_what_in_every_game() -> None:
    """Their events are made once per game; each player's and card's is its own."""
    for p in (0, 1):
        shooter = f"turn {p}; possession{p} PASS-3 PASS-4 PASS-5; hand{p} {SHOOTER}"
        state = position(f"{shooter}; hand{1 - p} {KEEPER}")
        [shot] = act(state, "shot SHOT-3a")
        assert (shot.kind, shot.text, shot.rule) == ("shot", f"player {p}: SHOT! (face down)", None)
        stuck = position(f"turn {p}; hand{p} {DEAD}; hand{1 - p} PASS-10 PASS-11")
        [sub] = act(stuck, "substitute SAVE-2")
        assert (sub.kind, sub.text) == ("substitution", f"player {p} substitutes SAVE-2")
        assert sub.rule == "substitution"
