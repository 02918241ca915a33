"""`tablesports compare GAME --a KEY=VALUE --b KEY=VALUE`: two variants of a game on the same
seeds, every figure's difference with its paired 95% interval, significant after Holm."""

from __future__ import annotations

import csv
import json
import shlex
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from tablesports.arena.compare import (
    Run,
    compare,
    comparison_key,
    figure_name,
    figure_pairs,
    options_text,
    play_variants,
    read_finished,
    until_decided,
)
from tablesports.arena.engines import ENGINES
from tablesports.arena.figures import figure_names
from tablesports.arena.match import DEFAULT_MAX_STEPS
from tablesports.arena.paired import (
    ALPHA,
    MIN_GAMES,
    Difference,
    mean_sd,
    needed_pairs,
    skewness,
)
from tablesports.arena.report import Page, plot_differences, report_folder, versions, write_report
from tablesports.arena.report import Table as ReportTable
from tablesports.arena.resume import RecordAppender
from tablesports.arena.simulate import GameResult, agent_labels
from tablesports.cli.bars import WorkBar
from tablesports.cli.common import (
    OPTION_HELP,
    CliError,
    agent_pair,
    console,
    guarded,
    known_game,
    needs_extra,
    parse_options,
)
from tablesports.cli.targets import check_file, check_folder, check_new_out, written_path
from tablesports.core.protocol import Game
from tablesports.core.registry import load
from tablesports.core.versions import provenance


def variant_options(flag: str, items: Sequence[str] | None) -> dict[str, str]:
    """`KEY=VALUE` items of `--a` or `--b` (or `-o`), with the flag named in the error."""
    for item in items or []:
        key, eq, _ = item.partition("=")
        if not eq or not key.strip():
            raise CliError(f"{flag} takes KEY=VALUE (a game option), got {item!r}")
    return parse_options(list(items or []))


def load_variant(game_id: str, base: dict[str, str], changes: dict[str, str], name: str) -> Game:
    from tablesports.core.errors import OptionError

    try:
        return load(game_id, **{**base, **changes})
    except OptionError as exc:
        raise CliError(f"variant {name}: {exc}") from None


def check_figure(figure: str, games: Sequence[Game], agents: Sequence[str]) -> None:
    """`--until-significant FIGURE` names a figure these games report: checked before any
    game is played (spelt as in the tables, with spaces, or as in the CSV, with underscores)."""
    names = [f"wins of {label}" for label in agent_labels(agents)]
    names += ["draws", "first seat wins"]
    declared = [figure_names(game) for game in games]
    if not all(declared):
        return  # a game that declares no figures: checked at the first look instead
    for figures in declared:
        names += [n for n in figures if n not in names]
    wanted = figure.replace("_", " ")
    if not any(n.replace("_", " ") == wanted for n in names):
        raise CliError(
            f"--until-significant: no figure {figure!r} in these games; the figures are: "
            + ", ".join(n.replace("_", " ") for n in names)
        )


def check_engine(jobs: int, engine: str) -> None:
    if jobs < 1:
        raise CliError(f"--jobs must be 1 or more, got {jobs}")
    if engine not in ENGINES:
        raise CliError(f"unknown --engine {engine!r}; the engines are: {', '.join(ENGINES)}")


def open_records(
    out: Path | None, resume: bool, games: Sequence[Game], agents: Sequence[str], seed: int, n: int
) -> tuple[list[dict[int, GameResult]], RecordAppender | None]:
    """The games already played (with --resume) and the appender of the --out file."""
    if resume and out is None:
        raise CliError("--resume continues the games in an --out file: give --out FILE")
    finished: list[dict[int, GameResult]] = []
    if out is None:
        return finished, None
    if resume:
        key = comparison_key(games, agents, seed, DEFAULT_MAX_STEPS)
        finished = read_finished(out, key, len(games), n)
    try:
        return finished, RecordAppender(written_path(out), append=resume)
    except OSError as exc:
        raise CliError(f"cannot write {out}: {exc.strerror}") from None


METRICS_HELP = (
    "Add each game's quality metrics (lead change, drama, decisiveness...; `analyse`, with the "
    "game's heuristic evaluation) to the figures compared."
)


