"""Play seeded games and trace what the game-quality metrics (`arena.metrics`) need.

The games are `simulate`'s: game i has seed `seed + i`, the agents rotated by i when seats
swap, played by `match.play_match` through `engines.run_many`, so any number of jobs gives the
same traces. Each seat's agent is wrapped in a `tracing.Watcher` (see there, with the
evaluations a spec may name).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from tablesports.agents.registry import make_agent
from tablesports.arena.engines import in_order, run_many
from tablesports.arena.figures import FigureCounter
from tablesports.arena.match import DEFAULT_MAX_STEPS, play_match
from tablesports.arena.metrics import Trace
from tablesports.arena.simulate import SimulationError, register_in_worker, seating_of
from tablesports.arena.tracing import (
    CLARITY_ACTIONS,
    AnalysisError,
    Notes,
    Watcher,
    make_evaluator,
)
from tablesports.core.agent import Agent
from tablesports.core.errors import AgentError, TablesportsError
from tablesports.core.protocol import Game, State
from tablesports.core.records import Record

__all__ = ["AnalysisError", "make_evaluator", "trace_games"]


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
        self.notes = Notes(evaluate or (lambda s: []), plan.clarity if plan.trace else 0)
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
        return Trace(  # without `trace` (the skill-gap games) no watcher noted anything
            index=index,
            seed=seed,
            seating=seating,
            returns=returns,
            steps=steps,
            choices=tuple(notes.choices),
            values=tuple(notes.values),
            options=tuple(notes.options),
            figures=dict(counter.figures) if returns is not None else {},
            record=record if plan.keep_records and returns is not None else None,
        )


def _prepare(plan: AnalysisPlan) -> Analyst:
    register_in_worker(plan.game_cls)
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
