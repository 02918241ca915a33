"""Inference: what the opponent's choices say about its hand, read from what a player sees."""

from __future__ import annotations

import random

from tablesports.agents.registry import make_agent
from tablesports.games.jukem.inference import GreedyInference
from tablesports.games.jukem.state import JukemState

from .helpers import GAME, act

MINE = ["PASS-1", "PASS-2", "PASS-3", "PASS-4", "PASS-5"]


def dealt(theirs: list[str], mine: list[str] = MINE) -> JukemState:
    """A match from its start: player 0 deals, so player 1 (the observer here) plays first."""
    state = GAME.new_initial_state()
    assert isinstance(state, JukemState)
    act(state, "dealer 0")
    for m, t in zip(mine, theirs, strict=True):
        act(state, f"draw {m}", f"draw {t}")
    return state


def inferred(state: JukemState, player: int = 1) -> GreedyInference:
    inference = GreedyInference(GAME)
    inference.observe(state, player)
    return inference


def test_a_setup_play_not_penalised_means_no_yellow_card_that_answers_it() -> None:
    state = dealt(["HEADER-1", "HEADER-2", "SAVE-1", "SAVE-2", "SAVE-3"])
    act(state, "play PASS-1", "draw PASS-6")
    inference = inferred(state, 0)  # the facts are player 0's about player 1: none yet
    assert inference.facts == []
    inference = inferred(state, 1)
    deck = GAME.deck
    yellow = deck.index["YELLOW-2"]  # answers a PASS or a HEADER
    flop_only = deck.index["YELLOW-1"]
    others = [deck.index[c] for c in ("HEADER-3", "SAVE-4", "SAVE-5", "PASS-7")]
    assert inference.weight([yellow, *others]) == inference.slack  # no draw since: excluded
    assert inference.weight([flop_only, *others]) == 1.0  # it does not answer a PASS
    assert inference.weight([deck.index["HEADER-4"], *others]) == 1.0


def test_a_used_penalty_says_nothing() -> None:
    state = dealt(["YELLOW-2", "HEADER-2", "SAVE-1", "SAVE-2", "SAVE-3"])
    act(state, "play PASS-1", "penalty YELLOW-2")
    assert inferred(state).facts == []


def test_an_excluded_card_becomes_possible_again_with_later_draws() -> None:
    state = dealt(["PASS-10", "HEADER-2", "SAVE-1", "SAVE-2", "SAVE-3"])
    act(state, "play PASS-1", "draw PASS-6", "play PASS-10", "draw HEADER-3")
    deck = GAME.deck
    hand = [deck.index[c] for c in ("YELLOW-2", "HEADER-2", "SAVE-1", "SAVE-2", "SAVE-3")]
    inference = inferred(state)
    # one card drawn since the fact: YELLOW-2 is possible if it is that card (1 chance in 5)
    expected = 1 / 5 + inference.slack * (1 - 1 / 5)
    assert abs(inference.weight(hand) - expected) < 1e-9


def test_a_substitution_means_nothing_in_hand_was_playable() -> None:
    theirs = ["SAVE-1", "SAVE-2", "SAVE-3", "SAVE-4", "SAVE-5"]
    state = dealt(theirs)
    act(state, "play PASS-1", "draw PASS-6", "substitute SAVE-1", "draw SAVE-6")
    inference = inferred(state)
    deck = GAME.deck
    saves = [deck.index[c] for c in ("SAVE-2", "SAVE-3", "SAVE-4", "SAVE-5")]
    assert inference.weight([*saves, deck.index["SAVE-6"]]) == 1.0
    # a PASS among the four cards held since the substitution is unlikely (one draw since)
    assert inference.weight([*saves[:3], deck.index["PASS-9"], deck.index["SAVE-6"]]) < 0.3


def test_determinisations_follow_the_inference_and_never_the_hidden_cards() -> None:
    """Two matches that differ only in a card the observer never saw give the same
    determinisations; with the inference, the excluded YELLOW card is dealt less often."""
    a = dealt(["PASS-10", "HEADER-2", "SAVE-1", "SAVE-2", "SAVE-3"])
    b = dealt(["PASS-10", "HEADER-2", "SAVE-1", "SAVE-2", "SAVE-4"])
    for state in (a, b):
        act(state, "play PASS-1", "draw PASS-6", "play PASS-10", "draw HEADER-3")
    assert a.current_player() == 1
    yellow = GAME.deck.index["YELLOW-2"]
    counts = []
    for state in (a, b):
        inference = inferred(state)
        rng = random.Random(7)
        hands = [inference.resample(state, 1, rng).hands[0] for _ in range(400)]
        counts.append(sum(yellow in h for h in hands))
        plain = random.Random(7)
        blind = sum(yellow in state.resample_hidden(1, plain).hands[0] for _ in range(400))
    assert counts[0] == counts[1]  # the hidden SAVE-3 / SAVE-4 changed nothing
    assert counts[0] < blind / 2  # one draw since the unpenalised PASS: YELLOW-2 is rare


def test_ismcts_with_inference_plays_a_match_to_the_end() -> None:
    agent = make_agent("ismcts:iterations=30,rollout=jukem-greedy,infer=jukem-greedy", GAME, 1)
    bot = make_agent("jukem-greedy", GAME, 2)
    state = GAME.new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal():
        player = state.current_player()
        if player < 0:
            state.apply_legal(state.sample_chance(rng))
        else:
            state.apply_action((agent if player == 0 else bot).step(state))
    assert state.winner in (0, 1, 2)
