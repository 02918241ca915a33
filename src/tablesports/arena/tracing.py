"""What the quality metrics see of a game while it is played: a `Watcher` around each seat's
agent notes, before the agent moves, the number of legal actions, the evaluation of the
position for every seat and (for clarity) the mover's evaluation of the position after each of
its actions (at most `clarity` of them, drawn with a seeded generator of its own; an action
that starts a roll is rated at the next decision, over the roll's outcomes). The agent sees the
same state and draws the same numbers as without it, so a traced game is the game `simulate`
plays.

`analysis` plays games with it for `tablesports analyse`; `simulate`'s runner uses it for
`compare --metrics` and `sweep --metrics`, the metrics of each game becoming figures.

The evaluation is named by a spec:

- `heuristic` (the default): the game's own `evaluate` (a hand-written value in [-1, 1] per
  seat, read off the whole state); the cheapest.
- `search:playouts=8,rollout=random,rollout_steps=10`: the mean result of a few playouts from
  the position, each cut off after `rollout_steps` and scored by the heuristic (`agents.search`'s
  rollouts).
- `value:path=FILE`: a value network made by `tablesports train --method value` (needs numpy).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from tablesports.agents.search import Rollout, SearchOptions, has_evaluation
from tablesports.arena.metrics import Trace, per_game
from tablesports.core.agent import Agent
from tablesports.core.errors import OptionError, TablesportsError
from tablesports.core.protocol import CHANCE, Action, Game, State, validate_options


class AnalysisError(TablesportsError):
    """An analysis that cannot run (an unknown evaluation, a game without a heuristic)."""


EVALUATIONS = ("heuristic", "search", "value")
CLARITY_ACTIONS = 16
"""Actions rated per decision for clarity, by default (drawn at random when there are more)."""
CHANCE_EXACT, CHANCE_SAMPLES, CHANCE_DEPTH = 12, 4, 8
"""Clarity rates an action followed by chance over its outcomes when they are at most
CHANCE_EXACT, else over CHANCE_SAMPLES of them drawn; later chance steps, up to CHANCE_DEPTH,
are drawn once each."""


# --- evaluations -------------------------------------------------------------------------------


class SearchEvalOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    playouts: int = Field(8, ge=1, le=10_000, description="playouts from each position")
    rollout: str = Field("random", description="'random' or an agent that plays them out")
    rollout_steps: int = Field(
        10, ge=0, description="steps before a playout is scored by the heuristic (0: to the end)"
    )


class ValueEvalOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    path: str = Field(..., description="the value network's .npz file (tablesports train)")


Evaluator = Callable[[State], list[float]]


def _spec(spec: str) -> tuple[str, dict[str, str]]:
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise AnalysisError(f"--evaluation {spec!r}: parameters are key=value, got {item!r}")
        params[key.strip()] = value.strip()
    return name, params


def make_evaluator(spec: str, game: Game, seed: int = 0) -> Evaluator:
    """The evaluation a spec names (see the module); an error names what is allowed."""
    name, params = _spec(spec)
    try:
        if name == "heuristic":
            validate_options(_NoOptions, params, "evaluation 'heuristic'")
            if not has_evaluation(game):
                raise AnalysisError(
                    f"{game.info.id} has no heuristic evaluation: use --evaluation search"
                )
            return _heuristic(game)
        if name == "search":
            opts = validate_options(SearchEvalOptions, params, "evaluation 'search'")
            assert isinstance(opts, SearchEvalOptions)
            return _search(game, opts, seed)
        if name == "value":
            opts = validate_options(ValueEvalOptions, params, "evaluation 'value'")
            assert isinstance(opts, ValueEvalOptions)
            return _value(game, opts.path)
    except OptionError as exc:
        raise AnalysisError(str(exc)) from None
    raise AnalysisError(
        f"unknown evaluation {name!r}; the evaluations are: heuristic, "
        "search:playouts=N,rollout=AGENT,rollout_steps=N, value:path=FILE"
    )


class _NoOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _heuristic(game: Game) -> Evaluator:
    players = game.info.players

    def evaluate(state: State) -> list[float]:
        if state.is_terminal():
            return list(state.returns())
        values = game.evaluate(state)
        return list(values) if values is not None else [0.0] * players

    return evaluate


def _search(game: Game, options: SearchEvalOptions, seed: int) -> Evaluator:
    search = SearchOptions(rollout=options.rollout, rollout_steps=options.rollout_steps)
    rollout = Rollout(game, search, seed)
    rng = random.Random(seed)
    players = game.info.players

    def evaluate(state: State) -> list[float]:
        if state.is_terminal():
            return list(state.returns())
        total = [0.0] * players
        for _ in range(options.playouts):
            for s, v in enumerate(rollout.run(state.clone(), rng)):
                total[s] += v
        return [t / options.playouts for t in total]

    return evaluate


def _value(game: Game, path: str) -> Evaluator:
    try:
        from tablesports.agents.encoder import Encoder
        from tablesports.agents.value import load_network
    except ImportError:
        raise AnalysisError(
            "--evaluation value needs numpy: pip install 'tablesports[rl]'"
        ) from None
    net = load_network(path, game)
    encode = Encoder(game)
    players = game.info.players

    def evaluate(state: State) -> list[float]:
        if state.is_terminal():
            return list(state.returns())
        import numpy as np

        rows = np.stack([encode(state, p) for p in range(players)])
        return [float(v) for v in net.values(rows)]

    return evaluate


# --- tracing a game ----------------------------------------------------------------------------


class Watcher:
    """An agent wrapped so that each decision it makes is traced first (see the module)."""

    def __init__(self, agent: Agent, notes: Notes) -> None:
        self.agent = agent
        self.name = agent.name
        self.notes = notes

    def reset(self, seed: int) -> None:
        self.agent.reset(seed)

    def step(self, state: State) -> Action:
        self.notes.see(state)
        return self.agent.step(state)


class Notes:
    """What the watchers saw of the game being played."""

    def __init__(self, evaluate: Evaluator, clarity: int) -> None:
        self.evaluate = evaluate
        self.clarity = clarity
        self.rng = random.Random(0)
        self.start(0)

    def start(self, seed: int) -> None:
        self.rng.seed(seed)
        self.choices: list[int] = []
        self.values: list[tuple[float, ...]] = []
        self.options: list[tuple[float, ...]] = []
        self.steps = 0

    def see(self, state: State) -> None:
        actions = state.legal_actions()
        self.choices.append(len(actions))
        self.values.append(tuple(self.evaluate(state)))
        if self.clarity and len(actions) > 1:
            me = state.current_player()
            tried = list(actions)
            if len(tried) > self.clarity:
                tried = self.rng.sample(tried, self.clarity)
            rated = []
            for action in tried:
                child = state.clone()
                child.apply_legal(action)
                rated.append(self.rate(child, me))
            self.options.append(tuple(rated))

    def rate(self, child: State, me: int) -> float:
        """The mover's evaluation of the position an action leads to. When chance follows (a
        roll the action starts), the position is the next decision's: the first chance step
        over its outcomes (exactly when there are at most `CHANCE_EXACT`, else over
        `CHANCE_SAMPLES` drawn), each later one drawn once (at most `CHANCE_DEPTH`), so that
        actions are not all rated alike before their dice."""
        if child.current_player() != CHANCE:
            return self.evaluate(child)[me]
        outcomes = child.chance_outcomes()
        if not outcomes or len(outcomes) > CHANCE_EXACT:
            share = 1 / CHANCE_SAMPLES
            outcomes = [(child.sample_chance(self.rng), share) for _ in range(CHANCE_SAMPLES)]
        total = 0.0
        for outcome, p in outcomes:
            after = child.clone()
            after.apply_legal(outcome)
            for _ in range(CHANCE_DEPTH):
                if after.current_player() != CHANCE:
                    break
                after.apply_legal(after.sample_chance(self.rng))
            total += p * self.evaluate(after)[me]
        return total

    def step_done(self, state: State, player: int, action: object, events: list[Any]) -> None:
        self.steps += 1

    def watch(self, agents: Sequence[Agent], seed: int) -> list[Agent]:
        """The seats' agents wrapped, for a new game of seed `seed`."""
        self.start(seed)
        return [Watcher(agent, self) for agent in agents]

    def figures(self, returns: Sequence[float] | None, steps: int) -> dict[str, float]:
        """The metrics the game just played defines, by name (`metrics.per_game`)."""
        trace = Trace(
            0,
            0,
            (),
            None if returns is None else tuple(returns),
            steps,
            tuple(self.choices),
            tuple(self.values),
            tuple(self.options),
        )
        return per_game(trace)
