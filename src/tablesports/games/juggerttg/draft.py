"""The draft (R16 to R19): hands of hero cards, the draw pile and the discard pile.

Played when the game is loaded with ``teams="draft"``. Every card drawn from the pile is a
chance outcome over the cards in it (the pile's order is never stored); a hand is seen by its
owner only. House rules (rules.md): a recruit must leave the team completable within the
budget from the cards no team holds; after 40 draft turns an incomplete team is filled with the
cheapest such cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.core.events import Event
from tablesports.games.juggerttg import rules
from tablesports.games.juggerttg import state as S
from tablesports.games.juggerttg.actions import TEAM, Act, act

if TYPE_CHECKING:
    from tablesports.games.juggerttg.game import JuggerState

HAND = 5
MAX_TURNS = 40


def hand(st: JuggerState, p: int) -> list[int]:
    return st.hand0 if p == 0 else st.hand1


def team_cards(st: JuggerState, p: int) -> list[int]:
    return [st.card[h] for h in rules.seats(p) if st.card[h] >= 0]


def complete(st: JuggerState, p: int) -> bool:
    return len(team_cards(st, p)) >= st.game.team_size


def receiver(st: JuggerState) -> int:
    if st.phase == S.D_TAKE:
        return st.player
    return 0 if len(st.hand0) <= len(st.hand1) else 1


def chance_outcomes(st: JuggerState) -> list[tuple[Act, float]]:
    if st.phase == S.D_ROLL:
        return rules.dice_outcomes(st, 3)
    ids = st.game.heroes
    n = len(st.pile)
    return [(act("deal", s=ids[c].id), 1.0 / n) for c in st.pile]


def free_cards(st: JuggerState) -> list[int]:
    """Cards no team holds: public, so legality never depends on a hidden hand."""
    taken = set(team_cards(st, 0)) | set(team_cards(st, 1))
    return [i for i in range(len(st.game.heroes)) if i not in taken]


def fits(st: JuggerState, p: int, card: int, out_cost: int = 0) -> bool:
    game = st.game
    need = game.team_size - len(team_cards(st, p)) - (0 if out_cost else 1)
    left = game.budget - st.team_cost[p] + out_cost - game.heroes[card].cost
    rest = sorted(game.heroes[i].cost for i in free_cards(st) if i != card)
    return left >= sum(rest[:need])


def legal(st: JuggerState) -> list[Act]:
    ph, p = st.phase, st.player
    ids = st.game.heroes
    if ph == S.D_FIRST:
        return [act("first", 0), act("first", 1)]
    if ph == S.D_DRAW:
        out = []
        if st.pile:
            out.append(act("draw-pile"))
        if st.discard:
            out.append(act("draw-discard"))
        return out
    if ph == S.D_PICK:
        mine = set(team_cards(st, p))
        out = []
        if not complete(st, p):
            out += [
                act("recruit", s=ids[c].id)
                for c in sorted(set(hand(st, p)))
                if c not in mine and fits(st, p, c)
            ]
        else:
            for h in rules.seats(p):
                if st.card[h] < 0:
                    continue
                for c in sorted(set(hand(st, p))):
                    if c not in mine and fits(st, p, c, ids[st.card[h]].cost):
                        out.append(act("swap", h, s=ids[c].id))
        out.append(act("stop"))
        return out
    if ph == S.D_DISCARD:
        return [act("discard", s=ids[c].id) for c in sorted(set(hand(st, p)))]
    return []


def apply(st: JuggerState, a: Act, ev: list[Event]) -> None:
    ph = st.phase
    game = st.game
    if ph == S.D_DEAL or ph == S.D_TAKE:
        c = game.hero_index[a.s]
        st.pile.remove(c)
        hand(st, receiver(st)).append(c)
        if ph == S.D_DEAL:
            if len(st.hand0) >= HAND and len(st.hand1) >= HAND:
                st.phase = S.D_ROLL
                st.roll0 = -1
        else:
            after_draw(st)
    elif ph == S.D_ROLL:
        if st.roll0 < 0:
            st.roll0 = a.a
            return
        r0, r1 = st.roll0, a.a
        st.roll0 = -1
        text = f"draft roll: red {r0} skulls, blue {r1} skulls"
        ev.append(Event("roll", text, {"red": r0, "blue": r1}, "R17"))
        if r0 != r1:
            st.phase = S.D_FIRST
            st.player = 0 if r0 > r1 else 1
    elif ph == S.D_FIRST:
        ev.append(Event("draft", f"{TEAM[a.a]} drafts first", rule="R17"))
        start_turn(st, a.a)
    elif ph == S.D_DRAW:
        if a.kind == "draw-pile":
            st.phase = S.D_TAKE
            return
        hand(st, st.player).append(st.discard.pop())
        after_draw(st)
    elif ph == S.D_PICK:
        p = st.player
        if a.kind == "stop":
            to_discard(st)
            return
        c = game.hero_index[a.s]
        hand(st, p).remove(c)
        if a.kind == "swap":
            old = st.card[a.a]
            st.team_cost[p] -= game.heroes[old].cost
            st.discard.append(old)
            put(st, a.a, c)
            ev.append(
                Event(
                    "draft",
                    f"{TEAM[p]} swaps {game.heroes[old].name} for {game.heroes[c].name}",
                    rule="R19",
                )
            )
            to_discard(st)
            return
        h = next(k for k in rules.seats(p) if st.card[k] < 0)
        put(st, h, c)
        ev.append(Event("draft", f"{TEAM[p]} recruits {game.heroes[c].name}", rule="R18"))
        st.d_left -= 1
        if st.d_left <= 0 or complete(st, p):
            to_discard(st)
    elif ph == S.D_DISCARD:
        c = game.hero_index[a.s]
        hand(st, st.player).remove(c)
        st.discard.append(c)
        if len(hand(st, st.player)) <= HAND:
            end_turn(st)


def put(st: JuggerState, h: int, c: int) -> None:
    st.card[h] = c
    st.team_cost[h // 8] += st.game.heroes[c].cost
    st.ap[h] = st.game.heroes[c].stamina


def start_turn(st: JuggerState, p: int) -> None:
    st.player = p
    st.d_left = 3
    st.phase = S.D_DRAW
    if not st.pile and not st.discard:
        to_pick(st)


def after_draw(st: JuggerState) -> None:
    st.d_left -= 1
    if st.d_left <= 0 or (not st.pile and not st.discard):
        to_pick(st)
    else:
        st.phase = S.D_DRAW


def to_pick(st: JuggerState) -> None:
    st.phase = S.D_PICK
    st.d_left = 3


def to_discard(st: JuggerState) -> None:
    if len(hand(st, st.player)) > HAND:
        st.phase = S.D_DISCARD
    else:
        end_turn(st)


def end_turn(st: JuggerState) -> None:
    st.d_turns += 1
    if not (complete(st, 0) and complete(st, 1)) and st.d_turns >= MAX_TURNS:
        for p in (0, 1):
            while not complete(st, p):
                c = min(free_cards(st), key=lambda i: st.game.heroes[i].cost)
                for hd in (st.hand0, st.hand1):
                    if c in hd:
                        hd.remove(c)
                if c in st.pile:
                    st.pile.remove(c)
                if c in st.discard:
                    st.discard.remove(c)
                put(st, next(k for k in rules.seats(p) if st.card[k] < 0), c)
    if complete(st, 0) and complete(st, 1):
        st.hand0, st.hand1, st.pile, st.discard = [], [], [], []
        st.player = 0
        rules.start_lineup(st)
        return
    start_turn(st, 1 - st.player)
