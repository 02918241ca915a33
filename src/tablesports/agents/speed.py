"""Search speed: simulations per second of a search agent on positions from random games.

`tablesports bench --agent mcts` reports this figure; clone and apply dominate it.
"""

from __future__ import annotations

import random
import time

from tablesports.core.errors import AgentError
from tablesports.core.protocol import CHANCE, Game, State


def sample_positions(game: Game, count: int, seed: int = 0) -> list[State]:
    """Decision positions with a real choice, taken along random playouts."""
    rng = random.Random(seed)
    positions: list[State] = []
    for _ in range(100 * count):
        state = game.new_initial_state()
        while not state.is_terminal() and len(positions) < count:
            if state.current_player() == CHANCE:
                state.apply_legal(state.sample_chance(rng))
                continue
            actions = state.legal_actions()
            if len(actions) > 1 and rng.random() < 0.1:
                positions.append(state.clone())
            state.apply_legal(actions[rng.randrange(len(actions))])
        if len(positions) >= count:
            break
    return positions


def simulations_per_second(
    game: Game, spec: str = "mcts", seconds: float = 3.0, positions: int = 5, seed: int = 0
) -> tuple[float, int, float]:
    """(simulations per second, simulations, elapsed seconds) over `positions` positions."""
    from tablesports.agents.registry import make_agent

    per_move = seconds / max(1, positions)
    agent = make_agent(f"{spec.split(':')[0]}:iterations=0,seconds={per_move}", game, seed)
    if not hasattr(agent, "last_iterations"):
        raise AgentError(f"{spec!r} is not a search agent: it has no simulations to count")
    total = 0
    elapsed = 0.0
    for state in sample_positions(game, positions, seed):
        start = time.perf_counter()
        agent.step(state)
        elapsed += time.perf_counter() - start
        total += agent.last_iterations
    return (total / elapsed if elapsed else 0.0), total, elapsed
