"""Gymnasium ids, pictures, bounded Boxes, `info["action_mask"]`, named observation slices
(issue 36 item 5), a reset that never ends the game (item 4) and the Jugger TTG draft in every
adapter (item 1), each through the libraries' own checkers."""

from __future__ import annotations

import random
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.wrappers import OrderEnforcing, PassiveEnvChecker
from pettingzoo.test import api_test, render_test

import tablesports.envs  # registers the ids
from tablesports.envs import aec_env, gym_env
from tablesports.envs.adapter import GameAdapter
from tablesports.games.juggerttg import tensor as ttg_tensor
from tests.envs.helpers import GAMES, positions


@pytest.mark.parametrize("game_id", GAMES)
def test_gymnasium_make_gives_the_registered_env_with_its_default_wrappers(game_id: str) -> None:
    assert f"tablesports/{game_id}-v0" in tablesports.envs.register_gymnasium()
    env = gymnasium.make(f"tablesports/{game_id}-v0", opponent="random")
    assert env.spec is not None and env.spec.id == f"tablesports/{game_id}-v0"
    wrappers, inner = [], env
    while isinstance(inner, gymnasium.Wrapper):
        wrappers.append(type(inner))
        inner = inner.env
    assert OrderEnforcing in wrappers and PassiveEnvChecker in wrappers
    assert env.metadata["render_fps"] > 0
    obs, info = env.reset(seed=3)
    for _ in range(20):
        np.testing.assert_array_equal(info["action_mask"], obs["action_mask"])
        action = int(np.flatnonzero(info["action_mask"])[0])
        obs, _, done, _, info = env.step(action)
        if done:
            break


@pytest.mark.parametrize("game_id", GAMES)
def test_check_env_passes_with_the_rgb_array_render_and_bounded_boxes(game_id: str) -> None:
    env = gymnasium.make(f"tablesports/{game_id}-v0", render_mode="rgb_array").unwrapped
    with warnings.catch_warnings():
        warnings.simplefilter("error", UserWarning)  # e.g. an unbounded Box
        warnings.filterwarnings("ignore", message=".*illegal action.*")
        check_env(env)
    image = env.render()
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    assert image.min() < image.max()  # something is drawn


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoos_render_test_passes_for_every_declared_mode(game_id: str) -> None:
    render_test(lambda render_mode=None: aec_env(game_id, render_mode=render_mode))


@pytest.mark.parametrize("game_id", GAMES)
def test_tensors_stay_inside_the_boxes_bounds(game_id: str) -> None:
    space = gym_env(game_id).observation_space["observation"]
    adapter = GameAdapter(game_id)
    assert np.all(np.isfinite(space.low))
    for state in positions(game_id, games=1, every=5):
        for player in range(adapter.game.info.players):
            assert space.contains(adapter.observe(state, player))


@pytest.mark.parametrize("game_id", GAMES)
def test_describe_observation_names_every_entry_of_the_tensor_once(game_id: str) -> None:
    env = gym_env(game_id)
    pieces = env.describe_observation()
    size = int(np.prod(env.observation_space["observation"].shape))
    covered = np.zeros(size, int)
    for _, where in pieces:
        covered[where] += 1
    assert covered.min() == covered.max() == 1
    names = [name for name, _ in pieces]
    assert len(set(names)) == len(names) and all(names)
    assert aec_env(game_id).describe_observation() == pieces


def test_hanniball_max_defenders_reset_never_returns_a_finished_game() -> None:
    env = gym_env("hanniball", max_defenders=2)
    for seed in range(10):
        obs, info = env.reset(seed=seed)
        assert not env.state.is_terminal()
        assert env.state.current_player() == info["seat"]
        assert obs["action_mask"].any()


def test_jugger_ttg_draft_passes_check_env_and_api_test() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(gym_env("juggerttg", teams="draft", max_stones=3), skip_render_check=True)
        api_test(aec_env("juggerttg", teams="draft", max_stones=3), num_cycles=300)


def test_jugger_ttg_draft_tensor_shows_the_players_own_hand_only() -> None:
    adapter = GameAdapter("juggerttg", teams="draft")
    state, rng = adapter.game.new_initial_state(), random.Random(2)
    while not (state.hand0 and state.hand1):  # type: ignore[attr-defined]
        if state.current_player() < 0:
            state.apply_legal(state.sample_chance(rng))
        else:
            state.apply_legal(rng.choice(state.legal_actions()))
    hand = dict(adapter.describe_observation())["draft: my hand (by hero card)"]
    flat = adapter.observe(state, 0).reshape(-1)
    assert sorted(np.flatnonzero(flat[hand])) == sorted(state.hand0)  # type: ignore[attr-defined]
    other = state.resample_hidden(0, random.Random(5))
    assert other.hand1 != state.hand1  # type: ignore[attr-defined]
    np.testing.assert_array_equal(adapter.observe(other, 0), adapter.observe(state, 0))
    phase = state.phase  # type: ignore[attr-defined]
    assert flat[ttg_tensor.PHASE_PLANE * 231 + ttg_tensor.PHASES.index(phase) * 231] == 1


def test_a_jukem_picture_shows_only_what_the_learner_sees() -> None:
    env = gym_env("jukem", seat=0, render_mode="rgb_array")
    env.reset(seed=1)
    before = env.render()
    env.state = env.state.resample_hidden(0, random.Random(3))  # the opponent's hand redealt
    np.testing.assert_array_equal(env.render(), before)
    env.state = env.state.resample_hidden(1, random.Random(3))  # the learner's own hand redealt
    assert not np.array_equal(env.render(), before)
