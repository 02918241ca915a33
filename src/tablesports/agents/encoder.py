"""The observation tensor of a state for one player, flat: what the learned agents read."""

from __future__ import annotations

import numpy as np

from tablesports.core.protocol import Game, State
from tablesports.core.registry import game_tensor


class Encoder:
    """The game's tensor of a state for one player, flat (the fast `encode_state` when given)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.tensor = game_tensor(game.info.id)
        self.fast = getattr(self.tensor, "encode_state", None)

    def __call__(self, state: State, player: int) -> np.ndarray:
        if self.fast is not None:
            return np.asarray(self.fast(state, player), np.float32).reshape(-1)
        observation = state.observation(player)
        return np.asarray(self.tensor.encode(self.game, observation, player), np.float32).reshape(
            -1
        )
