"""The state keeps each piece's steps between steps (`steps.py`) and makes again only those
near a changed square: the lists must always be what a fresh position gives, in the same order.
"""

from __future__ import annotations

import random

import tablesports
from tablesports.games.hanniball.state import HanniBallState

GAME = tablesports.load("hanniball")


def fresh(state: HanniBallState) -> HanniBallState:
    """The same position rebuilt from JSON: nothing kept."""
    again = GAME.state_from_json(state.to_json())
    assert isinstance(again, HanniBallState)
    return again


def test_kept_step_lists_give_the_legal_actions_of_a_fresh_position() -> None:
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new_initial_state()
        assert isinstance(state, HanniBallState)
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal == fresh(state).legal_actions(), (seed, len(state.history))
            checked += 1
            state.apply_action(rng.choice(legal))
    assert checked > 1000


def test_a_clone_keeps_its_own_step_lists() -> None:
    rng = random.Random(3)
    state = GAME.new_initial_state()
    assert isinstance(state, HanniBallState)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    before = state.legal_actions()
    copy = state.clone()
    for _ in range(12):  # the clone moves on (and makes lists again) ...
        if copy.is_terminal():
            break
        copy.apply_action(rng.choice(copy.legal_actions()))
    assert state.legal_actions() == before  # ... the original's lists are untouched
    assert before == fresh(state).legal_actions()


def test_the_anti_clustering_variant_filters_the_kept_lists_too() -> None:
    game = tablesports.load("hanniball", max_defenders=3)
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal == game.state_from_json(state.to_json()).legal_actions()
            state.apply_action(rng.choice(legal))
