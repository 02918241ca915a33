"""The text picture of a HanniBall position."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.games.hanniball.board import (
    COLOR_NAMES,
    COLOR_OF,
    GOAL_AREA,
    GOAL_FILES,
    HEIGHT,
    KIND_NAMES,
    KIND_OF,
    LETTER_OF,
    NAMES,
    WIDTH,
)

if TYPE_CHECKING:
    from tablesports.games.hanniball.state import HanniBallState

LEGEND = (
    "H E L M = White Horse, Elephant, Lion, Monkey; h e l m = Black's. (X) holds the ball, "
    "o = free ball,\n: = goal area, _ = goal. Steps: b2-d1 move, b2~d1 move leaving the ball, "
    "e5*e10 shoot, e2^e7 ricochet, end."
)


def _cell(state: HanniBallState, i: int) -> str:
    code = state.board[i]
    if code:
        letter = LETTER_OF[code]
        return f"({letter})" if i == state.ball else f" {letter} "
    if i == state.ball:
        return " o "
    if i // WIDTH in (0, HEIGHT - 1):
        return " _ "
    return " : " if GOAL_AREA[0][i] or GOAL_AREA[1][i] else " . "


def render(state: HanniBallState) -> str:
    header = "     " + "".join(f" {chr(97 + c)} " for c in range(WIDTH))
    lines = [header]
    for row in range(HEIGHT - 1, -1, -1):
        cols = GOAL_FILES if row in (0, HEIGHT - 1) else range(WIDTH)
        cells = "".join(_cell(state, row * WIDTH + c) if c in cols else "   " for c in range(WIDTH))
        note = {HEIGHT - 1: "  Black's goal", 0: "  White's goal"}.get(row, "")
        lines.append(f"{row + 1:>3}  {cells}{note}")
    lines.append(header)
    lines.append(_status(state))
    lines.append(LEGEND)
    return "\n".join(lines)


def _status(state: HanniBallState) -> str:
    ball = state.ball
    holder = state.board[ball]
    if state.pending:
        where = f"ball on {NAMES[ball]}, bouncing off the Monkey"
    elif holder:
        where = f"ball on {NAMES[ball]}, held by the {COLOR_NAMES[COLOR_OF[holder]]} "
        where += KIND_NAMES[KIND_OF[holder]]
    else:
        where = f"ball on {NAMES[ball]}, free"
    if state.over:
        result = "draw" if state.winner is None else f"{COLOR_NAMES[state.winner]} wins"
        return f"Game over: {state.reason}; {result}. ({where})"
    side = COLOR_NAMES[state.to_move]
    text = f"Turn {state.turn}: {side} to move, {state.used} of {state.limit} steps used; {where}."
    if state.pending:
        text += f"\n{side} chooses the ricochet: {NAMES[ball]}^<square>."
    elif state.used and not state.changed():
        text += "\nThe position is as at the start of the turn: it must change before 'end'."
    return text
