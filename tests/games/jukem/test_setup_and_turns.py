"""SETUP and ON YOUR TURN: the dealer, the deal, the draw pile, turns, plays and substitution."""

from __future__ import annotations

import json
import random
import re

import pytest

from tablesports.core.errors import IllegalActionError
from tablesports.core.protocol import CHANCE
from tablesports.games.jukem.actions import Dealer, Draw
from tablesports.games.jukem.state import DRAW, PLAY

from .helpers import DEAD, GAME, act, draw_until_decision, ids, legal, position


def test_choose_a_player_to_be_the_dealer_by_chance() -> None:
    state = GAME.new_initial_state()
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(Dealer(0), 0.5), (Dealer(1), 0.5)]


def test_dealer_deals_five_cards_face_down_to_each_player() -> None:
    state = GAME.new_initial_state()
    act(state, "dealer 0")
    draw_until_decision(state)
    assert [len(h) for h in state.hands] == [5, 5]
    assert len(state.pile) == 56 - 10
    seen_by_1 = state.observation(1)
    assert seen_by_1["opponent_hand"] == 5
    assert seen_by_1["hand"] == ids(state, state.hands[1])
    named = set(re.findall(r"[A-Z]+-\w+", json.dumps(seen_by_1)))
    assert not named & set(ids(state, state.hands[0]))


def test_dealer_deals_to_the_other_player_first_and_alternates() -> None:
    state = GAME.new_initial_state()
    act(state, "dealer 1", "draw PASS-1", "draw PASS-2", "draw PASS-3")
    assert ids(state, state.hands[0]) == ["PASS-1", "PASS-3"]
    assert ids(state, state.hands[1]) == ["PASS-2"]


def test_remaining_deck_forms_the_draw_pile_and_draws_come_only_from_it() -> None:
    state = position("turn 0; hand0 PASS-1 PASS-2 PASS-3 PASS-4 PASS-5; hand1 " + DEAD)
    act(state, "play PASS-1")
    assert state.phase == DRAW
    outcomes = {str(o) for o, _ in state.chance_outcomes()}
    assert "draw PASS-2" not in outcomes  # in a hand
    assert "draw PASS-1" not in outcomes  # in the possession
    assert len(outcomes) == 56 - 9 - 1
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)


def test_a_draw_is_legal_exactly_when_its_card_is_in_the_draw_pile() -> None:
    # asked without listing the outcomes first (as `apply_action` of a `sample_chance` draw is)
    state = position(
        "turn 0; hand0 PASS-1 PASS-2 PASS-3 PASS-4 PASS-5; hand1 " + DEAD + "; discard PASS-9"
    )
    act(state, "play PASS-1")
    pile = {str(o) for o, _ in state.chance_outcomes()}
    cards = [Draw(c.id) for c in state.deck.cards]
    for card in cards:
        fresh = state.clone()  # nothing asked of it yet: no kept list of outcomes
        assert fresh.is_legal(card) == (str(card) in pile), card
    assert sum(state.clone().is_legal(c) for c in cards) == len(pile) == 56 - 9 - 1 - 1
    drawn = state.sample_chance(random.Random(3))
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        state.apply_action(Draw("PASS-9"))  # the discard pile
    assert state.to_json() == before
    state.apply_action(drawn)
    assert str(drawn) not in {str(o) for o, _ in state.chance_outcomes()}


def test_the_listed_draws_are_the_piles_after_every_draw_whatever_the_caller_does() -> None:
    """The pairs come out of the game's tables: the caller's list is its own, and a draw taken
    from it (or one drawn from the pile before) is refused once its card has left the pile."""
    state = position("turn 0; hand0 PASS-1 PASS-2 PASS-3 PASS-4 PASS-5; hand1 " + DEAD)
    act(state, "play PASS-1")
    while state.phase == DRAW:
        outcomes = state.chance_outcomes()
        pile = state.deck.ids
        assert [str(o) for o, _ in outcomes] == [f"draw {pile[c]}" for c in state.pile]
        assert {p for _, p in outcomes} == {1 / len(state.pile)}
        drawn = outcomes[-1][0]
        outcomes[0] = (drawn, 1.0)  # changes the caller's list only
        outcomes.clear()
        assert state.chance_outcomes()[-1][0] is drawn
        state.apply_action(drawn)
        assert state.history[-1] == (CHANCE, drawn)
        before = state.to_json()
        with pytest.raises(IllegalActionError):
            state.apply_action(drawn)  # the same card again
        assert state.to_json() == before
    assert len(state.pile) == 56 - 10 - 1
    one = position("turn 0; hand0 PASS-1 PASS-2 PASS-3 PASS-4 PASS-5; hand1 " + DEAD)
    one.pile = one.pile[:1]  # a pile of one card: its single pair
    act(one, "play PASS-1")
    assert one.chance_outcomes() == [(Draw(one.deck.ids[one.pile[0]]), 1.0)]


