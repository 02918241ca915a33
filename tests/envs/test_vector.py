"""Vector envs over every game: `gymnasium.make_vec("tablesports/<g>-v0", num_envs=N,
vectorization_mode=...)`, Gymnasium's own (`"sync"`, `"async"`) and ours (the default,
`"vector_entry_point"`: `tablesports.envs.vector`), with the default autoreset (`NEXT_STEP`) and
each env's mask batched from `info`.

Gymnasium 1.x has no checker for vector envs (its `check_env` takes a single env): the checks
here are its batched spaces' `contains` on every step and its `data_equivalence` between runs.
Async envs start a process each: two envs, short episodes (the options below).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.vector import AutoresetMode

import tablesports.envs  # registers tablesports/<game>-v0
from tests.envs.helpers import GAMES

SHORT: dict[str, dict[str, Any]] = {
    "bloodbowl": {"turns_per_half": 1},  # a game of ~100 learner moves
    "hanniball": {"max_turns": 6},
    "juggers": {"innings": 1},
    "juggerttg": {"max_episode_steps": 30},  # ~2,500 moves a game: Gymnasium's TimeLimit
    "jukem": {},
}
"""Options that end an episode within a few hundred steps, so that every env resets in a test
(a game missing here gets a TimeLimit of 30 steps)."""

MODES = ("sync", "async", "vector_entry_point")


def _make(game_id: str, mode: str, num_envs: int = 2, **kwargs: Any) -> gymnasium.vector.VectorEnv:
    options = SHORT.get(game_id, {"max_episode_steps": 30})
    # an id outside an env's mask raises in that env instead of ending its episode
    return gymnasium.make_vec(
        f"tablesports/{game_id}-v0",
        num_envs=num_envs,
        vectorization_mode=mode,
        illegal_action="raise",
        **options,
        **kwargs,
    )


def _pick(masks: np.ndarray, rng: np.random.Generator, ended: np.ndarray) -> np.ndarray:
    """A random legal id from each env's mask (0 for an env that resets at this step)."""
    return np.array(
        [0 if ended[i] else int(rng.choice(np.flatnonzero(m))) for i, m in enumerate(masks)]
    )


def _trace(game_id: str, mode: str | None, seed: int, steps: int) -> list[Any]:
    """What `steps` vector steps with seeded random picks return: observations, rewards, ends
    and infos."""
    env = _make(game_id, mode)  # type: ignore[arg-type]
    try:
        obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        ended = np.zeros(env.num_envs, bool)
        out: list[Any] = [(obs, info)]
        for _ in range(steps):
            obs, reward, terminated, truncated, info = env.step(
                _pick(obs["action_mask"], rng, ended)
            )
            ended = terminated | truncated
            out.append((obs, reward, terminated, truncated, info))
        return out
    finally:
        env.close()


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("game_id", GAMES)
def test_make_vec_plays_every_env_through_an_autoreset_with_its_own_legal_mask(
    game_id: str, mode: str
) -> None:
    env = _make(game_id, mode)
    try:
        assert env.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
        n = env.single_action_space.n  # type: ignore[attr-defined]
        obs, info = env.reset(seed=11)
        rng = np.random.default_rng(11)
        ended = finished = np.zeros(2, bool)
        resets = np.zeros(2, int)
        for _ in range(2_000):
            assert env.observation_space.contains(obs)
            masks = obs["action_mask"]
            assert masks.shape == (2, n) and masks.dtype == np.int8
            # the masks in info are the observation's, each env's own (none missing)
            assert info["_action_mask"].all()
            assert np.array_equal(info["action_mask"], masks)
            for i in range(2):
                # a finished game's final observation has no legal move; a game cut short
                # (TimeLimit) and a game going on have some
                assert masks[i].any() != finished[i]
            if mode != "async":  # the mask is the legal actions of that env's own state
                for i, sub in enumerate(env.envs):  # type: ignore[attr-defined]
                    if not ended[i]:
                        adapter = sub.unwrapped.adapter
                        legal = {adapter.ids[a] for a in sub.unwrapped.state.legal_actions()}
                        assert set(np.flatnonzero(masks[i])) == legal
            was_ended = ended
            # illegal_action="raise": a masked-out id would raise in the env (async: here)
            obs, reward, terminated, truncated, info = env.step(_pick(masks, rng, ended))
            ended, finished = terminated | truncated, terminated
            for i in np.flatnonzero(was_ended):  # NEXT_STEP: this step was the reset
                assert not ended[i] and reward[i] == 0.0
                assert obs["action_mask"][i].any()  # the new episode's first decision
                resets[i] += 1
            if (resets > 0).all():
                break
        assert (resets > 0).all(), f"autoresets per env: {resets.tolist()}"
    finally:
        env.close()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seed_gives_the_same_observations_sync_twice_and_async(game_id: str) -> None:
    first = _trace(game_id, "sync", seed=3, steps=25)
    assert data_equivalence(first, _trace(game_id, "sync", seed=3, steps=25), exact=True)
    assert data_equivalence(first, _trace(game_id, "async", seed=3, steps=25), exact=True)
    # and the seed matters: each env draws its own
    other = _trace(game_id, "sync", seed=4, steps=25)
    assert not data_equivalence(first, other, exact=True)


