"""The observation tensor for RL: pitch planes, then scalars (see rules.md, "Observation tensor").

A flat float32 vector: the first `len(PLANES) * 15 * 26` entries are the planes (plane, row y,
column x, row-major), the rest the scalars. "My" means the observing player's team, so one
network can play either side. Blood Bowl has perfect information: `encode` reads the state's
JSON (`observation(player)`), `encode_state` the state itself (the same array, faster).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from operator import attrgetter, is_
from typing import TYPE_CHECKING, Any

import numpy as np

from tablesports.games.bloodbowl.ball import BALL_STATES, HELD, IN_AIR, ON_GROUND
from tablesports.games.bloodbowl.pitch import HEIGHT, SIZE, WIDTH
from tablesports.games.bloodbowl.players import BOXES, PRONE, STANDING, STUNNED
from tablesports.games.bloodbowl.procedures.registry import PROCEDURES
from tablesports.games.bloodbowl.rules_data import rosters
from tablesports.games.bloodbowl.tables import WEATHER_BY_KEY
from tablesports.games.bloodbowl.turn.actions import MovePath

if TYPE_CHECKING:
    from tablesports.core.protocol import ActionCodec
    from tablesports.games.bloodbowl.game import BloodBowlGame
    from tablesports.games.bloodbowl.state import BloodBowlState

PLANES = (
    "my players standing",
    "my players prone",
    "my players stunned",
    "opponent's players standing",
    "opponent's players prone",
    "opponent's players stunned",
    "my players who have acted this turn",
    "opponent's players who have acted this turn",
    "MA / 10 of the player there",
    "ST / 8",
    "AG target / 6",
    "PA target / 6 (0 for none)",
    "AV target / 12",
    "players without tackle zones (distracted)",
    "ball on the ground",
    "ball in the air",
    "ball held",
    "the player the innermost procedure is about (the one acting, pushed or hurt)",
)
WEATHERS = tuple(WEATHER_BY_KEY)
PROCEDURE_NAMES = tuple(PROCEDURES)
SCALARS = (
    "my score / 4",
    "opponent's score / 4",
    "my team turn / turns per half",
    "opponent's team turn / turns per half",
    "first half",
    "second half",
    "my team re-rolls / 8",
    "opponent's team re-rolls / 8",
    "my free re-rolls / 4",
    "opponent's free re-rolls / 4",
    "my bribes / 4",
    "opponent's bribes / 4",
    "my cheering bonus",
    "opponent's cheering bonus",
    "my coach ejected",
    "opponent's coach ejected",
    "I kick this drive",
    "turnover",
    *(f"my players in {box} / 16" for box in BOXES),
    *(f"opponent's players in {box} / 16" for box in BOXES),
    *(f"weather: {w}" for w in WEATHERS),
    *(f"ball: {b}" for b in BALL_STATES),
    *(f"procedure on top: {name}" for name in PROCEDURE_NAMES),
)
_P = len(PLANES) * SIZE
_STANCE = {PRONE: 1, STUNNED: 2}
_BOX = {b: i for i, b in enumerate(BOXES)}
_BALL = {b: i for i, b in enumerate(BALL_STATES)}
_BALL_PLANE = {ON_GROUND: 14, IN_AIR: 15, HELD: 16}
_WEATHER = {w: i for i, w in enumerate(WEATHERS)}
_PROC = {p: i for i, p in enumerate(PROCEDURE_NAMES)}
_I_BOX = 18
_I_WEATHER = _I_BOX + 2 * len(BOXES)
_I_BALL = _I_WEATHER + len(WEATHERS)
_I_PROC = _I_BALL + len(BALL_STATES)


def tensor_shape(game: BloodBowlGame) -> tuple[int, ...]:
    return (_P + len(SCALARS),)


@cache
def _stats(roster: str, position: str) -> tuple[int, int, int, int, int]:
    p = rosters()[roster].position(position)
    assert p is not None
    return p.ma, p.st, p.ag, p.pa, p.av


def encode(game: BloodBowlGame, observation: dict[str, Any], player: int) -> np.ndarray:
    """The tensor of `observation(player)` (the state's JSON)."""
    o = observation
    rows: list[tuple[int, int, int, int, int, int, int, int, int, bool, bool, int]] = []
    pid = 0
    for team, players in enumerate(o["players"]):
        roster = o["teams"][team]["roster"]
        for p in players:
            ma, st, ag, pa, av = _stats(roster, p["position"])
            square = p.get("square")
            sq = square[1] * WIDTH + square[0] if square is not None else -1
            rows.append(
                (
                    pid,
                    team,
                    sq,
                    _BOX[p.get("box", "pitch")],
                    _STANCE.get(p.get("stance", ""), 0),
                    max(1, ma + p.get("ma_mod", 0)),
                    st,
                    ag,
                    pa,
                    p.get("used", False),
                    p.get("distracted", False),
                    max(3, av + p.get("av_mod", 0)),
                )
            )
            pid += 1
    ball = o["ball"]
    ball_sq = ball["square"][1] * WIDTH + ball["square"][0] if ball["square"] is not None else -1
    about = next((e["pid"] for e in reversed(o["stack"]) if _is_pid(e.get("pid"))), -1)
    top = o["stack"][-1]["proc"] if o["stack"] else None
    return _fill(player, rows, o, ball["state"], ball_sq, about, top)


def encode_state(state: BloodBowlState, player: int) -> np.ndarray:
    """The same array as `encode(game, state.observation(player), player)`, read from the
    state's own fields (a test checks they agree). Numpy's calls, not the players, are the
    cost, so there are few: each player on the pitch is one code (his position's row, his
    side, stance, used and distracted flags: `_code_tables`), and all his planes go in with
    one assignment; the scalars come mostly from two cached blocks (`_Layout`)."""
    s = state
    about = -1
    for proc in reversed(s.stack):
        pid: int | None = getattr(proc, "pid", None)
        if pid is not None and pid >= 0:
            about = pid
            break
    players = s.players
    layout = _layout(s)
    out = np.zeros(_P + len(SCALARS), np.float32)
    sqs: list[int] = []
    codes: list[int] = []
    stance_code = _STANCE_CODE
    for p, base in zip(players, layout.bases[player], strict=True):
        sq = p.square
        if sq < 0:
            continue
        sqs.append(sq)
        if p.ma_mod or p.av_mod:  # a drive-long change (DODGY SNACK): another row
            base = _row_of(p.position, p.ma_mod, p.av_mod) * _CODES + (p.team != player) * 12
        code = base + stance_code[p.stance]
        if p.used:
            code += 1
        if p.distracted:
            code += 2
        codes.append(code)
    if sqs:
        at, values = _TABLES
        n = len(codes)
        both = np.array(codes + sqs)  # one conversion for the two lists
        rows = both[:n]
        where = at.take(rows, 0)
        where += both[n:, None]
        out[where] = values.take(rows, 0)
    if 0 <= about < len(players) and players[about].square >= 0:
        out[_ABOUT + players[about].square] = 1.0
    ball_state = s.ball_state
    if s.ball >= 0 and ball_state in _BALL_PLANE:
        out[_BALL_PLANE[ball_state] * SIZE + s.ball] = 1.0
    top = s.stack[-1].name if s.stack else None
    # the scalars: the counters and the boxes are two blocks kept by their values (the
    # boxes change at each set-up placement, the counters seldom), the rest are 1s
    key = (
        player,
        s.half,
        s.kicking,
        s.turnover,
        s.turns_per_half,
        *s.score,
        *s.turn,
        *s.rerolls,
        *s.free_rerolls,
        *s.bribes,
        *s.cheering,
        *s.coach_ejected,
    )
    block = layout.counters.get(key)
    if block is None:
        block = layout.keep(layout.counters, key, _counter_values(player, s.__dict__))
    out[_P : _P + _I_BOX] = block
    key = (player, *map(_BOX_OF, players))
    block = layout.boxes.get(key)
    if block is None:
        block = layout.keep(layout.boxes, key, _box_values(layout.box_counts(key)))
    out[_P + _I_BOX : _P + _I_WEATHER] = block
    out[_P + _I_WEATHER + _WEATHER[s.weather]] = 1.0
    out[_P + _I_BALL + _BALL[ball_state]] = 1.0
    if top is not None:
        out[_P + _I_PROC + _PROC[top]] = 1.0
    return out


_MA, _ST, _AG, _PA, _AV, _DISTRACTED, _ABOUT = (i * SIZE for i in (8, 9, 10, 11, 12, 13, 17))
_ROW_OF: dict[int, tuple[Any, int]] = {}
"""By id of the position: the position and its row of `_ROWS` (no MA nor AV change)."""
_ROW_MODDED: dict[tuple[int, int, int], tuple[Any, int]] = {}
"""By (id of the position, MA change, AV change), for the changed ones (DODGY SNACK)."""
_ROWS: list[tuple[float, float, float, float, float]] = []
"""Every row met: MA / 10, ST / 8, AG / 6, PA / 6 and AV / 12 (positions never change)."""
_CODES = 24
"""Codes a row: side (12 apart) x stance (4 apart) x used (1) x distracted (2)."""
_STANCE_CODE = {STANDING: 0, PRONE: 4, STUNNED: 8}
_BOX_OF = attrgetter("box")


def _code_tables() -> tuple[np.ndarray, np.ndarray]:
    """By code (row x 24 + side x 12 + stance x 4 + used + 2 distracted): the 8 offsets of
    a player's entries from his square (stance plane, the five characteristics, used and
    distracted planes) and their 8 values. A flag not set repeats the stance entry (the same
    index and value twice: harmless), so every code has 8."""
    at: list[list[int]] = []
    values: list[list[float]] = []
    for row in _ROWS:
        for side in (0, 1):
            for stance in (0, 1, 2):
                for flags in range(4):
                    plane = (side * 3 + stance) * SIZE
                    used = (6 + side) * SIZE if flags & 1 else plane
                    distracted = _DISTRACTED if flags & 2 else plane
                    at.append([plane, _MA, _ST, _AG, _PA, _AV, used, distracted])
                    values.append([1.0, *row, 1.0, 1.0])
    return np.array(at, np.intp).reshape(-1, 8), np.array(values, np.float32).reshape(-1, 8)


_TABLES = _code_tables()
"""`_code_tables()` of the rows met so far (made again when a row is added)."""


class _Layout:
    """What stays the same for every state of one set of teams: each player's code base by
    observer (his position's row and side), and the blocks of scalars met: the counters' by
    their values, the boxes' by every player's box (`encode_state`'s keys)."""

    def __init__(self, s: BloodBowlState) -> None:
        self.teams = s.teams  # kept alive, so that its id stays its own
        self.size = len(s.players)
        self.bases = [
            [_row_of(p.position, 0, 0) * _CODES + (p.team != me) * 12 for p in s.players]
            for me in (0, 1)
        ]
        self.counters: dict[tuple[Any, ...], np.ndarray] = {}
        self.boxes: dict[tuple[Any, ...], np.ndarray] = {}

    def box_counts(self, key: tuple[Any, ...]) -> list[int]:
        """The players in each box, mine then the opponent's, of a boxes key (the observer,
        then every player's box by pid)."""
        boxes = [0] * (2 * len(BOXES))
        for base, box in zip(self.bases[key[0]], key[1:], strict=True):
            boxes[_BOX[box] + (len(BOXES) if base % _CODES >= 12 else 0)] += 1
        return boxes

    @staticmethod
    def keep(
        kept: dict[tuple[Any, ...], np.ndarray], key: tuple[Any, ...], values: list[float]
    ) -> np.ndarray:
        """Keep `values` (a block of scalars first met) in `kept` by `key`."""
        block = np.array(values, np.float32)
        if len(kept) >= _SCALARS_KEPT:
            kept.clear()
        kept[key] = block
        return block


_SCALARS_KEPT = 4096
"""How many blocks of each kind a layout keeps before it starts again."""
_LAYOUTS: dict[int, _Layout] = {}
"""By id of the state's teams (a new game's states share its list; a state read from JSON
has its own)."""


def _layout(s: BloodBowlState) -> _Layout:
    layout = _LAYOUTS.get(id(s.teams))
    if layout is None or layout.teams is not s.teams or layout.size != len(s.players):
        if len(_LAYOUTS) >= 64:  # states read from JSON, each with its teams: start again
            _LAYOUTS.clear()
        layout = _LAYOUTS[id(s.teams)] = _Layout(s)
    return layout


def _row_of(pos: Any, ma_mod: int, av_mod: int) -> int:
    """The row of `_ROWS` of a position's characteristics with these changes, added if new
    (and `_TABLES` made again)."""
    global _TABLES
    plain = not (ma_mod or av_mod)
    known = _ROW_OF.get(id(pos)) if plain else _ROW_MODDED.get((id(pos), ma_mod, av_mod))
    if known is not None and known[0] is pos:
        return int(known[1])
    ma = pos.ma + ma_mod
    av = pos.av + av_mod
    ma, av = (ma if ma > 1 else 1), (av if av > 3 else 3)
    _ROWS.append((ma / 10, pos.st / 8, pos.ag / 6, pos.pa / 6, av / 12))
    row = len(_ROWS) - 1
    if plain:
        _ROW_OF[id(pos)] = (pos, row)
    else:
        _ROW_MODDED[id(pos), ma_mod, av_mod] = (pos, row)
    _TABLES = _code_tables()
    return row


def legal_ids(state: BloodBowlState, ids_of: Callable[[list[Any]], list[int]]) -> np.ndarray:
    """The action ids of `state.legal_actions()`, in their order (for the RL mask).

    An activation's moves (most of the list) are the pathfinder's squares, in order, so their
    ids come from the squares at once, without making the moves (`Activation.legal_parts`);
    so do a set-up's placements (`Setup.legal_parts`, its `square_action` Place); `ids_of`
    (the adapter's lookup) gives the others."""
    stack = state.stack
    if stack:
        top = stack[-1]
        parts_of = getattr(top, "legal_parts", None)
        if parts_of is not None:
            actor = top.actor(state)
            if actor is None or actor < 0:
                return np.zeros(0, np.int64)
            parts = parts_of(state)
            if parts is not None:
                head, number, squares, tail = parts
                if not squares:
                    return np.array(ids_of(head + tail if tail else head), np.int64)
                family = getattr(top, "square_action", MovePath)
                base = _square_base(state.game.action_codec(), family, number)
                return np.concatenate(
                    (
                        np.array(ids_of(head), np.int64),
                        np.array(squares, np.int64) + base,
                        np.array(ids_of(tail), np.int64),
                    )
                )
    legal = state.legal_actions()
    kept = state.__dict__.get("_moves")
    if kept is not None:
        moves, squares = kept[1], kept[2]
        m, n = len(moves), len(legal)
        if 0 < m <= n and legal[n - m] is moves[0] and all(map(is_, legal[n - m :], moves)):
            base = _square_base(state.game.action_codec(), MovePath, moves[0].number)
            head = np.array(ids_of(legal[: n - m]), np.int64)
            return np.concatenate((head, np.array(squares, np.int64) + base))
    return np.array(ids_of(legal), np.int64)


def legal_mask(
    state: BloodBowlState, ids_of: Callable[[list[Any]], list[int]], out: np.ndarray
) -> None:
    """Sets `out[i] = 1` for each id `i` of `legal_ids` (the RL mask, written straight from
    the parts: the moves' squares into the slice of their player's ids, no id array)."""
    stack = state.stack
    if stack:
        top = stack[-1]
        parts_of = getattr(top, "legal_parts", None)
        if parts_of is not None:
            actor = top.actor(state)
            if actor is None or actor < 0:
                return
            # an activation's squares unsorted: the mask has no order
            parts = parts_of(state, False) if top.name == "activation" else parts_of(state)
            if parts is not None:
                head, number, squares, tail = parts
                others = head + tail if tail else head
                if others:
                    out[ids_of(others)] = 1
                if squares:
                    family = getattr(top, "square_action", MovePath)
                    base = _square_base(state.game.action_codec(), family, number)
                    out[base : base + SIZE].put(squares, 1)
                return
    legal = state.legal_actions()
    kept = state.__dict__.get("_moves")
    if kept is not None:
        moves, squares = kept[1], kept[2]
        m, n = len(moves), len(legal)
        if 0 < m <= n and legal[n - m] is moves[0] and all(map(is_, legal[n - m :], moves)):
            base = _square_base(state.game.action_codec(), MovePath, moves[0].number)
            if n > m:
                out[ids_of(legal[: n - m])] = 1
            out[base : base + SIZE].put(squares, 1)
            return
    if legal:
        out[ids_of(legal)] = 1


@cache
def _square_base(codec: ActionCodec, family: Callable[[int, int, int], Any], number: int) -> int:
    """The id of `family(number, 0, 0)` (`MovePath`, `Place`); the actions of one player
    follow it square by square (checked here, once)."""
    base = codec.encode(family(number, 0, 0))
    for sq in range(SIZE):
        assert codec.encode(family(number, sq % WIDTH, sq // WIDTH)) == base + sq
    return base


def _is_pid(pid: Any) -> bool:
    return pid is not None and pid >= 0


def _fill(
    me: int,
    rows: list[tuple[int, int, int, int, int, int, int, int, int, bool, bool, int]],
    counters: dict[str, Any],
    ball_state: str,
    ball_sq: int,
    about: int,
    top: str | None,
) -> np.ndarray:
    out = np.zeros(_P + len(SCALARS), np.float32)
    idx: list[int] = []
    val: list[float] = []
    boxes = [0] * (2 * len(BOXES))
    for pid, team, sq, box, stance, ma, st, ag, pa, used, distracted, av in rows:
        side = 0 if team == me else 1
        boxes[side * len(BOXES) + box] += 1
        if sq < 0:
            continue
        idx += (
            (side * 3 + stance) * SIZE + sq,
            8 * SIZE + sq,
            9 * SIZE + sq,
            10 * SIZE + sq,
            11 * SIZE + sq,
            12 * SIZE + sq,
        )
        val += (1.0, ma / 10, st / 8, ag / 6, pa / 6, av / 12)
        if used:
            idx.append((6 + side) * SIZE + sq)
            val.append(1.0)
        if distracted:
            idx.append(13 * SIZE + sq)
            val.append(1.0)
        if pid == about:
            idx.append(17 * SIZE + sq)
            val.append(1.0)
    if ball_sq >= 0 and ball_state in _BALL_PLANE:
        idx.append(_BALL_PLANE[ball_state] * SIZE + ball_sq)
        val.append(1.0)
    out[idx] = val
    out[_P:] = _scalar_values(me, counters, ball_state, boxes, top)
    return out


def _scalar_values(
    me: int, counters: dict[str, Any], ball_state: str, boxes: list[int], top: str | None
) -> list[float]:
    """The scalars, in `SCALARS`' order (`counters`: the state's JSON or its fields)."""
    values = _counter_values(me, counters) + _box_values(boxes)
    values += [0.0] * (len(SCALARS) - len(values))
    values[_I_WEATHER + _WEATHER[counters["weather"]]] = 1.0
    values[_I_BALL + _BALL[ball_state]] = 1.0
    if top is not None:
        values[_I_PROC + _PROC[top]] = 1.0
    return values


def _counter_values(me: int, c: dict[str, Any]) -> list[float]:
    """The first 18 scalars (scores, turns, half, re-rolls, ...)."""
    opp = 1 - me
    per_half = c["turns_per_half"]
    return [
        c["score"][me] / 4,
        c["score"][opp] / 4,
        c["turn"][me] / per_half,
        c["turn"][opp] / per_half,
        c["half"] == 1,
        c["half"] == 2,
        c["rerolls"][me] / 8,
        c["rerolls"][opp] / 8,
        c["free_rerolls"][me] / 4,
        c["free_rerolls"][opp] / 4,
        c["bribes"][me] / 4,
        c["bribes"][opp] / 4,
        c["cheering"][me],
        c["cheering"][opp],
        c["coach_ejected"][me],
        c["coach_ejected"][opp],
        c["kicking"] == me,
        c["turnover"],
    ]


def _box_values(boxes: list[int]) -> list[float]:
    """The scalars of the players in each box (mine, then the opponent's) / 16."""
    return [b / 16 for b in boxes]


def max_chance_outcomes(game: BloodBowlGame) -> int:
    """2D6 (36): more than three block dice (35), a D16 or a pick among the players."""
    return 36


def observation_bounds(game: BloodBowlGame) -> dict[str, tuple[float, float]]:
    """The entries whose range is not [0, 1]: a team's score, up to the 3 touchdowns a team
    turn that `check_state` allows (a drive ends with one; the rest are one-hots and ratios)."""
    options: Any = game.options
    top = 3 * options.turns_per_half / 4
    return {"my score / 4": (0.0, top), "opponent's score / 4": (0.0, top)}


def describe(game: BloodBowlGame) -> list[tuple[str, slice]]:
    """Each pitch plane (15 rows y by 26 columns x) and scalar, with its slice of the tensor."""
    out = [(name, slice(k * SIZE, (k + 1) * SIZE)) for k, name in enumerate(PLANES)]
    return out + [(name, slice(_P + i, _P + i + 1)) for i, name in enumerate(SCALARS)]


def _touchlines_reflected(rows: np.ndarray) -> np.ndarray:
    """Each flat tensor of `rows` with the pitch reflected from one touchline to the other
    (row y to row 14 - y of every plane); the scalars stay."""
    out = rows.copy()
    pitch = out[:, :_P].reshape(len(rows), len(PLANES), HEIGHT, WIDTH)
    pitch[:] = pitch[:, :, ::-1, :]
    return out


def symmetries(game: BloodBowlGame) -> tuple[tuple[str, Callable[[np.ndarray], np.ndarray]], ...]:
    """`(name, mirror)` pairs: `mirror` maps rows of flat tensors to the mirrored positions',
    worth the same to each player. The pitch, its wide zones, the set-up rules and every
    template (scatter, throw-in, push) are the same reflected from one touchline to the other."""
    return (("touchlines reflected", _touchlines_reflected),)
