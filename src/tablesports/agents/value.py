"""`value:net=NAME` (or `value:path=FILE`): plays the step whose resulting position a learned value
network rates best.

    tablesports train hanniball --method value --out runs/hanniball-value
    tablesports arena hanniball --agents value:path=runs/hanniball-value/value.npz hanniball-greedy
    tablesports arena hanniball --agents value:net=hanniball,base=hanniball-greedy hanniball-greedy

The network (made by `tablesports train --method value`, `envs/value_train.py`) reads the game's
observation tensor of a position from one player's side and answers that player's expected
result, -1 (a loss) to 1 (a win). The agent tries every legal action on a clone and keeps the one
whose position the network rates best for the mover: a position that ends the game scores its
true result, and a chance node (say, a roll the step starts) the mean over its outcomes (with
`outcomes=K`, the K likeliest; a parametric game's, such as a Juggers flick's noise, the
likeliest only unless told: each outcome there is a physics simulation), the chance nodes after
that an outcome drawn by the agent's seeded generator. With `base=BOT` the bot's evaluation
(`score(state, me)`) is added and the network, times `weight`, corrects it; a bot that names
the steps worth trying (`candidates(state)`, the Juggers aim bot's aimed flicks among a grid of
hundreds) is asked for them. This is one step of policy improvement over the play the network
was fitted to, so each round of training on the agent's own games can play better than the last.

Where hands are hidden (Jukem), the agent looks ahead from a determinisation
(`resample_hidden`): a position its seat cannot tell from the real one, so it never reads the
opponent's cards, and the network reads only the seat's own observation tensor.

`net=NAME` finds a network by name (`agents/nets/`: shipped in the package, or a web server's
library, `DIR/<game id>/NAME.npz`); `path=FILE` reads a file, and is for the command line only:
a web seat or a stored match never names a path (web/bots.py refuses it).

The file is numpy's `.npz`, read without pickle (it loads no code): per layer `i` a float32
weight `w{i}` (out x in) and bias `b{i}`, ReLU between layers and tanh after the last (one
output); and `game`, `features` (the tensor's length) and `trained` (a line on how it was made).
Needs numpy (the `rl` extra).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from tablesports.agents import nets
from tablesports.agents.encoder import Encoder
from tablesports.core.errors import AgentError
from tablesports.core.protocol import CHANCE, TERMINAL, Action, Game, State, validate_options
from tablesports.core.registry import game_tensor


class ValueOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    net: str | None = Field(
        None, description="a network by name: shipped in the package or the server's library"
    )
    path: str | None = Field(
        None, description="the value network's .npz file (tablesports train; command line only)"
    )
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
    prior: str = Field(
        "none",
        description="an agent whose step is played unless another rates `margin` better "
        "(with iterations: the search expands it first)",
    )
    widen: int = Field(0, ge=0, description="steps tried per node beside the prior's (0: all)")
    margin: float = Field(0.0, ge=0.0, description="value another step needs over the prior's")
    outcomes: int = Field(
        0,
        ge=0,
        description="a step's chance outcomes scored, likeliest first (0: all; 1 where the "
        "actions are parametric)",
    )


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


def network_for(options: ValueOptions, game: Game) -> ValueNet:
    """The network the options name: `net=NAME` (by name) or `path=FILE`, exactly one."""
    if (options.net is None) == (options.path is None):
        known = ", ".join(nets.names(game.info.id)) or "(none shipped)"
        raise AgentError(
            "value: name its network with net=NAME (the networks for "
            f"{game.info.id}: {known}) or, on the command line, path=FILE; exactly one"
        )
    if options.net is not None:
        return load_network(nets.find(options.net, game.info.id), game)
    assert options.path is not None
    return load_network(options.path, game)


class ValueAgent:
    """One step of lookahead over a learned value; seeded, so every game replays alike."""

    name = "value"
    Options = ValueOptions

    def __init__(self, game: Game, seed: int = 0, **params: Any) -> None:
        options = validate_options(ValueOptions, params, "agent 'value'")
        assert isinstance(options, ValueOptions)
        self.options = options
        self.game = game
        self.net = network_for(options, game)
        self.encode = Encoder(game)
        self.rng = random.Random(seed)
        self.hidden = game.info.information != "perfect"
        self.outcomes = options.outcomes or (1 if game.info.action_kind == "parametric" else 0)
        self.base: Any = None
        if options.base != "none" and options.iterations:
            # a search's leaf reads the network alone, on the scale of a result; a network
            # trained with base= is a correction to the bot's points, meaningless alone (it
            # lost all 40 games of HanniBall's measured `normal` so)
            raise AgentError(
                "value: iterations= with base= is not supported: the search scores its leaves "
                "with the network alone, and a network trained with base= only corrects that "
                "bot's score; use base= with one step of lookahead (iterations=0), or "
                "iterations= with a network trained without base="
            )
        if options.base != "none":
            from tablesports.agents.registry import make_agent  # agents by name, same layer

            self.base = make_agent(options.base, game, seed)
            if not callable(getattr(self.base, "score", None)):
                raise AgentError(
                    f"value: base={options.base!r} has no evaluation to correct (a `score"
                    "(state, player)` method); choose the game's heuristic bot (each has "
                    "one, e.g. hanniball-greedy), or base=none"
                )
        self.prior: Any = None
        if options.prior != "none" and not options.iterations:
            from tablesports.agents.registry import make_agent  # agents by name, same layer

            self.prior = make_agent(options.prior, game, seed)
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
        if self.prior is not None:
            self.prior.reset(seed)

    @property
    def scale(self) -> float:
        """What a rating of 1 is worth: `weight` beside a base's points, else 1 (a result)."""
        return self.options.weight if self.base is not None else 1.0

    def step(self, state: State) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        if self.options.epsilon and self.rng.random() < self.options.epsilon:
            return self.rng.choice(actions)
        if self.hidden:  # look ahead from a position this seat cannot tell from the real one
            state = state.resample_hidden(state.current_player(), self.rng)
        if self.search is not None:
            return self.search.step(state)
        named = getattr(self.base, "candidates", None)
        tried = named(state) if named is not None else None
        if tried:
            actions = tried
        if self.prior is not None:  # the prior's step unless another rates `margin` better
            chosen = self.prior.step(state)
            if chosen not in actions:
                actions = [*actions, chosen]
        scores = self.scores(state, actions)
        best = max(scores)
        if self.prior is not None:
            mine = scores[actions.index(chosen)]
            return (
                chosen
                if best - mine <= self.options.margin * self.scale
                else actions[scores.index(best)]
            )
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
            for after, p in self.outcomes_of(child):
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

    def outcomes_of(self, child: State) -> list[tuple[State, float]]:
        """The positions a step's chance node leads to, with their probabilities (the
        likeliest `outcomes` of them, renormalised), each settled: a chance node after it
        takes an outcome drawn by the agent's seeded generator, so the network and the base
        see a position where a player decides (or the end)."""
        if child.current_player() != CHANCE:
            return [(child, 1.0)]
        pairs = list(child.chance_outcomes())
        if self.outcomes and len(pairs) > self.outcomes:
            pairs = sorted(pairs, key=lambda op: -op[1])[: self.outcomes]
        total = sum(p for _, p in pairs) or 1.0
        out = []
        for outcome, p in pairs:
            after = child.clone()
            after.apply_legal(outcome)
            for _ in range(64):  # a chain of rolls is short; the bound only guards a loop
                if after.current_player() != CHANCE:
                    break
                after.apply_legal(after.sample_chance(self.rng))
            out.append((after, p / total))
        return out


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
