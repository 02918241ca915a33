"""A shortcut that is understood but cannot stand for one action (ambiguous, off the table)."""

from __future__ import annotations

from tablesports.core.errors import TablesportsError


class ShortcutProblem(TablesportsError):
    """Raised by a game's `expand`: the message says what was meant and what to type instead."""
