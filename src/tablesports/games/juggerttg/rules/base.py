"""The small queries every rule asks (who stands where, what a hero may pay and see), and
paying (R45 to R50): the bottom of the rules, importing none of them."""

from __future__ import annotations

from math import comb
from typing import TYPE_CHECKING

from tablesports.core.events import Event
from tablesports.games.juggerttg import state as S
from tablesports.games.juggerttg.actions import Act, act, hero_label
from tablesports.games.juggerttg.board import (
    DIST,
    NEIGHBOURS,
    in_view,
    line_clear,
)

if TYPE_CHECKING:
    from tablesports.games.juggerttg.data import Hero, Spar
    from tablesports.games.juggerttg.game import JuggerState
QWIK, POMPFER, SUB = 0, 1, 2
MAX_BUY = 8
DROP, WRESTLE_WIN, PUSH_BACK, FACE_AFTER, STAND_UP = 1, 2, 3, 4, 5
"""Follow-up decisions queued as [kind, seat] pairs (`st.queue`), decided in this order."""
FACINGS: tuple[Act, ...] = tuple(act("face", d) for d in range(6))
"""Every facing, for a hero who sets it anew."""
TURNS: tuple[tuple[Act, ...], ...] = tuple(FACINGS[:f] + FACINGS[f + 1 :] for f in range(6))
"""TURNS[f]: the facings a hero facing ``f`` may turn to."""
MID_ACTION = frozenset(
    (S.C_REACT, S.C_BUY_A, S.C_DEFEND, S.C_BUY_D, S.C_ROLL_A, S.C_ROLL_D, S.C_REROLL, S.BONUS)
)
"""Phases inside an action (a combat, a talent's bonus attacks): exhaustion waits (R48)."""


def seats(p: int) -> range:
    return range(8 * p, 8 * p + 8)


def hero(st: JuggerState, h: int) -> Hero:
    return st.game.heroes[st.card[h]]


def spar(st: JuggerState, h: int) -> Spar:
    return st.game.spars[st.spar[h]]


def on_field(st: JuggerState, h: int) -> bool:
    return st.card[h] >= 0 and st.role[h] != SUB


def standing(st: JuggerState, h: int) -> bool:
    return st.card[h] >= 0 and st.role[h] != SUB and st.pos[h] >= 0 and not st.down[h]


