"""The PettingZoo AEC adapter on every game package: PettingZoo's api_test and seed_test."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from tablesports.envs import aec_env
from tests.envs.helpers import GAMES


@pytest.mark.parametrize("game_id", GAMES)
def test_aec_env_passes_pettingzoos_api_test(game_id: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # unbounded Box observations
        api_test(aec_env(game_id), num_cycles=300)


@pytest.mark.parametrize("game_id", GAMES)
def test_aec_env_passes_pettingzoos_seed_test(game_id: str) -> None:
    seed_test(lambda: aec_env(game_id), num_cycles=100)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_game_ends_with_the_games_returns(game_id: str) -> None:
    env = aec_env(game_id)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(max_iter=100_000):
        obs, reward, done, truncated, _ = env.last()
        totals[agent] += reward
        if done or truncated:
            env.step(None)
            continue
        assert obs["action_mask"].any()
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert not env.agents
    returns = env.state.returns()
    assert [totals[a] for a in env.possible_agents] == returns


@pytest.mark.parametrize("game_id", GAMES)
def test_an_illegal_action_ends_the_game_with_the_mover_losing(game_id: str) -> None:
    env = aec_env(game_id)
    env.reset(seed=2)
    mover = env.agent_selection
    obs = env.observe(mover)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.state.to_json()
    with pytest.warns(UserWarning, match="illegal action"):
        env.step(bad)
    assert env.state.to_json() == before
    assert all(env.terminations.values())
    assert env._cumulative_rewards[mover] == env.game.info.min_return
    assert env.infos[mover]["illegal_action"] == env.state.why_illegal(
        env.adapter.codec.actions[bad]
    )
