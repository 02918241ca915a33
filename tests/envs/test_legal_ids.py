"""A game's own quick way to its legal action ids (`tensor.legal_ids`, Blood Bowl's reads the
pathfinder's squares) gives exactly the ids, in order, of the adapter's lookup of each action,
and so the same mask."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tablesports.core.protocol import CHANCE
from tablesports.envs.adapter import GameAdapter
from tests.envs.helpers import GAMES, positions

FAST = [g for g in GAMES if hasattr(GameAdapter(g).tensor, "legal_ids")]


def test_blood_bowl_has_the_quick_legal_ids() -> None:
    assert "bloodbowl" in FAST


@pytest.mark.parametrize("game_id", FAST)
def test_quick_legal_ids_are_the_looked_up_ids_in_order(game_id: str) -> None:
    adapter = GameAdapter(game_id)
    quick = 0
    for state in positions(game_id, games=2, every=2):
        if state.is_terminal() or state.current_player() == CHANCE:
            continue
        legal = state.legal_actions()
        ids = adapter.ids_of(legal)
        assert adapter.legal_ids(state) == ids
        assert [adapter.codec.decode(i) for i in ids] == legal
        expected = np.zeros(adapter.num_actions, np.int8)
        expected[ids] = 1
        np.testing.assert_array_equal(adapter.mask(state), expected)
        quick += len(legal) > 20
    assert quick, "no position with a long list of actions: the quick path was not tried"


@pytest.mark.parametrize(
    ("home", "away"), [("wood-elf", "dark-elf"), ("vampire", "norse"), ("lizardmen", "underworld")]
)
def test_quick_legal_ids_hold_for_teams_with_leap_stab_and_gaze(home: str, away: str) -> None:
    adapter = GameAdapter("bloodbowl", home=home, away=away)
    rng = random.Random(3)
    state = adapter.game.new_initial_state()
    checked = 0
    while checked < 400:
        if state.is_terminal():  # a match shorter than 400 decisions: another one
            state = adapter.game.new_initial_state()
            continue
        if state.current_player() == CHANCE:
            state.apply_legal(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        assert adapter.legal_ids(state) == adapter.ids_of(legal)
        checked += 1
        state.apply_legal(rng.choice(legal))
    assert checked == 400
