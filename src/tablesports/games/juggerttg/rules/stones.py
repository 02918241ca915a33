"""The order of play in a Stone (R31 to R44, R137, R138): initiative, the RDA and the players'
turns, the penalty phase, the end of the Stone, and the follow-up decisions (facings, drops,
wrestling results, pushes) that interrupt it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.core.events import Event
from tablesports.games.juggerttg import state as S
from tablesports.games.juggerttg.actions import Act, act, hero_label
from tablesports.games.juggerttg.combat_record import AttackKind
from tablesports.games.juggerttg.rules.base import (
    DROP,
    FACE_AFTER,
    FACINGS,
    PUSH_BACK,
    STAND_UP,
    SUB,
    WRESTLE_WIN,
    adjacent_free,
    afford,
    hero,
    init_dice,
    on_field,
    pay,
    push_hexes,
    ready_targets,
    seats,
)
from tablesports.games.juggerttg.rules.costs import DELAY_COST

if TYPE_CHECKING:
    from tablesports.games.juggerttg.game import JuggerState


def turn_options(st: JuggerState, p: int) -> list[Act]:
    """Activation choices of player p at this RDA (R40, R44, R138, house rule G14)."""
    must: list[Act] = []
    may: list[Act] = []
    # standing() and hero() written out: this runs at every activation choice
    card, role, pos, down, activated = st.card, st.role, st.pos, st.down, st.activated
    heroes, rda = st.game.heroes, st.rda
    for h in seats(p):
        if card[h] < 0 or role[h] == SUB or pos[h] < 0 or down[h] or activated[h]:
            continue
        refl = heroes[card[h]].reflex
        if st.delayed[h]:
            (must if rda == 1 else may).append(act("activate", h))
        elif refl == rda:
            must.append(act("activate", h))
            if afford(st, h) >= DELAY_COST:
                must.append(act("delay", h))
        elif refl > rda:
            may.append(act("activate", h))
    if must:
        return must + may
    if may:
        return [*may, act("end")]
    return []


def roll_initiative(st: JuggerState, k: int, ev: list[Event]) -> None:
    if st.roll0 < 0:
        st.roll0 = k
        return
    a, b = st.roll0, k
    ev.append(
        Event("roll", f"initiative: red {a} skulls, blue {b} skulls", {"red": a, "blue": b}, "R31")
    )
    st.roll0 = -1
    if a == b:
        return  # ties are re-rolled
    st.phase = S.INIT_CHOOSE
    st.player = 0 if a > b else 1


def initiative_needed(st: JuggerState) -> bool:
    return init_dice(st, 0) > 0 or init_dice(st, 1) > 0  # house rule G33


def after_initiative(st: JuggerState) -> None:
    if st.drive_stone == 1 and all(st.pos[h] < 0 for h in range(S.SEATS)):
        st.phase = S.PLACE
        st.player = 1 - st.init  # R32: the other player places first
    else:
        begin_activation_phase(st)


def begin_activation_phase(st: JuggerState) -> None:
    st.rda = 5
    recovery(st)
    st.turn_step = 0
    st.turn_player = st.init
    to_turn(st)


def recovery(st: JuggerState) -> None:
    """R39: every hero whose Reflex equals the RDA refills its FP, kneeling or not."""
    for h in range(S.SEATS):
        if on_field(st, h) and hero(st, h).reflex == st.rda:
            st.fp[h] = hero(st, h).focus


def to_turn(st: JuggerState) -> None:
    """Find the next player who has an activation choice (R38, R40, R43)."""
    st.active = -1
    while True:
        if stand_released(st, st.turn_player):
            return
        if turn_options(st, st.turn_player):
            st.phase = S.TURN
            st.player = st.turn_player
            return
        if not advance_turn(st):
            return


def advance_turn(st: JuggerState) -> bool:
    """The next turn: the other player at this RDA, or the next RDA, or the Stone's end."""
    if st.turn_step == 0:
        st.turn_step = 1
        st.turn_player = 1 - st.init
        return True
    if st.rda > 1:
        st.rda -= 1
        recovery(st)
        st.turn_step = 0
        st.turn_player = st.init
        return True
    end_stone(st)
    return False


def end_stone(st: JuggerState) -> None:
    """R43: count a Stone; then the penalty phase (R36, R137) and the initiative (R37)."""
    st.stone += 1
    st.drive_stone += 1
    if st.stone >= st.game.max_stones:
        s0, s1 = st.score
        finish(st, 0 if s0 > s1 else 1 if s1 > s0 else 2, "the Stone limit (house rule G13)")
        return
    for h in range(S.SEATS):
        st.activated[h] = 0
        st.delayed[h] = 0
    st.queue = []
    for h in range(S.SEATS):
        if on_field(st, h) and st.down[h]:
            st.penalty[h] = max(0, st.penalty[h] - 1)
            if st.penalty[h] == 0 and st.pinned_by[h] < 0:
                st.down[h] = 0
                st.queue += [STAND_UP, h]
    next_stand(st)


