"""The invariants of a Blood Bowl state (`BloodBowlGame.check_state`): counters within what a
match allows, players who exist, one player a square, the ball where its state says. The JSON
reader checks types and squares; this checks the match. Never on the hot path."""

from __future__ import annotations

from typing import Any

from tablesports.core.errors import StateError
from tablesports.games.bloodbowl.ball import BALL_STATES, HELD, NO_BALL
from tablesports.games.bloodbowl.players import BOXES, PITCH, STANCES, STANDING
from tablesports.games.bloodbowl.procedures.base import procedure_to_json
from tablesports.games.bloodbowl.state import BloodBowlState

MAX_ON_PITCH = 11
MAX_SWARMING = 3  # Swarming: D3 more players
SWARMING = "Swarming"
MAX_BRIBES = 3  # a team's inducements: at most 3 bribes (BB2020 inducements table)
MAX_TEAM_REROLLS = 8  # a roster's team re-rolls (BB2020: 0 to 8)
MAX_MODIFIER = 3


def _bad(field: str, value: Any, allowed: str) -> StateError:
    return StateError("bloodbowl", field, value, allowed)


def _int_in(field: str, value: Any, low: int, high: int, what: str = "") -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _bad(field, value, what or f"a whole number from {low} to {high}")


def check_state(s: BloodBowlState) -> None:
    tph = s.turns_per_half
    _int_in("turns_per_half", tph, 1, 16)
    _int_in("half", s.half, 0, 2, "0 (before the kick-off), 1 or 2")
    # a drive ends with a touchdown or a half: at most one a turn of each team, plus one
    top_drive = 2 * (2 * tph + 1)
    _int_in("drive", s.drive, 0, top_drive, f"0 to {top_drive} (a drive a team turn at most)")
    for field in ("first_kicker", "kicking"):
        _int_in(field, getattr(s, field), -1, 1, "-1 (not yet), 0 (home) or 1 (away)")
    if s.half >= 1 and s.kicking == -1:
        raise _bad("kicking", s.kicking, "once the match has begun, a team kicks: 0 or 1")
    pids = len(s.players)
    for field in ("kicker", "scorer", "knocked_over"):
        _int_in(field, getattr(s, field), -1, pids - 1, f"-1 (none) or a player (0 to {pids - 1})")
    if s.kicker >= 0 and s.players[s.kicker].team != s.kicking:
        raise _bad("kicker", s.kicker, "a player of the kicking team")
    for team in (0, 1):
        # a touchdown ends the drive: one a team turn, two halves and overtime at most
        _int_in(f"score[{team}]", s.score[team], 0, 3 * tph, f"0 to {3 * tph} touchdowns")
        _int_in(f"turn[{team}]", s.turn[team], 0, tph, f"0 to {tph} (turns_per_half)")
        _int_in(f"rerolls[{team}]", s.rerolls[team], 0, MAX_TEAM_REROLLS)
        _int_in(f"free_rerolls[{team}]", s.free_rerolls[team], 0, MAX_TEAM_REROLLS)
        _int_in(f"bribes[{team}]", s.bribes[team], 0, MAX_BRIBES)
        for field in ("cheering", "coach_ejected"):
            if not isinstance(getattr(s, field)[team], bool):
                raise _bad(f"{field}[{team}]", getattr(s, field)[team], "true or false")
    if not isinstance(s.turnover, bool):
        raise _bad("turnover", s.turnover, "true or false")
    _check_players(s)
    _check_ball(s)
    check_stack(s, len(s.pitch))


def _check_players(s: BloodBowlState) -> None:
    on_pitch = [0, 0]
    for p in s.players:
        who = f"players[{p.team}] #{p.number}"
        if p.box not in BOXES:
            raise _bad(f"{who}.box", p.box, f"one of {', '.join(BOXES)}")
        if p.stance not in STANCES:
            raise _bad(f"{who}.stance", p.stance, f"one of {', '.join(STANCES)}")
        if p.box == PITCH:
            on_pitch[p.team] += 1
            if p.square < 0 or s.pitch[p.square] != p.pid:
                raise _bad(f"{who}.square", p.square, "the square the pitch shows him on")
        elif p.square >= 0:
            raise _bad(f"{who}.square", p.square, f"none: he is in the {p.box} box")
        for field in ("ma_mod", "av_mod"):
            _int_in(f"{who}.{field}", getattr(p, field), -MAX_MODIFIER, MAX_MODIFIER)
        top = 2 * (2 * s.turns_per_half + 1)
        _int_in(f"{who}.sits_out", p.sits_out, 0, top, "0 (none) or the drive he sits out")
    for sq, pid in enumerate(s.pitch):
        if pid >= 0 and (pid >= len(s.players) or s.players[pid].square != sq):
            raise _bad("pitch", pid, "each square holds the player standing there, or nobody")
    for team in (0, 1):
        # Swarming sets up to D3 more beyond the eleven, no more than the Swarming players there
        swarming = sum(
            1 for p in s.players if p.team == team and p.box == PITCH and p.has(SWARMING)
        )
        most = MAX_ON_PITCH + min(MAX_SWARMING, swarming)
        if on_pitch[team] > most:
            allowed = f"at most {MAX_ON_PITCH} on the pitch, or {most} with Swarming"
            raise _bad(f"players[{team}]", on_pitch[team], allowed)


