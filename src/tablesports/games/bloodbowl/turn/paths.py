"""The pathfinder: every square the active player can reach this activation, by the safest
path, with the dice that path needs (BB2020 movement: Rush after MA, up to two; a Dodge to
leave a Marked square; a pick-up on the ball's square).

Safest means the highest chance of success, counting each roll as independent and ignoring
re-rolls; among equally safe paths, the shortest. The ball's square ends a path (moving there
is a pick-up). The results are cached on the state until the next action changes it.
"""

from __future__ import annotations

import heapq
from array import array
from math import log
from typing import TYPE_CHECKING, Any

from tablesports.core.native import use_native
from tablesports.games.bloodbowl.ball import ON_GROUND
from tablesports.games.bloodbowl.pitch import NEIGHBOURS, SIZE, WIDTH, coords
from tablesports.games.bloodbowl.players import STANDING
from tablesports.games.bloodbowl.rules_data import Team, rosters
from tablesports.games.bloodbowl.tables import NUMBERS
from tablesports.games.bloodbowl.turn.actions import MovePath
from tablesports.games.bloodbowl.turn.common import marking, tackle_zones

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

COST = {t: round(-log((7 - t) / 6) * 10_000) for t in range(2, 7)}
"""The cost of a roll needing t+ on a D6: minus the log of its chance, in 1/10,000ths (an
integer, so that a heap entry packs cost, steps and square into one int)."""
INF = 1 << 60
"""The cost of a roll needing t+ on a D6: minus the log of its chance (1 fails, 6 passes)."""


def clamp(target: int) -> int:
    return 2 if target < 2 else 6 if target > 6 else target


_NO_PARENT = array("h", [-1] * SIZE)
"""A fresh `Reach.parent`: a flat array (copied in one go, freed in one go, and nothing for the
garbage collector to walk, where a list of 390 ints was all three a search)."""


class Reach:
    """The squares a player can reach: `parent` links each to the square before it and
    `risk` gives the rolls its path needs, for people (e.g. "dodge 3+, rush 2+")."""

    __slots__ = ("key", "parent", "player", "risk", "rush_target", "start", "tz")

    def __init__(self, key: tuple[int, ...], player: Player, start: int) -> None:
        self.key = key
        self.player = player
        self.start = start
        self.parent: array[int] = _NO_PARENT[:]
        self.risk: dict[int, str] = {}
        self.tz: list[int] = []
        self.rush_target = 2

    def path(self, target: int) -> list[int]:
        out = []
        sq = target
        while sq != self.start:
            out.append(sq)
            sq = self.parent[sq]
        out.reverse()
        return out


def dodge_modifier(
    s: BloodBowlState, p: Player, frm: int, to: int, tz: list[int], bonus: int = 0
) -> int:
    """The modifier of a Dodge from `frm` to `to` (BB2020): -1 per player Marking `to`
    (Stunty ignores them), -1 per Prehensile Tail Marking `frm`, + `bonus` (Break Tackle)."""
    return dodge_modifier_by(s, p, frm, tz[to], bonus)


def dodge_modifier_by(s: BloodBowlState, p: Player, frm: int, markers: int, bonus: int = 0) -> int:
    """`dodge_modifier` with the markers of the square dodged into counted already."""
    mod = 0 if p.has("Stunty") else -markers
    if p.has("Titchy"):
        mod += 1
    return mod - marking(s, p.team, frm, "Prehensile Tail") + bonus


def break_tackle_bonus(p: Player) -> int:
    """Break Tackle (BB2020): +1 to one Dodge an activation, +2 with ST 5 or more."""
    return 2 if p.st >= 5 else 1


def dodge_target(
    s: BloodBowlState, p: Player, frm: int, to: int, tz: list[int], bonus: int = 0
) -> int:
    """The D6 a Dodge from `frm` to `to` needs."""
    return clamp(p.ag - dodge_modifier(s, p, frm, to, tz, bonus))


