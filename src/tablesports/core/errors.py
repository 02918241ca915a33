"""Error classes: each says what was wrong and what is allowed."""

from __future__ import annotations


class TablesportsError(Exception):
    """Base class of every error tablesports raises on purpose."""


class UnknownGameError(TablesportsError, KeyError):
    """A game id that is not registered."""

    def __init__(self, game_id: str, known: list[str]) -> None:
        self.game_id = game_id
        self.known = known
        super().__init__(f"unknown game {game_id!r}; the games are: {', '.join(known) or 'none'}")

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])

    def __reduce__(self) -> tuple[type, tuple[str, list[str]]]:  # crosses process pools
        return (type(self), (self.game_id, self.known))


class OptionError(TablesportsError, ValueError):
    """A game or agent option that is unknown or has a value that is not allowed."""


class IllegalActionError(TablesportsError, ValueError):
    """An action that is not legal in the position; the state is left unchanged."""

    def __init__(self, action: object, reason: str) -> None:
        self.action = action
        self.reason = reason
        super().__init__(f"illegal action {action!s}: {reason}")

    def __reduce__(self) -> tuple[type, tuple[object, str]]:  # crosses process pools
        return (type(self), (self.action, self.reason))


class ActionParseError(IllegalActionError):
    """A text that does not name an action of the game."""


class NotationError(TablesportsError, ValueError):
    """A position string that the game's notation cannot read."""


class StateError(NotationError):
    """A state (from JSON, a position or a record) that breaks one of the game's invariants:
    names the field, the value found and what is allowed (`Game.check_state`)."""

    def __init__(self, game: str, field: str, value: object, allowed: str) -> None:
        self.game, self.field, self.value, self.allowed = game, field, value, allowed
        super().__init__(f"impossible {game} state: {field} is {value!r}; {allowed}")

    def __reduce__(self) -> tuple[type, tuple[str, str, object, str]]:  # crosses process pools
        return (type(self), (self.game, self.field, self.value, self.allowed))


class RecordError(TablesportsError, ValueError):
    """A malformed or inconsistent game record."""


class DataFileError(TablesportsError, ValueError):
    """A data file (deck, roster, table) that fails validation."""


class AgentError(TablesportsError):
    """An agent that is unknown, badly configured or returned an illegal action."""


class MissingExtraError(TablesportsError, ImportError):
    """A feature whose module is not installed: names the extra that brings it."""

    def __init__(self, what: str, module: str, extra: str) -> None:
        super().__init__(
            f"{what} needs {module}, which is not installed: pip install 'tablesports[{extra}]'"
        )
        self.module = module
        self.extra = extra
