"""Answers to a step (R65, R117 to R121): an enemy's attack of opportunity, or its quickstep
talent; the mover's facing is set before the attack (R119)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.core.events import Event
from tablesports.games.juggerttg import state as S
from tablesports.games.juggerttg.actions import Act, act, hero_label
from tablesports.games.juggerttg.board import (
    name,
)
from tablesports.games.juggerttg.combat_record import AttackKind
from tablesports.games.juggerttg.rules.base import adjacent_free, hero, pay_talent
from tablesports.games.juggerttg.rules.combat import declare_attack
from tablesports.games.juggerttg.rules.contact import move_to
from tablesports.games.juggerttg.rules.movement import aoo_candidates, quickstep_candidates
from tablesports.games.juggerttg.rules.stones import after_follow_ups

if TYPE_CHECKING:
    from tablesports.games.juggerttg.game import JuggerState


def aoo_options(st: JuggerState) -> list[Act]:
    return [
        *(act("aoo", e) for e in aoo_candidates(st, st.aoo_mover)),
        *(
            act("quickstep", e, x)
            for e in quickstep_candidates(st, st.aoo_mover, st.aoo_from)
            for x in adjacent_free(st, st.pos[e])
        ),
        act("no-reaction"),
    ]


def opportunity(st: JuggerState, a: Act, ev: list[Event]) -> None:
    k = a.kind
    if k == "quickstep":
        e = a.a
        pay_talent(st, e)
        t = hero(st, e).talent
        assert t is not None
        ev.append(
            Event(
                "quickstep",
                f"{hero_label(e)} answers {hero_label(st.aoo_mover)}'s step "
                f"({t.trigger}) with a quickstep to {name(a.b)}",
                rule="R65",
            )
        )
        move_to(st, e, a.b, ev)
        st.aoo_from = -1
        after_follow_ups(st)
    elif k == "aoo":
        st.combat.attacker = a.a
        st.phase = S.AOO_FACE
        st.player = st.aoo_mover // 8
    else:
        st.phase = S.ACT
        st.player = st.active // 8


def aoo_face(st: JuggerState, a: Act, ev: list[Event]) -> None:
    st.facing[st.aoo_mover] = a.a  # R119
    declare_attack(st, st.combat.attacker, st.aoo_mover, AttackKind.OPPORTUNITY, ev)
