"""Play seeded games and trace what the game-quality metrics (`arena.metrics`) need.

The games are `simulate`'s: game i has seed `seed + i`, the agents rotated by i when seats
swap, played by `match.play_match` through `engines.run_many`, so any number of jobs gives the
same traces. Each seat's agent is wrapped in a `Watcher` that, before the agent moves, notes
the number of legal actions, the evaluation of the position for every seat and (for clarity)
the mover's evaluation of the position after each of its actions (at most `clarity` of them,
drawn with a seeded generator of its own; an action that starts a roll is rated over the roll's
outcomes): the agent sees the same state and draws the same numbers as without it, so a traced
game is the game `simulate` plays.

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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from tablesports.agents.registry import make_agent
from tablesports.agents.search import Rollout, SearchOptions, has_evaluation
from tablesports.arena.engines import in_order, run_many
from tablesports.arena.figures import FigureCounter
from tablesports.arena.match import DEFAULT_MAX_STEPS, play_match
from tablesports.arena.metrics import Trace
from tablesports.arena.simulate import SimulationError, seating_of
from tablesports.core.agent import Agent
from tablesports.core.errors import AgentError, OptionError, TablesportsError
from tablesports.core.protocol import CHANCE, Action, Game, State, validate_options
from tablesports.core.records import Record
from tablesports.core.registry import game_ids, register

EVALUATIONS = ("heuristic", "search", "value")
CLARITY_ACTIONS = 16
"""Actions rated per decision for clarity, by default (drawn at random when there are more)."""
CHANCE_EXACT, CHANCE_SAMPLES = 12, 4
"""Clarity rates an action followed by chance over its outcomes when they are at most
CHANCE_EXACT, else over CHANCE_SAMPLES of them drawn."""


class AnalysisError(SimulationError):
    """An analysis that cannot run (an unknown evaluation, a game without a heuristic)."""


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

    def __init__(self, agent: Agent, notes: _Notes) -> None:
        self.agent = agent
        self.name = agent.name
        self.notes = notes

    def reset(self, seed: int) -> None:
        self.agent.reset(seed)

    def step(self, state: State) -> Action:
        self.notes.see(state)
        return self.agent.step(state)


class _Notes:
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
        """The mover's evaluation of the position an action leads to; when a chance outcome
        follows (a roll the action starts), the mean over its outcomes (exact when there are
        at most `CHANCE_EXACT`, else over `CHANCE_SAMPLES` drawn), so that an action rated
        before its dice are not all rated alike."""
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
            total += p * self.evaluate(after)[me]
        return total

    def step_done(self, state: State, player: int, action: object, events: list[Any]) -> None:
        self.steps += 1


@dataclass(frozen=True, slots=True)
class AnalysisPlan:
    """What a worker needs to trace any game of the analysis; plain picklable data."""

    game_cls: type[Game]
    options: dict[str, Any]
    agents: tuple[str, ...]
    seed: int
    evaluation: str
    clarity: int = CLARITY_ACTIONS
    swap_seats: bool = True
    max_steps: int = DEFAULT_MAX_STEPS
    trace: bool = True
    """False: results and lengths only (the skill-gap games)."""
    keep_records: bool = False


class Analyst:
    """One process's game, agents and evaluation, built once and reused for every game."""

    def __init__(self, plan: AnalysisPlan, game: Game | None = None) -> None:
        self.plan = plan
        self.game = game if game is not None else plan.game_cls(**plan.options)
        evaluate = make_evaluator(plan.evaluation, self.game, plan.seed) if plan.trace else None
        self.notes = _Notes(evaluate or (lambda s: []), plan.clarity if plan.trace else 0)
        self.agents: list[Agent] = [make_agent(spec, self.game) for spec in plan.agents]
        self.counter = FigureCounter(self.game)

    def play(self, index: int) -> Trace:
        plan, notes, counter = self.plan, self.notes, self.counter
        seed = plan.seed + index
        seating = seating_of(index, len(self.agents), plan.swap_seats)
        notes.start(seed)
        counter.start()
        seated: list[Any] = [self.agents[a] for a in seating]
        if plan.trace:
            seated = [Watcher(agent, notes) for agent in seated]

        def on_step(state: State, player: int, action: object, events: list[Any]) -> None:
            notes.step_done(state, player, action, events)
            if counter.on_step is not None:
                counter.on_step(state, player, action, events)

        returns: tuple[float, ...] | None
        record: Record | None = None
        try:
            record = play_match(
                self.game,
                seated,
                seed,
                max_steps=plan.max_steps,
                on_step=on_step,
                on_end=counter.finish,
            )
            returns = tuple(record.returns or ())
            steps = len(record.history)
            record.meta["index"] = index
            record.meta["figures"] = counter.figures
        except AgentError as exc:
            if notes.steps < plan.max_steps:
                raise SimulationError(f"game {index} (seed {seed}): {exc}") from None
            returns, steps = None, notes.steps  # stopped at the cap: a timeout
        except TablesportsError as exc:
            raise SimulationError(f"game {index} (seed {seed}): {exc}") from None
        choices = tuple(notes.choices)
        if not plan.trace:  # the decisions are counted from the history instead
            choices = ()
        return Trace(
            index=index,
            seed=seed,
            seating=seating,
            returns=returns,
            steps=steps,
            choices=choices,
            values=tuple(notes.values) if plan.trace else (),
            options=tuple(notes.options),
            figures=dict(counter.figures) if returns is not None else {},
            record=record if plan.keep_records and returns is not None else None,
        )


def _prepare(plan: AnalysisPlan) -> Analyst:
    game_id = plan.game_cls.info.id
    if game_id not in game_ids():  # a plugin or test game registered in the parent
        register(game_id, plan.game_cls)
    return Analyst(plan)


def _play(analyst: Analyst, index: int) -> Trace:
    return analyst.play(index)


def trace_games(
    game: Game,
    agents: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    evaluation: str = "heuristic",
    clarity: int = CLARITY_ACTIONS,
    trace: bool = True,
    keep_records: bool = False,
    jobs: int = 1,
    swap_seats: bool = True,
    max_steps: int = DEFAULT_MAX_STEPS,
    on_arrival: Callable[[Trace], None] | None = None,
) -> list[Trace]:
    """Play and trace games 0 .. games-1 (`simulate`'s seeds and seating), in index order."""
    if len(agents) != game.info.players:
        raise AnalysisError(
            f"{game.info.id} is played by {game.info.players} agents, got {len(agents)}: "
            + ", ".join(agents)
        )
    if games < 1:
        raise AnalysisError(f"the number of games must be 1 or more, got {games}")
    if clarity < 0:
        raise AnalysisError(f"--clarity must be 0 or more, got {clarity}")
    plan = AnalysisPlan(
        type(game),
        game.options.model_dump(),
        tuple(agents),
        seed,
        evaluation,
        clarity,
        swap_seats,
        max_steps,
        trace,
        keep_records,
    )
    here = Analyst(plan, game)  # a bad spec or evaluation fails before any process starts
    played = run_many(
        _prepare, _play, plan, list(range(games)), jobs=jobs, context=here, error=AnalysisError
    )
    return list(in_order(_told(played, on_arrival), index=lambda t: t.index))


def _told(traces: Iterator[Trace], on_arrival: Callable[[Trace], None] | None) -> Iterator[Trace]:
    for trace in traces:
        if on_arrival is not None:
            on_arrival(trace)
        yield trace
