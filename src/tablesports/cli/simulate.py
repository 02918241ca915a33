"""`tablesports simulate GAME --agents A B --games N`: many seeded games and their statistics."""

from __future__ import annotations

import json
import time
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from tablesports.arena.resume import RecordAppender
from tablesports.arena.simulate import (
    GameResult,
    agent_labels,
    read_finished,
    simulate,
    simulation_key,
)
from tablesports.arena.stats import Summary, Tally
from tablesports.cli.bars import WorkBar
from tablesports.cli.common import (
    OPTION_HELP,
    CliError,
    agent_pair,
    console,
    guarded,
    known_game,
    load_game,
    needs_extra,
    per_second,
)
from tablesports.cli.simulate_files import Collected, ResultsFile, plot_results
from tablesports.cli.targets import check_file, check_new_out, written_path
from tablesports.core.versions import provenance


@guarded
def simulate_command(
    game_id: str = typer.Argument(
        ..., metavar="GAME", help="The game id (see `games`).", callback=known_game
    ),
    agents: tuple[str, str] = typer.Option(
        ...,
        "--agents",
        "-a",
        help="The two agent specs, e.g. --agents random mcts:iterations=200",
        callback=agent_pair,
    ),
    games: int = typer.Option(100, "--games", "-n", help="How many games."),
    seed: int = typer.Option(0, "--seed", help="Game i is played with seed SEED+i."),
    jobs: int = typer.Option(
        1, "--jobs", "-j", help="Processes to play in (the results are the same)."
    ),
    out: Path | None = typer.Option(
        None, "--out", help="Write every record here (JSON Lines), each whole as it ends."
    ),
    resume: bool = typer.Option(
        False,
        "--resume",
        help="Keep the games already in --out (of this same simulation; each is replayed, its "
        "figures counted again, and one whose stored figures disagree is refused) and play the "
        "rest.",
    ),
    overwrite: bool = typer.Option(
        False, "--overwrite", help="Replace the records already in --out (else refused)."
    ),
    swap: bool = typer.Option(True, "--swap/--no-swap", help="Swap seats every other game."),
    as_json: bool = typer.Option(
        False, "--json", help="Print the figures as JSON on stdout (the table goes to stderr)."
    ),
    option: list[str] = typer.Option(None, "--option", "-o", help=OPTION_HELP),
    csv_path: Path | None = typer.Option(
        None, "--csv", help="Write one row a game here: seed, seats, result, length, score."
    ),
    plot: Path | None = typer.Option(
        None, "--plot", help="Draw the results per agent and the game lengths here (PNG)."
    ),
) -> None:
    """Play many seeded games between two agents: wins, draws and losses with 95% intervals."""
    if games < 1:
        raise CliError(f"--games must be 1 or more, got {games}")
    if jobs < 1:
        raise CliError(f"--jobs must be 1 or more, got {jobs}")
    if plot is not None:  # before the games are played, not after
        needs_extra("arena", "--plot", "matplotlib")
    game = load_game(game_id, option)
    err = console(stderr=True)
    if resume and out is None:
        raise CliError("--resume continues the games in an --out file: give --out FILE")
    for flag, path in (("--out", out), ("--csv", csv_path), ("--plot", plot)):
        check_file(flag, path)
    check_new_out(out, resume, overwrite)
    finished: list[GameResult] = []
    if resume and out is not None:
        key = simulation_key(game, list(agents), seed, swap_seats=swap)
        finished = read_finished(out, key, games, swap, game)
    records: RecordAppender | None = None
    if out is not None:
        try:
            records = RecordAppender(written_path(out), append=resume)
        except OSError as exc:
            raise CliError(f"cannot write {out}: {exc.strerror}") from None
    resumed = {r.index for r in finished}

    table = ResultsFile(csv_path, game, agents) if csv_path is not None else None
    collected = Collected(agent_labels(agents))

    def write(result: GameResult) -> None:
        if records is not None and result.record is not None and result.index not in resumed:
            records.write(result.record)
        if table is not None:
            table.add(result)
        collected.add(result)

    started = time.perf_counter()
    try:
        with WorkBar(err, f"{game_id}: simulating") as meter:
            summary = simulate(
                game,
                list(agents),
                games,
                seed,
                jobs=jobs,
                swap_seats=swap,
                keep_records=records is not None or table is not None,
                on_result=write,
                finished=finished,
                meter=meter,
            )
    finally:
        if records is not None:
            records.close()
        if table is not None:
            table.close()
    elapsed = time.perf_counter() - started
    table_console = err if as_json else console()
    show_summary(table_console, summary, game.info.title, seed, swap)
    played = games - len(finished)
    err.print(
        f"{played} games in {elapsed:.1f} s ({per_second(played, elapsed)}, {jobs} job(s))"
        + (f"; {len(finished)} resumed from {out}" if finished else "")
    )
    if out is not None:
        err.print(f"records written to {out}")
    if csv_path is not None:
        err.print(f"one row a game written to {csv_path}")
    if plot is not None:
        err.print(f"plot written to {plot_results(collected, game.info.title, plot)}")
    if as_json:
        facts = {"provenance": provenance(game), "game": game_id, "seed": seed}
        typer.echo(json.dumps({**facts, **summary.to_json()}, indent=2))


