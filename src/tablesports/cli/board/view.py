"""What every board drawing shares: the side colours and how to draw (`View`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rich.cells import cell_len
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


def fit(text: str, width: int) -> str:
    """Every line of `text` within `width` cells: a longer one is broken at its spaces and
    continued under its own indent plus four (a terminal would fold it mid-word at the edge)."""
    out: list[str] = []
    for line in text.split("\n"):
        line = line.rstrip()
        indent = " " * (len(line) - len(line.lstrip()) + 4)
        while cell_len(line) > width:
            cut = line.rfind(" ", len(indent), width + 1)
            if cut <= len(indent):  # one word wider than the line: cut it where the line ends
                cut = width
            out.append(line[:cut].rstrip())
            line = indent + line[cut:].lstrip()
        out.append(line)
    return "\n".join(out)
