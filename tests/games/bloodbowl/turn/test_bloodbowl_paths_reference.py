"""The pathfinder gives, square for square, the paths and dice of the plain Dijkstra it was
first written as (kept here as the reference): the same safest path, ties broken the same
way (fewer steps, then the lower square), so the dice are rolled in the same order, and the
same risk texts in the same order (the scripted bot takes the first of equal choices).

Positions come from random playouts between teams whose skills change the dice: Stunty and
Titchy (snotlings), Prehensile Tail (the skaven Rat Ogre), Break Tackle (the dwarf
Deathroller)."""

from __future__ import annotations

import heapq
import random
from typing import Any

import pytest

from tablesports.core.protocol import CHANCE
from tablesports.core.registry import load
from tablesports.games.bloodbowl.ball import ON_GROUND
from tablesports.games.bloodbowl.pitch import NEIGHBOURS, SIZE, coords
from tablesports.games.bloodbowl.players import STANDING
from tablesports.games.bloodbowl.tables import NUMBERS
from tablesports.games.bloodbowl.turn.activation import Activation
from tablesports.games.bloodbowl.turn.common import tackle_zones
from tablesports.games.bloodbowl.turn.paths import (
    COST,
    INF,
    break_tackle_bonus,
    clamp,
    dodge_target,
    pickup_target,
    reach,
    team_has,
)

MATCHES = [
    ("human", "orc"),
    ("snotling", "skaven"),
    ("dwarf", "chaos-chosen"),
    ("skaven", "elven-union"),
]


def reference_reach(s: Any, pid: int, moved: int, break_tackle: bool) -> tuple[dict, list]:
    """(risk by square, parent by square): Dijkstra with one heap entry per relaxation."""
    p = s.players[pid]
    parent = [-1] * SIZE
    risk: dict[int, str] = {}
    budget = p.ma + NUMBERS.max_rushes - moved
    if budget <= 0 or p.square < 0:
        return risk, parent
    tz = tackle_zones(s, p.team)
    rush_target = clamp(NUMBERS.rush_target - s.weather_entry().rush_modifier)
    rush_cost = COST[rush_target]
    rush_text = f"rush {rush_target}+"
    pitch = s.pitch
    ball = s.ball if s.ball_state == ON_GROUND else -1
    start = p.square
    free = p.ma - moved
    x, y = coords(start)
    near = any(
        q.square >= 0
        and q.stance == STANDING
        and abs(coords(q.square)[0] - x) <= budget + 1
        and abs(coords(q.square)[1] - y) <= budget + 1
        for q in (s.players[i] for i in s.team_pids[1 - p.team])
    )
    if not near:  # breadth first, in the order squares are found
        seen = {start}
        frontier = [start]
        pick = f"pick-up {pickup_target(s, p, ball)}+" if ball >= 0 else ""
        for k in range(1, budget + 1):
            text = ", ".join([rush_text] * max(0, k - max(free, 0)))
            nxt = []
            for sq in frontier:
                for nb in NEIGHBOURS[sq]:
                    if nb in seen or pitch[nb] >= 0:
                        continue
                    seen.add(nb)
                    parent[nb] = sq
                    if nb == ball:
                        risk[nb] = f"{text}, {pick}" if text else pick
                    else:
                        risk[nb] = text
                        nxt.append(nb)
            frontier = nxt
        return risk, parent
    other = s.teams[1 - p.team]
    pt = break_tackle or p.has("Titchy") or team_has(other, "Prehensile Tail")
    tzi = tackle_zones(s, p.team, dodging_into=True) if team_has(other, "Titchy") else tz
    bt_left = {start: break_tackle}
    rolls = {start: ""}
    best = [INF] * SIZE
    best[start] = 0
    done: set[int] = set()
    heap = [(0, 0, start)]
    while heap:
        c, k, sq = heapq.heappop(heap)
        if sq in done:
            continue
        done.add(sq)
        if sq != start:
            frm = parent[sq]
            text = rolls[frm]
            if k > free:
                text = f"{text}, {rush_text}" if text else rush_text
            if tz[frm]:
                bonus = break_tackle_bonus(p) if bt_left[frm] else 0
                dodge = f"dodge {dodge_target(s, p, frm, sq, tzi, bonus)}+"
                text = f"{text}, {dodge}" if text else dodge
            if sq == ball:
                pick = f"pick-up {pickup_target(s, p, sq)}+"
                risk[sq] = f"{text}, {pick}" if text else pick
                continue
            rolls[sq] = risk[sq] = text
        if k >= budget:
            continue
        step = c + rush_cost if k >= free else c
        for nb in NEIGHBOURS[sq]:
            if nb in done or pitch[nb] >= 0:
                continue
            if tz[sq]:
                if pt:  # the exact target, skills and all
                    bonus = break_tackle_bonus(p) if bt_left[sq] else 0
                    nc = step + COST[dodge_target(s, p, sq, nb, tzi, bonus)]
                else:  # -1 per marker, none for a Stunty player
                    nc = step + COST[clamp(p.ag + (0 if p.has("Stunty") else tzi[nb]))]
                left = False
            else:
                nc, left = step, bt_left[sq]
            if nc < best[nb]:
                best[nb] = nc
                parent[nb] = sq
                bt_left[nb] = left
                heapq.heappush(heap, (nc, k + 1, nb))
    return risk, parent


def activations(home: str, away: str, games: int, seed: int) -> list[tuple[Any, int, int, bool]]:
    """(state, pid, squares moved, Break Tackle unused) at every activation decision."""
    game = load("bloodbowl", home=home, away=away)
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                s.apply_legal(s.sample_chance(rng))
                continue
            top = s.stack[-1]
            if isinstance(top, Activation) and s.players[top.pid].square >= 0:
                p = s.players[top.pid]
                out.append((s.clone(), top.pid, top.moved, top._break_tackle(p)))
            s.apply_legal(rng.choice(s.legal_actions()))
    return out


@pytest.mark.parametrize(("home", "away"), MATCHES)
def test_pathfinder_paths_and_dice_are_those_of_the_plain_dijkstra(home: str, away: str) -> None:
    cases = activations(home, away, games=1, seed=7)
    assert len(cases) > 100
    skills = 0
    for s, pid, moved, bt in cases:
        s.__dict__.pop("_reach", None)
        r = reach(s, pid, moved, bt)
        risk, parent = reference_reach(s, pid, moved, bt)
        assert list(r.risk.items()) == list(risk.items())
        assert all(r.parent[sq] == parent[sq] for sq in risk)
        p = s.players[pid]
        skills += bt or p.has("Stunty") or p.has("Titchy") or bool(_tails(s, 1 - p.team))
    if home != "human":
        assert skills, "no position where a skill changes the dice: the test proves little"


def _tails(s: Any, team: int) -> list[int]:
    return [i for i in s.team_pids[team] if s.players[i].has("Prehensile Tail")]
