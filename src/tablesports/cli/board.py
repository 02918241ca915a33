"""Drawing the position for a person, in colour when the console allows it.

Blood Bowl and HanniBall have their own drawings (`board_bloodbowl.py`, `board_hanniball.py`);
other games print their `render()` text with each side's name in its colour. Colour belongs
here, never in a game: `State.render()` stays plain text for tests and other faces. Rich
drops the styles by itself for NO_COLOR and for a pipe; the drawings carry letters and marks
that say everything without colour.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.text import Text

from tablesports.cli.board_view import View
from tablesports.core.protocol import CHANCE, Action, State

SIDE_STYLES = ("bold red", "bold bright_blue", "bold green", "bold magenta")
Drawer = Callable[[State, "int | None", "View"], Text]
Squares = Callable[[State, int, Action], list[int]]


def _games() -> dict[str, tuple[Drawer, Squares]]:
    from tablesports.cli import board_bloodbowl, board_hanniball

    return {
        "bloodbowl": (board_bloodbowl.draw, board_bloodbowl.squares_of),
        "hanniball": (board_hanniball.draw, board_hanniball.squares_of),
    }


WORD_STYLES = {
    "jukem": [
        (r"\bSHOT-\w+", "bold red"),
        (r"\bSAVE-\w+", "bold green"),
        (r"\b(?:PASS|HEADER|FLOP)-\w+", "cyan"),
        (r"\bJUKEM-\w+", "bold magenta"),
        (r"\b(?:RED|YELLOW)-\w+", "yellow"),
    ]
}
"""Words a game's text marks in colour (Jukem's cards by kind)."""


def plain_drawing(state: State, seat: int | None) -> Text:
    """The game's own text, each side's name (`Player 0`, `seat 1`) in its colour."""
    text = Text(state.render(seat))
    for n, style in enumerate(SIDE_STYLES[: state.game.info.players]):
        text.highlight_regex(rf"\b(?:[Pp]layer|[Ss]eat) {n}\b(?: \(you\))?", style)
    for pattern, style in WORD_STYLES.get(state.game.info.id, []):
        text.highlight_regex(pattern, style)
    return text


class Board:
    """Draws states on `out`, marking the squares of the moves made since it last drew."""

    def __init__(self, out: Console) -> None:
        self.out = out
        self.recent: set[int] = set()
        self.drawn = False

    def before(self, state: State, mover: int, action: Action) -> None:
        """Note a move about to be applied to `state`."""
        if mover == CHANCE:
            return
        found = _games().get(state.game.info.id)
        if found is not None:
            self.recent.update(found[1](state, mover, action))

    def forget(self) -> None:
        self.recent.clear()

    def draw(self, state: State, seat: int | None, legend: bool = False) -> None:
        """Draw the position; the legend on the first drawing and when asked (`legend`)."""
        found = _games().get(state.game.info.id)
        view = View(set(self.recent), self.out.width, self.out.height, legend or not self.drawn)
        self.drawn = True
        drawing: Any = found[0](state, seat, view) if found else plain_drawing(state, seat)
        self.out.print(drawing, overflow="fold")
        self.recent.clear()
