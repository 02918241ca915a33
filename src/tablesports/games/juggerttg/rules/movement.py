"""Movement (R52 to R65): declaring a jog, run or sprint, the steps, and which enemies a step
calls (attacks of opportunity, R117; quicksteps by the range terms of R65)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.core.events import Event
from tablesports.games.juggerttg import state as S
from tablesports.games.juggerttg.actions import Act, act
from tablesports.games.juggerttg.board import (
    DIST,
    NEIGHBOURS,
)
from tablesports.games.juggerttg.rules.base import (
    QWIK,
    adjacent_free,
    afford,
    blocking,
    hero,
    passive,
    pay,
    reach,
    seats,
    sees,
    spar,
    standing,
    talent_ok,
)
from tablesports.games.juggerttg.rules.contact import move_to
from tablesports.games.juggerttg.rules.costs import ATTACK_COST, MOVE_KINDS, RELOAD_COST, move_cost
from tablesports.games.juggerttg.rules.stones import after_follow_ups

if TYPE_CHECKING:
    from tablesports.games.juggerttg.game import JuggerState


def aoo_candidates(st: JuggerState, m: int) -> list[int]:
    """Enemies who may attack the mover as it steps through their range (R116, R117, R121)."""
    out = []
    mpos = st.pos[m]
    blocked: set[int] | None = None
    for e in seats(1 - m // 8):
        if not standing(st, e):
            continue
        if st.role[e] == QWIK and st.role[m] != QWIK:
            continue  # a Qwik only wrestles the enemy Qwik (house rule G29)
        sp = spar(st, e)
        if DIST[st.pos[e]][mpos] > sp.range:
            continue
        need = ATTACK_COST + (RELOAD_COST if sp.chain and not st.chain_ready[e] else 0)
        if afford(st, e) < need:
            continue
        if blocked is None:
            blocked = blocking(st)
        if sees(st, e, m, blocked):
            out.append(e)
    return out


def range_term(st: JuggerState, e: int, frm: int, to: int) -> str | None:
    """How a step from ``frm`` to ``to`` stands to e's range (R65), or None (outside both)."""
    r = reach(st, e)
    here = st.pos[e]
    before, after = DIST[here][frm] <= r, DIST[here][to] <= r
    if after:
        return "move_in_range" if before else "enter_range"
    return "leave_range" if before else None


def quickstep_candidates(st: JuggerState, m: int, frm: int) -> list[int]:
    """Enemies whose quickstep talent the mover's step calls by its range term (R65)."""
    if frm < 0:
        return []
    out = []
    for e in seats(1 - m // 8):
        if st.pos[e] < 0 or st.held == e or not talent_ok(st, e, "quickstep"):
            continue
        t = hero(st, e).talent
        assert t is not None
        if t.trigger == range_term(st, e, frm, st.pos[m]) and adjacent_free(st, st.pos[e]):
            out.append(e)
    return out


def move_range(st: JuggerState, h: int, kind: str) -> int:
    if st.exhausted[h]:
        return 3  # R48: at most three hexes, agility not added
    return MOVE_KINDS[kind][0] + hero(st, h).agility + passive(st, h, "extra_move")


def move_options(st: JuggerState, h: int, money: int, out: list[Act]) -> None:
    """Declare a movement once (R52, R53; exhausted: jog only, R48), then step (R55, R61)."""
    if st.moves_left < 0:
        for kind, (_, cost) in MOVE_KINDS.items():
            if cost <= money and (kind == "jog" or not st.exhausted[h]):
                out.append(act(kind))
    elif st.moves_left > 0:
        taken = set(st.pos)  # the hexes of heroes (-1 for a seat off the field never matches)
        for n in NEIGHBOURS[st.pos[h]]:
            if n >= 0 and n not in taken:
                out.append(act("step", n))


def declare_move(st: JuggerState, h: int, a: Act, ev: list[Event]) -> None:
    pay(st, h, move_cost(a.kind))
    st.moves_left = move_range(st, h, a.kind)


def step(st: JuggerState, h: int, a: Act, ev: list[Event]) -> None:
    frm = st.pos[h]
    d = NEIGHBOURS[frm].index(a.a)
    st.facing[h] = d  # R57: a hero moves in its facing
    st.moves_left -= 1
    move_to(st, h, a.a, ev)
    if st.down[h] or st.queue:
        after_follow_ups(st)  # a hero released from a pin sets its facing (R137)
        return
    if aoo_candidates(st, h) or quickstep_candidates(st, h, frm):
        st.phase = S.AOO
        st.aoo_mover = h
        st.aoo_from = frm
        st.player = 1 - h // 8
