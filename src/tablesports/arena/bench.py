"""Random-playout benchmark: how fast a game runs through the protocol, two ways.

- The raw loop is what simulations and bots feel: `legal_actions()`, a uniform choice (or
  `sample_chance` at a chance node) and `apply_legal`, which checks nothing.
- The public loop is a researcher's, as in OpenSpiel: `legal_actions()` and `apply_action`,
  which checks legality; at a chance node an outcome drawn from `chance_outcomes()` by its
  probability (or `sample_chance` where they cannot be listed), also through `apply_action`.

Memory is measured in separate short runs under tracemalloc, which would otherwise slow the
timing down several times: the peak over a few playouts, and what one `clone()` of a position
takes, over positions met along a playout.
"""

from __future__ import annotations

import random
import time
import tracemalloc
from dataclasses import asdict, dataclass, field

from tablesports.core.errors import AgentError, TablesportsError
from tablesports.core.protocol import CHANCE, Game

BENCH_AGENTS = ("random",)
"""Agents whose playouts `bench_game` times (search agents are timed by `agents.speed`)."""

TURNS = 4
"""The raw and the public loop are timed in this many alternating turns each."""

MAX_PLAYOUT_STEPS = 1_000_000
"""A playout longer than this is a game without an end: a bug, reported as an error."""


class BenchError(TablesportsError):
    """A benchmark that cannot run (a game that never ends, an agent it cannot time)."""


@dataclass(frozen=True, slots=True)
class BenchResult:
    """The figures for one game."""

    game: str
    agent: str
    seconds: float
    steps: int
    games: int
    steps_per_second: float
    games_per_second: float
    mean_length: float
    """Steps (chance outcomes included) per game."""
    peak_memory_bytes: int
    """Peak Python allocation while playing a few games (tracemalloc), game object excluded."""
    public_steps_per_second: float = 0.0
    """Steps per second of the public loop (`apply_action`, legality checked)."""
    public_seconds: float = 0.0
    public_steps: int = 0
    cpu_steps_per_second: float = 0.0
    """Steps per CPU-second of this process, raw loop: steadier than the clock on a machine
    shared with other jobs."""
    public_cpu_steps_per_second: float = 0.0
    """The same for the public loop."""
    clone_bytes_mean: int = 0
    """Allocation of one `clone()`, the mean over positions met along a playout."""
    clone_bytes_peak: int = 0
    """The largest of those: the memory per state clone a search must plan for."""
    extra: dict[str, float] = field(default_factory=dict)
    """A game's own figures, from its optional `bench_figures(seconds)` (juggers: flicks/s)."""

    def to_json(self) -> dict[str, object]:
        return asdict(self)


def check_agent(agent: str) -> None:
    if agent not in BENCH_AGENTS:
        raise AgentError(
            f"random playouts are timed with the agent 'random', got {agent!r} "
            "(search agents are timed in simulations per second by `tablesports bench --agent`)"
        )


def _public_playout(game: Game, rng: random.Random) -> int:
    """One random playout through the public API (legality checked); returns its steps."""
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            outcomes = state.chance_outcomes()
            if outcomes:
                actions, weights = zip(*outcomes, strict=True)
                action = rng.choices(actions, weights)[0]
            else:
                action = state.sample_chance(rng)
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        steps += 1
        if steps >= MAX_PLAYOUT_STEPS:
            raise BenchError(f"{game.info.id}: a random playout has no end after {steps} steps")
    return steps


def _playout(game: Game, rng: random.Random) -> int:
    """One random playout to the end; returns its number of steps."""
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            action = state.sample_chance(rng)
        else:
            actions = state.legal_actions()
            action = actions[rng.randrange(len(actions))]
        state.apply_legal(action)
        steps += 1
        if steps >= MAX_PLAYOUT_STEPS:
            raise BenchError(f"{game.info.id}: a random playout has no end after {steps} steps")
    return steps


