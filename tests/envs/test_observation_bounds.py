"""The observation spaces' bounds are each entry's own (issue 48, finding 4): every observation
of random play lies within them, and none is absurdly loose (the bounds were each game's
`max_game_length`, 3,948 for Jukem, which a rescaling wrapper turns into ~0 for a one-hot)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tablesports.core.protocol import CHANCE
from tablesports.envs import gym_env
from tablesports.envs.adapter import GameAdapter
from tests.envs.helpers import GAMES

PLAYOUTS = {"juggerttg": 2, "bloodbowl": 6, "hanniball": 6}
"""Random games played per game (the slow ones fewer; 40 otherwise)."""
LOOSE = 100
"""A bound may exceed the largest value seen (or 1, for a count random play never raised) by
at most this factor."""


def _seen(adapter: GameAdapter, games: int) -> tuple[np.ndarray, np.ndarray]:
    """The least and greatest value of each entry over `games` random playouts."""
    rng = random.Random(11)
    low = np.full(adapter.shape, np.inf, np.float32)
    high = np.full(adapter.shape, -np.inf, np.float32)
    for _ in range(games):
        state = adapter.game.new_initial_state()
        while True:
            for p in range(adapter.game.info.players):
                o = adapter.observe(state, p)
                np.minimum(low, o, out=low)
                np.maximum(high, o, out=high)
            if state.is_terminal():
                break
            if state.current_player() == CHANCE:
                state.apply_legal(state.sample_chance(rng))
            else:
                state.apply_legal(rng.choice(state.legal_actions()))
    return low, high


@pytest.mark.parametrize("game_id", GAMES)
def test_every_observation_lies_within_its_entrys_declared_bounds_and_they_are_not_loose(
    game_id: str,
) -> None:
    space = gym_env(game_id).observation_space["observation"]
    adapter = GameAdapter(game_id)
    low, high = _seen(adapter, PLAYOUTS.get(game_id, 40))
    outside = np.flatnonzero((low < space.low) | (high > space.high))
    names = {i: n for n, w in adapter.describe_observation() for i in range(w.start, w.stop)}
    assert not outside.size, [(names[i], low.flat[i], high.flat[i]) for i in outside[:5]]
    for name, where in adapter.describe_observation():
        top = float(space.high.reshape(-1)[where].max())
        seen = max(1.0, float(high.reshape(-1)[where].max()))
        assert top <= LOOSE * seen, f"{name}: declared up to {top}, seen up to {seen}"
        assert float(space.low.reshape(-1)[where].min()) >= -LOOSE * seen, name


def test_jukems_bounds_are_its_entries_own() -> None:
    """The measured cases: draws pending up to a hand (5), the score up to a goal per SHOT."""
    adapter = GameAdapter("jukem")
    high = dict(
        (n, float(adapter.high.reshape(-1)[w].max())) for n, w in adapter.describe_observation()
    )
    assert high["draws pending for me"] == 5.0
    assert high["my hand"] == 1.0
    assert 1.0 < high["my score / 5"] < 10.0
    juggers = GameAdapter("juggers")
    pieces = dict(juggers.describe_observation())
    assert float(juggers.high.reshape(-1)[pieces["my penalty shots / 20"]].max()) == 2.75
