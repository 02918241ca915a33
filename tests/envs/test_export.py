"""`export_policy`: a MaskablePPO policy's actor as the numpy file `policy:path=FILE` plays
(`agents/learned.py`), choosing what the torch policy chooses."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from tablesports.agents.learned import PolicyAgent, read_policy
from tablesports.agents.ppo import PPOAgent
from tablesports.core.protocol import CHANCE, Game
from tablesports.core.registry import load


@pytest.fixture(scope="module")
def model() -> Any:
    """An untrained hanniball policy (its random weights make the choices varied)."""
    from sb3_contrib import MaskablePPO

    from tablesports.envs.gym import TablesportsEnv

    env = TablesportsEnv("hanniball", max_turns=20)
    return MaskablePPO(
        "MlpPolicy",
        flat(env),
        seed=3,
        device="cpu",
        n_steps=16,
        batch_size=16,
        policy_kwargs={"net_arch": [32, 32]},
    )


def flat(env: Any) -> Any:
    import gymnasium

    class Flat(gymnasium.ObservationWrapper):
        def __init__(self, inner: Any) -> None:
            super().__init__(inner)
            size = int(np.prod(inner.adapter.shape))
            self.observation_space = gymnasium.spaces.Box(-np.inf, np.inf, (size,), np.float32)

        def observation(self, observation: dict[str, np.ndarray]) -> np.ndarray:
            return observation["observation"].reshape(-1)

    return Flat(env)


def positions(game: Game, count: int, seed: int) -> list[Any]:
    """Decision states along random games."""
    rng = random.Random(seed)
    found: list[Any] = []
    state = game.new_initial_state()
    while len(found) < count:
        if state.is_terminal():
            state = game.new_initial_state()
        elif state.current_player() == CHANCE:
            state.apply_legal(state.sample_chance(rng))
        else:
            found.append(state.clone())
            state.apply_legal(rng.choice(state.legal_actions()))
    return found


def test_the_exported_policy_chooses_what_the_torch_policy_chooses(
    model: Any, tmp_path: Path
) -> None:
    from tablesports.envs.train import export_policy

    game = load("hanniball", max_turns=20)
    file = export_policy(model, tmp_path / "p.npz", "hanniball", quantize=False)
    mine, theirs = PolicyAgent(game, path=str(file)), PPOAgent(game, model=model)
    states = positions(game, 150, seed=5)
    choices = [mine.step(s) for s in states]
    assert choices == [theirs.step(s) for s in states]
    assert len(set(choices)) > 10  # varied choices, not one action everywhere


def test_int8_export_keeps_every_weight_within_half_a_step_of_its_row(
    model: Any, tmp_path: Path
) -> None:
    from tablesports.envs.train import export_policy

    exact, _ = read_policy(export_policy(model, tmp_path / "f.npz", "hanniball", quantize=False))
    small, facts = read_policy(export_policy(model, tmp_path / "q.npz", "hanniball"))
    assert facts["game"] == "hanniball" and facts["actions"] == "8065"
    assert [w.shape for w, _ in small] == [w.shape for w, _ in exact]
    for (w, b), (q, c) in zip(exact, small, strict=True):
        step = np.abs(w).max(axis=1, keepdims=True) / 127
        assert np.all(np.abs(q - w) <= step / 2 + 1e-7)
        assert np.array_equal(b, c)
    assert (tmp_path / "q.npz").stat().st_size < (tmp_path / "f.npz").stat().st_size / 3
