"""HanniBall's field for a person: White's pieces and Black's in their colours, the goals and
goal areas shaded, the ball in yellow, the last steps' squares reversed."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from tablesports.cli.board.view import View, fit
from tablesports.core.protocol import Action, State
from tablesports.games.hanniball.board import (
    COLOR_OF,
    GOAL_AREA,
    GOAL_FILES,
    HEIGHT,
    LETTER_OF,
    WIDTH,
)

SIDE_STYLE = ("bold blue", "bold red")
"""White, Black: colours that read on a dark and on a light terminal (the letters differ too)."""


def squares_of(state: State, mover: int, action: Action) -> list[int]:
    frm, to = getattr(action, "frm", None), getattr(action, "to", None)
    return [sq for sq in (frm, to) if isinstance(sq, int)]


def draw(state: State, seat: int | None, view: View) -> Text:
    s: Any = state
    out = Text()
    header = "     " + "".join(f" {chr(97 + c)} " for c in range(WIDTH)) + "\n"
    out.append(header, "dim")
    for row in range(HEIGHT - 1, -1, -1):
        out.append(f"{row + 1:>3}  ", "dim")
        goal_row = row in (0, HEIGHT - 1)
        for col in range(WIDTH):
            i = row * WIDTH + col
            if goal_row and col not in GOAL_FILES:
                out.append("   ")
                continue
            code = s.board[i]
            if code:
                letter = LETTER_OF[code]
                cell = f"({letter})" if i == s.ball else f" {letter} "
                style = SIDE_STYLE[COLOR_OF[code]]
                if i == s.ball:
                    style += " on yellow"
            elif i == s.ball:
                cell, style = " o ", "bold yellow"
            elif goal_row:
                cell, style = " _ ", "bold green"
            elif GOAL_AREA[0][i] or GOAL_AREA[1][i]:
                cell, style = " : ", "green"
            else:
                cell, style = " . ", "grey35"
            if i in view.recent:
                style += " reverse"
            out.append(cell, style)
        note = {HEIGHT - 1: "  Black's goal", 0: "  White's goal"}.get(row, "")
        out.append(f"{note}\n", "dim")
    out.append(header, "dim")
    # the status and legend lines as the game writes them (after its field and two headers)
    lines = state.render(seat).split("\n")[HEIGHT + 2 :]
    out.append(fit("\n".join(lines[:-2]), view.width), "bold")
    if view.legend:
        out.append("\n" + fit("\n".join(lines[-2:]), view.width), "dim")
    return out
