"""A vector env of N Gymnasium envs of one game, in one process, written straight into its batch.

`gymnasium.make_vec("tablesports/<g>-v0", num_envs=N)` (the default mode, or
`vectorization_mode="vector_entry_point"`) gives this one; `"sync"` and `"async"` give
Gymnasium's own `SyncVectorEnv` and `AsyncVectorEnv`. It does what `SyncVectorEnv` does with
its default autoreset (`NEXT_STEP`: the step after an env's episode ended resets that env and
ignores its action) and returns the same observations, rewards, ends and infos (a test compares
them), without what costs `SyncVectorEnv` more than the step of a light game: no wrappers (the
passive checker, order enforcing), no per-key merging of infos, no deep copy. Each step fills
new arrays, so a caller may keep what it is given; `info["action_mask"]` is the observation's
own mask array.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from tablesports.core.errors import OptionError
from tablesports.envs.gym import RENDER_MODES, TablesportsEnv


class TablesportsVectorEnv(VectorEnv[dict[str, np.ndarray], np.ndarray, np.ndarray]):
    """`num_envs` `TablesportsEnv`s of `game_id`, each with the same keyword options;
    `max_episode_steps` truncates an episode after that many learner moves (as
    `gymnasium.make`'s TimeLimit does)."""

    metadata = {
        "render_modes": RENDER_MODES,
        "render_fps": 4,
        "autoreset_mode": AutoresetMode.NEXT_STEP,
    }

    def __init__(
        self,
        game_id: str,
        num_envs: int = 1,
        max_episode_steps: int | None = None,
        **options: Any,
    ) -> None:
        if not isinstance(num_envs, int) or num_envs < 1:
            raise OptionError(f"num_envs {num_envs!r}: the number of envs is an integer from 1")
        if max_episode_steps is not None and max_episode_steps < 1:
            raise OptionError(f"max_episode_steps {max_episode_steps}: it is at least 1, or None")
        self.envs = [TablesportsEnv(game_id, **options) for _ in range(num_envs)]
        first = self.envs[0]
        self.num_envs = num_envs
        self.render_mode = first.render_mode
        self.max_episode_steps = max_episode_steps
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._shape = first.adapter.shape
        self._n = first.adapter.num_actions
        self._elapsed = [0] * num_envs
        self._autoreset = [False] * num_envs
        self._last: list[dict[str, np.ndarray] | None] = [None] * num_envs  # each env's last obs

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Reset every env (env i with `seed + i`, or `seed[i]`); `options["reset_mask"]`, a
        bool array, resets only those envs (the others' observations are their last ones)."""
        n = self.num_envs
        seeds = (
            [None] * n
            if seed is None
            else [seed + i for i in range(n)]
            if isinstance(seed, int)
            else list(seed)
        )
        if len(seeds) != n:
            raise ValueError(f"{len(seeds)} seeds for {n} envs: give one per env, an int or None")
        options = dict(options or {})
        which = options.pop("reset_mask", None)
        chosen = range(n) if which is None else [int(i) for i in np.flatnonzero(which)]
        obs, infos = self._batch()
        if which is not None:  # the infos' masks are the reset envs' only (zero for the others)
            infos["action_mask"] = np.zeros_like(obs["action_mask"])
        for i, last in enumerate(self._last):
            if last is not None and i not in chosen:
                obs["observation"][i] = last["observation"]
                obs["action_mask"][i] = last["action_mask"]
        for i in chosen:
            env_obs, env_info = self.envs[i].reset(seed=seeds[i], options=options or None)
            self._elapsed[i] = 0
            self._autoreset[i] = False
            self._put(obs, infos, i, env_obs, env_info)
        return obs, infos

    def step(
        self, actions: Any
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        n = self.num_envs
        obs, infos = self._batch(filled=True)
        rewards = np.zeros(n, np.float64)
        terminated = np.zeros(n, np.bool_)
        truncated = np.zeros(n, np.bool_)
        limit, elapsed, autoreset = self.max_episode_steps, self._elapsed, self._autoreset
        for i, env in enumerate(self.envs):
            if autoreset[i]:  # NEXT_STEP: the episode ended at the last step; this one resets
                env_obs, env_info = env.reset()
                elapsed[i] = 0
            else:
                env_obs, reward, ended, cut, env_info = env.step(actions[i])
                elapsed[i] += 1
                if limit is not None and elapsed[i] >= limit:
                    cut = True
                rewards[i], terminated[i], truncated[i] = reward, ended, cut
            self._put(obs, infos, i, env_obs, env_info)
        self._autoreset = (terminated | truncated).tolist()
        return obs, rewards, terminated, truncated, infos

    def render(self) -> tuple[Any, ...] | None:
        if self.render_mode is None:
            return None
        return tuple(env.render() for env in self.envs)

    def close_extras(self, **kwargs: Any) -> None:
        for env in self.envs:
            env.close()

    # --- the batch ---------------------------------------------------------------------------
    def _batch(self, filled: bool = False) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """New arrays for one call: the observations, and the infos every env gives. `filled`:
        every env's row will be written (a step), so the observations need no zeroing."""
        n = self.num_envs
        new = np.empty if filled else np.zeros
        masks = new((n, self._n), np.int8)
        obs: dict[str, np.ndarray] = {
            "observation": new((n, *self._shape), np.float32),
            "action_mask": masks,
        }
        infos: dict[str, Any] = {
            "seat": np.zeros(n, np.int64),
            "_seat": np.zeros(n, np.bool_),
            "action_mask": masks,
            "_action_mask": np.zeros(n, np.bool_),
        }
        return obs, infos

    def _put(
        self,
        obs: dict[str, np.ndarray],
        infos: dict[str, Any],
        i: int,
        env_obs: dict[str, np.ndarray],
        env_info: dict[str, Any],
    ) -> None:
        """Env i's observation and info into the batch, as `SyncVectorEnv` lays them out."""
        self._last[i] = env_obs
        obs["observation"][i] = env_obs["observation"]
        obs["action_mask"][i] = env_obs["action_mask"]
        for key, value in env_info.items():
            if key not in infos:  # returns, illegal_action: objects, None where absent
                infos[key] = np.full(self.num_envs, None, object)
                infos["_" + key] = np.zeros(self.num_envs, np.bool_)
            target = infos[key]
            if target is not obs["action_mask"]:  # else the observation's mask, filled above
                target[i] = value
            infos["_" + key][i] = True
