"""The rules of Jugger TTG as procedures on the state data: legal actions and their effects.

Every function takes the position (``st``, a ``JuggerState``) and the game's tables. Rule
numbers (R1..R150) are those of the specification (rules.md lists them as implemented).
"""

from __future__ import annotations

from math import comb
from typing import TYPE_CHECKING

from tablesports.core.events import Event
from tablesports.games.juggerttg import state as S
from tablesports.games.juggerttg.actions import Act, act, hero_label
from tablesports.games.juggerttg.board import (
    BY_DIST,
    CENTRE,
    DIST,
    MAL,
    NEIGHBOURS,
    SLOTS,
    in_view,
    line_clear,
    name,
)

if TYPE_CHECKING:
    from tablesports.games.juggerttg.data import Hero, Spar
    from tablesports.games.juggerttg.game import JuggerState

QWIK, POMPFER, SUB = 0, 1, 2
MAX_BUY = 8
MOVE_KINDS = {"jog": (3, 0), "run": (5, 1), "sprint": (7, 2)}  # Table 3 (R52)
DROP, WRESTLE_WIN, PUSH_BACK, FACE_AFTER, STAND_UP = 1, 2, 3, 4, 5


# --- small queries -----------------------------------------------------------------------------


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


# --- legal actions -------------------------------------------------------------------------


