"""Positions for team-turn rule tests, built in the game's notation (its JSON, with the
pitch drawing checked), and a way to force every die.

`position("H7 10,7", "A3 11,7 prone", ball="10,7")` puts home (Reikland Reavers, human)
player #7 on 10,7 and away (Gouged Eye, orc) #3 on 11,7 lying Prone, everyone else in the
reserves; the team turn of `team` (home by default) is about to take its first activation.
"""

from __future__ import annotations

import json
from typing import Any

from tablesports.core.chance import D3, D6, D8, TWO_D6, Roll
from tablesports.core.events import Event
from tablesports.games.bloodbowl.ball import HELD, NO_BALL, ON_GROUND
from tablesports.games.bloodbowl.notation import drawing
from tablesports.games.bloodbowl.pitch import index
from tablesports.games.bloodbowl.state import BloodBowlState
from tablesports.games.bloodbowl.turn.actions import BlockDice, parse_turn_action
from tablesports.games.bloodbowl.turn.team_turn import FullTeamTurn
from tests.games.bloodbowl.helpers import GAME, to_first_turn

_BASE: dict[str, Any] = {}


def _base() -> dict[str, Any]:
    if not _BASE:
        _BASE.update(to_first_turn().to_json())
    return json.loads(json.dumps(_BASE))


def position(
    *players: str,
    ball: str | None = None,
    team: int = 0,
    weather: str = "perfect_conditions",
    rerolls: tuple[int, int] = (3, 3),
) -> BloodBowlState:
    """A team-turn position: players as "H7 10,7 [prone|stunned]" or "A3 ..."."""
    data = _base()
    for side in data["players"]:
        for entry in side:
            entry.pop("square", None)
            entry.pop("stance", None)
            entry["box"] = "reserves"
    for text in players:
        who, sq, *stance = text.split()
        side = 0 if who[0] == "H" else 1
        x, y = (int(v) for v in sq.split(","))
        entry = next(e for e in data["players"][side] if e["number"] == int(who[1:]))
        entry.pop("box")
        entry["square"] = [x, y]
        if stance:
            entry["stance"] = stance[0]
    holder = None
    if ball is not None:
        x, y = (int(v) for v in ball.split(","))
        holder = any(
            e.get("square") == [x, y] and e.get("stance", "standing") == "standing"
            for side in data["players"]
            for e in side
        )
        data["ball"] = {"state": HELD if holder else ON_GROUND, "square": [x, y]}
    else:
        data["ball"] = {"state": NO_BALL, "square": None}
    data["weather"] = weather
    data["rerolls"] = list(rerolls)
    data["free_rerolls"] = [0, 0]
    data["cheering"] = [False, False]
    data["turn"] = [1, 1]
    data["stack"] = data["stack"][:4]
    data["stack"][3]["next_team"] = 1 - team
    data["history"] = []
    data.pop("pitch")
    s = GAME.from_position(json.dumps(data))
    assert isinstance(s, BloodBowlState)
    # the drawing of the notation agrees with what was asked
    assert "".join(drawing(s)).count("H") + "".join(drawing(s)).count("h") >= 0
    tt = FullTeamTurn(team)
    s.stack.append(tt)
    s.run()
    assert s.stack[-1] is tt and tt.phase == 1
    return s


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


def log(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


__all__ = ["Roll"]
