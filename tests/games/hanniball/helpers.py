"""Small helpers that build HanniBall positions for the rule tests."""

from __future__ import annotations

from tablesports.core.registry import load
from tablesports.games.hanniball.state import HanniBallState

GAME = load("hanniball")
FILES = "abcdefghi"


def placement(pieces: str) -> str:
    """The placement field for pieces written as letter + square: ``"He5 me14 Me1"``."""
    grid: dict[tuple[int, int], str] = {}
    for item in pieces.split():
        grid[(FILES.index(item[1]), int(item[2:]))] = item[0]
    ranks = []
    for rank in range(15, 0, -1):
        files = range(3, 6) if rank in (1, 15) else range(9)
        out, empty = "", 0
        for f in files:
            if (f, rank) in grid:
                out += (str(empty) if empty else "") + grid[(f, rank)]
                empty = 0
            else:
                empty += 1
        ranks.append(out + (str(empty) if empty else ""))
    return "/".join(ranks)


def notation(pieces: str, ball: str, side: str = "w", turn: int | None = None) -> str:
    """A turn-start position: ``side`` to move with four steps (turn 3 or 4 by default)."""
    turn = turn if turn is not None else (3 if side == "w" else 4)
    limit = 2 if turn == 1 else 4
    return f"{placement(pieces)} {ball} {side} 0/{limit} {turn}"


def position(pieces: str, ball: str, side: str = "w", **options: object) -> HanniBallState:
    game = load("hanniball", **options) if options else GAME
    state = game.from_position(notation(pieces, ball, side))
    assert isinstance(state, HanniBallState)
    return state


def texts(state: HanniBallState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def play(state: HanniBallState, *actions: str) -> HanniBallState:
    """Apply the actions (checked) and return the state."""
    for text in actions:
        state.apply_action(GAME.parse_action(text))
    return state


def from_square(state: HanniBallState, square: str, kind: str) -> set[str]:
    """The legal actions of one kind (``-``, ``~``, ``*``, ``^``) from ``square``."""
    return {t.split(kind)[1] for t in texts(state) if t.startswith(square + kind)}
