"""Information-set MCTS (single observer, Cowling, Powley & Whitehouse 2012) for every game.

Each iteration starts from a determinisation, `state.resample_hidden(player, rng)`: a state the
searching player cannot tell from the real one, with everything hidden from it drawn afresh.
The search never reads the real state otherwise, so it never looks at cards it cannot see: given
the same seed, its choice depends only on what its player observes.

One tree serves every determinisation. Its edges are actions (and chance outcomes); the legal
actions at a node differ from one determinisation to the next, so a child's UCB score counts
how often it was *available* rather than how often its parent was visited.
"""

from __future__ import annotations

import math
import random
from typing import Any

from tablesports.agents.search import (
    Budget,
    Node,
    Rollout,
    SearchOptions,
    backpropagate,
    best_action,
    parse_options,
)
from tablesports.core.protocol import CHANCE, TERMINAL, Action, Game, State


class ISMCTSAgent:
    """SO-ISMCTS with determinisations from `resample_hidden`; seeded and reproducible."""

    name = "ismcts"
    Options = SearchOptions

    def __init__(self, game: Game, seed: int = 0, **params: Any) -> None:
        self.game = game
        self.options = parse_options(self.Options, params, self.name)
        self.rng = random.Random(seed)
        self.rollout = Rollout(game, self.options, seed)
        self.last_iterations = 0
        self.last_root: Node | None = None
        """The last search tree (for tests and analysis)."""

    def reset(self, seed: int) -> None:
        self.rng.seed(seed)
        self.rollout.reset(seed)

    def step(self, state: State) -> Action:
        player = state.current_player()
        actions = state.legal_actions()  # the player's own choices: visible to it
        if len(actions) == 1:
            self.last_iterations = 0
            return actions[0]
        root = Node(-1)
        budget = Budget(self.options.iterations, self.options.seconds)
        done = 0
        while budget.allows(done):
            self._simulate(root, state.resample_hidden(player, self.rng))
            done += 1
        self.last_iterations = done
        self.last_root = root
        return best_action(root)

    def _simulate(self, root: Node, state: State) -> None:
        """One iteration on a determinisation (`state` is a fresh copy: it is advanced)."""
        rng = self.rng
        c = self.options.c
        node = root
        path = [root]
        while True:
            player = state.current_player()
            if player == TERMINAL:
                break
            if player == CHANCE:
                outcome = state.sample_chance(rng)
                state.apply_legal(outcome)
                child = node.children.get(outcome)
                if child is None:
                    child = node.children[outcome] = Node(CHANCE)
                node = child
                path.append(node)
                continue
            actions = state.legal_actions()
            children = node.children
            untried = [a for a in actions if a not in children]
            if untried:
                action = untried[rng.randrange(len(untried))]
                state.apply_legal(action)
                node = Node(player)
                children[action] = node
                node.avail = 1
                path.append(node)
                break
            action, node = _select(children, actions, c)
            state.apply_legal(action)
            path.append(node)
        values = self.rollout.run(state, rng)
        backpropagate(path, values)


def _select(children: dict[Action, Node], actions: list[Action], c: float) -> tuple[Action, Node]:
    """UCB1 over the children available here, with availability counts in the log term."""
    best_score = -math.inf
    best: tuple[Action, Node] | None = None
    for action in actions:
        child = children[action]
        child.avail += 1
        n = child.visits
        score = child.value / n + c * math.sqrt(math.log(child.avail) / n)
        if score > best_score:
            best_score = score
            best = (action, child)
    assert best is not None
    return best
