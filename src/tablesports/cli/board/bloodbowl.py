"""Blood Bowl's pitch for a person: 3 characters a square, so 26 columns fit 80.

    H7  a home player standing   h7 prone   x7 stunned     (A7, a7, y7 for the away team)
    o   the ball on the ground; the carrier's square is drawn yellow
    =   an end zone square       :  a wide zone square     |  the line of scrimmage
    5+  a square the acting player of the viewer reaches with rolls, the hardest shown
        (green 5 in 6 or better, yellow 1 in 2, red below; `moves N` lists every roll)

Colour (rich styles) tells the teams apart at a glance and marks the last moves' squares;
without colour (NO_COLOR, a pipe) the letters and marks say it all.
"""

from __future__ import annotations

import re
from typing import Any

from rich.text import Text

from tablesports.cli.board.view import View
from tablesports.cli.shortcuts.bloodbowl import active_number
from tablesports.core.protocol import Action, State
from tablesports.games.bloodbowl.ball import HELD
from tablesports.games.bloodbowl.pitch import (
    HALF_WIDTH,
    HEIGHT,
    WIDE_ZONE_ROWS,
    WIDTH,
    coords,
    index,
)
from tablesports.games.bloodbowl.players import PITCH, STANDING, STUNNED
from tablesports.games.bloodbowl.tables import WEATHER_BY_KEY

TEAM_STYLE = ("bold bright_red", "bold bright_blue")
LETTERS = {STANDING: "HA", "prone": "ha", STUNNED: "xy"}
LEGEND = (
    "H7 home, A7 away; h7 a7 prone; x7 y7 stunned; o the ball; yellow: its carrier\n"
    "= end zone, : wide zone, | line of scrimmage; squares are x,y (column,row)"
)
ROLLS_LEGEND = "5+ your mover reaches it with rolls, the hardest shown (moves N: all of them)"
_TARGET = re.compile(r"(\d)\+")
_SQUARE = re.compile(r"(\d{1,2}),(\d{1,2})")


def squares_of(state: State, mover: int, action: Action) -> list[int]:
    """The squares a move touches, read before it is applied: where the mover stood, where
    it goes or aims."""
    s: Any = state
    found = [index(int(x), int(y)) for x, y in _SQUARE.findall(str(action).split(" (")[0])]
    number = active_number(state)
    if found and number is not None and mover >= 0:
        player = s.player(mover, number)
        if player is not None and player.square >= 0:
            found.insert(0, player.square)
    return found


def _empty(x: int, y: int) -> str:
    if x in (0, WIDTH - 1):
        return " = "
    if y < WIDE_ZONE_ROWS or y >= HEIGHT - WIDE_ZONE_ROWS:
        return " : "
    return " . "


