"""Positions in the notation and forced dice for the Jugger TTG rule tests."""

from __future__ import annotations

from tablesports.core.registry import load
from tablesports.games.juggerttg.actions import parse_hero
from tablesports.games.juggerttg.board import parse_hex
from tablesports.games.juggerttg.game import JuggerGame, JuggerState

GAME = load("juggerttg")
assert isinstance(GAME, JuggerGame)
QWIKS = "r8 nils qwik b1 E 4/3; b8 sami qwik s11 W 4/2"
"""Both Qwiks far from the action (every team needs one, R12)."""


def pos(body: str, head: str = "rda=3 init=red", qwiks: str = QWIKS) -> JuggerState:
    text = f"{head} / {body}" + (f"; {qwiks}" if qwiks else "")
    return GAME.from_position(text)


def play(st: JuggerState, *texts: str) -> list[str]:
    """Apply actions (and forced chance outcomes such as 'skulls 3') by their text."""
    events: list[str] = []
    for t in texts:
        events += [e.text for e in st.apply_action(st.parse_action(t))]
    return events


def legal(st: JuggerState) -> set[str]:
    return {str(a) for a in st.legal_actions()}


def h(label: str) -> int:
    return parse_hero(label)


def x(name: str) -> int:
    return parse_hex(name)
