"""tablesports: tabletop sports games by their real rules.

    >>> import tablesports
    >>> game = tablesports.load("hanniball")          # doctest: +SKIP
    >>> state = game.new_initial_state()               # doctest: +SKIP

Importing this package is cheap: names are looked up on first use (PEP 562) and a game is
imported only when it is loaded.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from tablesports.core.native import install as _install_compiled

__version__ = "0.1.0"

# the compiled twins of the hottest modules, where built and current (core/native.py)
_install_compiled()

_WHERE = {
    "ActionParseError": "tablesports.core.errors",
    "AgentError": "tablesports.core.errors",
    "DataFileError": "tablesports.core.errors",
    "IllegalActionError": "tablesports.core.errors",
    "NotationError": "tablesports.core.errors",
    "OptionError": "tablesports.core.errors",
    "RecordError": "tablesports.core.errors",
    "TablesportsError": "tablesports.core.errors",
    "UnknownGameError": "tablesports.core.errors",
    "Event": "tablesports.core.events",
    "CHANCE": "tablesports.core.protocol",
    "TERMINAL": "tablesports.core.protocol",
    "ActionCodec": "tablesports.core.protocol",
    "Game": "tablesports.core.protocol",
    "GameInfo": "tablesports.core.protocol",
    "State": "tablesports.core.protocol",
    "game_ids": "tablesports.core.registry",
    "load": "tablesports.core.registry",
    "register": "tablesports.core.registry",
    "Record": "tablesports.core.records",
    "replay": "tablesports.core.records",
    "read_records": "tablesports.core.records",
    "play_match": "tablesports.arena.match",
    "make_agent": "tablesports.agents.registry",
}

__all__ = [
    "CHANCE",
    "TERMINAL",
    "ActionCodec",
    "ActionParseError",
    "AgentError",
    "DataFileError",
    "Event",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "NotationError",
    "OptionError",
    "Record",
    "RecordError",
    "State",
    "TablesportsError",
    "UnknownGameError",
    "game_ids",
    "load",
    "make_agent",
    "play_match",
    "read_records",
    "register",
    "replay",
]

if TYPE_CHECKING:
    from tablesports.agents.registry import make_agent
    from tablesports.arena.match import play_match
    from tablesports.core.errors import (
        ActionParseError,
        AgentError,
        DataFileError,
        IllegalActionError,
        NotationError,
        OptionError,
        RecordError,
        TablesportsError,
        UnknownGameError,
    )
    from tablesports.core.events import Event
    from tablesports.core.protocol import CHANCE, TERMINAL, ActionCodec, Game, GameInfo, State
    from tablesports.core.records import Record, read_records, replay
    from tablesports.core.registry import game_ids, load, register


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        value = getattr(importlib.import_module(_WHERE[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'tablesports' has no attribute {name!r}")