def reach(
    s: BloodBowlState, pid: int, moved: int, break_tackle: bool = False, sprint: bool = False
) -> Reach:
    """Every square `pid` can reach with `moved` squares already used (cached); with
    `break_tackle`, the first Dodge of a path gets the Break Tackle bonus; with `sprint`
    (Sprint in a Move action), one Rush more."""
    p = s.players[pid]
    key = (pid, p.square, moved, break_tackle, sprint)
    # one cache a position, for every player asked about (a bot asks about each many times);
    # a clone shares it while it stands on the same position, and replaces it once it moves on
    known: tuple[int, dict[Any, Any]] | None = s.__dict__.get("_reach")
    if known is None or known[0] != len(s.history):
        known = (len(s.history), {})
        s.__dict__["_reach"] = known
    cache = known[1]
    cached = cache.get(key)
    if cached is not None:
        return cached
    r = cache[key] = Reach(key, p, p.square)
    ma = p.ma
    budget = ma + NUMBERS.max_rushes + sprint - moved
    if budget <= 0 or p.square < 0:
        return r
    r.rush_target = clamp(
        NUMBERS.rush_target - s.weather_entry().rush_modifier + ("Drunkard" in p.skills)
    )
    ball = s.ball if s.ball_state == ON_GROUND else -1
    rush_text = f"rush {r.rush_target}+"
    if not _near_opponents(s, p, budget):
        _flood(r, s.pitch, ball, budget, ma - moved, rush_text, s)
        return r
    # the tackle zones only now: the flood (no opponent near) needs none
    tz = r.tz = _zones(s, cache, p.team, False)
    occupied = _occupied(s, cache)
    _safest(s, r, p, tz, occupied, ball, budget, ma - moved, rush_text, break_tackle, cache)
    return r


def _safest(
    s: BloodBowlState,
    r: Reach,
    p: Player,
    tz: list[int],
    occupied: list[int],
    ball: int,
    budget: int,
    free: int,
    rush_text: str,
    break_tackle: bool,
    cache: dict[Any, Any],
) -> None:
    """Dijkstra over the squares by the cost of the rolls, ties broken by steps, then square.

    Every step adds one to the steps, so the squares reached at one (cost, steps) are all
    known before the first of them is taken: they are kept in a list per (cost, steps),
    taken in square order, and only the (cost, steps) pairs go through a heap."""
    start = r.start
    parent = r.parent
    risk = r.risk
    rush_cost = COST[r.rush_target]
    stunty = "Stunty" in p.skills
    # the slow, exact dodge target when a skill changes it; else a table by markers
    other_pt, titchy, exact_text = _other_skills(s, cache, p.team)
    pt = break_tackle or "Titchy" in p.skills or other_pt
    tzi = _zones(s, cache, p.team, True) if titchy else tz
    # the texts use the exact target when a skill on the pitch could change it
    exact_text = pt or exact_text
    bt_bonus = break_tackle_bonus(p)
    bt_left = bytearray(SIZE)  # the path to the square has not used Break Tackle yet
    bt_left[start] = break_tackle
    # the cost (and text) of a Dodge into a square Marked n times (Prehensile Tail is looked up)
    dodge_cost, dodge_text = _dodge_tables(p.ag, stunty)
    pick_text = f"pick-up {pickup_target(s, p, ball)}+" if ball >= 0 else ""
    # the cost of the best path found so far; -1 where a player stands. Squares are taken
    # in order of cost, so a square taken already has a cost no step can improve on: no
    # "done" flags are needed, and an entry whose cost is not the square's best is stale
    best = [INF] * SIZE
    for sq in occupied:
        best[sq] = -1
    best[start] = 0
    rolls = [""] * SIZE
    # the squares reached per (cost, steps), packed cost << 4 | steps, and a heap of the keys
    groups: dict[int, list[int]] = {0: [start]}
    keys = [0]
    pop, push = heapq.heappop, heapq.heappush
    while keys:
        key = pop(keys)
        layer = groups.pop(key)
        layer.sort()
        c = key >> 4
        k = key & 15
        rush = k > free
        more = k < budget
        step = c + rush_cost if k >= free else c
        k1 = k + 1
        nkey = (step << 4) | k1
        into0: list[int] | None = None
        for sq in layer:
            if best[sq] != c:
                continue
            if sq != start:
                # the rolls of the path to sq: those to its parent and this step's own
                frm = parent[sq]
                text = rolls[frm]
                if rush:
                    text = f"{text}, {rush_text}" if text else rush_text
                if tz[frm]:
                    if exact_text:
                        bonus = bt_bonus if bt_left[frm] else 0
                        dodge = f"dodge {dodge_target(s, p, frm, sq, tzi, bonus)}+"
                    else:
                        dodge = dodge_text[tzi[sq]]
                    text = f"{text}, {dodge}" if text else dodge
                if sq == ball:
                    risk[sq] = f"{text}, {pick_text}" if text else pick_text
                    continue
                rolls[sq] = risk[sq] = text
            if not more:
                continue
            if not tz[sq]:
                if not step:
                    # a step at no cost: every square around not reached at no cost yet
                    if into0 is None:
                        into0 = groups.get(nkey)
                        if into0 is None:
                            into0 = groups[nkey] = []
                            push(keys, nkey)
                    left = bt_left[sq]
                    for nb in NEIGHBOURS[sq]:
                        if best[nb] > 0:
                            best[nb] = 0
                            parent[nb] = sq
                            bt_left[nb] = left
                            into0.append(nb)
                    continue
                # no Dodge: every square around at the same cost
                left = bt_left[sq]
                into = None
                for nb in NEIGHBOURS[sq]:
                    if step < best[nb]:
                        best[nb] = step
                        parent[nb] = sq
                        bt_left[nb] = left
                        if into is None:
                            into = groups.get(nkey)
                            if into is None:
                                into = groups[nkey] = []
                                push(keys, nkey)
                        into.append(nb)
                continue
            bonus = bt_bonus if bt_left[sq] else 0
            for nb in NEIGHBOURS[sq]:
                if best[nb] <= step:
                    continue  # taken, or a player there: no Dodge can do better
                if pt:
                    nc = step + COST[dodge_target(s, p, sq, nb, tzi, bonus)]
                else:
                    nc = step + dodge_cost[tzi[nb]]
                if nc < best[nb]:
                    best[nb] = nc
                    parent[nb] = sq
                    bt_left[nb] = 0
                    dkey = (nc << 4) | k1
                    into = groups.get(dkey)
                    if into is None:
                        into = groups[dkey] = []
                        push(keys, dkey)
                    into.append(nb)


