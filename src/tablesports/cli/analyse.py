"""`tablesports analyse GAME`: game-quality metrics (Ludii's, and the skill gap, each seat's
score and the game's own figures), each with its 95% interval, from seeded games."""

from __future__ import annotations

import json
import shlex
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from tablesports.arena.analysis import CLARITY_ACTIONS, AnalysisError, trace_games
from tablesports.arena.levels import level_spec
from tablesports.arena.match import DEFAULT_MAX_STEPS
from tablesports.arena.metrics import (
    DEFINITIONS,
    Estimate,
    Trace,
    analyse,
    figure_metrics,
    skill_gap,
)
from tablesports.arena.report import Page, versions, write_report
from tablesports.arena.report import Table as ReportTable
from tablesports.arena.resume import RecordAppender
from tablesports.cli.common import (
    OPTION_HELP,
    CliError,
    agent_pair,
    console,
    guarded,
    known_game,
    load_game,
    progress_bar,
)
from tablesports.cli.targets import check_file, check_folder, check_new_out, written_path
from tablesports.core.protocol import Game
from tablesports.core.versions import provenance


@guarded
def analyse_command(
    game_id: str = typer.Argument(
        ..., metavar="GAME", help="The game id (see `games`).", callback=known_game
    ),
    option: list[str] = typer.Option(None, "--option", "-o", help=OPTION_HELP),
    agents: tuple[str, str] = typer.Option(
        ("normal", "normal"),
        "--agents",
        "-a",
        metavar="A B",
        help="The two agents: specs or the game's levels (easy, normal, hard, strongest).",
        callback=agent_pair,
    ),
    games: int = typer.Option(20, "--games", "-n", help="How many games (seeds SEED..)."),
    seed: int = typer.Option(0, "--seed", help="Game i is played with seed SEED+i."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Processes (the results are the same)."),
    evaluation: str = typer.Option(
        "heuristic",
        "--evaluation",
        "-e",
        help="What rates the positions: heuristic (the game's own evaluate), "
        "search:playouts=8,rollout=random,rollout_steps=10, or value:path=FILE.",
    ),
    clarity: int = typer.Option(
        CLARITY_ACTIONS,
        "--clarity",
        help="Actions rated a decision for clarity (drawn at random when more; 0: no clarity).",
    ),
    skill: tuple[str, str] = typer.Option(
        ("normal", "random"),
        "--skill",
        metavar="STRONG WEAK",
        help="The skill gap's strong and weak agents (specs or levels).",
    ),
    skill_games: int | None = typer.Option(
        None, "--skill-games", help="Games for the skill gap (default: --games; 0: none)."
    ),
    max_steps: int = typer.Option(
        DEFAULT_MAX_STEPS, "--max-steps", help="Steps after which a game is a timeout."
    ),
    as_json: bool = typer.Option(
        False, "--json", help="Print the metrics as JSON on stdout (the table goes to stderr)."
    ),
    out: Path | None = typer.Option(
        None, "--out", help="Write the analysed games' records here (JSON Lines)."
    ),
    overwrite: bool = typer.Option(
        False, "--overwrite", help="Replace the records already in --out (else refused)."
    ),
    report: Path | None = typer.Option(
        None, "--report", help="Write index.html and report.md with every metric here."
    ),
) -> None:
    """Game-quality metrics with 95% intervals: balance, drawishness, duration, lead change,
    drama, decisiveness, clarity..., the skill gap and each seat's score."""
    if games < 1:
        raise CliError(f"--games must be 1 or more, got {games}")
    if jobs < 1:
        raise CliError(f"--jobs must be 1 or more, got {jobs}")
    if max_steps < 1:
        raise CliError(f"--max-steps must be 1 or more, got {max_steps}")
    skill_n = games if skill_games is None else skill_games
    if skill_n < 0:
        raise CliError(f"--skill-games must be 0 or more, got {skill_n}")
    game = load_game(game_id, option)
    check_file("--out", out)
    check_new_out(out, False, overwrite)
    check_folder("--report", report)
    specs = [level_spec(a, game) for a in agents]
    strong, weak = (level_spec(a, game) for a in skill)
    err = console(stderr=True)
    started, cpu = time.perf_counter(), time.process_time()
    progress = progress_bar(err)
    with progress:
        task = progress.add_task(f"{game_id}: analysing", total=games + skill_n)
        traces = trace_games(
            game,
            specs,
            games,
            seed,
            evaluation=evaluation,
            clarity=clarity,
            jobs=jobs,
            max_steps=max_steps,
            keep_records=out is not None,
            on_arrival=lambda _: progress.advance(task),
        )
        skilled: list[Trace] = []
        if skill_n:
            skilled = trace_games(
                game,
                [strong, weak],
                skill_n,
                seed,
                trace=False,
                jobs=jobs,
                max_steps=max_steps,
                on_arrival=lambda _: progress.advance(task),
            )
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    estimates = analyse(traces, game.info.players, seed)
    if skilled:
        estimates.append(skill_gap(skilled, 0, seed))
    figures = figure_metrics(traces, seed)
    if out is not None:
        _write_records(out, traces)
    facts = {
        "games": f"{games} (seeds {seed} to {seed + games - 1}), seats swapped every game",
        "agents": " vs ".join(specs),
        "evaluation": _evaluation_text(evaluation, clarity),
        "skill gap": f"{strong} (strong) vs {weak} (weak), {skill_n} games, seats swapped"
        if skill_n
        else "not measured (--skill-games 0)",
    }
    shown = err if as_json else console()
    show(shown, game, facts, estimates, figures)
    err.print(
        f"{games + skill_n} games in {elapsed:.1f} s ({cpu:.1f} s CPU in this process, "
        f"{jobs} job(s))"
    )
    if out is not None:
        err.print(f"records written to {out}")
    if report is not None:
        folder = write_reports(report, game, facts, estimates, figures)
        err.print(f"report written to {folder}")
    if as_json:
        typer.echo(json.dumps(to_json(game, game_id, seed, facts, estimates, figures), indent=2))


def _evaluation_text(evaluation: str, clarity: int) -> str:
    kind = {
        "heuristic": "the game's heuristic (Game.evaluate, read off the whole state)",
        "search": "a short search (playouts cut off and scored by the heuristic)",
        "value": "a learned value network",
    }.get(evaluation.partition(":")[0], "")
    rated = f"clarity rates up to {clarity} actions a decision" if clarity else "no clarity"
    return f"{evaluation}: {kind}; {rated}"


def _write_records(out: Path, traces: Sequence[Trace]) -> None:
    try:
        records = RecordAppender(written_path(out), append=False)
    except OSError as exc:
        raise CliError(f"cannot write {out}: {exc.strerror}") from None
    try:
        for trace in traces:
            if trace.record is not None:
                records.write(trace.record)
    finally:
        records.close()


def _number(x: float) -> str:
    if x != x:  # nan
        return "-"
    return f"{x:.3g}" if abs(x) < 1000 else f"{x:,.0f}"


def rows(estimates: Sequence[Estimate], meaning: bool = True) -> list[list[str]]:
    return [
        [
            e.name.replace("_", " "),
            _number(e.value),
            f"[{_number(e.low)}, {_number(e.high)}]",
            str(e.games),
            e.method,
            *([e.meaning] if meaning else []),
        ]
        for e in estimates
    ]


COLUMNS = ["metric", "value", "95% interval", "games", "interval", "meaning"]
FIGURE_COLUMNS = ["figure (mean a game)", *COLUMNS[1:5]]


def show(
    out: Console,
    game: Game,
    facts: dict[str, str],
    estimates: Sequence[Estimate],
    figures: Sequence[Estimate],
) -> None:
    out.print(f"{game.info.title}: game-quality metrics", soft_wrap=True)
    for key, value in facts.items():
        out.print(f"  {key}: {value}", soft_wrap=True)
    for heading, group, columns in (
        ("metrics", estimates, COLUMNS),
        ("the game's own figures", figures, FIGURE_COLUMNS),
    ):
        if not group:
            continue
        table = Table(title=heading)
        for i, column in enumerate(columns):
            table.add_column(column, justify="right" if i in (1, 3) else "left")
        for row in rows(group, meaning=columns is COLUMNS):
            table.add_row(*row)
        out.print(table)


def to_json(
    game: Game,
    game_id: str,
    seed: int,
    facts: dict[str, str],
    estimates: Sequence[Estimate],
    figures: Sequence[Estimate],
) -> dict[str, object]:
    return {
        "provenance": provenance(game),
        "game": game_id,
        "options": game.options_json(),
        "seed": seed,
        **facts,
        "metrics": {e.name: e.to_json() for e in estimates},
        "figures": {e.name: e.to_json() for e in figures},
    }


def markdown(page: Page) -> str:
    lines = [f"# {page.title}", "", "```", page.command, "```", ""]
    lines += [f"- **{k}**: {v}" for k, v in page.facts.items()]
    for table in page.tables:
        lines += ["", f"## {table.heading}", ""]
        lines.append("| " + " | ".join(table.columns) + " |")
        lines.append("|" + "---|" * len(table.columns))
        lines += ["| " + " | ".join(c.replace("|", "\\|") for c in r) + " |" for r in table.rows]
    return "\n".join(lines) + "\n"


def write_reports(
    folder: Path,
    game: Game,
    facts: dict[str, str],
    estimates: Sequence[Estimate],
    figures: Sequence[Estimate],
) -> Path:
    """index.html (`arena.report`) and report.md: the command, versions, every metric."""
    tables = [ReportTable("Metrics", COLUMNS, rows(estimates))]
    if figures:
        tables.append(ReportTable("The game's own figures", FIGURE_COLUMNS, rows(figures, False)))
    sources = [[name, d.source, d.interval] for name, d in DEFINITIONS.items()]
    tables.append(ReportTable("Sources", ["metric", "source", "interval"], sources))
    page = Page(
        title=f"{game.info.title}: game-quality metrics",
        command=shlex.join(["tablesports", *sys.argv[1:]]),
        facts={**facts, **versions(game)},
        tables=tables,
    )
    path = write_report(folder, page)
    try:
        (folder / "report.md").write_text(markdown(page), encoding="utf-8")
    except OSError as exc:
        raise AnalysisError(f"cannot write the report in {folder}: {exc.strerror}") from None
    return path.parent
