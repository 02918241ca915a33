"""Many seeded matches, in this process or over several (`engines.run_many`).

Game `i` is played with seed `seed + i` and, when seats swap, with the agents rotated by `i`,
so every game and therefore every figure is the same whatever the number of processes. Workers
rebuild the game from its class and options and the agents from their specs, so nothing but
plain data crosses the process boundary.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablesports.agents.registry import make_agent
from tablesports.arena import resume, work
from tablesports.arena.engines import in_order, run_many
from tablesports.arena.figures import FigureCounter
from tablesports.arena.match import DEFAULT_MAX_STEPS, play_match
from tablesports.arena.resume import fingerprint
from tablesports.arena.stats import Summary
from tablesports.arena.tracing import CLARITY_ACTIONS, Notes, make_evaluator
from tablesports.core.agent import Agent
from tablesports.core.errors import AgentError, RecordError, TablesportsError
from tablesports.core.protocol import Game
from tablesports.core.records import Record, replay
from tablesports.core.registry import game_ids, load, register


class SimulationError(TablesportsError):
    """A game of a simulation failed (an illegal action from an agent, a game without end)."""


SIMULATION = "simulation"
"""The field of `record.meta` naming the simulation a record belongs to."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """The outcome of game `index` of a simulation."""

    index: int
    seed: int
    seating: tuple[int, ...]
    """`seating[seat]` is the index (in the agent list) of the agent who sat there."""
    returns: tuple[float, ...]
    steps: int
    """Every action, chance outcomes included."""
    decisions: int
    """Actions chosen by players (chance outcomes left out)."""
    record: Record | None = None
    figures: dict[str, float] = field(default_factory=dict)
    """The game's own figures of the finished game (`arena.figures`)."""


@dataclass(frozen=True, slots=True)
class _Plan:
    """What a worker needs to play any game of the simulation; plain picklable data."""

    game_cls: type[Game]
    options: dict[str, Any]
    agents: tuple[str, ...]
    seed: int
    swap_seats: bool
    keep_records: bool
    max_steps: int
    metrics: str = ""
    """An evaluation spec (`tracing`): each game's quality metrics join its figures."""

    def fingerprint(self) -> str:
        """Names the simulation in its records, so that `--resume` finds only its own games.
        The number of games is left out: game i is the same however many are played."""
        info = self.game_cls.info
        return fingerprint(
            info.id,
            info.version,
            self.options,
            self.agents,
            self.seed,
            self.swap_seats,
            self.max_steps,
        )


def seating_of(index: int, players: int, swap_seats: bool) -> tuple[int, ...]:
    """The agent in each seat for game `index`: rotated by one seat every game when swapping."""
    shift = index % players if swap_seats else 0
    return tuple((seat + shift) % players for seat in range(players))


def agent_labels(specs: Sequence[str]) -> list[str]:
    """Names for the table: the specs, numbered when the same spec plays itself."""
    labels = []
    for i, spec in enumerate(specs):
        twins = [j for j, s in enumerate(specs) if s == spec]
        labels.append(f"{spec} #{twins.index(i) + 1}" if len(twins) > 1 else spec)
    return labels


class _Runner:
    """One process's game and agents, built once and reused for every game it plays."""

    def __init__(self, plan: _Plan, game: Game | None = None) -> None:
        self.plan = plan
        self.game = game if game is not None else plan.game_cls(**plan.options)
        self.agents: list[Agent] = [make_agent(spec, self.game) for spec in plan.agents]
        self.key = plan.fingerprint()
        self.counter = FigureCounter(self.game)
        self.notes = None
        if plan.metrics:  # compare/sweep --metrics
            self.notes = Notes(make_evaluator(plan.metrics, self.game, plan.seed), CLARITY_ACTIONS)

    def play(self, index: int) -> GameResult:
        plan = self.plan
        seed = plan.seed + index
        seating = seating_of(index, len(self.agents), plan.swap_seats)
        self.counter.start()
        seated = [self.agents[a] for a in seating]
        if self.notes is not None:
            seated = self.notes.watch(seated, seed)
        try:
            record = play_match(
                self.game,
                seated,
                seed,
                max_steps=plan.max_steps,
                on_step=work.counted(self.counter.on_step),
                on_end=self.counter.finish,
            )
        except TablesportsError as exc:
            # Wrapped so that it crosses the process boundary (pickling) and says which game.
            raise SimulationError(f"game {index} (seed {seed}): {exc}") from None
        figures = self.counter.figures
        decisions = sum(1 for player, _ in record.history if player >= 0)
        record.meta["index"] = index
        record.meta[SIMULATION] = self.key
        record.meta["figures"] = figures  # so that a resumed run counts this game's figures
        if self.notes is not None:
            figures = {**figures, **self.notes.figures(record.returns, len(record.history))}
        return GameResult(
            index=index,
            seed=seed,
            seating=seating,
            returns=tuple(record.returns or ()),
            steps=len(record.history),
            decisions=decisions,
            record=record if plan.keep_records else None,
            figures=figures,
        )


