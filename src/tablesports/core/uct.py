"""UCB1, the child choice of every tree search here (the generic `mcts` agent and a game's own
search, which may not import the agents)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Protocol, TypeVar


class Visited(Protocol):
    visits: int
    value: float


K = TypeVar("K")
N = TypeVar("N", bound=Visited)


def ucb1(children: Mapping[K, N], visits: int, c: float) -> tuple[K, N]:
    """The child with the best UCB1 score, mean value plus `c` times the exploration term
    (every child visited at least once; `visits` is the parent's)."""
    log_n = math.log(visits)
    best_score = -math.inf
    best: tuple[K, N] | None = None
    for key, child in children.items():
        n = child.visits
        score = child.value / n + c * math.sqrt(log_n / n)
        if score > best_score:
            best_score = score
            best = (key, child)
    assert best is not None
    return best
