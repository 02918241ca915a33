"""What MCTS and IS-MCTS share: options, the search budget, rollouts and the tree node.

Everything here speaks only the core protocol, so it works on every game. Actions taken from
`legal_actions()` or `sample_chance()` are applied with `apply_legal` (no legality checks):
clone and apply are the cost of a search, and nothing else should be.
"""

from __future__ import annotations

import random
import time
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator

from tablesports.core.agent import Agent
from tablesports.core.protocol import CHANCE, TERMINAL, Action, Game, State, validate_options

DEFAULT_CAP_WITH_EVALUATION = 100
"""Rollout steps before `game.evaluate` cuts a rollout off, when the game has an evaluation."""


class SearchOptions(BaseModel):
    """The parameters of a tree search; unknown ones are refused with the list of known ones."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    iterations: int = Field(1000, ge=0, description="simulations per move (0: no limit)")
    seconds: float = Field(0.0, ge=0.0, description="time per move in seconds (0: no limit)")
    c: float = Field(1.4, ge=0.0, description="UCT exploration constant")
    rollout: str = Field("random", description="'random' or an agent name, e.g. a game's bot")
    epsilon: float = Field(
        0.0, ge=0.0, le=1.0, description="chance of a random move in a rollout led by an agent"
    )
    rollout_steps: int | None = Field(
        None,
        ge=0,
        description=(
            "steps before a rollout is cut off and scored with game.evaluate (0: play to the "
            f"end; default {DEFAULT_CAP_WITH_EVALUATION} if the game has an evaluation, else 0)"
        ),
    )

    @model_validator(mode="after")
    def _some_budget(self) -> SearchOptions:
        if self.iterations == 0 and self.seconds == 0.0:
            raise ValueError("iterations=0 and seconds=0 leave no budget: set one of them")
        return self


def parse_options(model: type[SearchOptions], params: dict[str, Any], owner: str) -> SearchOptions:
    """Validate agent parameters; `OptionError` names the bad one and the allowed ones."""
    options = validate_options(model, params, f"agent {owner!r}")
    assert isinstance(options, SearchOptions)
    return options


def has_evaluation(game: Game) -> bool:
    """Whether the game overrides `Game.evaluate` (a heuristic value for cut-off rollouts)."""
    return type(game).evaluate is not Game.evaluate


class Budget:
    """Iterations and/or seconds for one move; whichever runs out first ends the search."""

    __slots__ = ("deadline", "iterations")

    def __init__(self, iterations: int, seconds: float) -> None:
        self.iterations = iterations if iterations > 0 else 1 << 62
        self.deadline = time.perf_counter() + seconds if seconds > 0 else 0.0

    def allows(self, done: int) -> bool:
        if done >= self.iterations:
            return False
        return not self.deadline or done == 0 or time.perf_counter() < self.deadline


class Node:
    """A tree node: children keyed by action (or chance outcome), statistics for its mover.

    `value` sums the returns of `mover`, the player whose action (or CHANCE) led here, so a
    parent picks among its children by their own values. `avail` counts how often the node's
    action was available (IS-MCTS); `untried` is the shuffled list of unexpanded actions (MCTS).
    """

    __slots__ = ("avail", "children", "mover", "untried", "value", "visits")

    def __init__(self, mover: int) -> None:
        self.children: dict[Action, Node] = {}
        self.mover = mover
        self.untried: list[Action] | None = None
        self.value = 0.0
        self.visits = 0
        self.avail = 0


class PriorOptions(SearchOptions):
    """The search options, plus a prior agent whose move the search refines."""

    prior: str = Field("none", description="'none' or an agent whose move is played by default")
    margin: float = Field(
        0.1,
        ge=0.0,
        description="mean value another move needs above the prior's choice to be played instead",
    )


def make_prior(game: Game, options: PriorOptions, seed: int) -> Agent | None:
    """The agent named by `options.prior`, or None."""
    if options.prior == "none":
        return None
    from tablesports.agents.registry import make_agent  # agents by name, same layer

    return make_agent(options.prior, game, seed)


def final_choice(root: Node, choice: Action, margin: float) -> Action:
    """The most visited move, unless the prior's `choice` is within `margin` of its value.

    A few noisy rollouts should not overrule the prior: only a clearly better move does.
    """
    best = best_action(root)
    if choice is not None and best != choice and choice in root.children:
        mine, other = root.children[choice], root.children[best]
        if other.value / other.visits < mine.value / mine.visits + margin:
            return choice
    return best


def best_action(root: Node) -> Action:
    """The most visited child's action; ties go to the better mean value, then first seen."""
    best: Action = None
    key = (-1, -2.0)
    for action, child in root.children.items():
        k = (child.visits, child.value / child.visits if child.visits else -2.0)
        if k > key:
            key, best = k, action
    return best


def backpropagate(path: list[Node], values: list[float]) -> None:
    for node in path:
        node.visits += 1
        if node.mover >= 0:
            node.value += values[node.mover]


class Rollout:
    """Plays a state on to the end (or to the cap) and scores it."""

    def __init__(self, game: Game, options: SearchOptions, seed: int) -> None:
        self.game = game
        self.players = game.info.players
        cap = options.rollout_steps
        if cap is None:
            cap = DEFAULT_CAP_WITH_EVALUATION if has_evaluation(game) else 0
        self.cap = cap
        self.epsilon = options.epsilon
        self.policy: Agent | None = None
        if options.rollout != "random":
            from tablesports.agents.registry import make_agent  # agents by name, same layer

            self.policy = make_agent(options.rollout, game, seed)

    def reset(self, seed: int) -> None:
        if self.policy is not None:
            self.policy.reset(seed)

    def run(self, state: State, rng: random.Random) -> list[float]:
        """Advance `state` (a scratch copy) and return a value per player."""
        cap = self.cap
        policy = self.policy
        steps = 0
        while True:
            player = state.current_player()
            if player == TERMINAL:
                return state.returns()
            if cap and steps >= cap:
                values = self.game.evaluate(state)
                return list(values) if values is not None else [0.0] * self.players
            if player == CHANCE:
                state.apply_legal(state.sample_chance(rng))
            elif policy is not None and not (self.epsilon and rng.random() < self.epsilon):
                state.apply_legal(policy.step(state))
            else:
                state.apply_legal(state.sample_legal(rng))
            steps += 1