def register_in_worker(game_cls: type[Game]) -> None:
    """A spawned worker starts with empty registries: register a plugin or test game that
    the parent registered (the packaged games are found by name)."""
    game_id = game_cls.info.id
    if game_id not in game_ids():
        register(game_id, game_cls)


def _prepare(plan: _Plan) -> _Runner:
    """Build a worker's game and agents."""
    register_in_worker(plan.game_cls)
    return _Runner(plan)


def _play(runner: _Runner, index: int) -> GameResult:
    return runner.play(index)


def iter_results(
    game: Game,
    agents: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    jobs: int = 1,
    swap_seats: bool = True,
    keep_records: bool = False,
    max_steps: int = DEFAULT_MAX_STEPS,
    on_arrival: Callable[[GameResult], None] | None = None,
    skip: Collection[int] = (),
    meter: work.Meter | None = None,
) -> Iterator[GameResult]:
    """Play `games` games, but those whose index is in `skip`, and yield their results in
    index order.

    `agents` are specs for `make_agent` (one per seat); `on_arrival` is called as each game
    finishes, in whatever order the processes finish them; `meter` hears of the moves and
    games as they are played (for a progress bar).
    """
    if len(agents) != game.info.players:
        raise AgentError(
            f"{game.info.id} is played by {game.info.players} agents, got {len(agents)}: "
            + ", ".join(agents)
        )
    if games < 0:
        raise SimulationError(f"the number of games must be 0 or more, got {games}")
    if jobs < 1:
        raise SimulationError(f"--jobs must be 1 or more, got {jobs}")
    plan = _Plan(
        game_cls=type(game),
        options=game.options.model_dump(),
        agents=tuple(agents),
        seed=seed,
        swap_seats=swap_seats,
        keep_records=keep_records,
        max_steps=max_steps,
    )
    # Build the agents here first, so that a bad spec fails before any process starts.
    runner = _Runner(plan, game)
    todo = [i for i in range(games) if i not in skip]
    place = {index: n for n, index in enumerate(todo)}
    if meter is not None:
        meter.expect({0: len(todo)}, jobs)
    played = run_many(
        _prepare,
        _play,
        plan,
        todo,
        jobs=jobs,
        context=runner,
        error=SimulationError,
        on_report=meter.add if meter is not None else None,
    )
    yield from in_order(_arrivals(played, on_arrival), index=lambda r: place[r.index])


def simulation_key(
    game: Game,
    agents: Sequence[str],
    seed: int = 0,
    *,
    swap_seats: bool = True,
    max_steps: int = DEFAULT_MAX_STEPS,
) -> str:
    """The fingerprint that the records of this simulation carry in `meta["simulation"]`."""
    plan = _Plan(
        type(game), game.options.model_dump(), tuple(agents), seed, swap_seats, False, max_steps
    )
    return plan.fingerprint()


def replayed_figures(record: Record, game: Game | None = None) -> dict[str, float]:
    """A finished game's figures, counted again from its replay (which checks every move and
    the stated result): what a record says of itself is never taken on trust."""
    try:
        if game is None:
            game = load(record.game, **record.options)
        counter = FigureCounter(game)
        counter.start()
        state = None
        for step in replay(record, game):
            if counter.on_step is not None:
                counter.on_step(step.state, step.player, step.action, step.events)
            state = step.state
        if state is None or not state.is_terminal():
            raise RecordError("the game it records is not over")
    except TablesportsError as exc:
        raise SimulationError(f"game {record.meta.get('index')!r} does not replay: {exc}") from None
    counter.finish(state)
    return counter.figures