@pytest.mark.parametrize("game_id", GAMES)
def test_our_vector_env_returns_what_gymnasiums_sync_vector_env_returns(game_id: str) -> None:
    """make_vec's default (no wrappers, no info merging, no deep copy) against SyncVectorEnv:
    the same observations, rewards, ends and infos, step by step, through episodes' ends."""
    steps = 130
    ours = _trace(game_id, None, seed=9, steps=steps)
    theirs = _trace(game_id, "sync", seed=9, steps=steps)
    assert data_equivalence(ours, theirs, exact=True)
    ends = sum(int((t[2] | t[3]).sum()) for t in theirs[1:])
    assert ends > 0  # the trace went through an autoreset


def test_a_reset_mask_resets_those_envs_only_as_in_sync_vector_env() -> None:
    def run(mode: str | None) -> list[Any]:
        env = _make("jukem", mode)  # type: ignore[arg-type]
        obs, _ = env.reset(seed=2)
        rng = np.random.default_rng(2)
        for _ in range(3):
            obs, *_ = env.step(_pick(obs["action_mask"], rng, np.zeros(2, bool)))
        return [obs, env.reset(seed=5, options={"reset_mask": np.array([False, True])})]

    ours, theirs = run(None), run("sync")
    assert data_equivalence(ours, theirs, exact=True)
    before, (after, info) = ours
    assert np.array_equal(after["observation"][0], before["observation"][0])  # kept
    assert info["_seat"].tolist() == [False, True]  # only env 1 was reset


def test_make_vec_without_a_mode_gives_our_vector_env() -> None:
    from tablesports.envs.vector import TablesportsVectorEnv

    env = gymnasium.make_vec("tablesports/jukem-v0", num_envs=3)
    assert isinstance(env, TablesportsVectorEnv) and env.num_envs == 3
    assert env.observation_space["action_mask"].shape == (3, env.single_action_space.n)


def test_each_env_of_a_vector_is_seeded_on_its_own() -> None:
    env = _make("jukem", "sync")
    obs, _ = env.reset(seed=0)
    env.close()
    # reset(seed=s) seeds env i with s + i: the two first hands differ
    assert not np.array_equal(obs["observation"][0], obs["observation"][1])


def test_async_envs_start_in_a_fresh_interpreter_too() -> None:
    """With the spawn start method (Python 3.14's default on Linux is forkserver) each worker
    imports the package anew: the env spec and options travel by pickle."""
    env = _make("jukem", "async", vector_kwargs={"context": "spawn"})
    try:
        obs, _ = env.reset(seed=1)
        rng = np.random.default_rng(1)
        for _ in range(5):
            obs, *_ = env.step(_pick(obs["action_mask"], rng, np.zeros(2, bool)))
        assert obs["observation"].shape[0] == 2 and obs["action_mask"].any(axis=1).all()
    finally:
        env.close()


def test_the_mask_handed_out_is_read_only_and_new_at_each_step() -> None:
    """No copy on the hot path: the observation's and info's mask are one read-only array, so
    no caller can write into the mask `step` checks actions against; each step makes its own."""
    env = tablesports.envs.gym_env("jukem")
    obs, info = env.reset(seed=0)
    assert obs["action_mask"] is info["action_mask"]
    with pytest.raises(ValueError, match="read-only"):
        obs["action_mask"][0] = 1
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    after, *_ = env.step(legal)
    assert after["action_mask"] is not obs["action_mask"]


@pytest.mark.parametrize(
    ("kwargs", "fragment"),
    [
        ({"num_envs": 0}, "num_envs 0: the number of envs is an integer from 1"),
        ({"num_envs": 2, "max_episode_steps": 0}, "max_episode_steps 0: it is at least 1"),
        ({"num_envs": 2, "no_such_option": 1}, "no_such_option"),
    ],
)
def test_our_vector_env_refuses_a_bad_size_or_option_naming_what_is_allowed(
    kwargs: dict[str, Any], fragment: str
) -> None:
    from tablesports.core.errors import OptionError

    with pytest.raises(OptionError, match=fragment):
        gymnasium.make_vec("tablesports/jukem-v0", **kwargs)