_DODGE_TABLES: dict[tuple[int, bool], tuple[list[int], list[str]]] = {}


def _dodge_tables(ag: int, stunty: bool) -> tuple[list[int], list[str]]:
    """The cost and the text of a Dodge into a square Marked n times (n = 0..8), by AG."""
    known = _DODGE_TABLES.get((ag, stunty))
    if known is None:
        targets = [clamp(ag + (0 if stunty else n)) for n in range(9)]
        known = _DODGE_TABLES[ag, stunty] = (
            [COST[t] for t in targets],
            [f"dodge {t}+" for t in targets],
        )
    return known


def _other_skills(s: BloodBowlState, cache: dict[Any, Any], team: int) -> tuple[bool, bool, bool]:
    """Once a position, for the opponents of `team`: whether their team has Prehensile Tail,
    has Titchy, and whether one of them on the pitch has Prehensile Tail."""
    key = ("skills", team)
    known = cache.get(key)
    if known is None:
        other = s.teams[1 - team]
        tails = team_has(other, "Prehensile Tail")
        # a player's skills are his position's: none on the pitch has it if his team has not
        known = cache[key] = (
            tails,
            team_has(other, "Titchy"),
            tails and _any_skill(s, 1 - team, "Prehensile Tail"),
        )
    return known


def _zones(s: BloodBowlState, cache: dict[Any, Any], team: int, dodging_into: bool) -> list[int]:
    """`tackle_zones`, once a position (shared by every Reach of it: read only)."""
    key = ("tz", team, dodging_into)
    tz = cache.get(key)
    if tz is None:
        tz = cache[key] = tackle_zones(s, team, dodging_into)
    return tz


def _occupied(s: BloodBowlState, cache: dict[Any, Any]) -> list[int]:
    """The squares players stand on, once a position (read only)."""
    occ = cache.get("occupied")
    if occ is None:
        pitch = s.pitch
        occ = cache["occupied"] = [
            sq for q in s.players if (sq := q.square) >= 0 and pitch[sq] >= 0
        ]
    return occ


def _any_skill(s: BloodBowlState, team: int, skill: str) -> bool:
    """Whether a player of `team` on the pitch has `skill`."""
    players = s.players
    return any(skill in players[i].skills for i in s.team_pids[team] if players[i].square >= 0)


_TEAM_HAS: dict[tuple[int, str], tuple[Team, bool]] = {}


