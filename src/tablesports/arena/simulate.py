"""Many seeded matches, in this process or over several (`engines.run_many`).

Game `i` is played with seed `seed + i` and, when seats swap, with the agents rotated by `i`,
so every game and therefore every figure is the same whatever the number of processes. Workers
rebuild the game from its class and options and the agents from their specs, so nothing but
plain data crosses the process boundary.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from tablesports.agents.registry import make_agent
from tablesports.arena.engines import in_order, run_many
from tablesports.arena.match import DEFAULT_MAX_STEPS, play_match
from tablesports.arena.stats import Summary
from tablesports.core.agent import Agent
from tablesports.core.errors import AgentError, TablesportsError
from tablesports.core.protocol import Game
from tablesports.core.records import Record
from tablesports.core.registry import game_ids, register


class SimulationError(TablesportsError):
    """A game of a simulation failed (an illegal action from an agent, a game without end)."""


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
    """The game's own figures of the finished game (`State.figures`)."""


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

    def play(self, index: int) -> GameResult:
        plan = self.plan
        seed = plan.seed + index
        seating = seating_of(index, len(self.agents), plan.swap_seats)
        figures: dict[str, float] = {}
        try:
            record = play_match(
                self.game,
                [self.agents[a] for a in seating],
                seed,
                max_steps=plan.max_steps,
                on_end=lambda state: figures.update(state.figures()),
            )
        except TablesportsError as exc:
            # Wrapped so that it crosses the process boundary (pickling) and says which game.
            raise SimulationError(f"game {index} (seed {seed}): {exc}") from None
        decisions = sum(1 for player, _ in record.history if player >= 0)
        record.meta["index"] = index
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


def _prepare(plan: _Plan) -> _Runner:
    """Build a worker's game and agents (a spawned process starts with empty registries)."""
    game_id = plan.game_cls.info.id
    if game_id not in game_ids():  # a plugin or test game registered in the parent
        register(game_id, plan.game_cls)
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
) -> Iterator[GameResult]:
    """Play `games` games and yield their results in index order.

    `agents` are specs for `make_agent` (one per seat); `on_arrival` is called as each game
    finishes, in whatever order the processes finish them (for a progress bar).
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
    played = run_many(
        _prepare, _play, plan, range(games), jobs=jobs, context=runner, error=SimulationError
    )
    yield from in_order(_arrivals(played, on_arrival), index=lambda r: r.index)


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
) -> Summary:
    """Play many games and sum them up; `on_result` sees each result in index order."""
    summary = Summary(agent_labels(agents))
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
    ):
        summary.add(result.seating, result.returns, result.steps, result.decisions, result.figures)
        if on_result is not None:
            on_result(result)
    return summary
