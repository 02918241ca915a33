"""The Gymnasium adapter on every game package: gymnasium's own checker, seeding, the mask,
bad input."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from tablesports.core.errors import AgentError, IllegalActionError, OptionError, UnknownGameError
from tablesports.envs import gym_env
from tests.envs.helpers import GAMES


def _masked_out(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask == 0)[0])


@pytest.mark.parametrize("game_id", GAMES)
def test_env_passes_gymnasiums_check_env(game_id: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # unbounded Box, and check_env's own illegal sample
        check_env(gym_env(game_id), skip_render_check=True)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seeded_episode_is_the_same_twice_and_masks_match_the_legal_actions(
    game_id: str,
) -> None:
    def episode() -> list[tuple[int, float]]:
        env = gym_env(game_id)
        obs, _ = env.reset(seed=5)
        rng = np.random.default_rng(5)
        trace = []
        for _ in range(60):
            mask = obs["action_mask"]
            assert mask.tobytes() == env.action_masks().astype(np.int8).tobytes()
            legal = {env.adapter.ids[a] for a in env.state.legal_actions()}
            assert set(np.flatnonzero(mask)) == legal
            action = int(rng.choice(np.flatnonzero(mask)))
            obs, reward, done, truncated, _ = env.step(action)
            trace.append((action, reward))
            if done or truncated:
                break
        return trace

    assert episode() == episode()


@pytest.mark.parametrize("game_id", GAMES)
def test_an_action_outside_the_mask_raises_with_the_games_reason_and_changes_nothing(
    game_id: str,
) -> None:
    env = gym_env(game_id, illegal_action="raise")
    obs, _ = env.reset(seed=3)
    before = env.state.to_json()
    bad = _masked_out(obs["action_mask"])
    action = env.adapter.codec.actions[bad]
    with pytest.raises(IllegalActionError) as caught:
        env.step(bad)
    assert caught.value.reason == env.state.why_illegal(action)
    assert env.state.to_json() == before
    with pytest.raises(IllegalActionError, match="action ids run from 0"):
        env.step(env.action_space.n)


@pytest.mark.parametrize("game_id", GAMES)
def test_by_default_an_illegal_action_loses_the_episode_with_the_reason(game_id: str) -> None:
    env = gym_env(game_id)
    obs, _ = env.reset(seed=3)
    with pytest.warns(UserWarning, match="illegal action"):
        _, reward, done, _, info = env.step(_masked_out(obs["action_mask"]))
    assert done and reward == env.game.info.min_return
    assert info["illegal_action"]
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_the_opponent_is_a_named_agent() -> None:
    env = gym_env("hanniball", opponent="hanniball-greedy", seat=1)
    env.reset(seed=0)
    assert env.seat == 1 and env.opponents[0].name == "hanniball-greedy"
    env = gym_env("jukem", opponent="mcts:iterations=5")
    obs, _ = env.reset(seed=0)
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_a_wrong_game_option_or_opponent_names_what_is_allowed() -> None:
    with pytest.raises(UnknownGameError, match=r"the games are: .*hanniball"):
        gym_env("chess")
    with pytest.raises(OptionError, match="max_turns"):
        gym_env("hanniball", max_turn=10)
    with pytest.raises(AgentError, match=r"the agents are: .*random"):
        gym_env("hanniball", opponent="stockfish")
    with pytest.raises(OptionError, match="the seats are 0 to 1"):
        gym_env("hanniball", seat=2)
    with pytest.raises(OptionError, match="'lose' or 'raise'"):
        gym_env("hanniball", illegal_action="ignore")  # type: ignore[arg-type]
