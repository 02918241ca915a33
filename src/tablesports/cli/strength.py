"""`tablesports strength GAME`: rerun one game's ladder of levels, its table and plot.

    tablesports strength jukem --games 200 --jobs 2     # build/strength/jukem-ladder.{md,png}

Every adjacent pair of levels (easy-normal, normal-hard, hard-strongest) and `normal` against
`--against` (random), games 2k and 2k+1 on one seed with the seats swapped; each finished
game is appended to OUT/GAME-ladder.jsonl, so that the same command after a kill (or with more
--games) plays only the games still missing.
"""

from __future__ import annotations

import json
import shlex
import time
from functools import partial
from pathlib import Path

import typer

from tablesports.arena.ladder import records_path, run_ladder
from tablesports.arena.ladder_table import ladder_markdown, ladder_summary, plot_ladder
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
from tablesports.core.versions import provenance

OUT = Path("build") / "strength"


@guarded
def strength_command(
    game_id: str = typer.Argument(
        ..., metavar="GAME", help="The game id (see `games`).", callback=known_game
    ),
    games: int = typer.Option(
        200, "--games", "-n", help="Games per pair (seats swapped on each seed)."
    ),
    jobs: int = typer.Option(1, "--jobs", "-j", help="Processes playing at once."),
    out: Path = typer.Option(
        OUT, "--out", help="The folder of GAME-ladder.md, .png and .jsonl (the records)."
    ),
    seed: int = typer.Option(0, "--seed", help="The ladder's seed: fixes every game."),
    against: str = typer.Option(
        "random", "--against", help="The floor `normal` plays too (an agent spec)."
    ),
    iterations: int | None = typer.Option(
        None,
        "--iterations",
        help="Lower every level's iterations= and rollouts= to this (a quick trial; another "
        "ladder, kept in its own records).",
    ),
    option: list[str] = typer.Option(None, "--option", "-o", help=OPTION_HELP),
    round_robin: bool = typer.Option(
        False,
        "--round-robin",
        help="Every pair of levels, not only the adjacent ones: the ratings the lobby shows "
        "come from one round robin.",
    ),
    pair: list[str] = typer.Option(
        None,
        "--pair",
        metavar="LOWER-HIGHER",
        help="Play only this pair (repeatable, e.g. normal-hard), on the seeds the whole ladder "
        "gives it: a costly pair first, the others later; the table shows every pair's games.",
    ),
    report_only: bool = typer.Option(
        False,
        "--report-only",
        help="Play nothing: write the table and plot of the games already in OUT's records.",
    ),
    resume: bool = typer.Option(
        False,
        "--resume",
        help="Keep the games already in OUT's records and play only the missing ones (what "
        "running again always does; said, the records file must be there).",
    ),
) -> None:
    """Rerun a game's ladder of levels (adjacent pairs, seats swapped): table, plot, ratings
    (GAME-ladder.md, .png, .json)."""
    if games < 1:
        raise CliError(f"--games (per pair) must be 1 or more, got {games}")
    if jobs < 1:
        raise CliError(f"--jobs must be 1 or more, got {jobs}")
    if iterations is not None and iterations < 1:
        raise CliError(f"--iterations must be 1 or more, got {iterations}")
    if out.exists() and not out.is_dir():
        raise CliError(f"--out {out} is a file: give a folder (made if missing)")
    if resume and not records_path(out, game_id).is_file():
        raise CliError(
            f"--resume continues the games in {records_path(out, game_id)}, which does not "
            "exist: leave --resume out to start the ladder, or give the --out folder of its "
            "records"
        )
    needs_extra("arena", "strength's plot", "matplotlib")  # before the games, not after
    game = load_game(game_id, option)
    out.mkdir(parents=True, exist_ok=True)
    err = console(stderr=True)
    started = time.perf_counter()
    ladder = partial(
        run_ladder,
        game,
        games,
        seed,
        out=out,
        against=against,
        iterations=iterations,
        round_robin=round_robin,
        only=pair or (),
    )
    interrupted = False
    try:
        with WorkBar(err, f"{game_id}: ladder") as meter:
            result = ladder(jobs=jobs, meter=meter, play=not report_only)
    except KeyboardInterrupt:  # every finished game is in the records: sum them up
        interrupted = True
        result = ladder(play=False)
    elapsed = time.perf_counter() - started
    words = ["tablesports", "strength", game_id, "--games", str(games), "--seed", str(seed)]
    words += ["--jobs", str(jobs), "--out", str(out)]
    if against != "random":
        words += ["--against", against]
    if iterations is not None:
        words += ["--iterations", str(iterations)]
    if round_robin:
        words.append("--round-robin")
    for item in pair or []:
        words += ["--pair", item]
    if report_only:
        words.append("--report-only")
    for item in option or []:
        words += ["-o", item]
    table = ladder_markdown(result, shlex.join(words), provenance(game))
    md = out / f"{game_id}-ladder.md"
    md.write_text(table, encoding="utf-8")
    summary = ladder_summary(result, shlex.join(words), provenance(game))
    (out / f"{game_id}-ladder.json").write_text(json.dumps(summary, indent=1) + "\n", "utf-8")
    png = plot_ladder(result, out / f"{game_id}-ladder.png")
    typer.echo(table, nl=False)
    err.print(
        f"{result.played} games played in {elapsed:.1f} s ({per_second(result.played, elapsed)},"
        f" {jobs} job(s)), {result.resumed} read back from {records_path(out, game_id)}; "
        f"wrote {md} and {png}"
    )
    if interrupted:
        err.print("interrupted: the same command plays the games still missing")
        raise typer.Exit(130)