def figures_problem(stored: Any, replayed: dict[str, float]) -> str | None:
    """How the figures a record stores differ from its replay's, or None (none stored: None)."""
    if stored is None:
        return None
    if not isinstance(stored, dict) or set(stored) != set(replayed):
        return f"it stores the figures {sorted(stored) if isinstance(stored, dict) else stored!r}"
    for name, value in replayed.items():
        kept = stored[name]
        same = isinstance(kept, int | float) and (
            float(kept) == value or (math.isnan(kept) and math.isnan(value))
        )
        if not same:
            return f"it stores {name} = {kept!r}, its replay gives {value:g}"
    return None


def result_of(record: Record, swap_seats: bool = True, game: Game | None = None) -> GameResult:
    """A finished game of a simulation again, from the record it wrote (for `--resume`): its
    result and figures from its replay. Figures stored in the record that disagree with the
    replay are refused (the file was changed, or written by other rules)."""
    index = record.meta["index"]
    figures = replayed_figures(record, game)
    problem = figures_problem(record.meta.get("figures"), figures)
    if problem is not None:
        raise SimulationError(
            f"game {index}'s record disagrees with its replay: {problem}; the file was changed "
            "or written by another version: remove that line to play the game again, or give "
            "another --out file"
        )
    return GameResult(
        index=index,
        seed=record.seed if isinstance(record.seed, int) else index,
        seating=seating_of(index, len(record.players), swap_seats),
        returns=tuple(record.returns or ()),
        steps=len(record.history),
        decisions=sum(1 for player, _ in record.history if player >= 0),
        record=record,
        figures=figures,
    )


def read_finished(
    path: Path, key: str, games: int, swap_seats: bool = True, game: Game | None = None
) -> list[GameResult]:
    """The games of simulation `key` already in `path`, by index (a torn last line is dropped;
    a game written twice, or beyond `games`, is an error)."""
    results: dict[int, GameResult] = {}
    for record in resume.read_finished(path, SIMULATION, key, "simulation", SimulationError):
        index = record.meta.get("index")
        if not isinstance(index, int) or not 0 <= index < games or index in results:
            raise SimulationError(
                f"{path}: game index {index!r} is repeated or not among the {games} games "
                "asked for; give the same --games (or more) or another --out file"
            )
        try:
            results[index] = result_of(record, swap_seats, game)
        except SimulationError as exc:  # the file named: the user edits or replaces it
            raise SimulationError(f"{path}: {exc}") from None
    return [results[i] for i in sorted(results)]


def _arrivals(
    results: Iterator[GameResult], on_arrival: Callable[[GameResult], None] | None
) -> Iterator[GameResult]:
    """Tell `on_arrival` of each result as it comes (for a progress bar), then pass it on."""
    for result in results:
        if on_arrival is not None:
            on_arrival(result)
        yield result


def simulate(
    game: Game,
    agents: Sequence[str],
    games: int,
    seed: int = 0,
    *,
    jobs: int = 1,
    swap_seats: bool = True,
    max_steps: int = DEFAULT_MAX_STEPS,
    on_result: Callable[[GameResult], None] | None = None,
    on_arrival: Callable[[GameResult], None] | None = None,
    keep_records: bool = False,
    finished: Sequence[GameResult] = (),
    meter: work.Meter | None = None,
) -> Summary:
    """Play many games and sum them up; `on_result` sees each result in index order.

    `finished` are games already played (a resumed run): counted and shown to `on_result`
    first, and not played again.
    """
    summary = Summary(agent_labels(agents))
    for result in finished:
        summary.add(result.seating, result.returns, result.steps, result.decisions, result.figures)
        if on_result is not None:
            on_result(result)
    for result in iter_results(
        game,
        agents,
        games,
        seed,
        jobs=jobs,
        swap_seats=swap_seats,
        keep_records=keep_records,
        max_steps=max_steps,
        on_arrival=on_arrival,
        skip={r.index for r in finished},
        meter=meter,
    ):
        summary.add(result.seating, result.returns, result.steps, result.decisions, result.figures)
        if on_result is not None:
            on_result(result)
    return summary
