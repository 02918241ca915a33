"""What a hand-written position may leave out, filled in before it is read.

A position for a rule test needs little more than the players and the team to move:

    {"teams": ["human", "orc"], "kicking": 0, "to_move": 1,
     "players": [[{"number": 2, "square": [12, 7]}], [{"number": 11, "square": [19, 7]}]],
     "ball": {"state": "held", "square": [19, 7]}}

`teams` may name published teams; counters default to a fresh match (half 1, drive 1);
players not listed are in the reserves; without a `stack` (or with `"stack": "team_turn"`)
the position is the start of a team turn of `to_move` (default: the receiving team) in the
half and drive given.
"""

from __future__ import annotations

from typing import Any

from tablesports.games.bloodbowl.procedures.base import procedure_to_json
from tablesports.games.bloodbowl.procedures.drive import Drive
from tablesports.games.bloodbowl.procedures.half import Half
from tablesports.games.bloodbowl.procedures.match import Match
from tablesports.games.bloodbowl.rules_data import Team, has_apothecary, load_team
from tablesports.games.bloodbowl.tables import NUMBERS, PERFECT
from tablesports.games.bloodbowl.turn.team_turn import FullTeamTurn as TeamTurn


def complete(data: dict[str, Any]) -> dict[str, Any]:
    out = dict(data)
    out["teams"] = [
        load_team(t).model_dump() if isinstance(t, str) else t
        for t in out.get("teams", ["human", "orc"])
    ]
    kicking = out.setdefault("kicking", 0)
    to_move = out.pop("to_move", 1 - kicking)
    defaults: dict[str, Any] = {
        "half": 1,
        "drive": 1,
        "first_kicker": kicking,
        "kicker": -1,
        "scorer": -1,
        "turnover": False,
        "knocked_over": -1,
        "turns_per_half": NUMBERS.turns_per_half,
        "score": [0, 0],
        "turn": [1, 1] if to_move == kicking else [int(t == to_move) for t in (0, 1)],
        "rerolls": [t["rerolls"] for t in out["teams"]],
        "free_rerolls": [0, 0],
        "bribes": [0, 0],
        "cheering": [False, False],
        "coach_ejected": [False, False],
        "apothecaries": [int(has_apothecary(Team.model_validate(t))) for t in out["teams"]],
        "weather": PERFECT,
        "ball": {"state": "none", "square": None},
        "players": [[], []],
        "history": [],
    }
    for key, value in defaults.items():
        out.setdefault(key, value)
    stack = out.get("stack", "team_turn")
    if stack == "team_turn":
        out["stack"] = team_turn_stack(out["half"], kicking, to_move)
    elif not isinstance(stack, list):
        raise ValueError('stack must be a list of procedures or "team_turn"')
    return out


def team_turn_stack(half: int, kicking: int, to_move: int) -> list[dict[str, Any]]:
    """The stack at the start of a team turn of `to_move` (its marker already moved on)."""
    match = Match()
    match.phase = 1
    procs: list[Any] = [match]
    if half == 1:
        procs.append(Half(2))
    current = Half(half)
    current.phase = 1
    drive = Drive(kicking)
    drive.phase, drive.next_team = 1, 1 - to_move
    turn = TeamTurn(to_move)
    turn.phase = 1
    procs += [current, drive, turn]
    return [procedure_to_json(p) for p in procs]
