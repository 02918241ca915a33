"""Positions for team-turn rule tests, built in the game's notation (its JSON, with the
pitch drawing checked), and a way to force every die.

`position("H7 10,7", "A3 11,7 prone", ball="10,7")` puts home (Reikland Reavers, human)
player #7 on 10,7 and away (Gouged Eye, orc) #3 on 11,7 lying Prone, everyone else in the
reserves; the team turn of `team` (home by default) is about to take its first activation.
"""

from __future__ import annotations

import json
from typing import Any

from tablesports.core.chance import D3, D6, D8, TWO_D6
from tablesports.core.events import Event
from tablesports.games.bloodbowl.ball import HELD, ON_GROUND
from tablesports.games.bloodbowl.pitch import index
from tablesports.games.bloodbowl.state import BloodBowlState
from tablesports.games.bloodbowl.turn.actions import BlockDice, parse_turn_action
from tablesports.games.bloodbowl.turn.team_turn import FullTeamTurn
from tests.games.bloodbowl.helpers import GAME


def position(
    *players: str,
    ball: str | None = None,
    team: int = 0,
    weather: str = "perfect_conditions",
    rerolls: tuple[int, int] = (3, 3),
    teams: tuple[Any, Any] = ("human", "orc"),
) -> BloodBowlState:
    """A team-turn position: players as "H7 10,7 [prone|stunned]" or "A3 ...", written in
    the game's position notation (JSON with defaults) and read with `from_position`."""
    entries: list[list[dict[str, Any]]] = [[], []]
    for text in players:
        name, where, *stance = text.split()
        x, y = (int(v) for v in where.split(","))
        entry: dict[str, Any] = {"number": int(name[1:]), "square": [x, y]}
        if stance:
            entry["stance"] = stance[0]
        entries[0 if name[0] == "H" else 1].append(entry)
    data: dict[str, Any] = {
        "teams": list(teams),
        "kicking": 1 - team,
        "to_move": team,
        "players": entries,
        "weather": weather,
        "rerolls": list(rerolls),
    }
    if ball is not None:
        x, y = (int(v) for v in ball.split(","))
        held = any(
            e["square"] == [x, y] and e.get("stance", "standing") == "standing"
            for side in entries
            for e in side
        )
        data["ball"] = {"state": HELD if held else ON_GROUND, "square": [x, y]}
    s = GAME.from_position(json.dumps(data))
    assert isinstance(s, BloodBowlState)
    assert isinstance(s.stack[-1], FullTeamTurn)
    return s


def goblins(*players: str, **kw: Any) -> BloodBowlState:
    """`position` with the Goblin team at home against the humans, no team re-rolls (the
    2025 Goblin roster's secret weapons and tricks: Chainsaw, Bombardier, Ball & Chain, Pogo,
    Swoop)."""
    return position(*players, rerolls=(0, 0), teams=("goblin", "human"), **kw)


def act(s: BloodBowlState, *moves: Any) -> list[Event]:
    """Apply actions by text (team-turn forms) or as objects; dice as "D6=4", "2D6=3+4",
    "D8=2", "D3=1", "block dice=pow,push"."""
    events: list[Event] = []
    for m in moves:
        a = m if not isinstance(m, str) else parse(m)
        events += s.apply_action(a)
    return events


def parse(text: str) -> Any:
    a = parse_turn_action(text)
    if a is not None:
        return a
    for dice in (D6, D8, D3, TWO_D6):
        if text.startswith(dice.name + "="):
            return dice.parse(text)
    return GAME.parse_action(text)


def dice(*faces: str) -> BlockDice:
    return BlockDice(tuple(faces))


def sq(text: str) -> int:
    x, y = (int(v) for v in text.split(","))
    return index(x, y)


def who(s: BloodBowlState, text: str) -> Any:
    """The player "H7" or "A3"."""
    return s.player(0 if text[0] == "H" else 1, int(text[1:]))


def legal_texts(s: BloodBowlState) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def plain_texts(s: BloodBowlState) -> list[str]:
    """The legal actions' texts without their notes for people ("(dodge 3+)")."""
    return [t.split(" (")[0] for t in legal_texts(s)]


def log(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)