def _check_ball(s: BloodBowlState) -> None:
    if s.ball_state not in BALL_STATES:
        raise _bad("ball.state", s.ball_state, f"one of {', '.join(BALL_STATES)}")
    if s.ball_state == NO_BALL and s.ball >= 0:
        raise _bad("ball.square", s.ball, "none while there is no ball in play")
    if s.ball_state == HELD:
        carrier = s.pitch[s.ball] if s.ball >= 0 else -1
        if carrier < 0:
            raise _bad("ball.square", s.ball, "a held ball is on its carrier's square")
        if s.players[carrier].stance != STANDING:
            raise _bad("ball.state", s.ball_state, "only a standing player holds the ball")


# --- the procedure stack ----------------------------------------------------------------------
# A procedure's fields are plain JSON values in __slots__ (procedures/base.py); the same name
# means the same thing in every procedure, so the fields are checked by name. A field not
# named here (a new procedure's) must at least be a JSON scalar or a list of them.
_BOOL = "bool"
_INT = "int"
_STR = "str"
_INTS = "ints"
_STRS = "strs"
TEAM_SLOTS = {"team", "kicking", "next_team"}
PLAYER_SLOTS = {"attacker", "defender", "fouler", "interferer", "pid"}
PLAYER_LIST_SLOTS = {"activated", "reserved", "selected", "stunned", "order", "pool"}
SQUARE_SLOTS = {"square", "source", "vacated"}
SQUARE_LIST_SLOTS = {"path"}
SMALL_SIGNED = {"mod", "modifier", "bonus"}
SLOT_KINDS = {
    **dict.fromkeys(
        ("acted", "adown", "blitz", "blitzed", "break_tackle", "bt_used", "chain", "checked"),
        _BOOL,
    ),
    **dict.fromkeys(
        ("crowd", "ddown", "free", "frenzied", "kickoff", "mine", "pushed", "redeploy"), _BOOL
    ),
    **dict.fromkeys(("reroll_used", "rerolled", "send_off", "started"), _BOOL),
    **dict.fromkeys(("call", "kind", "result"), _STR),
    **dict.fromkeys(("faces", "once_used"), _STRS),
    **dict.fromkeys(("pool", "queue", "totals", *PLAYER_LIST_SLOTS, *SQUARE_LIST_SLOTS), _INTS),
    # named numbers are numbers whatever a saved file holds ("1" is not team 1)
    **dict.fromkeys((*TEAM_SLOTS, *PLAYER_SLOTS, *SQUARE_SLOTS, *SMALL_SIGNED), _INT),
}
MAX_COUNT = 1000


def check_stack(s: BloodBowlState, size: int) -> None:
    pids = len(s.players)
    for depth, proc in enumerate(s.stack):
        fields = procedure_to_json(proc)
        name = fields.pop("proc")
        for slot, value in fields.items():
            where = f"stack[{depth}] ({name}).{slot}"
            if slot == "team" and value == -1 and _team_unset(proc):
                continue
            kind = SLOT_KINDS.get(slot) or _kind_of(value)
            _check_slot(where, slot, kind, value, pids, size)
        _check_pool(s, depth, name, fields)


def _check_pool(s: BloodBowlState, depth: int, name: str, fields: dict[str, Any]) -> None:
    """A set-up's pool: each player once, all of the team setting up (one of theirs could
    never be placed, and the set-up would wait for him for ever)."""
    pool, team = fields.get("pool"), fields.get("team")
    if not isinstance(pool, list) or team not in (0, 1):
        return
    where = f"stack[{depth}] ({name}).pool"
    if len(set(pool)) != len(pool):
        raise _bad(where, pool, "each player once")
    for pid in pool:
        if s.players[pid].team != team:
            raise _bad(where, pid, f"players of team {team}, the team setting up")


def _team_unset(proc: Any) -> bool:
    """A selection of Open players learns its team with its first roll (phase 0)."""
    return proc.phase == 0 and getattr(proc, "team_unset_before_roll", False)


def _kind_of(value: Any) -> str | None:
    """The kind of a field not named in SLOT_KINDS, from its value (a new procedure's)."""
    if isinstance(value, bool):
        return _BOOL
    return _INT if isinstance(value, int) else None


def _check_slot(where: str, slot: str, kind: str | None, value: Any, pids: int, size: int) -> None:
    if kind == _BOOL:
        if not isinstance(value, bool):
            raise _bad(where, value, "true or false")
    elif kind == _STR:
        if not isinstance(value, str):
            raise _bad(where, value, "a text")
    elif kind == _STRS:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise _bad(where, value, "a list of texts")
    elif kind == _INTS:
        if not isinstance(value, list):
            raise _bad(where, value, "a list of whole numbers")
        high = pids - 1 if slot in PLAYER_LIST_SLOTS else size - 1
        for v in value:
            _int_in(where, v, 0 if slot in PLAYER_LIST_SLOTS else -1, max(high, MAX_COUNT))
            if slot in PLAYER_LIST_SLOTS:
                _int_in(where, v, 0, pids - 1, f"players 0 to {pids - 1}")
    elif kind == _INT:
        if slot in TEAM_SLOTS:
            _int_in(where, value, 0, 1, "a team: 0 (home) or 1 (away)")
        elif slot in PLAYER_SLOTS:
            _int_in(where, value, -1, pids - 1, f"-1 (none) or a player (0 to {pids - 1})")
        elif slot in SQUARE_SLOTS:
            _int_in(where, value, -1, size - 1, f"-1 (none) or a square (0 to {size - 1})")
        elif slot in SMALL_SIGNED:
            _int_in(where, value, -10, 10)
        else:
            _int_in(where, value, -1, MAX_COUNT)
    elif not (value is None or isinstance(value, (str, list))):
        raise _bad(where, value, "a JSON value of the procedure")
