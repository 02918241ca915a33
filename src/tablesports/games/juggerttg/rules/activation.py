"""An activation (R41, R42, R52 to R84, R93, R97, R122, R128 to R130, R139 to R144): what the
active hero may do, and each action's effect, by the action's kind (`ACTIONS`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.core.events import Event
from tablesports.games.juggerttg import state as S
from tablesports.games.juggerttg.actions import Act, act
from tablesports.games.juggerttg.rules.base import POMPFER, QWIK, TURNS, afford, pay, spar
from tablesports.games.juggerttg.rules.combat import (
    attack,
    attack_options,
    reload,
    wrestle,
    wrestle_options,
)
from tablesports.games.juggerttg.rules.contact import end_hold
from tablesports.games.juggerttg.rules.costs import KEEP_HOLD_COST
from tablesports.games.juggerttg.rules.jugg import (
    carrier_options,
    pass_jugg,
    pass_options,
    pickup,
    score,
    throw_action,
)
from tablesports.games.juggerttg.rules.movement import declare_move, move_options, step
from tablesports.games.juggerttg.rules.pins import pin, pin_options, unpin
from tablesports.games.juggerttg.rules.stones import end_activation

if TYPE_CHECKING:
    from tablesports.games.juggerttg.game import JuggerState


def act_options(st: JuggerState) -> list[Act]:
    h = st.active
    out: list[Act] = []
    if st.may_face:
        out += TURNS[st.facing[h]]
    held = st.held == h  # R124: a held Qwik neither moves nor plays the Jugg
    money = afford(st, h)
    if not held:
        move_options(st, h, money, out)
    role = st.role[h]
    if role == POMPFER:
        attack_options(st, h, money, out)
        if not spar(st, h).chain:  # the chain plays no Jugg (R74) and pins nobody (R146)
            pass_options(st, h, money, out)
            pin_options(st, h, money, out)
    elif role == QWIK:
        wrestle_options(st, h, money, out)
        if not held:
            carrier_options(st, h, money, out)
    if st.holder == h:
        out.append(act("end-hold"))
    out.append(act("done"))
    return out


def face(st: JuggerState, h: int, a: Act, ev: list[Event]) -> None:
    st.facing[h] = a.a
    st.may_face = 0


def done(st: JuggerState, h: int, a: Act, ev: list[Event]) -> None:
    end_activation(st)


def let_go(st: JuggerState, h: int, a: Act, ev: list[Event]) -> None:
    end_hold(st, ev, "R128")


ACTIONS = {
    "done": done,
    "jog": declare_move,
    "run": declare_move,
    "sprint": declare_move,
    "step": step,
    "attack": attack,
    "talent": attack,
    "wrestle": wrestle,
    "reload": reload,
    "pickup": pickup,
    "score": score,
    "throw": throw_action,
    "pass": pass_jugg,
    "pin": pin,
    "unpin": unpin,
    "end-hold": let_go,
}
"""The effect of each kind of action in an activation; `face` apart (it keeps the facing)."""


def activation_action(st: JuggerState, a: Act, ev: list[Event]) -> None:
    if a.kind == "face":
        face(st, st.active, a, ev)
        return
    st.may_face = 1  # R93: the facing may be set after every action
    ACTIONS[a.kind](st, st.active, a, ev)


def hold_options(st: JuggerState) -> list[Act]:
    out = [act("end-hold")]
    if afford(st, st.active) >= KEEP_HOLD_COST:
        out.insert(0, act("keep-hold"))
    return out


def hold_start(st: JuggerState, a: Act, ev: list[Event]) -> None:
    """R130: the holder pays 1 FP first thing in its activation, or the hold ends (R128)."""
    if a.kind == "keep-hold":
        pay(st, st.active, KEEP_HOLD_COST)
    else:
        end_hold(st, ev, "R128")
    st.phase = S.ACT