def time_playouts(
    game: Game, seconds: float, seed: int = 0, public: bool = False
) -> tuple[int, int, float, float]:
    """Whole random playouts for about `seconds`, at least one (the public loop if `public`).

    Returns (steps, games, elapsed seconds, CPU seconds of this process). The clock is read
    between games (reading it every step would cost more than a step of a light game), so a
    long game may overrun a little.
    """
    rng = random.Random(seed)
    playout = _public_playout if public else _playout
    steps = games = 0
    start, cpu = time.perf_counter(), time.process_time()
    deadline = start + seconds
    while True:
        steps += playout(game, rng)
        games += 1
        now = time.perf_counter()
        if now >= deadline:
            return steps, games, now - start, time.process_time() - cpu


def peak_memory(game: Game, playouts: int = 5, seed: int = 0) -> int:
    """The peak traced allocation, in bytes, over a few random playouts."""
    rng = random.Random(seed)
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        base, _ = tracemalloc.get_traced_memory()
        for _ in range(playouts):
            _playout(game, rng)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return max(0, peak - base)


def clone_memory(game: Game, positions: int = 40, seed: int = 0) -> tuple[int, int]:
    """(mean, largest) allocation in bytes of one `clone()`, over up to `positions` positions
    spread along a random playout (each clone held while it is measured)."""
    rng = random.Random(seed)
    states = []
    state = game.new_initial_state()
    while not state.is_terminal():
        states.append(state.clone())
        if state.current_player() == CHANCE:
            action = state.sample_chance(rng)
        else:
            actions = state.legal_actions()
            action = actions[rng.randrange(len(actions))]
        state.apply_legal(action)
    stride = max(1, len(states) // positions)
    sizes = []
    tracemalloc.start()
    try:
        for position in states[::stride]:
            base, _ = tracemalloc.get_traced_memory()
            copy = position.clone()
            size, _ = tracemalloc.get_traced_memory()
            sizes.append(max(0, size - base))
            del copy
    finally:
        tracemalloc.stop()
    return (sum(sizes) // len(sizes), max(sizes)) if sizes else (0, 0)


def bench_game(
    game: Game, seconds: float = 3.0, agent: str = "random", seed: int = 0
) -> BenchResult:
    """Time random playouts of `game` for `seconds` in each loop (in alternating turns), then
    measure memory apart."""
    check_agent(agent)
    if seconds <= 0:
        raise BenchError(f"--seconds must be more than 0, got {seconds}")
    _playout(game, random.Random(seed))  # warm-up: imports, caches, data tables
    # the two loops take turns, so that a change in the machine's load hits both alike
    steps = games = public_steps = 0
    elapsed = public_elapsed = cpu = public_cpu = 0.0
    for turn in range(TURNS):
        s, g, e, c = time_playouts(game, seconds / TURNS, seed + turn)
        steps, games, elapsed, cpu = steps + s, games + g, elapsed + e, cpu + c
        s, _, e, c = time_playouts(game, seconds / TURNS, seed + turn, public=True)
        public_steps, public_elapsed, public_cpu = (
            public_steps + s,
            public_elapsed + e,
            public_cpu + c,
        )
    clone_mean, clone_peak = clone_memory(game, seed=seed + 2)
    return BenchResult(
        game=game.info.id,
        agent=agent,
        seconds=elapsed,
        steps=steps,
        games=games,
        steps_per_second=steps / elapsed if elapsed > 0 else 0.0,
        games_per_second=games / elapsed if elapsed > 0 else 0.0,
        mean_length=steps / games if games else 0.0,
        peak_memory_bytes=peak_memory(game, seed=seed + 1),
        public_steps_per_second=public_steps / public_elapsed if public_elapsed > 0 else 0.0,
        public_seconds=public_elapsed,
        public_steps=public_steps,
        cpu_steps_per_second=steps / cpu if cpu > 0 else 0.0,
        public_cpu_steps_per_second=public_steps / public_cpu if public_cpu > 0 else 0.0,
        clone_bytes_mean=clone_mean,
        clone_bytes_peak=clone_peak,
        extra=game.bench_figures(seconds) if hasattr(game, "bench_figures") else {},
    )