def team_has(team: Team, skill: str) -> bool:
    """Whether any player of the team has the skill (teams are immutable: asked once each)."""
    known = _TEAM_HAS.get((id(team), skill))
    if known is not None and known[0] is team:
        return known[1]
    roster = rosters()[team.roster]
    result = any(
        skill in position.skills
        for entry in team.players
        if (position := roster.position(entry.position)) is not None
    )
    _TEAM_HAS[id(team), skill] = (team, result)
    return result


def _near_opponents(s: BloodBowlState, p: Player, budget: int) -> bool:
    """Whether a Standing opponent could Mark a square within `budget` steps of `p`."""
    xs, ys = _XS, _YS
    x, y = xs[p.square], ys[p.square]
    reach_ = budget + 1
    players = s.players
    for pid in s.team_pids[1 - p.team]:
        q = players[pid]
        sq = q.square
        if (
            sq >= 0
            and q.stance == STANDING
            and abs(xs[sq] - x) <= reach_
            and abs(ys[sq] - y) <= reach_
        ):
            return True
    return False


_XS = [coords(sq)[0] for sq in range(SIZE)]
_YS = [coords(sq)[1] for sq in range(SIZE)]
"""By square: its column and its row."""


def _flood(
    r: Reach, pitch: list[int], ball: int, budget: int, free: int, rush: str, s: BloodBowlState
) -> None:
    """No opponent nearby: no Dodge anywhere, so the shortest path is the safest (only Rushes
    cost), and a breadth-first flood gives every square."""
    parent, risk = r.parent, r.risk
    start = r.start
    seen = bytearray(SIZE)
    seen[start] = 1
    frontier = [start]
    pick = f"pick-up {pickup_target(s, r.player, ball)}+" if ball >= 0 else ""
    for k in range(1, budget + 1):
        text = ", ".join([rush] * max(0, k - max(free, 0)))
        with_pick = f"{text}, {pick}" if text else pick
        nxt = []
        for sq in frontier:
            for nb in NEIGHBOURS[sq]:
                if seen[nb] or pitch[nb] >= 0:
                    continue
                seen[nb] = 1
                parent[nb] = sq
                if nb == ball:
                    risk[nb] = with_pick  # the ball's square ends a path
                else:
                    risk[nb] = text
                    nxt.append(nb)
        frontier = nxt


_KEPT: dict[int, tuple[list[MovePath | None], list[dict[str, MovePath] | None]]] = {}
"""Per shirt number, every MovePath made so far: by square when it needs no roll, else by
square and risk text (a frozen dataclass is slow to build, and the same few texts come back
on every square; cProfile: building them was most of the move list). A square's texts are
forgotten when they grow past `KEEP`."""
KEEP = 200


def kept_move(number: int, square: int, text: str) -> MovePath:
    """The move of player `number` to `square`, whose path needs the rolls `text`: the one
    made before, else a new one, kept."""
    made_by = _KEPT.get(number)
    if made_by is None:
        made_by = _KEPT[number] = ([None] * SIZE, [None] * SIZE)
    if not text:
        a = made_by[0][square]
        if a is None:
            a = made_by[0][square] = MovePath(number, square % WIDTH, square // WIDTH, text)
        return a
    made = made_by[1][square]
    if made is None:
        made = made_by[1][square] = {}
    a = made.get(text)
    if a is None:
        if len(made) > KEEP:
            made.clear()
        a = made[text] = MovePath(number, square % WIDTH, square // WIDTH, text)
    return a


def moves_by_square(r: Reach, number: int) -> tuple[list[MovePath], list[int]]:
    """The moves of player `number` to every square `r` reaches, in square order, and those
    squares (the compiled twin makes them new, faster than it could look kept ones up)."""
    made_by = _KEPT.get(number)
    if made_by is None:
        made_by = _KEPT[number] = ([None] * SIZE, [None] * SIZE)
    plain, rolled = made_by
    risk = r.risk
    out: list[MovePath] = []
    append = out.append
    squares = sorted(risk)
    for sq in squares:
        text = risk[sq]
        if text:
            made = rolled[sq]
            a = made.get(text) if made is not None else None
        else:
            a = plain[sq]
        append(kept_move(number, sq, text) if a is None else a)
    return out, squares


def pickup_target(s: BloodBowlState, p: Player, square: int) -> int:
    mod = -marking(s, p.team, square) + s.weather_entry().pickup_modifier
    return clamp(p.ag - mod)


# the compiled twin of this module when `make native` built it from this very text (core/native.py)
use_native(globals())
