"""Positions reached by play: the game's heuristic bot against itself, chance from a seed."""

from __future__ import annotations

import random

from tablesports.agents.registry import make_agent
from tablesports.core.protocol import CHANCE, State
from tablesports.core.registry import heuristic_bot, load


def heuristic_play(game_id: str, steps: int, seed: int, to_a_choice: bool = False) -> State:
    """The state `steps` moves (and rolls) into a game of the heuristic against itself; with
    `to_a_choice`, played on to the next position where a player chooses between two or more
    actions."""
    game = load(game_id)
    bots = [make_agent(heuristic_bot(game_id), game, seed=s) for s in range(2)]
    state, rng = game.new_initial_state(), random.Random(seed)

    def step() -> None:
        p = state.current_player()
        state.apply_legal(state.sample_chance(rng) if p == CHANCE else bots[p].step(state))

    for _ in range(steps):
        step()
    while to_a_choice and (state.current_player() == CHANCE or len(state.legal_actions()) < 2):
        step()
    return state
