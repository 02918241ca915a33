"""A policy trained with sb3-contrib's MaskablePPO (`tablesports train`), as an agent.

    ppo:path=runs/hanniball/policy.zip

It sees what the player may see (the game's observation tensor, flattened: the policy's
input) and plays the most likely
legal action (`deterministic=false` samples instead). Needs the `train` extra.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from tablesports.core.errors import AgentError
from tablesports.core.protocol import Action, Game, State, validate_options
from tablesports.core.registry import game_tensor


class PPOOptions(BaseModel):
    """The policy file and how it plays (`ppo:path=policy.zip,deterministic=false`)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=False)

    path: str = Field("", description="the saved policy (tablesports train writes one)")
    deterministic: bool = Field(
        True, description="play the most likely action (false: sample from the policy)"
    )


class PPOAgent:
    name = "ppo"
    Options = PPOOptions

    def __init__(self, game: Game, seed: int = 0, model: Any = None, **params: Any) -> None:
        options = validate_options(PPOOptions, params, f"agent {self.name!r}")
        assert isinstance(options, PPOOptions)
        if model is None:
            model = load_policy(options.path)
        self.model = model
        self.game = game
        self.deterministic = options.deterministic
        tensor = game_tensor(game.info.id)
        self._encode = getattr(tensor, "encode_state", None) or (
            lambda s, p: tensor.encode(game, s.observation(p), p)
        )
        codec = game.action_codec()
        if codec is None:
            raise AgentError(f"ppo: game {game.info.id!r} has no action codec")
        self.actions = codec.actions
        self.ids = {a: i for i, a in enumerate(codec.actions)}
        n = getattr(self.model.action_space, "n", None)
        if n != len(self.actions):
            raise AgentError(
                f"ppo: the policy has {n} actions but {game.info.id} has {len(self.actions)}: "
                "it was trained on another game or options"
            )
        self.seed = seed

    def reset(self, seed: int) -> None:
        self.seed = seed

    def step(self, state: State) -> Action:
        player = state.current_player()
        mask = np.zeros(len(self.actions), np.int8)
        mask[[self.ids[a] for a in state.legal_actions()]] = 1
        action, _ = self.model.predict(
            self._encode(state, player).reshape(-1),
            action_masks=mask.astype(bool),
            deterministic=self.deterministic,
        )
        return self.actions[int(action)]


def load_policy(path: str) -> Any:
    """A saved MaskablePPO model (loaded on the CPU)."""
    if not path:
        raise AgentError("ppo: give the saved policy, e.g. ppo:path=runs/hanniball/policy.zip")
    if not Path(path).exists():
        raise AgentError(f"ppo: no policy file {path!r} (tablesports train GAME writes one)")
    try:
        from sb3_contrib import MaskablePPO
    except ImportError:
        raise AgentError("ppo needs the train extra: pip install 'tablesports[train]'") from None
    return MaskablePPO.load(path, device="cpu")