def next_stand(st: JuggerState) -> None:
    if st.queue:
        st.phase = S.STAND
        st.player = st.queue[1] // 8
        return
    if initiative_needed(st):
        st.phase = S.INIT_ROLL
        st.player = 0
        st.roll0 = -1
    else:
        after_initiative(st)


def finish(st: JuggerState, winner: int, reason: str) -> None:
    st.phase = S.OVER
    st.winner = winner
    st.reason = reason
    st.active = -1


def turn_action(st: JuggerState, a: Act, ev: list[Event]) -> None:
    if a.kind == "end":
        if advance_turn(st):
            to_turn(st)
        return
    h = a.a
    if a.kind == "delay":
        pay(st, h, DELAY_COST)
        st.delayed[h] = 1
        ev.append(Event("delay", f"{hero_label(h)} delays", rule="R44"))
        to_turn(st)
        return
    st.active = h
    st.attacked = 0
    st.activated[h] = 1
    st.delayed[h] = 0
    st.start_hex[h] = st.pos[h]
    st.moves_left = -1
    st.may_face = 1
    st.player = h // 8
    if st.holder == h and st.held >= 0:
        st.phase = S.HOLD_START  # R130
    else:
        st.phase = S.ACT


def end_activation(st: JuggerState) -> None:
    st.active = -1
    st.moves_left = -1
    to_turn(st)


def stand_released(st: JuggerState, p: int) -> bool:
    """Player p is on turn: its heroes released from a pin and not pinned again stand up
    (R145, R147); True when one must first choose its facing."""
    stood = False
    down, penalty, pinned_by = st.down, st.penalty, st.pinned_by
    for h in seats(p):
        if down[h] and not penalty[h] and pinned_by[h] < 0 and st.pos[h] >= 0:
            down[h] = 0
            st.queue += [STAND_UP, h]
            stood = True
    if stood:
        flush(st)
    return stood


def flush(st: JuggerState) -> None:
    """Follow-up decisions (drops, wrestling results, pushes, facings), then play goes on."""
    while st.queue:
        kind, h = st.queue[0], st.queue[1]
        if kind == DROP:
            if st.carrier != h or not adjacent_free(st, st.pos[h]):
                if st.carrier == h:
                    st.jugg, st.carrier = st.pos[h], -1
                del st.queue[:2]
                continue
            st.phase, st.player = S.C_DROP, h // 8
            return
        if kind == WRESTLE_WIN:
            st.phase, st.player = S.C_WRESTLE, h // 8
            return
        if kind == PUSH_BACK:
            if not push_hexes(st, st.combat.defender, st.combat.attacker):
                del st.queue[:2]
                continue
            st.phase, st.player = S.C_PUSH, h // 8
            return
        if kind in (FACE_AFTER, STAND_UP):
            if st.down[h] or st.pos[h] < 0:
                del st.queue[:2]
                continue
            st.phase, st.player = S.C_FACE, h // 8
            return
    after_follow_ups(st)


def after_follow_ups(st: JuggerState) -> None:
    if st.queue:
        flush(st)
        return
    if st.phase == S.OVER:
        return
    h = st.active
    if h < 0:
        to_turn(st)
        return
    if st.down[h]:
        end_activation(st)
        return
    st.player = h // 8
    st.may_face = 1
    if st.bonus_left > 0 and st.combat.kind is AttackKind.DONE:
        if ready_targets(st, h):
            st.phase = S.BONUS
            return
        st.bonus_left = 0
    st.phase = S.ACT


def initiative_roll(st: JuggerState, a: Act, ev: list[Event]) -> None:
    roll_initiative(st, a.a, ev)


def turn_choices(st: JuggerState) -> list[Act]:
    return turn_options(st, st.turn_player)


def facing_options(st: JuggerState) -> list[Act]:
    return list(FACINGS)


def stand_facing(st: JuggerState, a: Act, ev: list[Event]) -> None:
    """A hero who stood up in the penalty phase chooses its facing (R137)."""
    st.facing[st.queue[1]] = a.a
    del st.queue[:2]
    next_stand(st)


def follow_up_facing(st: JuggerState, a: Act, ev: list[Event]) -> None:
    """A hero who stood up, or who survived a flank or back attack, chooses its facing."""
    st.facing[st.queue[1]] = a.a
    del st.queue[:2]
    flush(st)