def run_variants(
    games: Sequence[Game],
    agents: Sequence[str],
    n: int,
    seed: int,
    *,
    jobs: int,
    engine: str,
    address: str | None,
    out: Path | None,
    resume: bool,
    label: str,
    stop: Callable[[Run], str] | None = None,
    check_every: int = 100,
    metrics: bool = False,
) -> tuple[Run, float, int]:
    """Play the variants with a progress bar and the --out file: the run, the seconds it took
    and the games played now (not resumed)."""
    if metrics and resume:  # a resumed game's figures are counted again from its replay
        raise CliError("--metrics needs every game played now: drop --resume or --metrics")
    err = console(stderr=True)
    finished, records = open_records(out, resume, games, agents, seed, n)
    resumed = [set(f) for f in finished] or [set() for _ in games]

    def write(v: int, result: GameResult) -> None:
        if records is not None and result.record is not None and result.index not in resumed[v]:
            records.write(result.record)

    done = sum(len(r) for r in resumed)
    started = time.perf_counter()
    try:
        with WorkBar(err, label) as meter:
            run = play_variants(
                games,
                agents,
                n,
                seed,
                jobs=jobs,
                engine=engine,
                address=address,
                keep_records=records is not None,
                finished=finished,
                meter=meter,
                on_result=write,
                stop=stop,
                check_every=check_every,
                metrics="heuristic" if metrics else "",
            )
    finally:
        if records is not None:
            records.close()
    elapsed = time.perf_counter() - started
    played = sum(len(r) for r in run.results) - done
    return run, elapsed, played


def number(x: float) -> str:
    return f"{x:.4g}"


def signed(x: float) -> str:
    return f"{x:+.3g}"


def difference_row(d: Difference, pairs: int = 0) -> list[str]:
    """A figure's row; `pairs` the games per variant, so that a figure some games leave
    undefined (Jukem's half-time leader after a tied half) says over how many it was compared."""
    interval = f"[{signed(d.low)}, {signed(d.high)}]"
    return [
        d.name.replace("_", " "),
        f"{d.games} of {pairs}" if d.games < pairs else str(d.games),
        number(d.a),
        number(d.b),
        signed(d.diff),
        interval,
        f"{d.p:.3g}",
        "yes" if d.significant else "no",
    ]


COLUMNS = ["figure", "games", "A", "B", "B - A", "95% interval", "p", "significant (Holm)"]
STOPPED_NOTE = (
    "stopped early, so the intervals and p-values are the sequential test's always-valid ones "
    "(wider than fixed-n ones, which an early stop makes too narrow)"
)


def columns(kind: str = "fixed-n") -> list[str]:
    if kind == "fixed-n":
        return COLUMNS
    return [*COLUMNS[:5], "95% interval (always valid)", "p (always valid)", "significant"]


def skew_note(run: Run, figure: str) -> str:
    """A warning when `figure`'s differences are too skewed for their number: the sequential
    test's 5% error then rests on a normal approximation that does not hold yet (Cochran's
    rule, arena/paired.py)."""
    pairs = figure_pairs(run, 0, 1)
    xs, ys = pairs[figure_name(pairs, figure)]
    diffs = [y - x for x, y in zip(xs, ys, strict=True)]
    wait = needed_pairs(diffs)
    if wait <= max(MIN_GAMES, len(diffs)):
        return ""
    return (
        f"warning: the differences of {figure} are skewed (skewness {skewness(diffs):.2g}): over "
        f"{len(diffs)} pairs the sequential test's 5% error is not assured (Cochran's rule asks "
        f"for 25 x skewness² = {wait}); confirm with a fixed run: --games {wait} without "
        "--until-significant"
    )


def difference_table(
    title: str, diffs: Sequence[Difference], kind: str = "fixed-n", pairs: int = 0
) -> Table:
    table = Table(title=title)
    for i, column in enumerate(columns(kind)):
        table.add_column(column, justify="left" if i == 0 else "right", overflow="fold")
    for d in diffs:
        table.add_row(*difference_row(d, pairs), style="bold" if d.significant else None)
    return table


