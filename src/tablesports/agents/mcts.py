"""UCT Monte Carlo tree search over the core protocol, for every game.

    >>> agent = make_agent("mcts:iterations=2000,c=1.4", game, seed=1)   # doctest: +SKIP
    >>> action = agent.step(state)                                        # doctest: +SKIP

Chance nodes are handled by sampling: each visit draws an outcome with `sample_chance` (so
outcomes come with their true probabilities, enumerable or not) and follows the child for that
outcome, so every decision node below a chance node sees one exact state and the values
converge to the expectation. Rollouts are random (or follow an agent named by `rollout=`), and
may be cut off after `rollout_steps` and scored with `game.evaluate(state)`.

On games with hundreds of legal actions a decision (a Blood Bowl turn), `prior=AGENT` names an
agent (a game's bot) whose choice is expanded first at every decision node, and `widen=K`
keeps only K other actions, drawn at random, beside it: the search then refines the bot's
play instead of spreading a small budget over every square of the pitch.

This agent sees the whole state: on a hidden-information game it cheats. Use `ismcts` there.
"""

from __future__ import annotations

import random
from typing import Any

from pydantic import Field

from tablesports.agents.search import (
    Budget,
    Node,
    PriorOptions,
    Rollout,
    backpropagate,
    final_choice,
    make_prior,
    parse_options,
)
from tablesports.core.agent import Agent
from tablesports.core.protocol import CHANCE, TERMINAL, Action, Game, State
from tablesports.core.uct import ucb1


class MCTSOptions(PriorOptions):
    """The search options, a prior agent, and a cap on the actions tried at a node."""

    widen: int = Field(
        0, ge=0, description="actions tried per decision node beside the prior's (0: all)"
    )


class MCTSAgent:
    """UCT with sampled chance outcomes; seeded, so an iteration budget gives the same move."""

    name = "mcts"
    Options = MCTSOptions

    def __init__(self, game: Game, seed: int = 0, **params: Any) -> None:
        self.game = game
        options = parse_options(self.Options, params, self.name)
        assert isinstance(options, MCTSOptions)
        self.options = options
        self.rng = random.Random(seed)
        self.rollout = Rollout(game, options, seed)
        # Two instances: a bot may remember plans between moves, so the one asked about the
        # real positions (the guide) never sees the search's imagined ones.
        self.prior: Agent | None = make_prior(game, options, seed)
        self.guide: Agent | None = make_prior(game, options, seed)
        self.last_iterations = 0
        """Simulations run for the last move (for `bench`)."""
        self.last_root: Node | None = None
        """The last search tree (for tests and analysis)."""

    def reset(self, seed: int) -> None:
        self.rng.seed(seed)
        self.rollout.reset(seed)
        if self.prior is not None and self.guide is not None:
            self.prior.reset(seed)
            self.guide.reset(seed)

    def step(self, state: State) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            self.last_iterations = 0
            return actions[0]
        root = Node(-1)
        choice = None
        if self.guide is not None:
            choice = self.guide.step(state)
            root.untried = self._candidates(state, choice)
        budget = Budget(self.options.iterations, self.options.seconds)
        done = 0
        while budget.allows(done):
            self._simulate(root, state)
            done += 1
        self.last_iterations = done
        self.last_root = root
        return final_choice(root, choice, self.options.margin)

    def _simulate(self, root: Node, root_state: State) -> None:
        """One iteration: select, expand one node, roll out, back the values up."""
        rng = self.rng
        c = self.options.c
        state = root_state.clone()
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
            untried = node.untried
            if untried is None:
                untried = node.untried = self._candidates(state)
            if untried:
                action = untried.pop()
                state.apply_legal(action)
                child = node.children[action] = Node(player)
                node = child
                path.append(node)
                break
            action, node = ucb1(node.children, node.visits, c)
            state.apply_legal(action)
            path.append(node)
        values = self.rollout.run(state, rng)
        backpropagate(path, values)

    def _candidates(self, state: State, choice: Action = None) -> list[Action]:
        """The actions to expand at a new node, the last one (the prior's choice) first."""
        actions = list(state.legal_actions())
        self.rng.shuffle(actions)
        widen = self.options.widen
        if widen and len(actions) > widen:
            actions = actions[:widen]
        if self.prior is not None and len(actions) > 1:
            if choice is None:
                choice = self.prior.step(state)
            if choice in actions:
                actions.remove(choice)
            actions.append(choice)
        return actions
