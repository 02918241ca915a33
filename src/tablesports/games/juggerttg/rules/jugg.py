"""The Jugg (R73 to R84, R132, R34, R35): the Qwik picks it up, throws it and scores; a close
pompfer moves a loose Jugg; a knocked-down carrier's owner drops it. A point ends the drive."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.core.events import Event
from tablesports.games.juggerttg import state as S
from tablesports.games.juggerttg.actions import Act, act, hero_label
from tablesports.games.juggerttg.board import (
    BY_DIST,
    DIST,
    MAL,
    name,
)
from tablesports.games.juggerttg.caches import REACH_SIZE, keep
from tablesports.games.juggerttg.rules.base import SUB, adjacent_free, hero, pay
from tablesports.games.juggerttg.rules.costs import (
    pass_cost,
    pass_rate,
    pickup_cost,
    score_cost,
    throw_cost,
)
from tablesports.games.juggerttg.rules.lineup import start_lineup
from tablesports.games.juggerttg.rules.stones import finish, flush

if TYPE_CHECKING:
    from tablesports.games.juggerttg.game import JuggerState


def throw(st: JuggerState, h: int, x: int, ev: list[Event]) -> None:
    d = DIST[st.pos[h]][x]
    pay(st, h, throw_cost(d))  # R80
    st.carrier = -1
    st.jugg = x
    ev.append(Event("throw", f"{hero_label(h)} throws the Jugg to {name(x)}", rule="R80"))


def score_point(st: JuggerState, p: int, ev: list[Event]) -> None:
    """R34: a point card; the short game is won, the long game needs three (R8, R9)."""
    st.score[p] += 1
    ev.append(
        Event("point", f"{'Red' if p == 0 else 'Blue'} scores", {"score": list(st.score)}, "R34")
    )
    if st.score[p] >= st.game.points_to_win:
        finish(st, p, "a point" if st.game.points_to_win == 1 else "three points")
        return
    # R35: markers off, tokens back, substitutes recover stamina, a new line-up
    for h in range(S.SEATS):
        st.down[h] = st.penalty[h] = st.delayed[h] = st.activated[h] = 0
        st.pinned_by[h] = -1
        st.pos[h] = -1
        if st.card[h] >= 0 and st.role[h] == SUB:
            hr = hero(st, h)
            st.ap[h] = min(hr.stamina, st.ap[h] + hr.will)
            if st.ap[h] > 0:
                st.exhausted[h] = 0
    st.holder = st.held = -1
    st.carrier = -1
    st.active = -1
    st.queue = []
    st.player = 0
    start_lineup(st)


def carrier_options(st: JuggerState, h: int, money: int, out: list[Act]) -> None:
    """The Qwik's Jugg actions (R78, R80, R82); a held Qwik has none (R124)."""
    pos = st.pos[h]
    if st.carrier < 0 and DIST[pos][st.jugg] <= 1 and pickup_cost(st, h) <= money:
        out.append(act("pickup"))
    if st.carrier == h:
        if DIST[pos][MAL[1 - h // 8]] <= 1 and score_cost(st, h) <= money:
            out.append(act("score"))
        throw_options(st, h, money, out)


def throw_options(st: JuggerState, h: int, money: int, out: list[Act]) -> None:
    """Every field hex the carrier can pay to throw to (R80, R81, R84)."""
    key = (0, st.pos[h], money)
    cache = st.game.reach_cache
    found = cache.get(key)
    if found is None:
        field = st.game.field
        found = []
        for d, x in BY_DIST[st.pos[h]]:
            if throw_cost(d) > money:
                break
            if field[x]:
                found.append(act("throw", x))
        keep(cache, key, found, REACH_SIZE)
    out.extend(found)  # an Act is frozen and interned: the lists are shared safely


def pass_options(st: JuggerState, h: int, money: int, out: list[Act]) -> None:
    """A close pompfer on, next to or two hexes from the loose Jugg moves it (R73 to R76)."""
    if st.carrier >= 0 or DIST[st.pos[h]][st.jugg] > 2:
        return
    # the price of a pass depends on the Jugg's hex and the pompfer's distance to it only
    key = (1, st.jugg, pass_rate(st, h), money)
    cache = st.game.reach_cache
    found = cache.get(key)
    if found is None:
        field = st.game.field
        found = []
        for _, x in BY_DIST[st.jugg]:
            if pass_cost(st, h, x) > money:
                break
            if field[x]:
                found.append(act("pass", x))
        keep(cache, key, found, REACH_SIZE)
    out.extend(found)


def pickup(st: JuggerState, h: int, a: Act, ev: list[Event]) -> None:
    pay(st, h, pickup_cost(st, h))
    st.carrier = h
    st.jugg = -1
    ev.append(Event("pickup", f"{hero_label(h)} picks up the Jugg", rule="R78"))


def score(st: JuggerState, h: int, a: Act, ev: list[Event]) -> None:
    pay(st, h, score_cost(st, h))
    score_point(st, h // 8, ev)


def throw_action(st: JuggerState, h: int, a: Act, ev: list[Event]) -> None:
    throw(st, h, a.a, ev)


def pass_jugg(st: JuggerState, h: int, a: Act, ev: list[Event]) -> None:
    pay(st, h, pass_cost(st, h, a.a))
    st.jugg = a.a
    ev.append(Event("pass", f"{hero_label(h)} moves the Jugg to {name(a.a)}", rule="R73"))


def drop_options(st: JuggerState) -> list[Act]:
    return [act("drop", x) for x in adjacent_free(st, st.pos[st.queue[1]])]


def drop(st: JuggerState, a: Act, ev: list[Event]) -> None:
    """A knocked-down carrier's owner puts the Jugg on an empty adjacent hex (R132)."""
    st.jugg = a.a
    st.carrier = -1
    ev.append(Event("drop", f"the Jugg is put down on {name(a.a)}", rule="R132"))
    del st.queue[:2]
    flush(st)
