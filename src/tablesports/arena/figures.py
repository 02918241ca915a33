"""A game's figures per finished game: what its designers count (goals, shots, casualties).

Each game package names a hook in `FIGURES` (see `core.registry.game_figures`): a function of
the final state and the game's events in order. The arena reads it through the registry, so it
never imports a game. A game without a hook gives its `State.figures()` alone.

    >>> counter = FigureCounter(game)                                  # doctest: +SKIP
    >>> play_match(game, agents, seed, on_step=counter.on_step, on_end=counter.finish)
    >>> counter.figures                                                # doctest: +SKIP
    {'goals': 3.0, 'shots': 7.0, ...}
"""

from __future__ import annotations

from typing import Any

from tablesports.core.events import Event
from tablesports.core.protocol import Game, State
from tablesports.core.registry import FigureHook, game_figures


def figure_hook(game: Game) -> FigureHook | None:
    return game_figures(game.info.id)


def figure_names(game: Game) -> tuple[str, ...]:
    """Every figure the game may report, in column order (empty: none declared)."""
    hook = figure_hook(game)
    return hook.names if hook is not None else ()


class FigureCounter:
    """Gathers one game's events (only when the game has a hook: the events cost nothing
    otherwise) and counts its figures at the end. `start()` before each game."""

    def __init__(self, game: Game) -> None:
        self.hook = figure_hook(game)
        self.events: list[Event] = []
        self.figures: dict[str, float] = {}
        self.on_step = self._step if self.hook is not None else None

    def start(self) -> None:
        self.events = []
        self.figures = {}

    def _step(self, state: State, player: int, action: Any, events: list[Event]) -> None:
        self.events.extend(events)

    def finish(self, state: State) -> None:
        if self.hook is None:
            self.figures = dict(state.figures())
        else:
            self.figures = {k: float(v) for k, v in self.hook.compute(state, self.events).items()}
        self.events = []