def draw(state: State, seat: int | None, view: View) -> Text:
    s: Any = state
    out = Text()
    out.append(s.team_name(0), TEAM_STYLE[0])
    out.append("" if view.compact else " (home, H)")
    out.append(f" {s.score[0]} - {s.score[1]} ", "bold")
    out.append(s.team_name(1), TEAM_STYLE[1])
    half, turns, rerolls = max(s.half, 1), s.turns_per_half, s.rerolls
    if view.compact:
        out.append(
            f" · half {half} · turn {s.turn[0]}|{s.turn[1]} of {turns} · "
            f"re-rolls {rerolls[0]}|{rerolls[1]}\n",
            "dim",
        )
    else:
        out.append(" (away, A)\n")
        out.append(
            f"half {half} · turn H {s.turn[0]}/{turns}, A {s.turn[1]}/{turns} · "
            f"re-rolls H {rerolls[0]}, A {rerolls[1]} · {WEATHER_BY_KEY[s.weather].name}\n",
            "dim",
        )
    wide = view.width >= 4 * WIDTH + 8  # room for 4 characters a square, and edges both sides
    cw = 4 if wide else 3
    header = "  " + "".join(f" {x:<3}" if wide else f"{x:^3}" for x in range(WIDTH))
    out.append(header.rstrip() + "\n", "dim")
    carrier = s.carrier()
    rolls = reach_marks(state, seat)
    for y in range(HEIGHT):
        out.append(f"{y:>2}", "dim")
        row = " "
        for x in range(WIDTH):
            sq = index(x, y)
            pid = s.pitch[sq]
            if pid >= 0:
                p = s.players[pid]
                cell = f"{LETTERS[p.stance][p.team]}{p.number}"
                cell = f" {cell:<3}" if wide else f"{cell:<3}"
                style = TEAM_STYLE[p.team] if p.stance == STANDING else f"{TEAM_STYLE[p.team]} dim"
                if carrier is not None and carrier.pid == pid:
                    style = f"{TEAM_STYLE[p.team]} on yellow"
            elif s.ball == sq:
                cell, style = " o ".ljust(cw), "bold yellow"
            elif sq in rolls:  # as the web app's lit square: the roll it needs
                cell, style = rolls[sq]  # as a player's `H7 `, apart from an `H10`
                apart = not wide and not row.endswith(" ")
                cell = f" {cell}" if apart else f" {cell} " if wide else f"{cell} "
            else:
                cell = _empty(x, y).ljust(cw)
                style = "grey50" if x in (0, WIDTH - 1) else "grey35"
            if x == HALF_WIDTH - 1 and cell.endswith(" "):
                cell = cell[:-1] + "|"
            if sq in view.recent:
                style += " reverse"
            out.append(cell, style.strip())
            row = cell
        if wide:
            out.append(f" {y:<2}", "dim")
        out.append("\n")
    if wide:
        out.append(header.rstrip() + "\n", "dim")
    ball, dugouts = _ball_line(s, carrier), [_dugout(s, t, short=view.compact) for t in (0, 1)]
    if view.compact:  # one line when it fits
        ball.rstrip()
        line = Text(" · ").join([ball, *dugouts])
        if len(line) <= view.width:
            out.append(line).append("\n")
        else:
            out.append(ball).append("\n")
            for dugout in dugouts:
                out.append(dugout).append("\n")
    else:
        out.append(ball)
        for dugout in dugouts:
            out.append(dugout)
    if view.legend:
        out.append(LEGEND + "\n", "dim")
        if rolls:
            out.append(ROLLS_LEGEND + "\n", "dim")
    if s.stack:
        out.append(f"now: {s.stack[-1].describe(s)}", "bold")
    else:
        out.append("the match is over", "bold")
    return out


def reach_marks(state: State, seat: int | None) -> dict[int, tuple[str, str]]:
    """The squares the viewer's acting player reaches with rolls: the hardest roll of each
    path (`5+`, from the note of its legal move) in the colour of the chance of making them all
    (`rolls.success`). Empty when another seat moves or no move is listed."""
    from tablesports.cli.shortcuts.odds import activation_of
    from tablesports.games.bloodbowl.turn.actions import MovePath
    from tablesports.games.bloodbowl.turn.rolls import path_rolls, success

    if seat is None or state.current_player() != seat:
        return {}
    s: Any = state
    activation = activation_of(s)
    if activation is None or s.stack[-1] is not activation:
        return {}
    moves = [a for a in state.legal_actions() if isinstance(a, MovePath) and a.risk]
    if not moves:
        return {}
    r = activation.reachable(s)
    out = {}
    for move in moves:
        sq = index(move.x, move.y)
        chance = success(path_rolls(s, r, sq))
        style = "bold green" if chance >= 5 / 6 else "bold yellow" if chance >= 0.5 else "bold red"
        out[sq] = (f"{max(int(t) for t in _TARGET.findall(move.risk))}+", style)
    return out


def _ball_line(s: Any, carrier: Any) -> Text:
    if s.ball < 0:
        return Text("ball: not on the pitch\n")
    x, y = coords(s.ball)
    if carrier is not None and s.ball_state == HELD:
        text = Text("ball: held by ")
        text.append(f"{'HA'[carrier.team]}{carrier.number}", TEAM_STYLE[carrier.team])
        text.append(f" at {x},{y}\n")
        return text
    return Text(f"ball: {s.ball_state} at {x},{y}\n")


def _dugout(s: Any, team: int, short: bool) -> Text:
    boxes: dict[str, list[str]] = {}
    for pid in s.team_pids[team]:
        p = s.players[pid]
        if p.box != PITCH:
            boxes.setdefault(p.box.replace("_", " "), []).append(f"#{p.number}")
    text = Text(f"{'HA'[team]} dugout: " if short else f"{s.team_name(team)} dugout: ")
    text.stylize(TEAM_STYLE[team])
    text.append("; ".join(f"{box} {' '.join(n)}" for box, n in boxes.items()) or "empty")
    return text if short else text.append("\n")
