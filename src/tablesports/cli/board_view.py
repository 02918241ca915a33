"""How a board is drawn (`View`): below `board.py` and the games' own drawers, so that
`board.py` can pick a game's drawer without an import circle."""

from __future__ import annotations

from dataclasses import dataclass


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
