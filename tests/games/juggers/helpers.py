"""Positions and forced flicks for the Juggers rule tests."""

from __future__ import annotations

from typing import Any

from tablesports.core.events import Event
from tablesports.core.registry import load
from tablesports.games.juggers.actions import Noise, Roll
from tablesports.games.juggers.state import JuggersState

TEAMS = "A=ferro,lince,brace,nebbia B=mastino,scheggia,cenere,vespa"
"""ferro: stamina 80, charisma 20; lince: precision 1.5, Dead Eye (5 morale); brace: Blast Shot
(5); nebbia: Fog Walk (4); mastino: stamina 70; scheggia: stamina 40; cenere: charisma 25."""
GATE = "at=A1:300,400;A2:500,350;A3:500,450;B1:900,400;B2:1000,300"
"""Team A's three coins with A1 behind the gap between A2 and A3, two of B's defending."""
STRAIGHT = Noise(0, 0)


def position(*fields: str, **options: Any) -> JuggersState:
    state = load("juggers", **options).from_position(" ".join((TEAMS, *fields)))
    assert isinstance(state, JuggersState)
    return state


def flick(state: JuggersState, text: str, noise: Noise = STRAIGHT) -> list[Event]:
    """Play the flick `text` with the chosen noise and settle it; events of all three steps."""
    events = state.apply_action(state.parse_action(text))
    events += state.apply_action(noise)
    events += state.apply_action(state.chance_outcomes()[0][0])  # the one settle outcome
    return events


def roll(state: JuggersState, word: str) -> list[Event]:
    return state.apply_action(state.parse_action(word))


def roll_all(state: JuggersState, word_for: dict[str, Roll] | None = None) -> None:
    """Answer every pending injury/excitement roll: unhurt and calm unless told otherwise."""
    while state.phase == "roll":
        kind = state.rolls[0][0]
        default = "unhurt" if kind == "injury" else "calm"
        state.apply_action(state.parse_action(default))


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]
