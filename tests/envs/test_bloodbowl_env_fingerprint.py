"""The Blood Bowl env's outputs stay byte for byte what they were while its step is made
cheaper: a sha256 over every observation, mask, reward, flag and info of seeded masked-random
steps, recorded on the code before the speed work."""

from __future__ import annotations

import hashlib

import gymnasium
import numpy as np

import tablesports.envs  # noqa: F401  (registers the envs)

STEPS = 2000
FINGERPRINT = "48a74102bbfc57475492a5cfff89a3b3566b400d16da32d9c356493a4237db21"


def _fingerprint(steps: int) -> str:
    env = gymnasium.make("tablesports/bloodbowl-v0")
    digest = hashlib.sha256()
    obs, info = env.reset(seed=7)
    rng = np.random.default_rng(7)

    def add(obs: dict[str, np.ndarray], info: dict[str, object]) -> None:
        digest.update(obs["observation"].tobytes())
        digest.update(obs["action_mask"].tobytes())
        assert info["action_mask"] is obs["action_mask"]
        digest.update(repr(sorted((k, v) for k, v in info.items() if k != "action_mask")).encode())

    add(obs, info)
    for _ in range(steps):
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        obs, reward, terminated, truncated, info = env.step(action)
        add(obs, info)
        digest.update(repr((action, reward, terminated, truncated)).encode())
        if terminated or truncated:
            obs, info = env.reset()
            add(obs, info)
    return digest.hexdigest()


def test_bloodbowl_env_outputs_match_the_recorded_fingerprint() -> None:
    assert _fingerprint(STEPS) == FINGERPRINT