def legal(st: JuggerState) -> list[Act]:
    ph = st.phase
    if ph == S.ACT:
        return act_options(st)
    if ph == S.TURN:
        return turn_options(st, st.turn_player)
    if ph == S.C_BUY_A or ph == S.C_BUY_D:
        h = st.c_att if ph == S.C_BUY_A else st.c_def
        return [act("buy", n) for n in range(min(MAX_BUY, afford(st, h) // 2) + 1)]
    if ph == S.C_DEFEND:
        return defence_options(st)
    if ph == S.C_REACT:
        return reaction_options(st)
    if ph == S.AOO:
        return [
            *(act("aoo", e) for e in aoo_candidates(st, st.aoo_mover)),
            *(
                act("quickstep", e, x)
                for e in quickstep_candidates(st, st.aoo_mover, st.aoo_from)
                for x in adjacent_free(st, st.pos[e])
            ),
            act("no-reaction"),
        ]
    if ph == S.C_REROLL:
        return [act("reroll", reroll_candidates(st)[st.c_declined]), act("no-reaction")]
    if ph in (S.AOO_FACE, S.STAND, S.C_FACE):
        return list(FACINGS)
    if ph == S.BONUS:
        return [act("attack", t) for t in attack_targets(st, st.active, bonus=True)]
    if ph == S.C_WRESTLE:
        out = []
        if st.carrier == st.c_def:
            out.append(act("take"))
        if st.holder < 0 or st.holder == st.c_def:
            out.append(act("hold"))
        out += [act("push", x) for x in push_hexes(st, st.c_att, st.c_def)]
        return out or [act("no-push")]
    if ph == S.C_PUSH:
        return [*(act("push", x) for x in push_hexes(st, st.c_def, st.c_att)), act("no-push")]
    if ph == S.C_DROP:
        return [act("drop", x) for x in adjacent_free(st, st.pos[st.queue[1]])]
    if ph == S.HOLD_START:
        out = [act("end-hold")]
        if afford(st, st.active) >= 1:
            out.insert(0, act("keep-hold"))
        return out
    if ph == S.PLACE:
        return place_options(st)
    if ph == S.INIT_CHOOSE:
        return [act("initiative", 0), act("initiative", 1)]
    if ph == S.RECRUIT:
        return recruit_options(st, st.player)
    if ph == S.FIELD:
        return [act("field", h) for h in seats(st.player) if st.card[h] >= 0 and st.role[h] == SUB]
    if ph == S.QWIK:
        return [act("qwik", h) for h in seats(st.player) if on_field(st, h)]
    if ph == S.SPAR:
        return spar_options(st)
    return []


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
            if afford(st, h) >= 1:
                must.append(act("delay", h))
        elif refl > rda:
            may.append(act("activate", h))
    if must:
        return must + may
    if may:
        return [*may, act("end")]
    return []


def move_range(st: JuggerState, h: int, kind: str) -> int:
    if st.exhausted[h]:
        return 3  # R48: at most three hexes, agility not added
    return MOVE_KINDS[kind][0] + hero(st, h).agility + passive(st, h, "extra_move")


FACINGS: tuple[Act, ...] = tuple(act("face", d) for d in range(6))
"""Every facing, for a hero who sets it anew."""
TURNS: tuple[tuple[Act, ...], ...] = tuple(
    tuple(act("face", d) for d in range(6) if d != f) for f in range(6)
)
"""TURNS[f]: the facings a hero facing ``f`` may turn to."""


def act_options(st: JuggerState) -> list[Act]:
    h = st.active
    p = h // 8
    out: list[Act] = []
    if st.may_face:
        out += TURNS[st.facing[h]]
    pos = st.pos[h]
    held = st.held == h
    money = afford(st, h)
    field = st.game.field
    if st.moves_left < 0 and not held:
        for kind, (_, cost) in MOVE_KINDS.items():
            if cost <= money and (kind == "jog" or not st.exhausted[h]):
                out.append(act(kind))
    elif st.moves_left > 0 and not held:
        taken = set(st.pos)  # the hexes of heroes (-1 for a seat off the field never matches)
        for n in NEIGHBOURS[pos]:
            if n >= 0 and n not in taken:
                out.append(act("step", n))
    role = st.role[h]
    sp = spar(st, h)
    if role == POMPFER:
        targets = attack_targets(st, h)
        out += [act("attack", t) for t in targets]
        if talent_ok(st, h, "attack_dice") or talent_ok(st, h, "bonus_attack"):
            t = hero(st, h).talent
            assert t is not None
            if not sp.chain or st.chain_ready[h]:
                out += [act("talent", x) for x in targets_in_reach(st, h) if t.fp + t.ap <= money]
        if sp.chain and not st.chain_ready[h] and money >= 1:
            out.append(act("reload"))
        if not sp.chain and st.carrier < 0:
            d0 = DIST[pos][st.jugg]
            if d0 <= 2:
                per = 1 if d0 <= 1 else 2  # R73
                for d, x in BY_DIST[st.jugg]:
                    if d * per > money:
                        break
                    if field[x]:
                        out.append(act("pass", x))
        if not sp.chain:
            mine = pins_of(st, h)
            if len(mine) < (2 if sp.double_pin else 1) and money >= 1:
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
    elif role == QWIK:
        disc = passive(st, h, "jugg_discount")
        for k in seats(1 - p):
            near = st.role[k] == QWIK and standing(st, k) and DIST[pos][st.pos[k]] == 1
            if near and money >= 2 and sees(st, h, k):
                out.append(act("wrestle", k))
        if not held:
            if st.carrier < 0 and DIST[pos][st.jugg] <= 1:
                cost = max(1, (1 if pos == st.jugg else 2) - disc)
                if cost <= money:
                    out.append(act("pickup"))
            if st.carrier == h:
                goal = MAL[1 - p]
                if DIST[pos][goal] <= 1 and max(1, (2 if pos == goal else 3) - disc) <= money:
                    out.append(act("score"))
                for d, x in BY_DIST[pos]:
                    if d > 3 * money:
                        break
                    if field[x]:
                        out.append(act("throw", x))
    if st.holder == h:
        out.append(act("end-hold"))
    out.append(act("done"))
    return out


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


def attack_targets(st: JuggerState, h: int, bonus: bool = False) -> list[int]:
    sp = spar(st, h)
    if sp.chain and not st.chain_ready[h]:
        return []  # R99, R111
    if not bonus and afford(st, h) < 2:
        return []
    return targets_in_reach(st, h)


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
        need = 3 if sp.chain and not st.chain_ready[e] else 2
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


def reroll_candidates(st: JuggerState) -> list[int]:
    """Heroes whose talent may answer the roll just made, in the order of R88.

    The roller may re-roll its own dice (``reroll``), its enemy may make it roll again
    (``force_reroll``); a roll is re-rolled at most once (R5). When both may, both calls count
    as made at once (house rule: an engine has no "first"): the higher Reflex reacts, on equal
    Reflex the initiative player's hero (R88). Nobody reacts in an attack of opportunity (R118)
    nor, as the defender, to a back attack (R115).
    """
    if st.c_rerolled or st.c_after == "aoo":
        return []
    defence = st.c_dskulls >= 0
    roller, other = (st.c_def, st.c_att) if defence else (st.c_att, st.c_def)
    out = []
    if talent_ok(st, roller, "reroll"):
        out.append(roller)
    if talent_ok(st, other, "force_reroll") and not (st.c_back and other == st.c_def):
        out.append(other)
    if len(out) == 2:
        out.sort(key=lambda h: (-hero(st, h).reflex, h // 8 != st.init))
    return out


def push_hexes(st: JuggerState, pusher: int, pushed: int) -> list[int]:
    """Empty hexes next to the pushed hero, one farther from the pusher (house rule G17)."""
    a, b = st.pos[pusher], st.pos[pushed]
    taken = {st.pos[k] for k in range(S.SEATS) if st.pos[k] >= 0}
    return [n for n in NEIGHBOURS[b] if n >= 0 and n not in taken and DIST[a][n] == DIST[a][b] + 1]


def reaction_options(st: JuggerState) -> list[Act]:
    """The attacked hero's reactions to the declaration (R79, R66, R88-R90)."""
    d = st.c_def
    out = []
    if talent_ok(st, d, "lunge") and st.held != d:  # R124: a held Qwik makes no quickstep
        out += [act("lunge", x) for x in adjacent_free(st, st.pos[d])]
    if st.carrier == d and st.held != d:
        money = afford(st, d)
        for dist, x in BY_DIST[st.pos[d]]:
            if dist > 3 * money:
                break
            if st.game.field[x]:
                out.append(act("throw", x))
    if out:
        out.append(act("no-reaction"))
    return out


def defence_options(st: JuggerState) -> list[Act]:
    """Parry, duel or no defence (R98, R100, R101, R105, R120, house rule G29)."""
    d, a = st.c_def, st.c_att
    money = afford(st, d)
    out = []
    standard = st.c_kind in ("std", "talent", "bonus")
    if money >= 2:
        out.append(act("parry"))
    if standard and talent_ok(st, d, "parry_dice"):
        out.append(act("talent-parry"))
    may_duel = st.c_kind == "wrestle" or st.role[d] == POMPFER
    if may_duel and DIST[st.pos[d]][st.pos[a]] <= reach(st, d) and sees(st, d, a):
        extra = 1 if spar(st, d).chain and not st.chain_ready[d] else 0
        if money >= 2 + extra:
            out.append(act("duel"))
        t = hero(st, d).talent
        if standard and talent_ok(st, d, "duel_dice") and t and t.fp + t.ap + extra <= money:
            out.append(act("talent-duel"))
    if not out:
        out.append(act("no-defence"))  # R98: only when neither parry nor duel can be paid
    return out


# --- applying actions ------------------------------------------------------------------------


def apply(st: JuggerState, a: Act) -> list[Event]:
    ev: list[Event] = []
    k = a.kind
    ph = st.phase
    if ph == S.INIT_ROLL:
        roll_initiative(st, a.a, ev)
    elif ph == S.C_ROLL_A or ph == S.C_ROLL_D:
        combat_roll(st, a.a, ev)
    elif ph == S.RECRUIT:
        recruit(st, a, ev)
    elif ph == S.FIELD:
        st.role[a.a] = POMPFER
        if sum(on_field(st, h) for h in seats(st.player)) == 5:
            st.phase = S.QWIK
    elif ph == S.QWIK:
        for h in seats(st.player):
            if on_field(st, h):
                st.role[h] = POMPFER
                st.spar[h] = -1
        st.role[a.a] = QWIK
        st.spar[a.a] = st.game.qwik_card
        st.phase = S.SPAR
    elif ph == S.SPAR:
        st.spar[a.a] = a.b
        st.chain_ready[a.a] = 1
        if all(st.spar[h] >= 0 for h in seats(st.player) if on_field(st, h)):
            if st.player == 0:
                st.player = 1
                start_lineup(st)
            else:
                start_drive(st, ev)
    elif ph == S.INIT_CHOOSE:
        st.init = a.a
        ev.append(
            Event("initiative", f"{'Red' if a.a == 0 else 'Blue'} has the initiative", rule="R31")
        )
        after_initiative(st)
    elif ph == S.PLACE:
        st.pos[a.a] = a.b
        st.facing[a.a] = 0 if a.a < 8 else 3
        if all(st.pos[h] >= 0 for h in seats(st.player) if on_field(st, h)):
            if st.player != st.init:
                st.player = st.init
            else:
                begin_activation_phase(st)
    elif ph == S.STAND or ph == S.C_FACE:
        st.facing[st.queue[1]] = a.a
        del st.queue[:2]
        if ph == S.STAND:
            next_stand(st)
        else:
            flush(st)
    elif ph == S.TURN:
        turn_action(st, a, ev)
    elif ph == S.HOLD_START:
        if k == "keep-hold":
            pay(st, st.active, 1)
        else:
            end_hold(st, ev, "R128")
        st.phase = S.ACT
    elif ph == S.ACT:
        activation_action(st, a, ev)
    elif ph == S.BONUS:
        st.bonus_left -= 1
        declare_attack(st, st.active, a.a, "bonus", ev)
    elif ph == S.C_REACT:
        reaction(st, a, ev)
    elif ph == S.C_BUY_A:
        if a.a:
            pay(st, st.c_att, 2 * a.a)
            st.c_adice += a.a
        st.phase = S.C_DEFEND
        to_defence(st)
    elif ph == S.C_DEFEND:
        defend(st, a, ev)
    elif ph == S.C_BUY_D:
        if a.a:
            pay(st, st.c_def, 2 * a.a)
            st.c_ddice += a.a
        to_roll(st)
    elif ph == S.C_REROLL:
        reroll(st, a, ev)
    elif ph == S.AOO:
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
            st.c_att = a.a
            st.phase = S.AOO_FACE
            st.player = st.aoo_mover // 8
        else:
            st.phase = S.ACT
            st.player = st.active // 8
    elif ph == S.AOO_FACE:
        st.facing[st.aoo_mover] = a.a  # R119
        declare_attack(st, st.c_att, st.aoo_mover, "aoo", ev)
    elif ph == S.C_WRESTLE:
        wrestle_result(st, a, ev)
    elif ph == S.C_PUSH:
        if k == "push":
            push(st, st.c_att, a.a, ev)
        del st.queue[:2]
        flush(st)
    elif ph == S.C_DROP:
        st.jugg = a.a
        st.carrier = -1
        ev.append(Event("drop", f"the Jugg is put down on {name(a.a)}", rule="R132"))
        del st.queue[:2]
        flush(st)
    if st.exhausting and st.phase not in MID_ACTION:
        settle_exhaustion(st, ev)
    return ev


MID_ACTION = frozenset(
    (S.C_REACT, S.C_BUY_A, S.C_DEFEND, S.C_BUY_D, S.C_ROLL_A, S.C_ROLL_D, S.C_REROLL, S.BONUS)
)
"""Phases inside an action (a combat, a talent's bonus attacks): exhaustion waits (R48)."""


def recruit(st: JuggerState, a: Act, ev: list[Event]) -> None:
    p = st.player
    game = st.game
    idx = game.hero_index[a.s]
    h = next(k for k in seats(p) if st.card[k] < 0)
    st.card[h] = idx
    st.team_cost[p] += game.heroes[idx].cost
    st.ap[h] = game.heroes[idx].stamina
    counts = [sum(st.card[k] >= 0 for k in seats(q)) for q in (0, 1)]
    if counts[1 - p] < game.team_size:
        st.player = 1 - p
    elif counts[p] >= game.team_size:
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


def init_dice(st: JuggerState, p: int) -> int:
    """The highest initiative value (= Reflex, house rule G10) of standing heroes (R31)."""
    return max(
        (
            hero(st, h).reflex
            for h in seats(p)
            if standing(st, h) or (on_field(st, h) and st.pos[h] < 0)
        ),
        default=0,
    )


def dice_outcomes(st: JuggerState, n: int) -> list[tuple[Act, float]]:
    p = st.game.skull_chance
    return [(act("skulls", k), comb(n, k) * p**k * (1 - p) ** (n - k)) for k in range(n + 1)]


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
        pay(st, h, 1)
        st.delayed[h] = 1
        ev.append(Event("delay", f"{hero_label(h)} delays", rule="R44"))
        to_turn(st)
        return
    st.active = h
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


def end_hold(st: JuggerState, ev: list[Event], rule: str) -> None:
    if st.holder >= 0:
        ev.append(Event("hold", f"{hero_label(st.held)} is no longer held", rule=rule))
    st.holder = st.held = -1


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


def activation_action(st: JuggerState, a: Act, ev: list[Event]) -> None:
    h = st.active
    k = a.kind
    if k == "face":
        st.facing[h] = a.a
        st.may_face = 0
        return
    st.may_face = 1
    if k == "done":
        end_activation(st)
        return
    if k in MOVE_KINDS:
        pay(st, h, MOVE_KINDS[k][1])
        st.moves_left = move_range(st, h, k)
        return
    if k == "step":
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
        return
    if k == "attack" or k == "talent":
        if k == "talent":
            t = hero(st, h).talent
            assert t is not None
            pay_talent(st, h)
            if t.effect == "bonus_attack":
                st.bonus_left = t.amount
        else:
            pay(st, h, 2)
        declare_attack(st, h, a.a, k if k == "talent" else "std", ev)
        return
    if k == "wrestle":
        pay(st, h, 2)
        declare_attack(st, h, a.a, "wrestle", ev)
        return
    if k == "reload":
        pay(st, h, 1)
        st.chain_ready[h] = 1
        return
    if k == "pickup":
        disc = passive(st, h, "jugg_discount")
        pay(st, h, max(1, (1 if st.pos[h] == st.jugg else 2) - disc))
        st.carrier = h
        st.jugg = -1
        ev.append(Event("pickup", f"{hero_label(h)} picks up the Jugg", rule="R78"))
        return
    if k == "score":
        p = h // 8
        disc = passive(st, h, "jugg_discount")
        pay(st, h, max(1, (2 if st.pos[h] == MAL[1 - p] else 3) - disc))
        score_point(st, p, ev)
        return
    if k == "throw":
        throw(st, h, a.a, ev)
        return
    if k == "pass":
        d0 = DIST[st.pos[h]][st.jugg]
        pay(st, h, DIST[st.jugg][a.a] * (1 if d0 <= 1 else 2))
        st.jugg = a.a
        ev.append(Event("pass", f"{hero_label(h)} moves the Jugg to {name(a.a)}", rule="R73"))
        return
    if k == "pin":
        pay(st, h, 1)
        st.pinned_by[a.a] = h
        ev.append(Event("pin", f"{hero_label(h)} pins {hero_label(a.a)}", rule="R139"))
        return
    if k == "unpin":
        release(st, a.a, ev, "R144")
        after_follow_ups(st)
        return
    if k == "end-hold":
        end_hold(st, ev, "R128")
        return


def throw(st: JuggerState, h: int, x: int, ev: list[Event]) -> None:
    d = DIST[st.pos[h]][x]
    pay(st, h, (d + 2) // 3)  # R80: 1 FP per 1-3 hexes
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


def declare_attack(st: JuggerState, a: int, d: int, kind: str, ev: list[Event]) -> None:
    """Step 1 of the combat (R103); flank and back attacks are decided here (R114, R115)."""
    is_aoo = kind == "aoo"
    if is_aoo:
        pay(st, a, 2)  # R116
        if st.role[a] == QWIK:
            kind = "wrestle"
    st.c_att, st.c_def, st.c_kind = a, d, kind
    st.c_after = "act" if st.active == a else "aoo"
    sp = spar(st, a)
    if kind != "wrestle":
        release_pins(st, a, ev, "R144")  # (c) the pinner attacks
        if sp.chain and not st.chain_ready[a]:
            pay(st, a, 1)  # an AoO with a thrown chain reloads (R112, R121)
            st.chain_ready[a] = 1
    dice = attack_stat(st, a) + sp.attack
    t = hero(st, a).talent
    if kind == "talent" and t is not None and t.effect == "attack_dice":
        dice += t.amount
    st.c_adice = dice
    st.c_ddice = 0
    st.c_dskulls = -1
    st.c_flank = st.c_back = 0
    if not in_view(st.pos[d], st.facing[d], st.pos[a]):
        start = st.start_hex[a] if st.c_after == "act" else st.pos[a]
        if in_view(st.pos[d], st.facing[d], start):
            st.c_flank = 1
        else:
            st.c_back = 1
    what = {
        "std": "attacks",
        "talent": "attacks (talent)",
        "bonus": "makes a bonus attack on",
        "aoo": "makes an attack of opportunity on",
        "wrestle": "wrestles",
    }[kind]
    side = " from the back" if st.c_back else " from the flank" if st.c_flank else ""
    ev.append(
        Event(
            "attack",
            f"{hero_label(a)} {what} {hero_label(d)}{side} with {dice} dice",
            {"dice": dice},
            "R103",
        )
    )
    if not is_aoo and not st.c_back and reaction_options(st):
        st.phase = S.C_REACT
        st.player = d // 8
        return
    to_buy_attack(st)


def to_buy_attack(st: JuggerState) -> None:
    if st.c_kind == "bonus" or afford(st, st.c_att) < 2:
        to_defence(st)  # R113: no dice bought for a bonus attack
        return
    st.phase = S.C_BUY_A
    st.player = st.c_att // 8


def reaction(st: JuggerState, a: Act, ev: list[Event]) -> None:
    d, att = st.c_def, st.c_att
    if a.kind == "lunge":
        pay_talent(st, d)
        dpos = st.pos[d]
        if st.carrier == d:
            pass  # the Jugg goes along
        move_to(st, d, a.a, ev)
        ev.append(
            Event("lunge", f"{hero_label(d)} lunges from {name(dpos)} to {name(a.a)}", rule="R66")
        )
        if DIST[st.pos[att]][st.pos[d]] > reach(st, att) or not sees(st, att, d):
            ev.append(Event("cancel", "the attack is cancelled; its points are lost", rule="R66"))
            st.bonus_left = 0
            after_combat(st)
            return
    elif a.kind == "throw":
        throw(st, d, a.a, ev)
    to_buy_attack(st)


def to_defence(st: JuggerState) -> None:
    if st.c_back:
        st.c_mode = "none"  # R115: cannot defend, no dice bought, no reactions
        st.c_ddice = 0
        to_roll(st)
        return
    opts = defence_options(st)
    if opts[0].kind == "no-defence":
        set_defence(st, "none")
        to_buy_defence(st)
        return
    st.phase = S.C_DEFEND
    st.player = st.c_def // 8


def set_defence(st: JuggerState, mode: str, talent: bool = False) -> None:
    d = st.c_def
    sp = spar(st, d)
    st.c_mode = mode
    spar_parry = 0 if st.c_flank else sp.parry  # R114, R102
    t = hero(st, d).talent
    if mode == "parry":
        st.c_ddice = parry_stat(st, d) + spar_parry + (t.amount if talent and t else 0)
    elif mode == "duel":
        st.c_ddice = attack_stat(st, d) + sp.attack + (t.amount if talent and t else 0)
    else:
        st.c_ddice = spar_parry


def defend(st: JuggerState, a: Act, ev: list[Event]) -> None:
    d = st.c_def
    k = a.kind
    sp = spar(st, d)
    if k in ("duel", "talent-duel"):
        if sp.chain and not st.chain_ready[d]:
            pay(st, d, 1)  # R101, R112
            st.chain_ready[d] = 1
        if k == "duel":
            pay(st, d, 2)
        else:
            pay_talent(st, d)
        release_pins(st, d, ev, "R144")  # (c): a duel is an attack
        set_defence(st, "duel", k == "talent-duel")
    elif k in ("parry", "talent-parry"):
        if k == "parry":
            pay(st, d, 2)
        else:
            pay_talent(st, d)
        set_defence(st, "parry", k == "talent-parry")
    else:
        set_defence(st, "none")
    if st.c_mode != "duel" and not st.c_flank and sp.parry > 0 and sp.id != "shield":
        release_pins(st, d, ev, "R144")  # (a): the spar leaves the pinned hero
    ev.append(
        Event(
            "defence",
            f"{hero_label(d)}: {st.c_mode} with {st.c_ddice} dice",
            {"dice": st.c_ddice},
            "R105",
        )
    )
    to_buy_defence(st)


def to_buy_defence(st: JuggerState) -> None:
    d = st.c_def
    held_rule = st.holder >= 0 and st.role[d] == QWIK and st.role[st.c_att] == POMPFER  # R124
    if held_rule or afford(st, d) < 2:
        to_roll(st)
        return
    st.phase = S.C_BUY_D
    st.player = d // 8


def to_roll(st: JuggerState) -> None:
    if st.c_adice <= 0:
        combat_result(st, 0, 0, [])
        return
    st.phase = S.C_ROLL_A
    st.c_dskulls = -1
    st.c_rerolled = st.c_declined = 0


def combat_roll(st: JuggerState, k: int, ev: list[Event]) -> None:
    attack = st.phase == S.C_ROLL_A
    h, dice = (st.c_att, st.c_adice) if attack else (st.c_def, st.c_ddice)
    again = " again" if st.c_rerolled else ""
    ev.append(
        Event(
            "roll",
            f"{hero_label(h)} rolls{again} {k} skulls with {dice} dice",
            {"dice": dice, "skulls": k},
            "R107",
        )
    )
    if attack:
        st.c_askulls = k
        st.c_dskulls = -1
    else:
        st.c_dskulls = k
    # the roll's reactions come before its result (house rule: a re-roll of a miss, R5)
    if reroll_candidates(st):
        st.phase = S.C_REROLL
        st.player = reroll_candidates(st)[0] // 8
        return
    after_roll(st, ev)


def after_roll(st: JuggerState, ev: list[Event]) -> None:
    """The roll stands: the defender rolls next, or the combat is decided (R107)."""
    if st.c_dskulls >= 0:
        combat_result(st, st.c_askulls, st.c_dskulls, ev)
        return
    k = st.c_askulls
    if k == 0 or st.c_ddice <= 0:
        combat_result(st, k, 0, ev)
        return
    st.phase = S.C_ROLL_D
    st.c_rerolled = st.c_declined = 0


def reroll(st: JuggerState, a: Act, ev: list[Event]) -> None:
    """A re-roll talent answers the roll (R5), or its holder lets it stand (R88, R89)."""
    if a.kind == "no-reaction":
        st.c_declined += 1
        rest = reroll_candidates(st)[st.c_declined :]
        if rest:
            st.player = rest[0] // 8  # the other side may still call (R88)
            return
        after_roll(st, ev)
        return
    h = a.a
    pay_talent(st, h)
    t = hero(st, h).talent
    assert t is not None
    defence = st.c_dskulls >= 0
    roller = st.c_def if defence else st.c_att
    whose = "its" if h == roller else f"{hero_label(roller)}'s"
    ev.append(Event("reroll", f"{hero_label(h)} ({t.name}): {whose} roll is re-rolled", rule="R5"))
    st.c_rerolled = 1
    if defence:
        st.c_dskulls = -1
        st.phase = S.C_ROLL_D
    else:
        st.phase = S.C_ROLL_A


def combat_result(st: JuggerState, a_sk: int, d_sk: int, ev: list[Event]) -> None:
    """Step 4 (R107-R110) and wrestling (R123, R125, R126)."""
    att, d = st.c_att, st.c_def
    if st.c_kind != "wrestle" and spar(st, att).chain:
        st.chain_ready[att] = 0  # house rule to R111: every chain roll throws it
    if st.c_mode == "duel" and spar(st, d).chain:
        st.chain_ready[d] = 0
    def_hit = att_hit = False
    if a_sk > 0:  # only blanks: a miss, whatever the defence (R107, G26)
        if st.c_mode == "duel":
            def_hit = a_sk >= d_sk
            att_hit = d_sk >= a_sk
        else:
            def_hit = a_sk > d_sk
    if st.c_kind == "wrestle":
        if def_hit and not att_hit:
            st.queue += [WRESTLE_WIN, att]
        elif att_hit and not def_hit:
            st.queue += [PUSH_BACK, d]
        elif def_hit:
            ev.append(Event("wrestle", "the wrestling is a tie: no effect", rule="R126"))
    else:
        if def_hit:
            knock_down(st, d, st.game.stones(spar(st, att)), ev, "R133")
        if att_hit:
            knock_down(st, att, st.game.stones(spar(st, d)), ev, "R109")
    if (st.c_flank or st.c_back) and not def_hit:
        st.queue += [FACE_AFTER, d]  # R114, R115
    if not def_hit and not att_hit:
        ev.append(Event("miss", f"{hero_label(d)} is not hit", rule="R108"))
    after_combat(st)


def after_combat(st: JuggerState) -> None:
    st.c_kind = "done"
    flush(st)


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
            if not push_hexes(st, st.c_def, st.c_att):
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
    if st.bonus_left > 0 and st.c_kind == "done":
        if attack_targets(st, h, bonus=True):
            st.phase = S.BONUS
            return
        st.bonus_left = 0
    st.phase = S.ACT


def wrestle_result(st: JuggerState, a: Act, ev: list[Event]) -> None:
    att, d = st.c_att, st.c_def
    if a.kind == "take":
        st.carrier = att
        ev.append(Event("take", f"{hero_label(att)} takes the Jugg", rule="R123"))
    elif a.kind == "hold":
        st.holder, st.held = att, d
        ev.append(Event("hold", f"{hero_label(att)} holds {hero_label(d)}", rule="R124"))
    elif a.kind == "push":
        if st.held == att:
            end_hold(st, ev, "R127")
        push(st, d, a.a, ev)
    if a.kind != "push" and st.held == att:
        end_hold(st, ev, "R127")
    del st.queue[:2]
    flush(st)


def push(st: JuggerState, h: int, x: int, ev: list[Event]) -> None:
    ev.append(Event("push", f"{hero_label(h)} is pushed to {name(x)}", rule="R123"))
    move_to(st, h, x, ev)
