"""Helpers every command shares: consoles, `--option key=value`, loading a game, errors."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.text import Text

from tablesports.core.errors import OptionError, TablesportsError
from tablesports.core.protocol import Game
from tablesports.core.registry import load

P = ParamSpec("P")
R = TypeVar("R")

ERROR_EXIT = 2
"""The exit code of every error tablesports reports (as for a usage error)."""


class CliError(TablesportsError):
    """A command-line argument that is not allowed (a seat out of range, a bad index)."""


def console(stderr: bool = False) -> Console:
    """A console for game text: no markup, emoji or highlighting, so `[1, 2]` stays as it is.

    Made per command so that it writes to whatever `sys.stdout` is then (a pipe, a test).
    """
    return Console(stderr=stderr, markup=False, emoji=False, highlight=False)


def progress_bar(err: Console) -> Progress:
    """The games-played bar of `simulate` and `arena`: shown on a terminal only, then cleared."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    )


def print_error(message: str) -> None:
    console(stderr=True).print(Text(f"error: {message}", style="bold red"), soft_wrap=True)


def guarded(command: Callable[P, R]) -> Callable[P, R]:
    """Turn a `TablesportsError` into a red message and exit code 2, without a traceback."""

    @functools.wraps(command)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except TablesportsError as exc:
            print_error(str(exc))
            raise typer.Exit(ERROR_EXIT) from None

    return run


def parse_options(items: list[str] | None) -> dict[str, str]:
    """`["key=value", ...]` from repeated `--option` flags. The values stay text: the game's
    options model (pydantic) converts them to its fields' types and says what is wrong."""
    options: dict[str, str] = {}
    for item in items or []:
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or not key:
            raise OptionError(f"--option takes key=value, got {item!r}")
        options[key] = value.strip()
    return options


def load_game(game_id: str, options: list[str] | None = None) -> Game:
    """The game with the `--option` flags applied (errors name the game, option and values)."""
    return load(game_id, **parse_options(options))


def seat_name(seat: int) -> str:
    return f"seat {seat}"


def format_returns(returns: list[float] | tuple[float, ...]) -> str:
    return " / ".join(f"{r:+g}" for r in returns)


OPTION_HELP = "A game option as key=value (repeatable); numbers and true/false are converted."
