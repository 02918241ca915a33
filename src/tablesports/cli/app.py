"""The `tablesports` command: one typer app, one module per command."""

from __future__ import annotations

from typing import Any

import typer

from tablesports import __version__
from tablesports.cli.analyse import analyse_command
from tablesports.cli.arena import arena_command
from tablesports.cli.bench import bench_command
from tablesports.cli.common import print_error
from tablesports.cli.compare import compare_command
from tablesports.cli.game_options import options_epilog
from tablesports.cli.games import games_command
from tablesports.cli.play import play_command
from tablesports.cli.replay import replay_command
from tablesports.cli.rules import rules_command
from tablesports.cli.serve import serve_command
from tablesports.cli.simulate import simulate_command
from tablesports.cli.strength import strength_command
from tablesports.cli.sweep import sweep_command
from tablesports.cli.teams import teams_command
from tablesports.cli.train import train_command

app = typer.Typer(
    name="tablesports",
    help="Tabletop sports games by their real rules: play, simulate, replay, benchmark, rate.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"tablesports {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
) -> None:
    """Tabletop sports games by their real rules: play, simulate, replay, benchmark, rate."""


def _no_type_labels() -> None:
    """typer 0.2x prints a `<bool>`, `<str>`, `<list[str]>` column beside every option, which
    says nothing to a player: show an option's metavar (`--vs SPEC`) where it has one."""
    from typer import core

    def option_label(self: Any, ctx: Any) -> str | None:
        return self.metavar if isinstance(self.metavar, str) else None

    core.TyperOption.display_type_rich = option_label  # type: ignore[method-assign]
    core.TyperArgument.display_type_rich = lambda self, ctx: None  # type: ignore[method-assign]


def _one_line_usage_errors() -> None:
    """typer draws a misused command line (a missing option, a value of the wrong type) as a
    usage line, a hint and a boxed message: say it in one `error:` line like every other error,
    with where to look."""
    from typer import rich_utils

    def one_line(error: Any) -> None:
        if type(error).__name__ == "NoArgsIsHelpError":  # the help was shown instead
            return
        ctx = getattr(error, "ctx", None)
        where = f" (see {ctx.command_path} --help)" if ctx is not None else ""
        print_error(error.format_message().rstrip(".") + where)

    rich_utils.rich_format_error = one_line  # type: ignore[assignment]


_no_type_labels()
_one_line_usage_errors()
_GAME_OPTIONS = options_epilog()
app.command("games")(games_command)
app.command("rules")(rules_command)
app.command("play", epilog=_GAME_OPTIONS)(play_command)
app.command("simulate", epilog=_GAME_OPTIONS)(simulate_command)
app.command("compare", epilog=_GAME_OPTIONS)(compare_command)
app.command("sweep", epilog=_GAME_OPTIONS)(sweep_command)
app.command("analyse", epilog=_GAME_OPTIONS)(analyse_command)
app.command("replay")(replay_command)
app.command("bench")(bench_command)
app.command("arena", epilog=_GAME_OPTIONS)(arena_command)
app.command("strength", epilog=_GAME_OPTIONS)(strength_command)
app.command("serve")(serve_command)
app.command("train")(train_command)
app.command("teams")(teams_command)


def main() -> None:
    """The console script `tablesports`."""
    app()
