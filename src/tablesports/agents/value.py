"""`value:path=FILE`: plays the step whose resulting position a learned value network rates best.

    tablesports train hanniball --method value --out runs/hanniball-value
    tablesports arena hanniball --agents value:path=runs/hanniball-value/value.npz hanniball-greedy

The network (made by `tablesports train --method value`, `envs/value_train.py`) reads the game's
observation tensor of a position from one player's side and answers that player's expected
result, -1 (a loss) to 1 (a win). The agent tries every legal action on a clone and keeps the one
whose position the network rates best for the mover: a position that ends the game scores its
true result, and a chance node (say, a roll the step starts) the mean over its outcomes. This is
one step of policy improvement over the play the network was fitted to, so each round of
training on the agent's own games can play better than the last.

The file is numpy's `.npz`, read without pickle (it loads no code): per layer `i` a float32
weight `w{i}` (out x in) and bias `b{i}`, ReLU between layers and tanh after the last (one
output); and `game`, `features` (the tensor's length) and `trained` (a line on how it was made).
Needs numpy (the `rl` extra). Like `mcts`, it sees the whole state: use it on perfect-information
games. A web server never offers it (its file is a path), so no player can make a server read one.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from tablesports.agents.encoder import Encoder
from tablesports.core.errors import AgentError
from tablesports.core.protocol import CHANCE, TERMINAL, Action, Game, State, validate_options
from tablesports.core.registry import game_tensor


class ValueOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    path: str = Field(..., description="the value network's .npz file (tablesports train)")
    epsilon: float = Field(0.0, ge=0.0, le=1.0, description="chance of a random step")
    base: str = Field(
        "none",
        description="'none' or a bot with an evaluation (`score`), the net learning a correction",
    )
    weight: float = Field(5.0, ge=0.0, description="the net's value's weight beside base's score")
    iterations: int = Field(
        0,
        ge=0,
        description="0: one step of lookahead; N: an MCTS of N simulations scored by the net",
    )
    c: float = Field(1.4, ge=0.0, description="UCT exploration constant (with iterations)")
    prior: str = Field("none", description="an agent whose step the search expands first")
    widen: int = Field(0, ge=0, description="steps tried per node beside the prior's (0: all)")
    margin: float = Field(0.0, ge=0.0, description="value another step needs over the prior's")


class ValueNet:
    """A value network in numpy: `values(batch)` -> one value in [-1, 1] a row."""

    def __init__(self, path: Path) -> None:
        if not path.is_file():
            raise AgentError(
                f"value: no network file {str(path)!r}; make one with `tablesports train GAME "
                "--method value --out FOLDER` (it writes FOLDER/value.npz)"
            )
        try:
            with path.open("rb") as f, np.load(f, allow_pickle=False) as data:
                self.layers: list[tuple[np.ndarray, np.ndarray]] = []
                while f"b{len(self.layers)}" in data:
                    i = len(self.layers)
                    self.layers.append(
                        (
                            data[f"w{i}"].astype(np.float32).T.copy(),
                            data[f"b{i}"].astype(np.float32),
                        )
                    )
                self.facts = {k: str(data[k]) for k in ("game", "features", "trained") if k in data}
        except (OSError, ValueError, KeyError) as exc:
            raise AgentError(f"value: {path} is not a value network file ({exc})") from None
        if not self.layers or self.layers[-1][0].shape[1] != 1:
            raise AgentError(f"value: {path} has no layers ending in one output (w0, b0, ...)")

    @property
    def features(self) -> int:
        return int(self.layers[0][0].shape[0])

    def values(self, x: np.ndarray) -> np.ndarray:
        """The value of each row of `x` (batch x features) for the player it was encoded for."""
        for weight, bias in self.layers[:-1]:
            x = np.maximum(x @ weight + bias, 0.0)
        weight, bias = self.layers[-1]
        return np.tanh(x @ weight + bias)[:, 0]


def load_network(path: str | Path, game: Game) -> ValueNet:
    """The network in `path`, checked to be one for `game`'s tensor."""
    net = ValueNet(Path(path))
    plays = net.facts.get("game")
    if plays != game.info.id:
        raise AgentError(f"value: {path} was trained for {plays}, not {game.info.id}")
    size = int(np.prod(game_tensor(game.info.id).tensor_shape(game)))
    if net.features != size:
        raise AgentError(
            f"value: {path} reads {net.features} features but {game.info.id} with these options "
            f"has {size}: train it again for these options"
        )
    return net


