"""What every board drawing shares: the side colours and how to draw (`View`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.text import Text

from tablesports.core.protocol import Action, State

SIDE_STYLES = ("bold red", "bold bright_blue", "bold green", "bold magenta")
Drawer = Callable[[State, "int | None", "View"], Text]
Squares = Callable[[State, int, Action], list[int]]


@dataclass(frozen=True)
class View:
    """How to draw: the squares to mark, the console's size, and whether to add the legend."""

    recent: set[int]
    width: int
    height: int
    legend: bool

    @property
    def compact(self) -> bool:
        """A short terminal (24 lines): the board, the log and the prompt must fit together."""
        return self.height < 40
