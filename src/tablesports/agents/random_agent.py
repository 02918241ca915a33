"""The seeded random agent: a uniform choice among the legal actions."""

from __future__ import annotations

import random

from tablesports.core.protocol import Action, Game, State


class RandomAgent:
    """Picks uniformly among the legal actions with its own seeded generator."""

    name = "random"

    def __init__(self, game: Game | None = None, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def reset(self, seed: int) -> None:
        self.rng.seed(seed)

    def step(self, state: State) -> Action:
        return state.sample_legal(self.rng)
