"""Drawing the position for a person, in colour when the console allows it.

Blood Bowl, HanniBall and Jugger TTG have their own drawings (`board/bloodbowl.py`,
`board/hanniball.py`, `board/juggerttg.py`); other games print their `render()` text with each
side's name in its colour, long lines broken between words to the console's width. Colour belongs
here, never in a game: `State.render()` stays plain text for tests and other faces. Rich
drops the styles by itself for NO_COLOR and for a pipe; the drawings carry letters and marks
that say everything without colour.
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from tablesports.cli.board.view import SIDE_STYLES, Drawer, Squares, View, fit
from tablesports.core.protocol import CHANCE, Action, State


def _games() -> dict[str, tuple[Drawer, Squares]]:
    # deferred: a game's drawing imports that game, which only playing it needs
    from tablesports.cli.board import bloodbowl, hanniball, juggerttg

    return {
        "bloodbowl": (bloodbowl.draw, bloodbowl.squares_of),
        "hanniball": (hanniball.draw, hanniball.squares_of),
        "juggerttg": (juggerttg.draw, juggerttg.squares_of),
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


def plain_drawing(state: State, seat: int | None, width: int = 120) -> Text:
    """The game's own text, each side's name (`Player 0`, `seat 1`) in its colour."""
    words = state.render(seat)
    if state.game.info.id == "juggers":  # places in cells a player reads, not mm alone
        from tablesports.cli.board import juggers

        words = juggers.compact_market(juggers.with_cells(words), width)
        words = "\n".join([words, *juggers.shared_cells(state)])
    text = Text(fit(words, width))  # long lines broken between words, not folded at the edge
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
        self.coins: list[tuple[float, float] | None] = []
        """Juggers: where the coins were before the step being applied."""

    def before(self, state: State, mover: int, action: Action) -> None:
        """Note a move about to be applied to `state`."""
        if state.game.info.id == "juggers":
            from tablesports.cli.board import juggers

            self.coins = juggers.positions(state)
        if mover == CHANCE:
            return
        found = _games().get(state.game.info.id)
        if found is not None:
            self.recent.update(found[1](state, mover, action))

    def shown_as(self, state: State, action: Action, text: str) -> str:
        """How a step just applied to `state` is told: Juggers' settle as what moved, not every
        coin's new coordinates (the record keeps those)."""
        if state.game.info.id == "juggers" and text.startswith("settle"):
            from tablesports.cli.board import juggers

            return juggers.settle_line(self.coins, state)
        return text

    def forget(self) -> None:
        self.recent.clear()

    def drawing(self, state: State, seat: int | None, legend: bool = False) -> Text:
        """The picture of the position for this console, every line within its width."""
        found = _games().get(state.game.info.id)
        view = View(set(self.recent), self.out.width, self.out.height, legend or not self.drawn)
        return found[0](state, seat, view) if found else plain_drawing(state, seat, view.width)

    def draw(self, state: State, seat: int | None, legend: bool = False) -> None:
        """Draw the position; the legend on the first drawing and when asked (`legend`)."""
        drawing = self.drawing(state, seat, legend)
        self.drawn = True
        self.out.print(drawing, overflow="fold")
        self.recent.clear()
