"""Pinning (R139 to R146): a close pompfer pins an adjacent kneeling enemy, or lets it go.
Releases by other causes, and re-pinning before the kneeling hero's player is on turn again
(R145, R147), are in contact.py and stones.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.core.events import Event
from tablesports.games.juggerttg import state as S
from tablesports.games.juggerttg.actions import Act, act, hero_label
from tablesports.games.juggerttg.board import (
    DIST,
)
from tablesports.games.juggerttg.rules.base import pay, pins_of, spar
from tablesports.games.juggerttg.rules.contact import release
from tablesports.games.juggerttg.rules.costs import PIN_COST
from tablesports.games.juggerttg.rules.stones import after_follow_ups

if TYPE_CHECKING:
    from tablesports.games.juggerttg.game import JuggerState


def pin_options(st: JuggerState, h: int, money: int, out: list[Act]) -> None:
    """Pin an adjacent kneeling enemy nobody pins (one, two with two short spars, R140)."""
    mine = pins_of(st, h)
    if len(mine) < (2 if spar(st, h).double_pin else 1) and money >= PIN_COST:
        p, pos = h // 8, st.pos[h]
        for k in range(S.SEATS):
            if (
                k // 8 != p
                and st.down[k]
                and st.pinned_by[k] < 0
                and st.pos[k] >= 0
                and DIST[pos][st.pos[k]] == 1
            ):
                out.append(act("pin", k))
    out += [act("unpin", k) for k in mine]


def pin(st: JuggerState, h: int, a: Act, ev: list[Event]) -> None:
    pay(st, h, PIN_COST)
    st.pinned_by[a.a] = h
    ev.append(Event("pin", f"{hero_label(h)} pins {hero_label(a.a)}", rule="R139"))


def unpin(st: JuggerState, h: int, a: Act, ev: list[Event]) -> None:
    release(st, a.a, ev, "R144")  # (e): the pinner declares it
    after_follow_ups(st)