def afford(st: JuggerState, h: int) -> int:
    """FP, AP and the team's TPP are worth the same (R47, R50)."""
    return st.fp[h] + st.ap[h] + st.tpp[h // 8]


def pay(st: JuggerState, h: int, n: int) -> None:
    """Pay n points: FP first, then TPP, then AP (house rule G31)."""
    take = min(n, st.fp[h])
    st.fp[h] -= take
    n -= take
    p = h // 8
    take = min(n, st.tpp[p])
    st.tpp[p] -= take
    n -= take
    if n:
        spend_ap(st, h, n)


def spend_ap(st: JuggerState, h: int, n: int) -> None:
    """The last AP exhausts the hero once the action that spent it completes (R48)."""
    st.ap[h] -= n
    if st.ap[h] <= 0:
        st.ap[h] = 0
        st.exhausting |= 1 << h


def settle_exhaustion(st: JuggerState, ev: list[Event]) -> None:
    """The action is complete: who spent its last AP in it is exhausted now (R48)."""
    for h in range(S.SEATS):
        if st.exhausting >> h & 1:
            st.exhausted[h] = 1
            ev.append(Event("exhausted", f"{hero_label(h)} is exhausted", rule="R48"))
    st.exhausting = 0


def talent_ok(st: JuggerState, h: int, effect: str) -> bool:
    """The hero has a talent with this effect it may use now (R68, R48: not exhausted)."""
    t = hero(st, h).talent
    if t is None or t.effect != effect or st.exhausted[h] or st.down[h]:
        return False
    if t.requires == "qwik" and st.role[h] != QWIK:
        return False
    if t.requires == "pompfer" and st.role[h] != POMPFER:
        return False
    if t.ap > st.ap[h] + st.tpp[h // 8]:
        return False
    return t.fp + t.ap <= afford(st, h)


def pay_talent(st: JuggerState, h: int) -> None:
    t = hero(st, h).talent
    assert t is not None
    red = t.ap  # red circles: TPP first, then AP (R69, house rule)
    p = h // 8
    take = min(red, st.tpp[p])
    st.tpp[p] -= take
    if red - take:
        spend_ap(st, h, red - take)
    pay(st, h, t.fp)


def passive(st: JuggerState, h: int, effect: str) -> int:
    t = hero(st, h).talent
    if t is None or t.effect != effect or st.exhausted[h] or st.down[h]:
        return 0
    if (t.requires == "qwik" and st.role[h] != QWIK) or (
        t.requires == "pompfer" and st.role[h] != POMPFER
    ):
        return 0
    return t.amount


def occupant(st: JuggerState, hx: int) -> int:
    for h in range(S.SEATS):
        if st.pos[h] == hx:
            return h
    return -1


def blocking(st: JuggerState) -> set[int]:
    return {st.pos[h] for h in range(S.SEATS) if st.pos[h] >= 0 and not st.down[h]}


def sees(st: JuggerState, h: int, t: int, blocked: set[int] | None = None) -> bool:
    """Line of sight from h to t: field of view (R91) and a clear line (R94, R95, R96)."""
    a, b = st.pos[h], st.pos[t]
    if not in_view(a, st.facing[h], b):
        return False
    if DIST[a][b] <= 1:
        return True
    return line_clear(a, b, blocking(st) if blocked is None else blocked)


def reach(st: JuggerState, h: int) -> int:
    return spar(st, h).range


def attack_stat(st: JuggerState, h: int) -> int:
    return max(0, hero(st, h).attack - st.exhausted[h])  # R48 (a)


def parry_stat(st: JuggerState, h: int) -> int:
    return max(0, hero(st, h).parry - st.exhausted[h])


def pins_of(st: JuggerState, h: int) -> list[int]:
    pinned_by = st.pinned_by
    if h not in pinned_by:  # the usual case, answered by a scan in C
        return []
    return [k for k in range(S.SEATS) if pinned_by[k] == h]


def adjacent_free(st: JuggerState, hx: int) -> list[int]:
    taken = {st.pos[h] for h in range(S.SEATS) if st.pos[h] >= 0}
    field = st.game.field
    return [n for n in NEIGHBOURS[hx] if n >= 0 and field[n] and n not in taken]


def jugg_hex(st: JuggerState) -> int:
    return st.pos[st.carrier] if st.carrier >= 0 else st.jugg


def targets_in_reach(st: JuggerState, h: int) -> list[int]:
    """Standing enemies in range and line of sight (R99); kneeling ones cannot be attacked (G30)."""
    p = h // 8
    pos, rng = st.pos[h], reach(st, h)
    blocked: set[int] | None = None
    out = []
    card, role, where, down = st.card, st.role, st.pos, st.down
    dist = DIST[pos]
    for k in seats(1 - p):
        # standing() written out (the hot path of every attack and talent option)
        if (
            card[k] >= 0
            and role[k] != SUB
            and where[k] >= 0
            and not down[k]
            and dist[where[k]] <= rng
        ):
            if blocked is None:
                blocked = blocking(st)
            if sees(st, h, k, blocked):
                out.append(k)
    return out


def ready_targets(st: JuggerState, h: int) -> list[int]:
    """Who h may attack, but for the cost: a thrown chain attacks nobody (R99, R111)."""
    if spar(st, h).chain and not st.chain_ready[h]:
        return []
    return targets_in_reach(st, h)


def push_hexes(st: JuggerState, pusher: int, pushed: int) -> list[int]:
    """Empty hexes next to the pushed hero, one farther from the pusher (house rule G17)."""
    a, b = st.pos[pusher], st.pos[pushed]
    taken = {st.pos[k] for k in range(S.SEATS) if st.pos[k] >= 0}
    return [n for n in NEIGHBOURS[b] if n >= 0 and n not in taken and DIST[a][n] == DIST[a][b] + 1]


def init_dice(st: JuggerState, p: int) -> int:
    """The highest initiative value (= Reflex, house rule G10; Will with the option
    `initiative="will"`) of standing heroes (R31)."""
    will = st.game.options.initiative == "will"
    return max(
        (
            hero(st, h).will if will else hero(st, h).reflex
            for h in seats(p)
            if standing(st, h) or (on_field(st, h) and st.pos[h] < 0)
        ),
        default=0,
    )


def dice_outcomes(st: JuggerState, n: int) -> list[tuple[Act, float]]:
    p = st.game.skull_chance
    return [(act("skulls", k), comb(n, k) * p**k * (1 - p) ** (n - k)) for k in range(n + 1)]
