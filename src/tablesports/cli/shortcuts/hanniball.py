"""HanniBall's shortcut: two squares alone (`d4e6`, `d4 e6`) make a move, else a shot, else the
ricochet, whichever is legal."""

from __future__ import annotations

import re

from tablesports.core.protocol import State

HINT = "shortcuts: d4e6 moves (or shoots) from d4 to e6; end ends the turn"
_SQUARES = re.compile(r"([a-z]\d{1,2})[ -]?([a-z]\d{1,2})")
_KINDS = "-*~^"
"""A move first (the common step), then a shot, leaving the ball, a ricochet."""


def expand(state: State, line: str, legal: list[str]) -> list[str] | None:
    m = _SQUARES.fullmatch(line)
    if m is None:
        return None
    frm, to = m.groups()
    for kind in _KINDS:
        if f"{frm}{kind}{to}" in legal:
            return [f"{frm}{kind}{to}"]
    return [f"{frm}-{to}"]  # not legal: the game says why
