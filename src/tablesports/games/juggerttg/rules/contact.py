"""Knock-downs (R131 to R134), pins released (R144, R145, R147) and holds ended (R130): what
changes when a hero goes down or loses contact, after a hit, a step, a lunge or a push."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.core.events import Event
from tablesports.games.juggerttg.actions import hero_label
from tablesports.games.juggerttg.board import (
    DIST,
)
from tablesports.games.juggerttg.rules.base import DROP, STAND_UP, adjacent_free, pins_of

if TYPE_CHECKING:
    from tablesports.games.juggerttg.game import JuggerState


def knock_down(st: JuggerState, h: int, stones: int, ev: list[Event], rule: str) -> None:
    st.down[h] = 1
    st.penalty[h] = stones
    st.delayed[h] = 0
    ev.append(Event("down", f"{hero_label(h)} is down for {stones} Stones", rule=rule))
    release_pins(st, h, ev, "R144")
    if st.holder == h or st.held == h:
        end_hold(st, ev, "R130")
    if st.carrier == h:
        free = adjacent_free(st, st.pos[h])
        if free:
            st.queue += [DROP, h]
        else:
            st.jugg = st.pos[h]  # house rule G18
            st.carrier = -1


def release_pins(st: JuggerState, h: int, ev: list[Event], rule: str) -> None:
    for k in pins_of(st, h):
        release(st, k, ev, rule)


def release(st: JuggerState, k: int, ev: list[Event], rule: str) -> None:
    """The pin on k ends (R144). With its penalty over, k stands up at once if its player is
    on turn (R147); else it stays kneeling, and may be pinned again, until that player's next
    turn (R145), when `to_turn` stands it up."""
    st.pinned_by[k] = -1
    ev.append(Event("unpin", f"{hero_label(k)} is no longer pinned", rule=rule))
    if st.penalty[k] == 0 and st.down[k] and st.turn_player == k // 8:
        st.down[k] = 0
        st.queue += [STAND_UP, k]


def end_hold(st: JuggerState, ev: list[Event], rule: str) -> None:
    if st.holder >= 0:
        ev.append(Event("hold", f"{hero_label(st.held)} is no longer held", rule=rule))
    st.holder = st.held = -1


def move_to(st: JuggerState, h: int, x: int, ev: list[Event]) -> None:
    """Put h on x (a step, a lunge or a push): pins and holds that lose contact end."""
    st.pos[h] = x
    for k in pins_of(st, h):
        if DIST[x][st.pos[k]] != 1:
            release(st, k, ev, "R144")
    if st.holder >= 0 and DIST[st.pos[st.holder]][st.pos[st.held]] != 1:
        end_hold(st, ev, "R130")
    if not st.game.field[x]:
        ev.append(Event("out", f"{hero_label(h)} leaves the field", rule="R62"))
        knock_down(st, h, 3, ev, "R134")
