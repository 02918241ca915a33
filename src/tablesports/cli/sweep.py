"""`tablesports sweep GAME --param KEY=V1,V2,...`: every point of a grid of variants against
the base, on the same seeds: a table, a plot per figure and a CSV."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.table import Table

from tablesports.arena.compare import options_text
from tablesports.arena.paired import ALPHA, Difference
from tablesports.arena.report import (
    Page,
    figure_file,
    plot_sweep_figure,
    report_folder,
    versions,
    write_report,
)
from tablesports.arena.report import Table as ReportTable
from tablesports.arena.sweep import SweepResult, parse_grid, sweep_results
from tablesports.cli.common import (
    OPTION_HELP,
    CliError,
    agent_pair,
    console,
    guarded,
    known_game,
    needs_extra,
)
from tablesports.cli.compare import (
    METRICS_HELP,
    check_engine,
    command_text,
    load_variant,
    option_words,
    run_variants,
    signed,
    variant_options,
    write_csv,
)
from tablesports.cli.targets import check_file, check_folder, check_new_out
from tablesports.core.errors import TablesportsError
from tablesports.core.versions import provenance

HEADER = ["variant", "figure", "games", "base", "variant_mean", "difference", "low", "high", "p"]


def cell(d: Difference | None, interval: bool = False) -> str:
    """The variant's mean (its difference from the base, with its 95% interval in the report;
    * significant)."""
    if d is None:
        return ""
    spread = f" [{signed(d.low)}, {signed(d.high)}]" if interval else ""
    return f"{d.b:.4g} ({signed(d.diff)}{spread}{'*' if d.significant else ''})"


def sweep_rows(result: SweepResult, interval: bool = False) -> list[list[str]]:
    """One row a figure: the base's mean, then each variant's mean and difference."""
    return [
        [
            name.replace("_", " "),
            f"{result.base[name]:.4g}",
            *(cell(result.cells.get((k, name)), interval) for k in range(len(result.labels))),
        ]
        for name in result.names
    ]


def column_labels(points: list[dict[str, str]]) -> tuple[list[str], str]:
    """The table's column heads: a sweep of one option heads each column by its value alone
    and says the option in the title (long "key=value" heads were cut at 110 columns); a grid
    heads them by every key=value, one a line."""
    keys = list(points[0]) if points else []
    if len(keys) == 1:
        return [p[keys[0]] for p in points], f" over {keys[0].replace('_', ' ')}"
    return ["\n".join(f"{k}={v}" for k, v in p.items()) for p in points], ""


def number_line(
    points: list[dict[str, str]], base: dict[str, object]
) -> tuple[str, list[float], float | None] | None:
    """A sweep of one numeric option: its name, the variants' values and the base's, for a
    plot with a numeric x-axis (None otherwise)."""
    keys = list(points[0]) if points else []
    if len(keys) != 1:
        return None
    try:
        xs = [float(p[keys[0]]) for p in points]
    except ValueError:
        return None
    value = base.get(keys[0])
    at = float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None
    return keys[0], xs, at


def csv_rows(result: SweepResult) -> list[list[object]]:
    rows: list[list[object]] = []
    for (k, name), d in result.cells.items():
        rows.append(
            [result.labels[k], name, d.games, d.a, d.b, d.diff, d.low, d.high, d.p, d.significant]
        )
    return rows


def plot_all(
    result: SweepResult,
    folder: Path,
    axis: tuple[str, list[float], float | None] | None = None,
) -> list[tuple[str, str]]:
    images = []
    for name in result.names:
        diffs = [result.cells[(k, name)] for k in range(len(result.labels))]
        file = figure_file(name)
        plot_sweep_figure(name, result.labels, result.base[name], diffs, folder / file, axis=axis)
        images.append((name.replace("_", " "), file))
    return images


@guarded
def sweep_command(
    game_id: str = typer.Argument(
        ..., metavar="GAME", help="The game id (see `games`).", callback=known_game
    ),
    param: list[str] = typer.Option(
        ..., "--param", "-p", help="KEY=V1,V2,...: an option and its values (repeatable: a grid)."
    ),
    agents: tuple[str, str] = typer.Option(
        ("random", "random"),
        "--agents",
        help="The two agent specs (every variant).",
        callback=agent_pair,
    ),
    games: int = typer.Option(500, "--games", "-n", help="Games per variant."),
    seed: int = typer.Option(0, "--seed", help="Game i of each variant is played with SEED+i."),
    option: list[str] = typer.Option(None, "--option", "-o", help=OPTION_HELP + " The base."),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Processes (the results are the same)."),
    engine: str = typer.Option("process", "--engine", help="process or ray."),
    address: str | None = typer.Option(None, "--address", help="A Ray cluster's address."),
    out: Path | None = typer.Option(None, "--out", help="Write every record here (JSON Lines)."),
    resume: bool = typer.Option(False, "--resume", help="Keep the games already in --out."),
    overwrite: bool = typer.Option(
        False, "--overwrite", help="Replace the records already in --out (else refused)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the sweep as JSON."),
    csv_path: Path | None = typer.Option(None, "--csv", help="One row a variant and figure."),
    plots: Path | None = typer.Option(None, "--plots", help="One PNG a figure, in this folder."),
    report: Path | None = typer.Option(None, "--report", help="Write an HTML report here."),
    metrics: bool = typer.Option(False, "--metrics", help=METRICS_HELP),
) -> None:
    """Every point of a grid of option values against the base (the -o options, else the
    defaults) on the same seeds: each figure's mean and its difference from the base
    (* significant after Holm over every variant and figure)."""
    check_engine(jobs, engine)
    base = variant_options("-o", option)
    try:
        points = parse_grid(param)
    except TablesportsError as exc:
        raise CliError(str(exc)) from None
    variants = [load_variant(game_id, base, {}, "base")]
    variants += [load_variant(game_id, base, p, options_text(p)) for p in points]
    for flag, path in (("--out", out), ("--csv", csv_path)):
        check_file(flag, path)
    for flag, path in (("--plots", plots), ("--report", report)):
        check_folder(flag, path)
        if path is not None:  # they draw: before the games are played, not after
            needs_extra("arena", flag, "matplotlib")
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
        label=f"{game_id}: sweeping {len(points)} variants",
        metrics=metrics,
    )
    result = sweep_results(run, points)
    heads, over = column_labels(points)
    title = (
        f"{variants[0].info.title}: {len(points)} variants{over} against the base "
        f"({options_text(base)}), {games} games each, {agents[0]} v {agents[1]}"
    )
    table = Table(title=title)
    columns = ["figure", "base", *heads]
    for i, column in enumerate(columns):  # folded, never cut with an ellipsis
        table.add_column(column, justify="left" if i == 0 else "right", overflow="fold")
    rows = sweep_rows(result)
    for row in rows:
        table.add_row(*row)
    err = console(stderr=True)
    (err if as_json else console()).print(table)
    note = (
        f"each cell: the variant's mean (its difference from the base; * significant after "
        f"Holm over {len(result.cells)} comparisons at {ALPHA:.0%})"
    )
    err.print(note)
    err.print(
        f"{played} games in {elapsed:.1f} s ({played / max(elapsed, 1e-9):.0f} games/s, "
        f"{jobs} job(s)); seeds {seed} to {seed + games - 1} for every variant"
    )
    if csv_path is not None:
        write_csv(csv_path, [*HEADER, "significant"], csv_rows(result), provenance(variants[0]))
        err.print(f"one row a variant and figure written to {csv_path}")
    axis = number_line(points, variants[0].options.model_dump())
    if plots is not None:
        plot_all(result, report_folder(plots), axis)
        err.print(f"one plot a figure written to {plots}")
    if report is not None:
        folder = report_folder(report)
        write_csv(
            folder / "sweep.csv",
            [*HEADER, "significant"],
            csv_rows(result),
            provenance(variants[0]),
        )
        words = ["tablesports", "sweep", game_id, *option_words("-o", base)]
        words += [w for p in param for w in ("--param", p)]
        words += ["--agents", *agents, "--games", str(games), "--seed", str(seed)]
        page = Page(
            title=f"{variants[0].info.title}: a sweep of {len(points)} variants",
            command=command_text(words),
            facts={
                "base": options_text(base),
                "agents": " v ".join(agents),
                "games per variant": str(games),
                "seeds": f"game i of every variant: seed {seed}+i ({seed} to {seed + games - 1}), "
                "seats swapped every game",
                **versions(variants[0]),
            },
            tables=[
                ReportTable(
                    title,
                    [*columns[:2], *result.labels],
                    sweep_rows(result, interval=True),
                    note.replace(
                        "difference from the base",
                        "difference from the base and its paired 95% interval",
                    ),
                )
            ],
            images=plot_all(result, folder, axis),
        )
        err.print(f"report written to {write_report(folder, page)}")
    if as_json:
        typer.echo(
            json.dumps(
                {
                    "provenance": provenance(variants[0]),
                    "game": game_id,
                    "base": base,
                    "agents": list(agents),
                    "seed": seed,
                    "games": games,
                    "variants": [
                        {
                            "options": p,
                            "figures": [
                                d.to_json() for (k, _), d in result.cells.items() if k == i
                            ],
                        }
                        for i, p in enumerate(points)
                    ],
                },
                indent=2,
            )
        )