def write_csv(
    path: Path, header: list[str], rows: list[list[Any]], facts: dict[str, str] | None = None
) -> None:
    """Rows to a CSV; `facts` (the run's provenance) as trailing columns, alike in every row,
    so that a CSV alone still says which program, game version and rules made it."""
    facts = facts or {}
    try:
        with path.open("w", encoding="utf-8", newline="") as f:
            out = csv.writer(f)
            out.writerow([*header, *facts])
            out.writerows([*row, *facts.values()] for row in rows)
    except OSError as exc:
        raise CliError(f"cannot write {path}: {exc.strerror}") from None


def command_text(words: Sequence[str]) -> str:
    return " ".join(shlex.quote(w) for w in words)


def option_words(flag: str, options: dict[str, str]) -> list[str]:
    return [w for k, v in options.items() for w in (flag, f"{k}={v}")]


def sds_of_a(run: Run) -> dict[str, float]:
    """Each figure's standard deviation under A (the forest plot's unit)."""
    return {name: mean_sd(xs)[1] for name, (xs, _) in figure_pairs(run, 0, 1).items()}


@guarded
def compare_command(
    game_id: str = typer.Argument(
        ..., metavar="GAME", help="The game id (see `games`).", callback=known_game
    ),
    a: list[str] = typer.Option(None, "--a", help="Variant A's options, KEY=VALUE (repeatable)."),
    b: list[str] = typer.Option(None, "--b", help="Variant B's options, KEY=VALUE (repeatable)."),
    agents: tuple[str, str] = typer.Option(
        ("random", "random"),
        "--agents",
        help="The two agent specs (both variants).",
        callback=agent_pair,
    ),
    games: int = typer.Option(1000, "--games", "-n", help="Games per variant (at most)."),
    seed: int = typer.Option(0, "--seed", help="Game i of each variant is played with SEED+i."),
    option: list[str] = typer.Option(None, "--option", "-o", help=OPTION_HELP + " Both."),
    until: str | None = typer.Option(
        None,
        "--until-significant",
        metavar="FIGURE",
        help="Stop once FIGURE's difference is decided (a mixture SPRT, 5% error; see "
        "docs/designers.md), or at --games.",
    ),
    every: int = typer.Option(100, "--check-every", help="Games between sequential looks."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Processes (the results are the same)."),
    engine: str = typer.Option("process", "--engine", help="process or ray."),
    address: str | None = typer.Option(None, "--address", help="A Ray cluster's address."),
    out: Path | None = typer.Option(None, "--out", help="Write every record here (JSON Lines)."),
    resume: bool = typer.Option(False, "--resume", help="Keep the games already in --out."),
    overwrite: bool = typer.Option(
        False, "--overwrite", help="Replace the records already in --out (else refused)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the comparison as JSON."),
    csv_path: Path | None = typer.Option(None, "--csv", help="One row a figure, here."),
    report: Path | None = typer.Option(None, "--report", help="Write an HTML report here."),
    metrics: bool = typer.Option(False, "--metrics", help=METRICS_HELP),
) -> None:
    """Two variants of a game on the same seeds: every figure, A, B, the difference and its
    paired 95% interval, and which differences are significant after Holm's correction."""
    check_engine(jobs, engine)
    if every < 1:
        raise CliError(f"--check-every must be 1 or more, got {every}")
    base = variant_options("-o", option)
    opts_a, opts_b = variant_options("--a", a), variant_options("--b", b)
    variants = [
        load_variant(game_id, base, opts_a, "A"),
        load_variant(game_id, base, opts_b, "B"),
    ]
    if until:  # a misspelt figure is refused now, not after the first --check-every games
        check_figure(until, variants, agents)
    for flag, path in (("--out", out), ("--csv", csv_path)):
        check_file(flag, path)
    check_folder("--report", report)
    if report is not None:  # its plot: before the games are played, not after
        needs_extra("arena", "--report", "matplotlib")
    check_new_out(out, resume, overwrite)
    run, elapsed, played = run_variants(
        variants,
        list(agents),
        games,
        seed,
        jobs=jobs,
        engine=engine,
        address=address,
        out=out,
        resume=resume,
        label=f"{game_id}: comparing",
        stop=until_decided(until) if until else None,
        check_every=every,
        metrics=metrics,
    )
    diffs = compare(run, primary=until)
    n = len(run.paired_indices(0, 1))
    err = console(stderr=True)
    # after an early stop the intervals and p-values are the always-valid ones (arena/paired.py)
    kind = "always-valid" if run.stopped else "fixed-n"
    title = (
        f"{variants[0].info.title}: B ({options_text({**base, **opts_b})}) against "
        f"A ({options_text({**base, **opts_a})}), {n} games each, {agents[0]} v {agents[1]}"
    )
    (err if as_json else console()).print(difference_table(title, diffs, kind, n))
    if undefined := [d.name for d in diffs if d.games < n]:
        err.print(
            f"{', '.join(undefined)}: compared over the games where both variants define it "
            "(the games column says how many)"
        )
    if run.stopped:
        err.print(f"{run.stopped}: {STOPPED_NOTE}")
    elif until:
        err.print(f"{until}: not decided after {n} games per variant (--games {games})")
    if until and (note := skew_note(run, until)):
        err.print(note)
    err.print(
        f"{played} games in {elapsed:.1f} s ({played / max(elapsed, 1e-9):.0f} games/s, "
        f"{jobs} job(s)); seeds {seed} to {seed + n - 1}, seats swapped every game; "
        + (
            f"significant: {until} alone, then Holm over the other {len(diffs) - 1} figures, "
            f"at {ALPHA:.0%}"
            if run.stopped
            else f"significant: Holm over {len(diffs)} figures at {ALPHA:.0%}"
        )
    )
    words = ["tablesports", "compare", game_id, *option_words("-o", base)]
    words += [*option_words("--a", opts_a), *option_words("--b", opts_b)]
    words += ["--agents", *agents, "--games", str(games), "--seed", str(seed)]
    if until:
        words += ["--until-significant", until, "--check-every", str(every)]
    rows = [[d.name, d.games, d.a, d.b, d.diff, d.low, d.high, d.p, d.significant] for d in diffs]
    header = ["figure", "games", "a", "b", "difference", "low", "high", "p", "significant"]
    if csv_path is not None:
        write_csv(csv_path, header, rows, provenance(variants[0]))
        err.print(f"one row a figure written to {csv_path}")
    if report is not None:
        folder = report_folder(report)
        write_csv(folder / "comparison.csv", header, rows, provenance(variants[0]))
        plot_differences(diffs, sds_of_a(run), title, folder / "differences.png")
        page = Page(
            title=f"{variants[0].info.title}: B against A",
            command=command_text(words),
            facts={
                "A": options_text({**base, **opts_a}),
                "B": options_text({**base, **opts_b}),
                "agents": " v ".join(agents),
                "games per variant": str(n),
                "seeds": f"game i of both variants: seed {seed}+i ({seed} to {seed + n - 1}), "
                "seats swapped every game",
                "stopped": run.stopped or "at --games",
                **versions(variants[0]),
            },
            tables=[
                ReportTable(
                    title,
                    columns(kind),
                    [difference_row(d, n) for d in diffs],
                    "Paired differences (B - A) on common random numbers; "
                    + (
                        f"{STOPPED_NOTE}; {until} tested alone at 5%, then Holm over the others."
                        if run.stopped
                        else "Student's t interval; "
                        f"significant after Holm's correction over {len(diffs)} figures at 5%."
                    ),
                )
            ],
            images=[("Differences in standard deviations of A", "differences.png")],
        )
        err.print(f"report written to {write_report(folder, page)}")
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "provenance": provenance(variants[0]),
                    "game": game_id,
                    "a": {**base, **opts_a},
                    "b": {**base, **opts_b},
                    "agents": list(agents),
                    "seed": seed,
                    "games": n,
                    "stopped": run.stopped,
                    "intervals": kind,
                    "figures": [d.to_json() for d in diffs],
                },
                indent=2,
            )
        )
