"""The position notation: the state's JSON, with a short text drawing of the pitch.

    {"game": "bloodbowl", "teams": [<team>, <team>], "half": 1, "drive": 1, "turn": [3, 2],
     "score": [0, 0], "kicking": 0, "weather": "perfect_conditions",
     "ball": {"state": "held", "square": [14, 7]},
     "players": [[{"number": 1, "position": "Lineman", "square": [12, 7]}, ...], [...]],
     "stack": [{"proc": "match", "phase": 1}, ...],
     "pitch": ["......", ...]}

`teams` are the team definitions (as in data/teams.toml) so a position stands alone. A
hand-written position may leave most fields out (see `position_defaults.py`).
`pitch` (15 rows of 26 characters) is only a drawing: 'a'-'z' would be ambiguous, so home
players are drawn 'H' (standing), 'h' (prone), 'x' (stunned), away 'A', 'a', 'y', the ball
alone 'o', the rest '.'; when given, it must agree with the players' squares.
"""

from __future__ import annotations

from typing import Any

from tablesports.core.errors import NotationError
from tablesports.core.files import FileReadError, loads_json
from tablesports.games.bloodbowl.ball import BALL_STATES, HELD
from tablesports.games.bloodbowl.invariants import check_state
from tablesports.games.bloodbowl.pitch import index, on_pitch
from tablesports.games.bloodbowl.players import (
    BOXES,
    PITCH,
    STANCES,
    STANDING,
    Player,
    make_players,
)
from tablesports.games.bloodbowl.position_defaults import complete
from tablesports.games.bloodbowl.procedures.base import procedure_from_json
from tablesports.games.bloodbowl.procedures.registry import PROCEDURES
from tablesports.games.bloodbowl.rules_data import Team, check_team
from tablesports.games.bloodbowl.state import COUNTERS, SCALARS, BloodBowlState, drawing
from tablesports.games.bloodbowl.tables import WEATHER_BY_KEY


def state_from_json(game: Any, data: dict[str, Any]) -> BloodBowlState:
    """Rebuild a state; any problem raises NotationError saying what is wrong."""
    try:
        return _build(game, data)
    except NotationError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        what = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
        raise NotationError(f"bad Blood Bowl position: {what}") from None


def read_position(game: Any, text: str) -> BloodBowlState:
    try:
        data = loads_json(text, "a Blood Bowl position")
    except FileReadError as exc:
        raise NotationError(str(exc)) from None
    if not isinstance(data, dict):
        raise NotationError("a Blood Bowl position is a JSON object")
    try:
        data = complete(data)
    except (KeyError, TypeError, ValueError) as exc:
        raise NotationError(f"bad Blood Bowl position: {exc}") from None
    return state_from_json(game, data)


def _build(game: Any, data: dict[str, Any]) -> BloodBowlState:
    teams = [Team.model_validate(t) for t in data["teams"]]
    for i, t in enumerate(teams):
        check_team(t, "position", f"teams[{i}]")
    players = make_players(teams)
    s = BloodBowlState(game, teams, players)
    for key in SCALARS:
        value = data[key]
        if not isinstance(value, int):
            raise ValueError(f"{key} must be an integer, got {value!r}")
        setattr(s, key, value if key != "turnover" else bool(value))
    for key, allowed in (
        ("kicking", (-1, 0, 1)),
        ("first_kicker", (-1, 0, 1)),
        ("half", (0, 1, 2)),
    ):
        if getattr(s, key) not in allowed:
            raise ValueError(f"{key} must be one of {allowed}")
    for key in COUNTERS:
        value = data[key]
        if not (isinstance(value, list) and len(value) == 2):
            raise ValueError(f"{key} must be a list of two values (home, away)")
        setattr(s, key, [type(getattr(s, key)[0])(v) for v in value])
    if data["weather"] not in WEATHER_BY_KEY:
        raise ValueError(f"weather must be one of {', '.join(WEATHER_BY_KEY)}")
    s.weather = data["weather"]
    ball = data["ball"]
    if ball["state"] not in BALL_STATES:
        raise ValueError(f"ball state must be one of {', '.join(BALL_STATES)}")
    s.ball_state = ball["state"]
    s.ball = _square(ball["square"], "ball") if ball["square"] is not None else -1
    for team, entries in enumerate(data["players"]):
        if len(entries) > len(s.team_pids[team]):
            raise ValueError(
                f"players[{team}] lists {len(entries)} players, the team has "
                f"{len(s.team_pids[team])}"
            )
        for entry in entries:
            _read_player(s, team, entry)
    s.stack = [_read_procedure(p) for p in data["stack"]]
    if "pitch" in data and data["pitch"] != drawing(s):
        raise NotationError("the pitch drawing does not agree with the players and the ball")
    if s.ball_state == HELD and (s.ball < 0 or s.pitch[s.ball] < 0):
        raise NotationError("the ball is held, but no player stands on its square")
    s.history = s.history_from_json(data["history"])
    check_state(s)  # before running on: a bad counter must not crash far from its cause
    s.run()  # a hand-made position may start with a procedure that needs no input
    return s


def _square(value: Any, what: str) -> int:
    x, y = value
    if not (isinstance(x, int) and isinstance(y, int) and on_pitch(x, y)):
        raise ValueError(f"{what}: square {value!r} is off the pitch (x 0-25, y 0-14)")
    return index(x, y)


def _read_player(s: BloodBowlState, team: int, entry: dict[str, Any]) -> None:
    p: Player | None = s.player(team, entry["number"])
    if p is None:
        raise ValueError(f"team {team} has no player #{entry['number']}")
    if entry.get("position", p.position.name) != p.position.name:
        raise ValueError(f"player #{p.number} of team {team} is a {p.position.name}")
    known = {
        "number",
        "position",
        "square",
        "box",
        "stance",
        "ma_mod",
        "av_mod",
        "sits_out",
        "played",
        "used",
        "distracted",
        "rooted",
        "gouged",
        "name",
    }
    extra = set(entry) - known
    if extra:
        raise ValueError(f"player #{p.number}: unknown field(s) {sorted(extra)}")
    if "square" in entry:
        sq = _square(entry["square"], f"player #{p.number}")
        if s.pitch[sq] >= 0:
            raise ValueError(f"two players on square {entry['square']}")
        s.place(p, sq)
    else:
        box = entry.get("box", "reserves")
        if box not in BOXES or box == PITCH:
            raise ValueError(
                f"player #{p.number}: box must be one of reserves, ko, casualty, "
                "sent_off (or give a square)"
            )
        p.box = box
    stance = entry.get("stance", STANDING)
    if stance not in STANCES:
        raise ValueError(f"player #{p.number}: stance must be one of {', '.join(STANCES)}")
    p.stance = stance
    p.ma_mod = int(entry.get("ma_mod", 0))
    p.av_mod = int(entry.get("av_mod", 0))
    p.sits_out = int(entry.get("sits_out", 0))
    p.played = bool(entry.get("played", False))
    p.used = bool(entry.get("used", False))
    p.distracted = bool(entry.get("distracted", False))
    p.rooted = bool(entry.get("rooted", False))
    p.gouged = bool(entry.get("gouged", False))


def _read_procedure(data: dict[str, Any]) -> Any:
    name = data["proc"]
    cls = PROCEDURES.get(name)
    if cls is None:
        raise ValueError(f"unknown procedure {name!r}")
    return procedure_from_json(cls, data)