def test_players_cannot_draw_from_the_discard_pile() -> None:
    state = position(
        "turn 0; hand0 PASS-1 PASS-2 PASS-3 PASS-4 PASS-5; hand1 " + DEAD + "; discard PASS-9"
    )
    act(state, "play PASS-1")
    with pytest.raises(IllegalActionError, match="only from the draw pile"):
        act(state, "draw PASS-9")
    assert "draw PASS-9" not in {str(o) for o, _ in state.chance_outcomes()}


def test_non_dealing_player_takes_the_first_turn() -> None:
    for dealer in (0, 1):
        state = GAME.new_initial_state()
        act(state, f"dealer {dealer}")
        draw_until_decision(state)
        assert state.current_player() == 1 - dealer


def test_players_alternate_turns() -> None:
    state = position("turn 0; hand0 PASS-1 PASS-2 PASS-3 PASS-4 PASS-5; hand1 PASS-6 " + DEAD[:-7])
    act(state, "play PASS-1")
    draw_until_decision(state)
    assert state.current_player() == 1
    act(state, "play PASS-6")
    draw_until_decision(state)
    assert state.current_player() == 0


def test_a_play_is_an_offensive_card_from_your_hand_face_up_in_your_possession() -> None:
    state = position("turn 0; hand0 PASS-1 SAVE-9 RED-1 YELLOW-2 SHOT-5a; hand1 " + DEAD)
    assert legal(state) == {"play PASS-1"}  # defensive cards and an unready SHOT are not plays
    act(state, "play PASS-1")
    assert ids(state, state.poss[0]) == ["PASS-1"]
    assert state.observation(1)["possessions"][0] == ["PASS-1"]


def test_you_must_make_a_play_when_a_card_is_playable() -> None:
    state = position("turn 0; hand0 PASS-1 SAVE-6 SAVE-7 SAVE-8 SAVE-9; hand1 " + DEAD)
    for text in ("pass", "substitute SAVE-6"):
        with pytest.raises(
            IllegalActionError,
            match="only when no card in your hand is playable",
        ):
            act(state, text)


def test_replenish_your_hand_to_five_cards_when_the_opponent_cannot_answer() -> None:
    state = position("turn 0; hand0 PASS-1 PASS-2 PASS-3 PASS-4 PASS-5; hand1 " + DEAD)
    act(state, "play PASS-1")  # the defender holds no PENALTY: no answer, straight to the draw
    assert state.queue == [0]
    act(state, "draw HEADER-3")
    assert len(state.hands[0]) == 5 and state.current_player() == 1


def test_substitution_only_when_no_card_in_hand_is_playable() -> None:
    state = position("turn 0; hand0 SHOT-5a SAVE-6 SAVE-7 RED-1 YELLOW-1; hand1 " + DEAD)
    assert legal(state) == {
        "substitute SHOT-5a",
        "substitute SAVE-6",
        "substitute SAVE-7",
        "substitute RED-1",
        "substitute YELLOW-1",
        "pass",
    }


def test_substitution_discards_one_card_draws_one_and_plays_if_you_can() -> None:
    state = position("turn 0; hand0 SHOT-5a SAVE-6 SAVE-7 RED-1 YELLOW-1; hand1 " + DEAD)
    act(state, "substitute YELLOW-1")
    assert ids(state, state.discard) == ["YELLOW-1"]
    act(state, "draw PASS-7")
    assert state.phase == PLAY and state.current_player() == 0
    assert legal(state) == {"play PASS-7"}  # no second substitution


def test_substitution_ends_the_turn_when_the_new_card_cannot_be_played() -> None:
    state = position("turn 0; hand0 SHOT-5a SAVE-6 SAVE-7 RED-1 YELLOW-1; hand1 " + DEAD)
    act(state, "substitute YELLOW-1", "draw SAVE-8")
    assert state.current_player() == 1
