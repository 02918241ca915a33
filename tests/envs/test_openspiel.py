"""The OpenSpiel adapter on every game package: pyspiel's random simulation test (with
serialization), and Shimmy's OpenSpiel wrapper through PettingZoo's api_test."""

from __future__ import annotations

import warnings

import pyspiel
import pytest
from pettingzoo.test import api_test
from shimmy import OpenSpielCompatibilityV0

from tablesports.core.errors import OptionError, UnknownGameError
from tablesports.envs import register_openspiel
from tests.envs.helpers import GAMES

register_openspiel()


@pytest.mark.parametrize("game_id", GAMES)
def test_game_passes_pyspiels_random_sim_test_with_serialization(game_id: str) -> None:
    game = pyspiel.load_game(f"tablesports_{game_id}")
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_shimmys_openspiel_wrapper_passes_pettingzoos_api_test(game_id: str) -> None:
    env = OpenSpielCompatibilityV0(game_name=f"tablesports_{game_id}")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=100)


@pytest.mark.parametrize("game_id", GAMES)
def test_chance_is_an_explicit_player_and_observers_give_the_tensor(game_id: str) -> None:
    import numpy as np

    from tablesports.core.registry import game_tensor

    game = pyspiel.load_game(f"tablesports_{game_id}")
    state = game.new_initial_state()
    info = game.get_type()
    ts_game = state.inner.game
    for _ in range(200):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            state.apply_action(outcomes[-1][0])
            continue
        player = state.current_player()
        expected = game_tensor(game_id).encode(ts_game, state.inner.observation(player), player)
        np.testing.assert_array_equal(
            np.asarray(state.observation_tensor(player), np.float32), expected.reshape(-1)
        )
        state.apply_action(state.legal_actions()[0])
    if ts_game.info.chance == "none":
        assert info.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    else:
        assert info.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC


def test_an_illegal_action_raises_spielerror_with_the_games_reason() -> None:
    game = pyspiel.load_game("tablesports_hanniball")
    state = game.new_initial_state()
    legal = set(state.legal_actions())
    bad = next(i for i in range(game.num_distinct_actions()) if i not in legal)
    before = str(state)
    with pytest.raises(pyspiel.SpielError, match="illegal action"):
        state.apply_action(bad)
    assert str(state) == before


def test_parameters_are_the_games_options_and_a_wrong_one_names_them() -> None:
    game = pyspiel.load_game("tablesports_hanniball", {"max_turns": 30})
    assert game.max_game_length() < pyspiel.load_game("tablesports_hanniball").max_game_length()
    with pytest.raises(
        pyspiel.SpielError, match="Available parameters are: max_defenders, max_turns"
    ):
        pyspiel.load_game("tablesports_hanniball", {"max_turn": 30})
    with pytest.raises(OptionError, match="max_turns"):
        pyspiel.load_game("tablesports_hanniball", {"max_turns": 0})
    with pytest.raises(UnknownGameError, match="the games are"):
        register_openspiel("chess")