def _rate(tally: Tally, count: int) -> tuple[str, str]:
    low, high = tally.interval(count)
    return f"{tally.rate(count):.1%}", f"[{low:.1%}, {high:.1%}]"


def _tally_rows(table: Table, label: str, tally: Tally) -> None:
    for i, (name, count) in enumerate(
        (("wins", tally.wins), ("draws", tally.draws), ("losses", tally.losses))
    ):
        table.add_row(label if i == 0 else "", name, str(count), *_rate(tally, count))
    table.add_section()


def _table(first: str) -> Table:
    table = Table()
    table.add_column(first)
    table.add_column("result")
    table.add_column("games", justify="right")
    table.add_column("rate", justify="right")
    table.add_column("95% interval", justify="right")
    return table


def show_summary(out: Console, summary: Summary, title: str, seed: int, swap: bool) -> None:
    """The tables: per agent, per seat, then the mean length and the first seat's edge."""
    n = summary.games
    seats = "seats swapped every game" if swap else "seats fixed"
    out.print(f"{title}: {n} games (seeds {seed} to {seed + n - 1}), {seats}", soft_wrap=True)
    by_agent = _table("agent")
    for label, tally in zip(summary.agents, summary.per_agent, strict=True):
        _tally_rows(by_agent, label, tally)
    out.print(by_agent)
    by_seat = _table("seat")
    for seat, tally in enumerate(summary.per_seat):
        _tally_rows(by_seat, f"seat {seat}" + (" (first)" if seat == 0 else ""), tally)
    out.print(by_seat)
    first = summary.first_seat
    rate, interval = _rate(first, first.wins)
    second, _ = _rate(first, first.losses)
    draws, _ = _rate(first, first.draws)
    out.print(
        f"first seat advantage: seat 0 wins {rate} {interval} of the games, "
        f"seat 1 wins {second}, draws {draws}",
        soft_wrap=True,
    )
    out.print(
        f"mean game length: {summary.mean_steps:.1f} steps, "
        f"{summary.mean_decisions:.1f} player decisions"
    )
    if summary.figures:
        out.print(_figures(summary))


def _figures(summary: Summary) -> Table:
    """The game's own figures: the mean, and the share of each value when they are few."""
    table = Table(title=f"{summary.games} games: the game's own figures")
    table.add_column("figure")
    table.add_column("games", justify="right")
    table.add_column("mean", justify="right")
    table.add_column("distribution")
    for name, figure in summary.figures.items():
        shares = figure.distribution()
        table.add_row(
            name.replace("_", " "),
            str(figure.games),
            f"{figure.mean:.3g}",
            ", ".join(f"{v:g}: {share:.1%}" for v, share in shares.items()),
        )
    return table
