"""One piece's steps, and which squares they depend on (so a state can keep them).

A piece's steps depend only on its square, on the squares it may step or jump to and the two
squares each jump passes (all next to it, or a knight-jump away), and on where the ball is
(the holder moves with or without it and shoots; a piece next to the opponent's holder may
capture it). A step changes at most two squares and moves the ball at most between two, so a
state keeps each piece's list and, after a step, forgets only the lists of the pieces near
those squares (`ZONE`): the others are still right.
"""

from __future__ import annotations

from tablesports.games.hanniball.actions import Step
from tablesports.games.hanniball.board import (
    CELLS,
    COLOR_OF,
    KIND_OF,
    KING,
    KNIGHT_JUMPS,
    MONKEY,
)
from tablesports.games.hanniball.tables import MOVES, SHOTS

# Each table's entry is made by a function: compiled (core/native.py), a comprehension run more
# than once outside a function takes a reference from None each time (tests/core/test_compiled).


def _zone(i: int) -> int:
    return sum({1 << i} | {1 << t for t in KING[i]} | {1 << t for t, _, _ in KNIGHT_JUMPS[i]})


ZONE: tuple[int, ...] = tuple(_zone(i) for i in range(CELLS + 1))
"""ZONE[sq]: as bits, ``sq`` and the squares whose pieces' steps depend on it: those a step or
a knight-jump away (a jump passes only squares next to where it starts, and the moves are
symmetric)."""

ALL = (1 << (CELLS + 1)) - 1
KEEP: tuple[int, ...] = tuple(ALL ^ zone for zone in ZONE)
"""KEEP[sq]: the bits of every square outside ZONE[sq] (what a change on ``sq`` leaves); not
``~zone``: a negative mask makes each ``&`` twice as slow."""

BIT: tuple[int, ...] = tuple(1 << i for i in range(CELLS + 1))


Plain = tuple[tuple[tuple[int, Step], ...], tuple[tuple[int, int, int, Step], ...]]


def _plain(c: int, k: int) -> tuple[Plain, ...]:
    return tuple(
        (
            tuple((t, mv) for t, mv, _ in MOVES[c][k][i][0]),
            tuple((t, a, b, mv) for t, a, b, mv, _ in MOVES[c][k][i][1]),
        )
        for i in range(CELLS + 1)
    )


PLAIN: tuple[tuple[tuple[Plain, ...], ...], ...] = (
    tuple(_plain(0, k) for k in range(4)),
    tuple(_plain(1, k) for k in range(4)),
)
"""PLAIN[color][kind][sq]: (steps, jumps) of a piece away from the ball, without the
leave-the-ball actions: (target, move) and (target, first, second, move)."""


def _near(i: int) -> frozenset[int]:
    return frozenset(KING[i]) | frozenset(t for t, _, _ in KNIGHT_JUMPS[i])


NEAR: tuple[frozenset[int], ...] = tuple(_near(i) for i in range(CELLS + 1))
"""NEAR[sq]: the squares a piece on ``sq`` may step or jump to."""


def piece_steps(board: list[int], color: int, sq: int, ball: int) -> list[Step]:
    """The steps of ``color``'s piece on ``sq``, in the rules' order: the ball holder's moves
    (each carrying the ball, then leaving it; the Monkey never leaves it), jumps, then shots;
    another piece's moves and jumps onto empty squares, or onto the square of an opponent
    holding the ball (a capture). A jump is blocked when both squares it passes are occupied.
    """
    if sq == ball or ball in NEAR[sq]:
        return _by_the_ball(board, color, sq, ball)
    steps, jumps = PLAIN[color][KIND_OF[board[sq]]][sq]
    out: list[Step] = []
    for t, mv in steps:
        if not board[t]:
            out.append(mv)
    for t, a, b, mv in jumps:
        if not board[t] and not (board[a] and board[b]):
            out.append(mv)
    return out


def _by_the_ball(board: list[int], color: int, sq: int, ball: int) -> list[Step]:
    """`piece_steps` for the holder, and for a piece that may reach the ball's square."""
    kind = KIND_OF[board[sq]]
    steps, jumps = MOVES[color][kind][sq]
    out: list[Step] = []
    if sq == ball:
        leave = kind != MONKEY
        for t, mv, lv in steps:
            if not board[t]:
                out += (mv, lv) if leave else (mv,)
        for t, a, b, mv, lv in jumps:
            if not board[t] and not (board[a] and board[b]):
                out += (mv, lv) if leave else (mv,)
        out += SHOTS[color][kind][sq]
        return out
    holder = board[ball]
    capture = ball if holder and COLOR_OF[holder] != color else -1
    for t, mv, _ in steps:
        if not board[t] or t == capture:
            out.append(mv)
    for t, a, b, mv, _ in jumps:
        if (not board[t] or t == capture) and not (board[a] and board[b]):
            out.append(mv)
    return out
