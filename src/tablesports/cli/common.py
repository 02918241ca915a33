"""Helpers every command shares: consoles, `--option key=value`, loading a game, errors."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import NoReturn, ParamSpec, TypeVar

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from tablesports.core.errors import OptionError, TablesportsError, UnknownGameError
from tablesports.core.protocol import Game
from tablesports.core.registry import game_ids, load

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


def per_second(count: float, seconds: float, unit: str = "games") -> str:
    """A rate with the digits it needs: `1,234 games/s`, `3.4 games/s`, `0.05 games/s`."""
    if seconds <= 0:
        return f"{count:,.0f} {unit} in no measurable time"
    rate = count / seconds
    if rate >= 100:
        return f"{rate:,.0f} {unit}/s"
    if rate >= 1:
        return f"{rate:.1f} {unit}/s"
    return f"{rate:.2g} {unit}/s"


class RateColumn(ProgressColumn):
    """Games a second so far, in the bar."""

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        return Text(per_second(task.completed, elapsed) if elapsed and task.completed else "")


def progress_bar(err: Console) -> Progress:
    """The games-played bar of `simulate` and `arena`: games done, rate, time spent and left;
    shown on a terminal only, then cleared."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    )


def needs_extra(extra: str, what: str, *modules: str) -> None:
    """Stop with one line naming the extra to install when one of `modules` is missing."""
    import importlib.util

    for module in modules:
        try:
            found = importlib.util.find_spec(module) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            how = "docs/rl.md: torch's CPU build first, then " if extra == "train" else ""
            raise CliError(
                f"{what} needs the {extra!r} extra ({module} is not installed): "
                f"{how}pip install 'tablesports[{extra}]', or make setup (every extra)"
            )


def print_error(message: str) -> None:
    console(stderr=True).print(Text(f"error: {message}", style="bold red"), soft_wrap=True)


def fail(message: str) -> NoReturn:
    """One error line and exit code 2, from where `guarded` does not reach (an option's
    callback, run while the command line is read)."""
    print_error(message)
    raise typer.Exit(ERROR_EXIT)


def known_game(game_id: str | None) -> str | None:
    """GAME's callback: an unknown game is said first, before any option it lacks."""
    if game_id is not None and game_id not in game_ids():
        fail(str(UnknownGameError(game_id, game_ids())))
    return game_id


def agent_pair(specs: tuple[str, str] | None) -> tuple[str, str] | None:
    """`--agents A B`'s callback: `--agents random --games 2` reads `--games` as the second
    agent (click takes the next two words), which must not end as "unexpected argument (2)"."""
    for spec in specs or ():
        if spec.startswith("-"):
            fail(
                f"--agents takes two agent specs, got {' '.join(specs or ())!r}: {spec!r} is "
                "an option; give both agents first, e.g. --agents random random"
            )
    return specs


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