class ValueAgent:
    """One step of lookahead over a learned value; deterministic unless `epsilon` is set."""

    name = "value"
    Options = ValueOptions

    def __init__(self, game: Game, seed: int = 0, **params: Any) -> None:
        options = validate_options(ValueOptions, params, "agent 'value'")
        assert isinstance(options, ValueOptions)
        self.options = options
        self.game = game
        self.net = load_network(options.path, game)
        self.encode = Encoder(game)
        self.rng = random.Random(seed)
        self.base: Any = None
        if options.base != "none":
            from tablesports.agents.registry import make_agent  # agents by name, same layer

            self.base = make_agent(options.base, game, seed)
            if not callable(getattr(self.base, "score", None)):
                raise AgentError(
                    f"value: base={options.base!r} has no evaluation to correct (a `score"
                    "(state, player)` method); choose a game bot that has one, e.g. "
                    "hanniball-greedy, or base=none"
                )
        self.search: Any = None
        if options.iterations:
            from tablesports.agents.mcts import MCTSAgent

            self.search = MCTSAgent(
                game,
                seed,
                iterations=options.iterations,
                c=options.c,
                prior=options.prior,
                widen=options.widen,
                margin=options.margin,
                rollout_steps=1,
            )
            self.search.rollout = NetLeaf(self)

    def reset(self, seed: int) -> None:
        self.rng.seed(seed)

    def step(self, state: State) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if self.options.epsilon and self.rng.random() < self.options.epsilon:
            return self.rng.choice(actions)
        if self.search is not None:
            return self.search.step(state)
        scores = self.scores(state, actions)
        best = max(scores)
        # ties (as at the start, where mirror steps rate alike) go to the first in legal order
        return actions[scores.index(best)]

    def scores(self, state: State, actions: Any) -> list[float]:
        """The mover's value of the position after each action."""
        me = state.current_player()
        base = self.base
        weight = self.options.weight if base is not None else 1.0
        known = [0.0] * len(actions)  # results of positions that ended, weighted
        rows: list[np.ndarray] = []
        owner: list[tuple[int, float]] = []  # per row: (action index, probability)
        for i, action in enumerate(actions):
            child = state.clone()
            child.apply_legal(action)
            if child.current_player() == CHANCE:
                outcomes = child.chance_outcomes()
            else:
                outcomes = [(None, 1.0)]
            for outcome, p in outcomes:
                after = child
                if outcome is not None:
                    after = child.clone()
                    after.apply_legal(outcome)
                if base is not None:
                    known[i] += p * base.score(after, me)
                if after.current_player() == TERMINAL:
                    known[i] += p * weight * after.returns()[me]
                else:
                    rows.append(self.encode(after, me))
                    owner.append((i, p))
        if rows:
            for (i, p), value in zip(owner, self.net.values(np.stack(rows)), strict=True):
                known[i] += p * weight * float(value)
        return known


class NetLeaf:
    """Scores a search's new leaf with the network (in place of a rollout)."""

    def __init__(self, agent: ValueAgent) -> None:
        self.agent = agent
        self.players = agent.game.info.players

    def reset(self, seed: int) -> None:
        pass

    def run(self, state: State, rng: random.Random) -> list[float]:
        player = state.current_player()
        if player == TERMINAL:
            return state.returns()
        if player == CHANCE:
            state.apply_legal(state.sample_chance(rng))
            return self.run(state, rng)
        v = float(self.agent.net.values(self.agent.encode(state, player)[None, :])[0])
        return [v if p == player else -v for p in range(self.players)]
