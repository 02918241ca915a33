"""What the adapter tests share: the games to check and positions from random playouts."""

from __future__ import annotations

import random

from tablesports.core.protocol import CHANCE, State
from tablesports.core.registry import load, packaged_game_ids

GAMES = packaged_game_ids()
"""Every game package: a new one is checked as soon as it is merged (it needs a tensor.py)."""


def positions(game_id: str, games: int = 2, every: int = 7, seed: int = 0) -> list[State]:
    """Positions along random playouts (every `every`-th step, and the last)."""
    game = load(game_id)
    rng = random.Random(seed)
    out: list[State] = []
    for _ in range(games):
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal():
            if step % every == 0:
                out.append(state.clone())
            if state.current_player() == CHANCE:
                state.apply_legal(state.sample_chance(rng))
            else:
                state.apply_legal(rng.choice(state.legal_actions()))
            step += 1
        out.append(state)
    return out
