"""Drawing the position for a person: the game's own picture (colour comes in `board_*`)."""

from __future__ import annotations

from rich.console import Console

from tablesports.core.protocol import Action, State


class Board:
    """Draws states on `out`, remembering the moves since it last drew (to highlight them)."""

    def __init__(self, out: Console) -> None:
        self.out = out
        self.recent: list[tuple[int, Action]] = []

    def before(self, state: State, mover: int, action: Action) -> None:
        """Note a move about to be applied to `state`."""
        self.recent.append((mover, action))

    def forget(self) -> None:
        self.recent.clear()

    def draw(self, state: State, seat: int | None) -> None:
        self.out.print(state.render(seat), soft_wrap=True)
        self.recent.clear()
