"""Finding and loading games: every package under `tablesports.games` is a game.

A game package's `__init__.py` names its classes as strings, so listing games and bots imports
nothing heavy:

    GAME = "tablesports.games.jukem.game:JukemGame"
    BOTS = {"jukem-greedy": "tablesports.games.jukem.bot:GreedyAgent"}
    FIGURES = "tablesports.games.jukem.figures:figures"

`FIGURES` names the game's figures hook (`game_figures`): what its designers count per game.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from tablesports.core.errors import TablesportsError, UnknownGameError
from tablesports.core.protocol import Game

GAMES_PACKAGE = "tablesports.games"

_extra: dict[str, Callable[..., Game]] = {}


def register(game_id: str, factory: Callable[..., Game]) -> None:
    """Add a game that does not live in `tablesports.games` (a plugin, a test game)."""
    _extra[game_id] = factory


def unregister(game_id: str) -> None:
    _extra.pop(game_id, None)


def _packaged_ids() -> list[str]:
    package = importlib.import_module(GAMES_PACKAGE)
    return [m.name for m in pkgutil.iter_modules(package.__path__) if m.ispkg and m.name[0] != "_"]


def game_ids() -> list[str]:
    """The ids of every registered game, sorted."""
    return sorted(set(_packaged_ids()) | set(_extra))


def packaged_game_ids() -> list[str]:
    """The ids of the games that ship as packages under `tablesports.games` (every game but
    the ones `register`ed at run time, such as test games)."""
    return sorted(_packaged_ids())


def resolve(target: str) -> Any:
    """Import `package.module:Name` and return the named object."""
    module_name, _, attr = target.partition(":")
    return getattr(importlib.import_module(module_name), attr)


def game_package(game_id: str) -> Any:
    if game_id not in _packaged_ids():
        raise UnknownGameError(game_id, game_ids())
    return importlib.import_module(f"{GAMES_PACKAGE}.{game_id}")


def load(game_id: str, **options: Any) -> Game:
    """The game `game_id` with `options` validated (an `OptionError` names a bad one). A data
    file embedded in the options (`{"content": ...}`, as a web record holds it) is given to the
    game as a file of that content."""
    if any(isinstance(v, dict) for v in options.values()):
        from tablesports.core.files import embedded_options

        options = embedded_options(options)
    if game_id in _extra:
        return _extra[game_id](**options)
    game_cls = resolve(game_package(game_id).GAME)
    game: Game = game_cls(**options)
    return game


def game_tensor(game_id: str) -> Any:
    """The game's `tensor` module (`tensor_shape`, `encode`, maybe `encode_state`), for RL.

    Raises `TablesportsError` saying what to add when the game has none.
    """
    package = game_package(game_id)
    try:
        return importlib.import_module(f"{package.__name__}.tensor")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package.__name__}.tensor":
            raise
        raise TablesportsError(
            f"game {game_id!r} has no observation tensor: add "
            f"src/tablesports/games/{game_id}/tensor.py with tensor_shape(game) -> tuple and "
            "encode(game, observation, player) -> numpy float32 array of that shape (see "
            "CONTRIBUTING.md, 'Observation tensor'), and document it in its rules.md"
        ) from None


def game_bots(game_id: str) -> dict[str, str]:
    """The game's own heuristic bots: name -> `module:Class`."""
    if game_id in _extra:
        return {}
    return dict(getattr(game_package(game_id), "BOTS", {}))


def heuristic_bot(game_id: str) -> str:
    """The game's heuristic: the first bot its package lists in `BOTS`, or `random`."""
    return next(iter(game_bots(game_id)), "random")


class FigureHook(NamedTuple):
    """A game's figures: `compute(final_state, events)` gives `{name: number}` for one finished
    game (its events in order); `names` lists every name it may give, in column order."""

    compute: Callable[[Any, Sequence[Any]], dict[str, float]]
    names: tuple[str, ...]


def game_figures(game_id: str) -> FigureHook | None:
    """The figures hook a game package names in `FIGURES` (`module:function`, beside a tuple
    `NAMES` in the same module), or None for a game without one."""
    if game_id in _extra:
        return None
    target = getattr(game_package(game_id), "FIGURES", None)
    if target is None:
        return None
    compute = resolve(target)
    module = importlib.import_module(target.partition(":")[0])
    return FigureHook(compute, tuple(getattr(module, "NAMES", ())))
