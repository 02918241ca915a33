"""Building and fielding the teams (R11 to R32): recruits, the line-up, the Qwik, the spars,
the drive's start and the placement on the base line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.core.events import Event
from tablesports.games.juggerttg import state as S
from tablesports.games.juggerttg.actions import Act, act
from tablesports.games.juggerttg.board import (
    CENTRE,
    SLOTS,
)
from tablesports.games.juggerttg.rules.base import POMPFER, QWIK, SUB, hero, on_field, seats
from tablesports.games.juggerttg.rules.stones import after_initiative, begin_activation_phase

if TYPE_CHECKING:
    from tablesports.games.juggerttg.game import JuggerState


def recruit_options(st: JuggerState, p: int) -> list[Act]:
    """Free pick within the budget (R14, R15, R20); a pick must leave the team completable."""
    game = st.game
    mine = {st.card[h] for h in seats(p) if st.card[h] >= 0}
    need = game.team_size - len(mine)
    left = game.budget - st.team_cost[p]
    free = sorted(game.heroes[i].cost for i in range(len(game.heroes)) if i not in mine)
    out = []
    for i, hr in enumerate(game.heroes):
        if i in mine:
            continue
        rest = list(free)
        rest.remove(hr.cost)
        if hr.cost + sum(rest[: need - 1]) <= left:
            out.append(act("recruit", s=hr.id))
    return out


def spar_options(st: JuggerState) -> list[Act]:
    """Each pompfer takes a spar; at most one chain per team (R13, R21, R22)."""
    p = st.player
    todo = [h for h in seats(p) if st.role[h] == POMPFER and st.spar[h] < 0]
    h = todo[0]
    spars = st.game.spars
    has_chain = any(
        st.role[k] == POMPFER and st.spar[k] >= 0 and spars[st.spar[k]].chain for k in seats(p)
    )
    out = []
    for i, sp in enumerate(spars):
        if sp.qwik or (sp.chain and has_chain):
            continue
        out.append(act("spar", h, i))
    return out


def place_options(st: JuggerState) -> list[Act]:
    p = st.player
    h = next(k for k in seats(p) if on_field(st, k) and st.pos[k] < 0)
    taken = {st.pos[k] for k in range(S.SEATS)}
    return [act("place", h, x) for x in SLOTS[p] if x not in taken]


def recruit(st: JuggerState, a: Act, ev: list[Event]) -> None:
    p = st.player
    game = st.game
    idx = game.hero_index[a.s]
    h = next(k for k in seats(p) if st.card[k] < 0)
    st.card[h] = idx
    st.team_cost[p] += game.heroes[idx].cost
    st.ap[h] = game.heroes[idx].stamina
    counts = [sum(st.card[k] >= 0 for k in seats(q)) for q in (0, 1)]
    alternate = game.options.pick_order == "alternate"
    if counts[p] < game.team_size and not (alternate and counts[1 - p] < game.team_size):
        return  # the same player picks again: a whole team first, or the other one is complete
    if counts[1 - p] < game.team_size:
        st.player = 1 - p
    else:
        st.player = 0
        start_lineup(st)


def start_lineup(st: JuggerState) -> None:
    """Line-up of player ``st.player`` for a new drive (R28, R29)."""
    p = st.player
    for h in seats(p):
        if st.card[h] >= 0:
            st.role[h] = SUB
            st.spar[h] = -1
    if st.game.team_size == 5:
        for h in seats(p):
            if st.card[h] >= 0:
                st.role[h] = POMPFER
        st.phase = S.QWIK
    else:
        st.phase = S.FIELD


def start_drive(st: JuggerState, ev: list[Event]) -> None:
    """Teamplay points (R30, R49), the Jugg on the centre (R26), the initiative roll (R31)."""
    for p in (0, 1):
        teams = [hero(st, h).team for h in seats(p) if on_field(st, h)]
        st.tpp[p] = len(teams) - len(set(teams))
        for h in seats(p):
            st.pos[h] = -1
            st.fp[h] = hero(st, h).focus if st.card[h] >= 0 else 0
    st.jugg = CENTRE
    st.carrier = -1
    st.drive_stone = 1
    st.phase = S.INIT_ROLL
    st.roll0 = -1
    st.player = 0


def recruit_choices(st: JuggerState) -> list[Act]:
    return recruit_options(st, st.player)


def field_options(st: JuggerState) -> list[Act]:
    return [act("field", h) for h in seats(st.player) if st.card[h] >= 0 and st.role[h] == SUB]


def qwik_options(st: JuggerState) -> list[Act]:
    return [act("qwik", h) for h in seats(st.player) if on_field(st, h)]


def initiative_options(st: JuggerState) -> list[Act]:
    return [act("initiative", 0), act("initiative", 1)]


def field_hero(st: JuggerState, a: Act, ev: list[Event]) -> None:
    st.role[a.a] = POMPFER
    if sum(on_field(st, h) for h in seats(st.player)) == 5:
        st.phase = S.QWIK


def choose_qwik(st: JuggerState, a: Act, ev: list[Event]) -> None:
    for h in seats(st.player):
        if on_field(st, h):
            st.role[h] = POMPFER
            st.spar[h] = -1
    st.role[a.a] = QWIK
    st.spar[a.a] = st.game.qwik_card
    st.phase = S.SPAR


def give_spar(st: JuggerState, a: Act, ev: list[Event]) -> None:
    st.spar[a.a] = a.b
    st.chain_ready[a.a] = 1
    if all(st.spar[h] >= 0 for h in seats(st.player) if on_field(st, h)):
        if st.player == 0:
            st.player = 1
            start_lineup(st)
        else:
            start_drive(st, ev)


def choose_initiative(st: JuggerState, a: Act, ev: list[Event]) -> None:
    st.init = a.a
    ev.append(
        Event("initiative", f"{'Red' if a.a == 0 else 'Blue'} has the initiative", rule="R31")
    )
    after_initiative(st)


def place(st: JuggerState, a: Act, ev: list[Event]) -> None:
    st.pos[a.a] = a.b
    st.facing[a.a] = 0 if a.a < 8 else 3
    if all(st.pos[h] >= 0 for h in seats(st.player) if on_field(st, h)):
        if st.player != st.init:
            st.player = st.init
        else:
            begin_activation_phase(st)


def recruit_action(st: JuggerState, a: Act, ev: list[Event]) -> None:
    recruit(st, a, ev)
