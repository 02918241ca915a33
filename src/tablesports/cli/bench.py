"""`tablesports bench [GAME...]`: random-playout speed and memory, per game."""

from __future__ import annotations

import json

import typer
from rich.table import Table
from rich.text import Text

from tablesports.arena.bench import BENCH_AGENTS, BenchResult, bench_game
from tablesports.cli.arena import SEARCH_AGENTS, bench_search
from tablesports.cli.common import (
    ERROR_EXIT,
    OPTION_HELP,
    console,
    guarded,
    load_game,
    needs_extra,
)
from tablesports.core.errors import AgentError, OptionError, TablesportsError
from tablesports.core.registry import game_ids

MAX_VECTOR = 64
"""The most envs `--vector` makes (async starts a process for each)."""


@guarded
def bench_command(
    games: list[str] = typer.Argument(None, metavar="[GAME]...", help="Games (default: all)."),
    seconds: float = typer.Option(3.0, "--seconds", "-s", help="Timing per game, in seconds."),
    agent: str = typer.Option(
        "random",
        "--agent",
        help="random: playouts per second; mcts or ismcts: search simulations per second.",
    ),
    as_json: bool = typer.Option(
        False, "--json", help="Print the figures as JSON on stdout (the table goes to stderr)."
    ),
    option: list[str] = typer.Option(None, "--option", "-o", help=OPTION_HELP),
    env: bool = typer.Option(
        False, "--env", help="Time the RL adapters instead: env.step/s with tensors and masks."
    ),
    vector: list[int] = typer.Option(
        None,
        "--vector",
        metavar="N",
        help=f"With --env: also gymnasium.make_vec with N envs (ours, sync, async) beside the "
        f"single env (wall-clock steps/s; 1 to {MAX_VECTOR}; repeat for several sizes).",
    ),
) -> None:
    """Time random playouts: steps per second through `apply_legal` (raw) and through
    `apply_action` (public, legality checked), games per second, mean length, peak memory and
    the memory of one state clone."""
    _native_note()
    if vector and not env:
        raise OptionError("--vector times the vectorised Gymnasium envs: give it with --env")
    for n in vector or ():
        if not 1 <= n <= MAX_VECTOR:
            raise OptionError(f"--vector {n}: the number of envs is 1 to {MAX_VECTOR}")
    if env:
        return bench_env(games or game_ids(), seconds, as_json, vector or [])
    if agent in SEARCH_AGENTS:
        return bench_search(games, seconds, agent, as_json, option)  # simulations per second
    if agent not in BENCH_AGENTS:
        choices = ", ".join((*BENCH_AGENTS, *SEARCH_AGENTS))
        raise AgentError(f"bench cannot time the agent {agent!r}; --agent is one of: {choices}")
    explicit = bool(games)
    ids = list(games) if explicit else game_ids()
    err = console(stderr=True)
    results: list[BenchResult] = []
    failures: list[str] = []
    for game_id in ids:
        err.print(f"benchmarking {game_id} for {seconds:g} s ...")
        try:
            results.append(bench_game(load_game(game_id, option), seconds, agent))
        except TablesportsError as exc:
            if explicit:
                raise
            failures.append(f"{game_id}: {exc}")  # one broken game must not stop the others
    table = Table(title=f"random playouts, {seconds:g} s per game and loop", title_justify="left")
    columns = (
        "game",
        "steps/s",
        "public steps/s",
        "games/s",
        "mean length",
        "peak memory",
        "per clone (mean / peak)",
    )
    for column in columns:
        table.add_column(column, justify="left" if column == "game" else "right")
    for r in results:
        table.add_row(
            r.game,
            f"{r.steps_per_second:,.0f}",
            f"{r.public_steps_per_second:,.0f}"
            + (
                f" ({r.public_steps_per_second / r.steps_per_second:.2f}×)"
                if r.steps_per_second
                else ""
            ),
            f"{r.games_per_second:,.1f}",
            f"{r.mean_length:,.1f}",
            _size(r.peak_memory_bytes),
            f"{_size(r.clone_bytes_mean)} / {_size(r.clone_bytes_peak)}",
        )
    (err if as_json else console()).print(table)
    err.print(
        "steps/s: legal_actions + apply_legal (no checks); public: legal_actions + "
        "apply_action, chance drawn from chance_outcomes (as OpenSpiel's loop), in brackets "
        "as a share of steps/s; the two loops take turns",
        soft_wrap=True,
    )
    for r in results:
        (err if as_json else console()).print(
            f"{r.game}: steps per CPU-second {r.cpu_steps_per_second:,.0f} raw, "
            f"{r.public_cpu_steps_per_second:,.0f} public"
        )
        for name, value in r.extra.items():
            (err if as_json else console()).print(f"{r.game}: {name} {value:,.1f}")
    for failure in failures:
        err.print(Text(f"error: {failure}", style="bold red"), soft_wrap=True)
    if as_json:
        typer.echo(json.dumps([r.to_json() for r in results], indent=2))
    if failures:
        raise typer.Exit(ERROR_EXIT)


def _native_note() -> None:
    """Whether the compiled twins are in use: the figures depend on it (`make native`)."""
    from tablesports.core.native import native_status

    by_status: dict[str, list[str]] = {}
    for module, status in native_status().items():
        by_status.setdefault(status, []).append(module)
    total = sum(map(len, by_status.values()))
    for status, modules in by_status.items():
        if status == "compiled":
            line = f"compiled twins in use: {len(modules)} of {total} modules"
        else:
            line = f"compiled twins {status}: {', '.join(modules)}"
        console(stderr=True).print(line, soft_wrap=True)


def bench_env(games: list[str], seconds: float, as_json: bool, vector: list[int]) -> None:
    """`--env`: the adapters' steps per second (the rl extra; see tablesports.envs.bench);
    with `--vector`, the single Gymnasium env and `make_vec`'s three vector envs."""
    needs_extra("rl", "tablesports bench --env", "numpy", "gymnasium", "pettingzoo")
    # the rl extra: imported only here
    from tablesports.envs.bench import bench_envs, bench_vectors

    if vector:
        results = bench_vectors(games, seconds, vector)
        title = f"Gymnasium single and vectorised, wall-clock steps/s, {seconds:g} s each"
    else:
        results = bench_envs(games, seconds)
        title = f"env.step with tensors and masks, {seconds:g} s each"
    table = Table(title=title, title_justify="left")
    # steps/s: the whole loop, the random learner's own pick included; env only: the time
    # inside the env's calls (see tablesports.envs.bench)
    columns = ["game", "library", "steps/s", "env only", "episodes"]
    if vector:  # the work beside the wall clock: on a busy machine the latter is the load
        columns.append("per CPU-second")
    for column in columns:
        table.add_column(column, justify="left" if column in ("game", "library") else "right")
    for r in results:
        row = [
            r.game,
            r.library,
            f"{r.steps_per_second:,.0f}",
            f"{r.env_steps_per_second:,.0f}",
            str(r.episodes),
        ]
        if vector:
            cpu = r.cpu_steps_per_second
            row.append("?" if cpu is None else f"{cpu:,.0f}")
        table.add_row(*row)
    (console(stderr=True) if as_json else console()).print(table)
    if as_json:
        typer.echo(json.dumps([r.to_json() for r in results], indent=2))


def _size(n: int) -> str:
    for unit in ("B", "KiB", "MiB"):
        if n < 1024:
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024  # type: ignore[assignment]
    return f"{n:.1f} GiB"
