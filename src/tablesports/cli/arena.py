"""`tablesports arena GAME --agents A B C --games N`: a round robin with ratings.

    tablesports arena hanniball --agents random mcts:iterations=500 hanniball-greedy \\
        --games 20 --jobs 2 --out arena.jsonl --plot arena.png
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from tablesports.arena.tournament import TournamentResult, run_tournament
from tablesports.cli.bars import WorkBar
from tablesports.cli.common import (
    OPTION_HELP,
    CliError,
    console,
    guarded,
    known_game,
    load_game,
    needs_extra,
    per_second,
)
from tablesports.cli.targets import check_file, written_path
from tablesports.core.versions import provenance


@guarded
def arena_command(
    game_id: str = typer.Argument(
        ..., metavar="GAME", help="The game id (see `games`).", callback=known_game
    ),
    more_agents: list[str] = typer.Argument(
        None, metavar="[AGENT]...", help="More agent specs (after --agents A, as B C ...)."
    ),
    agents: list[str] = typer.Option(
        None,
        "--agents",
        "-a",
        help="Agent specs: --agents random mcts:iterations=500 GAME-greedy (2 or more).",
    ),
    games: int = typer.Option(20, "--games", "-n", help="Games per pair (seats swapped)."),
    seed: int = typer.Option(0, "--seed", help="The tournament seed: fixes every game."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Processes (or local Ray CPUs)."),
    engine: str = typer.Option("process", "--engine", help="process or ray."),
    address: str | None = typer.Option(
        None, "--address", help="A Ray cluster to run on (with --engine ray); local otherwise."
    ),
    out: Path | None = typer.Option(
        None, "--out", help="Records go here (JSON Lines); running again resumes the tournament."
    ),
    resume: bool = typer.Option(
        False,
        "--resume",
        help="Keep the games already in --out and play only the missing ones (what running "
        "again always does; said, --out must hold games).",
    ),
    plot: Path | None = typer.Option(
        None, "--plot", help="Draw the matrix and ratings to FILE.png."
    ),
    as_json: bool = typer.Option(
        False, "--json", help="Print the figures as JSON on stdout (the tables go to stderr)."
    ),
    option: list[str] = typer.Option(None, "--option", "-o", help=OPTION_HELP),
) -> None:
    """Round robin of agents, seats swapped: ratings, win-rate matrix, first-seat advantage."""
    specs = list(agents or []) + list(more_agents or [])
    if plot is not None:  # before the games are played, not after
        needs_extra("arena", "--plot", "matplotlib")
    game = load_game(game_id, option)
    check_file("--out", out)  # before the games are played: a folder, a FIFO, no such folder
    if resume and (out is None or not written_path(out).is_file()):
        raise CliError(
            "--resume continues the games of an --out file: "
            + ("give --out FILE" if out is None else f"{out} does not exist (leave --resume out)")
        )
    check_file("--plot", plot)
    err = console(stderr=True)
    started = time.perf_counter()
    with WorkBar(err, f"{game_id}: arena") as meter:
        result = run_tournament(
            game,
            specs,
            games,
            seed,
            jobs=jobs,
            engine=engine,
            address=address,
            out=out,
            meter=meter,
        )
    elapsed = time.perf_counter() - started
    show_tournament(err if as_json else console(), result)
    err.print(
        f"{result.played} games played in {elapsed:.1f} s "
        f"({per_second(result.played, elapsed)}, {engine}, {jobs} job(s))"
        + (f", {result.resumed} read back from {out}" if result.resumed else "")
    )
    if out is not None:
        err.print(f"records in {out}")
    if plot is not None:
        from tablesports.arena.plot import plot_tournament

        err.print(f"plot written to {plot_tournament(result, plot)}")
    if as_json:
        facts = {"provenance": provenance(game), "seed": seed}
        typer.echo(json.dumps({**facts, **result.to_json()}, indent=2))


def show_tournament(out: Console, result: TournamentResult) -> None:
    """The ratings table, the win-rate matrix with 95% intervals, the first seat's edge."""
    n = len(result.records)
    ratings = Table(title=f"{result.game}: {n} games, ratings (openskill)", title_justify="left")
    for column in ("rank", "agent", "ordinal", "mu", "sigma", "games"):
        ratings.add_column(column, justify="left" if column == "agent" else "right")
    for rank, r in enumerate(result.ratings, 1):
        ratings.add_row(
            str(rank), r.agent, f"{r.ordinal:.1f}", f"{r.mu:.1f}", f"{r.sigma:.2f}", str(r.games)
        )
    out.print(ratings)
    matrix = Table(
        title="win rate of the row agent against the column agent [95% interval] (draws)",
        title_justify="left",
    )
    matrix.add_column("agent")
    for name in result.agents:
        matrix.add_column(name, justify="right")
    for i, name in enumerate(result.agents):
        cells = []
        for j in range(len(result.agents)):
            tally = result.pairs.get((i, j))
            if tally is None or not tally.games:
                cells.append("-")
                continue
            low, high = tally.win_interval
            draws = f" ({tally.draws}d)" if tally.draws else ""
            cells.append(f"{tally.win_rate:.0%} [{low:.0%}, {high:.0%}]{draws}")
        matrix.add_row(name, *cells)
    out.print(matrix)
    first, second = result.seats[0], result.seats[1]
    low, high = first.win_interval
    out.print(
        f"first seat advantage: seat 0 wins {first.win_rate:.1%} [{low:.1%}, {high:.1%}], "
        f"seat 1 wins {second.win_rate:.1%}, draws {first.rate(first.draws):.1%}"
    )


SEARCH_AGENTS = ("mcts", "ismcts")


def bench_search(
    games: list[str] | None,
    seconds: float,
    agent: str,
    as_json: bool,
    option: list[str] | None = None,
) -> None:
    """`bench --agent mcts`: simulations per second of a search agent, per game."""
    from tablesports.agents.speed import simulations_per_second
    from tablesports.core.registry import game_ids

    err = console(stderr=True)
    rows: list[dict[str, Any]] = []
    for game_id in games or game_ids():
        err.print(f"timing {agent} on {game_id} for {seconds:g} s ...")
        rate, sims, elapsed = simulations_per_second(load_game(game_id, option), agent, seconds)
        rows.append(
            {
                "game": game_id,
                "agent": agent,
                "simulations": sims,
                "seconds": elapsed,
                "simulations_per_second": rate,
            }
        )
    table = Table(
        title=f"{agent} simulations per second, {seconds:g} s per game", title_justify="left"
    )
    for column in ("game", "simulations/s", "simulations"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for row in rows:
        table.add_row(
            row["game"], f"{row['simulations_per_second']:,.0f}", f"{row['simulations']:,}"
        )
    (err if as_json else console()).print(table)
    if as_json:
        typer.echo(json.dumps(rows, indent=2))
