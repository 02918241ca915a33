"""Invariants over whole random matches: every card is always in exactly one place."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tablesports.core.protocol import CHANCE
from tablesports.games.jukem.cards import Kind
from tablesports.games.jukem.state import JukemState

from .helpers import GAME


def places(state: JukemState) -> list[int]:
    cards = [*state.hands[0], *state.hands[1], *state.poss[0], *state.poss[1]]
    cards += [*state.aside[0], *state.aside[1], *state.discard, *state.pile]
    return cards + ([state.shot] if state.shot >= 0 else [])


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10**9))
def test_every_card_is_in_one_place_hands_hold_five_at_most_and_goals_are_set_aside(
    seed: int,
) -> None:
    rng = random.Random(seed)
    state = GAME.new_initial_state()
    assert isinstance(state, JukemState)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_legal(state.sample_chance(rng))
        else:
            actions = state.legal_actions()
            state.apply_legal(actions[rng.randrange(len(actions))])
        assert sorted(places(state)) == list(range(GAME.deck.size))
        assert max(len(h) for h in state.hands) <= GAME.deck.hand_size
        if state.half <= 2:  # the goals of this half are the SHOT cards set aside
            goals = sum(GAME.deck.kind[c] == Kind.SHOT for a in state.aside for c in a)
            assert sum(state.score) == sum(state.first_half or [0, 0]) + goals
