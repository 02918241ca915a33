"""A position notation for tests and `play --position`: space-separated ``key=value`` fields.

Example (team A attacks in inning 1; A1 stands at x=300, y=400 mm)::

    A=ferro,lince,brace,nebbia B=mastino,scheggia,cenere,vespa
    at=A1:300,400;A2:500,350;A3:500,450;B1:900,400;B2:1000,300
    inning=1 half=0 first=B actions=0 morale=6,6 score=0,0 hp=A1:3 injured=A2:2 excited=B1:2
    subs=0,0 turn=1 budget=200,200 unpaid=A4 phase=play

Only ``A=`` and ``B=`` (four characters each) are needed; the rest defaults to the start of a
turn after placement: inning 1, first half (``half=0``), team B picked first (``first=B``) so
team A attacks, full life, morale and budget from the house rules, nobody injured or excited.
``actions`` is the number of actions already taken in the turn (even: the attacker acts).
``phase=place`` gives the placement instead (no coins on the table).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.core.errors import NotationError
from tablesports.games.juggers.actions import TEAM_LETTERS, num, slot_name
from tablesports.games.juggers.phases import PLACE, PLAY

if TYPE_CHECKING:
    from tablesports.games.juggers.game import JuggersGame
    from tablesports.games.juggers.state import JuggersState

KEYS = (
    "A", "B", "at", "inning", "half", "first", "actions", "morale", "score", "hp", "injured",
    "excited", "subs", "turn", "budget", "unpaid", "phase",
)  # fmt: skip


def _slot(text: str) -> int:
    if len(text) != 2 or text[0] not in TEAM_LETTERS or text[1] not in "1234":
        raise NotationError(f"{text!r} is not a Jugger: write A1..A4 or B1..B4")
    return TEAM_LETTERS.index(text[0]) * 4 + int(text[1]) - 1


def _pair(text: str, key: str) -> list[int]:
    parts = text.split(",")
    if len(parts) != 2:
        raise NotationError(f"{key}= takes two numbers, team A's then team B's, e.g. {key}=6,6")
    return [int(p) for p in parts]


def parse_position(game: JuggersGame, notation: str) -> JuggersState:
    from tablesports.games.juggers.state import JuggersState

    fields: dict[str, str] = {}
    for token in notation.split():
        key, eq, value = token.partition("=")
        if not eq or key not in KEYS:
            raise NotationError(f"{token!r}: fields are key=value with keys {', '.join(KEYS)}")
        fields[key] = value
    state = JuggersState(game)
    try:
        for t, letter in enumerate(TEAM_LETTERS):
            names = fields.get(letter, "").split(",")
            if len(names) != 4:
                raise NotationError(
                    f"{letter}= names the team's four characters, e.g. "
                    f"{letter}=ferro,lince,brace,nebbia"
                )
            for k, name in enumerate(names):
                if name not in game.index_of:
                    raise NotationError(
                        f"no character {name!r}; the market: {', '.join(game.index_of)}"
                    )
                state.chars[t * 4 + k] = game.index_of[name]
                state.hp[t * 4 + k] = game.characters[game.index_of[name]].life
                state.paid[t * 4 + k] = True
        if len(set(state.chars)) != 8:
            raise NotationError("a character belongs to one team only, once (R35)")
        for item in filter(None, fields.get("unpaid", "").split(";")):
            state.paid[_slot(item)] = False
        for item in filter(None, fields.get("hp", "").split(";")):
            s, _, v = item.partition(":")
            state.hp[_slot(s)] = int(v)
        for key, target in (("injured", state.injured_until), ("excited", state.excited_until)):
            for item in filter(None, fields.get(key, "").split(";")):
                s, _, v = item.partition(":")
                target[_slot(s)] = int(v)
        state.inning = int(fields.get("inning", "1"))
        state.half = int(fields.get("half", "0"))
        first = fields.get("first", "B")
        if first not in TEAM_LETTERS:
            raise NotationError("first= is A or B: the team that picked first")
        state.first_picker = TEAM_LETTERS.index(first)
        state.attacker = (1 - state.first_picker) if state.half == 0 else state.first_picker
        state.turn = int(fields.get("turn", "1"))
        state.actions = int(fields.get("actions", "0"))
        state.morale = _pair(fields.get("morale", f"{state.morale[0]},{state.morale[1]}"), "morale")
        state.score = _pair(fields.get("score", "0,0"), "score")
        state.subs = _pair(fields.get("subs", "0,0"), "subs")
        state.budget = _pair(fields.get("budget", f"{state.budget[0]},{state.budget[1]}"), "budget")
        for item in filter(None, fields.get("at", "").split(";")):
            s, _, xy = item.partition(":")
            x, _, y = xy.partition(",")
            slot = _slot(s)
            state.pos[slot] = (float(x), float(y))
            state.played[slot] = True
    except ValueError as exc:
        if isinstance(exc, NotationError):
            raise
        raise NotationError(f"not a Juggers position: {exc}") from None
    table = game.table
    for slot, p in enumerate(state.pos):
        if p is not None and not (0.0 <= p[0] <= table.width and 0.0 <= p[1] <= table.height):
            raise NotationError(f"{slot_name(slot)} at {p} is off the table")
    phase = fields.get("phase", PLAY)  # the notation's words are the phases' names
    if phase == PLACE:
        state.phase = PLACE
        state.pos = [None] * 8
        state.played = [False] * 8
        state._placement_next()
    elif phase == PLAY:
        state.phase = PLAY
        state.to_move = state.attacker if state.actions % 2 == 0 else 1 - state.attacker
    else:
        raise NotationError("phase= is play or place")
    return state


def write_position(state: JuggersState) -> str:
    """The notation of a state in play or placement (the fields that matter there)."""
    names = state.game.characters
    parts = [
        f"{letter}=" + ",".join(names[state.chars[t * 4 + k]].id for k in range(4))
        for t, letter in enumerate(TEAM_LETTERS)
    ]
    at = ";".join(
        f"{slot_name(s)}:{num(p[0])},{num(p[1])}" for s, p in enumerate(state.pos) if p is not None
    )
    if at:
        parts.append(f"at={at}")
    parts.append(
        f"inning={state.inning} half={state.half} first={TEAM_LETTERS[state.first_picker]} "
        f"actions={state.actions} turn={state.turn} morale={state.morale[0]},{state.morale[1]} "
        f"score={state.score[0]},{state.score[1]} subs={state.subs[0]},{state.subs[1]}"
    )
    return " ".join(parts)
