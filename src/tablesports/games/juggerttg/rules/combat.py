"""The combat (R97 to R126): declaring an attack, reactions to it, buying dice, the defence,
the rolls and re-rolls, the result, wrestling and its results, chains and bonus attacks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.core.events import Event
from tablesports.games.juggerttg import state as S
from tablesports.games.juggerttg.actions import Act, act, hero_label
from tablesports.games.juggerttg.board import (
    DIST,
    in_view,
    name,
)
from tablesports.games.juggerttg.combat_record import (
    STANDARD_ATTACKS,
    Attacker,
    AttackKind,
    Defence,
)
from tablesports.games.juggerttg.rules.base import (
    FACE_AFTER,
    MAX_BUY,
    POMPFER,
    PUSH_BACK,
    QWIK,
    WRESTLE_WIN,
    adjacent_free,
    afford,
    attack_stat,
    hero,
    parry_stat,
    pay,
    pay_talent,
    push_hexes,
    reach,
    ready_targets,
    seats,
    sees,
    spar,
    standing,
    talent_ok,
    targets_in_reach,
)
from tablesports.games.juggerttg.rules.contact import end_hold, knock_down, move_to, release_pins
from tablesports.games.juggerttg.rules.costs import ATTACK_COST, DIE_COST, RELOAD_COST
from tablesports.games.juggerttg.rules.jugg import throw, throw_options
from tablesports.games.juggerttg.rules.stones import flush

if TYPE_CHECKING:
    from tablesports.games.juggerttg.game import JuggerState


def reroll_candidates(st: JuggerState) -> list[int]:
    """Heroes whose talent may answer the roll just made, in the order of R88.

    The roller may re-roll its own dice (``reroll``), its enemy may make it roll again
    (``force_reroll``); a roll is re-rolled at most once (R5). When both may, both calls count
    as made at once (house rule: an engine has no "first"): the higher Reflex reacts, on equal
    Reflex the initiative player's hero (R88). Nobody reacts in an attack of opportunity (R118)
    nor, as the defender, to a back attack (R115).
    """
    if st.combat.rerolled or st.combat.after is Attacker.OUTSIDE:
        return []
    defence = st.combat.defence_skulls >= 0
    roller, other = (
        (st.combat.defender, st.combat.attacker)
        if defence
        else (st.combat.attacker, st.combat.defender)
    )
    out = []
    if talent_ok(st, roller, "reroll"):
        out.append(roller)
    if talent_ok(st, other, "force_reroll") and not (
        st.combat.back and other == st.combat.defender
    ):
        out.append(other)
    if len(out) == 2:
        out.sort(key=lambda h: (-hero(st, h).reflex, h // 8 != st.init))
    return out


def reaction_options(st: JuggerState) -> list[Act]:
    """The attacked hero's reactions to the declaration (R79, R66, R88-R90)."""
    d = st.combat.defender
    out = []
    if talent_ok(st, d, "lunge") and st.held != d:  # R124: a held Qwik makes no quickstep
        out += [act("lunge", x) for x in adjacent_free(st, st.pos[d])]
    if st.carrier == d and st.held != d:
        throw_options(st, d, afford(st, d), out)  # R79: a throw answers the attack
    if out:
        out.append(act("no-reaction"))
    return out


def defence_options(st: JuggerState) -> list[Act]:
    """Parry, duel or no defence (R98, R100, R101, R105, R120, house rule G29)."""
    d, a = st.combat.defender, st.combat.attacker
    money = afford(st, d)
    out = []
    standard = st.combat.kind in STANDARD_ATTACKS
    if money >= ATTACK_COST:
        out.append(act("parry"))
    if standard and talent_ok(st, d, "parry_dice"):
        out.append(act("talent-parry"))
    may_duel = st.combat.kind is AttackKind.WRESTLE or st.role[d] == POMPFER
    if may_duel and DIST[st.pos[d]][st.pos[a]] <= reach(st, d) and sees(st, d, a):
        extra = RELOAD_COST if spar(st, d).chain and not st.chain_ready[d] else 0
        if money >= ATTACK_COST + extra:
            out.append(act("duel"))
        t = hero(st, d).talent
        if standard and talent_ok(st, d, "duel_dice") and t and t.fp + t.ap + extra <= money:
            out.append(act("talent-duel"))
    if not out:
        out.append(act("no-defence"))  # R98: only when neither parry nor duel can be paid
    return out


def declare_attack(st: JuggerState, a: int, d: int, kind: AttackKind, ev: list[Event]) -> None:
    """Step 1 of the combat (R103); flank and back attacks are decided here (R114, R115)."""
    is_aoo = kind is AttackKind.OPPORTUNITY
    if is_aoo:
        pay(st, a, ATTACK_COST)  # R116
        if st.role[a] == QWIK:
            kind = AttackKind.WRESTLE
    st.combat.attacker, st.combat.defender, st.combat.kind = a, d, kind
    st.combat.after = Attacker.ACTIVATING if st.active == a else Attacker.OUTSIDE
    sp = spar(st, a)
    if kind is not AttackKind.WRESTLE:
        release_pins(st, a, ev, "R144")  # (c) the pinner attacks
        if sp.chain and not st.chain_ready[a]:
            pay(st, a, RELOAD_COST)  # an AoO with a thrown chain reloads (R112, R121)
            st.chain_ready[a] = 1
    dice = attack_stat(st, a) + sp.attack
    t = hero(st, a).talent
    if kind is AttackKind.TALENT and t is not None and t.effect == "attack_dice":
        dice += t.amount
    st.combat.attack_dice = dice
    st.combat.defence_dice = 0
    st.combat.defence_skulls = -1
    st.combat.flank = st.combat.back = 0
    if not in_view(st.pos[d], st.facing[d], st.pos[a]):
        start = st.start_hex[a] if st.combat.after is Attacker.ACTIVATING else st.pos[a]
        if in_view(st.pos[d], st.facing[d], start):
            st.combat.flank = 1
        else:
            st.combat.back = 1
    what = {
        AttackKind.STANDARD: "attacks",
        AttackKind.TALENT: "attacks (talent)",
        AttackKind.BONUS: "makes a bonus attack on",
        AttackKind.OPPORTUNITY: "makes an attack of opportunity on",
        AttackKind.WRESTLE: "wrestles",
    }[kind]
    side = " from the back" if st.combat.back else " from the flank" if st.combat.flank else ""
    ev.append(
        Event(
            "attack",
            f"{hero_label(a)} {what} {hero_label(d)}{side} with {dice} dice",
            {"dice": dice},
            "R103",
        )
    )
    if not is_aoo and not st.combat.back and reaction_options(st):
        st.phase = S.C_REACT
        st.player = d // 8
        return
    to_buy_attack(st)


def to_buy_attack(st: JuggerState) -> None:
    if st.combat.kind is AttackKind.BONUS or afford(st, st.combat.attacker) < DIE_COST:
        to_defence(st)  # R113: no dice bought for a bonus attack
        return
    st.phase = S.C_BUY_A
    st.player = st.combat.attacker // 8


def reaction(st: JuggerState, a: Act, ev: list[Event]) -> None:
    d, att = st.combat.defender, st.combat.attacker
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
    if st.combat.back:
        st.combat.defence = Defence.NONE  # R115: cannot defend, no dice bought, no reactions
        st.combat.defence_dice = 0
        to_roll(st)
        return
    opts = defence_options(st)
    if opts[0].kind == "no-defence":
        set_defence(st, Defence.NONE)
        to_buy_defence(st)
        return
    st.phase = S.C_DEFEND
    st.player = st.combat.defender // 8


def set_defence(st: JuggerState, mode: Defence, talent: bool = False) -> None:
    d = st.combat.defender
    sp = spar(st, d)
    st.combat.defence = mode
    spar_parry = 0 if st.combat.flank else sp.parry  # R114, R102
    t = hero(st, d).talent
    if mode is Defence.PARRY:
        st.combat.defence_dice = parry_stat(st, d) + spar_parry + (t.amount if talent and t else 0)
    elif mode is Defence.DUEL:
        st.combat.defence_dice = attack_stat(st, d) + sp.attack + (t.amount if talent and t else 0)
    else:
        st.combat.defence_dice = spar_parry


def defend(st: JuggerState, a: Act, ev: list[Event]) -> None:
    d = st.combat.defender
    k = a.kind
    sp = spar(st, d)
    if k in ("duel", "talent-duel"):
        if sp.chain and not st.chain_ready[d]:
            pay(st, d, RELOAD_COST)  # R101, R112
            st.chain_ready[d] = 1
        if k == "duel":
            pay(st, d, ATTACK_COST)
        else:
            pay_talent(st, d)
        release_pins(st, d, ev, "R144")  # (c): a duel is an attack
        set_defence(st, Defence.DUEL, k == "talent-duel")
    elif k in ("parry", "talent-parry"):
        if k == "parry":
            pay(st, d, ATTACK_COST)  # a parry costs what an attack does (R100)
        else:
            pay_talent(st, d)
        set_defence(st, Defence.PARRY, k == "talent-parry")
    else:
        set_defence(st, Defence.NONE)
    if (
        st.combat.defence is not Defence.DUEL
        and not st.combat.flank
        and sp.parry > 0
        and sp.id != "shield"
    ):
        release_pins(st, d, ev, "R144")  # (a): the spar leaves the pinned hero
    ev.append(
        Event(
            "defence",
            f"{hero_label(d)}: {st.combat.defence} with {st.combat.defence_dice} dice",
            {"dice": st.combat.defence_dice},
            "R105",
        )
    )
    to_buy_defence(st)


def to_buy_defence(st: JuggerState) -> None:
    d = st.combat.defender
    held_rule = (
        st.holder >= 0 and st.role[d] == QWIK and st.role[st.combat.attacker] == POMPFER
    )  # R124
    if held_rule or afford(st, d) < DIE_COST:
        to_roll(st)
        return
    st.phase = S.C_BUY_D
    st.player = d // 8


def to_roll(st: JuggerState) -> None:
    if st.combat.attack_dice <= 0:
        combat_result(st, 0, 0, [])
        return
    st.phase = S.C_ROLL_A
    st.combat.defence_skulls = -1
    st.combat.rerolled = st.combat.declined = 0


def combat_roll(st: JuggerState, k: int, ev: list[Event]) -> None:
    attack = st.phase == S.C_ROLL_A
    h, dice = (
        (st.combat.attacker, st.combat.attack_dice)
        if attack
        else (st.combat.defender, st.combat.defence_dice)
    )
    again = " again" if st.combat.rerolled else ""
    ev.append(
        Event(
            "roll",
            f"{hero_label(h)} rolls{again} {k} skulls with {dice} dice",
            {"dice": dice, "skulls": k},
            "R107",
        )
    )
    if attack:
        st.combat.attack_skulls = k
        st.combat.defence_skulls = -1
    else:
        st.combat.defence_skulls = k
    # the roll's reactions come before its result (house rule: a re-roll of a miss, R5)
    if reroll_candidates(st):
        st.phase = S.C_REROLL
        st.player = reroll_candidates(st)[0] // 8
        return
    after_roll(st, ev)


def after_roll(st: JuggerState, ev: list[Event]) -> None:
    """The roll stands: the defender rolls next, or the combat is decided (R107)."""
    if st.combat.defence_skulls >= 0:
        combat_result(st, st.combat.attack_skulls, st.combat.defence_skulls, ev)
        return
    k = st.combat.attack_skulls
    if k == 0 or st.combat.defence_dice <= 0:
        combat_result(st, k, 0, ev)
        return
    st.phase = S.C_ROLL_D
    st.combat.rerolled = st.combat.declined = 0


def reroll(st: JuggerState, a: Act, ev: list[Event]) -> None:
    """A re-roll talent answers the roll (R5), or its holder lets it stand (R88, R89)."""
    if a.kind == "no-reaction":
        st.combat.declined += 1
        rest = reroll_candidates(st)[st.combat.declined :]
        if rest:
            st.player = rest[0] // 8  # the other side may still call (R88)
            return
        after_roll(st, ev)
        return
    h = a.a
    pay_talent(st, h)
    t = hero(st, h).talent
    assert t is not None
    defence = st.combat.defence_skulls >= 0
    roller = st.combat.defender if defence else st.combat.attacker
    whose = "its" if h == roller else f"{hero_label(roller)}'s"
    ev.append(Event("reroll", f"{hero_label(h)} ({t.name}): {whose} roll is re-rolled", rule="R5"))
    st.combat.rerolled = 1
    if defence:
        st.combat.defence_skulls = -1
        st.phase = S.C_ROLL_D
    else:
        st.phase = S.C_ROLL_A


def combat_result(st: JuggerState, a_sk: int, d_sk: int, ev: list[Event]) -> None:
    """Step 4 (R107-R110) and wrestling (R123, R125, R126)."""
    att, d = st.combat.attacker, st.combat.defender
    if st.combat.kind is not AttackKind.WRESTLE and spar(st, att).chain:
        st.chain_ready[att] = 0  # house rule to R111: every chain roll throws it
    if st.combat.defence is Defence.DUEL and spar(st, d).chain:
        st.chain_ready[d] = 0
    def_hit = att_hit = False
    if a_sk > 0:  # only blanks: a miss, whatever the defence (R107, G26)
        if st.combat.defence is Defence.DUEL:
            def_hit = a_sk >= d_sk
            att_hit = d_sk >= a_sk
        else:
            def_hit = a_sk > d_sk
    if st.combat.kind is AttackKind.WRESTLE:
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
    if (st.combat.flank or st.combat.back) and not def_hit:
        st.queue += [FACE_AFTER, d]  # R114, R115
    if not def_hit and not att_hit:
        ev.append(Event("miss", f"{hero_label(d)} is not hit", rule="R108"))
    after_combat(st)


def after_combat(st: JuggerState) -> None:
    st.combat.kind = AttackKind.DONE
    flush(st)


def wrestle_result(st: JuggerState, a: Act, ev: list[Event]) -> None:
    att, d = st.combat.attacker, st.combat.defender
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


def attack_options(st: JuggerState, h: int, money: int, out: list[Act]) -> None:
    """A pompfer's attacks (R97, R99), attack talents (R71) and the chain's reload (R111); with
    the option `one_attack_per_activation` (G24) no second one in the activation."""
    sp = spar(st, h)
    if st.attacked:
        if sp.chain and not st.chain_ready[h] and money >= RELOAD_COST:
            out.append(act("reload"))
        return
    if money >= ATTACK_COST:
        out += [act("attack", t) for t in ready_targets(st, h)]
    if talent_ok(st, h, "attack_dice") or talent_ok(st, h, "bonus_attack"):
        t = hero(st, h).talent
        assert t is not None
        if not sp.chain or st.chain_ready[h]:
            out += [act("talent", x) for x in targets_in_reach(st, h) if t.fp + t.ap <= money]
    if sp.chain and not st.chain_ready[h] and money >= RELOAD_COST:
        out.append(act("reload"))


def wrestle_options(st: JuggerState, h: int, money: int, out: list[Act]) -> None:
    """A Qwik wrestles the adjacent enemy Qwik it sees (R122), once an activation with the
    option `one_attack_per_activation` (G24)."""
    if st.attacked:
        return
    pos = st.pos[h]
    for k in seats(1 - h // 8):
        near = st.role[k] == QWIK and standing(st, k) and DIST[pos][st.pos[k]] == 1
        if near and money >= ATTACK_COST and sees(st, h, k):
            out.append(act("wrestle", k))


def attack(st: JuggerState, h: int, a: Act, ev: list[Event]) -> None:
    st.attacked = int(st.game.options.one_attack_per_activation)
    if a.kind == "talent":
        t = hero(st, h).talent
        assert t is not None
        pay_talent(st, h)
        if t.effect == "bonus_attack":
            st.bonus_left = t.amount
        declare_attack(st, h, a.a, AttackKind.TALENT, ev)
        return
    pay(st, h, ATTACK_COST)
    declare_attack(st, h, a.a, AttackKind.STANDARD, ev)


def wrestle(st: JuggerState, h: int, a: Act, ev: list[Event]) -> None:
    st.attacked = int(st.game.options.one_attack_per_activation)
    pay(st, h, ATTACK_COST)
    declare_attack(st, h, a.a, AttackKind.WRESTLE, ev)


def reload(st: JuggerState, h: int, a: Act, ev: list[Event]) -> None:
    pay(st, h, RELOAD_COST)
    st.chain_ready[h] = 1


def bonus_options(st: JuggerState) -> list[Act]:
    return [act("attack", t) for t in ready_targets(st, st.active)]


def bonus_attack(st: JuggerState, a: Act, ev: list[Event]) -> None:
    """A talent's bonus attack, before the hero does anything else (R72, R113)."""
    st.bonus_left -= 1
    declare_attack(st, st.active, a.a, AttackKind.BONUS, ev)


def attack_buy_options(st: JuggerState) -> list[Act]:
    return [
        act("buy", n) for n in range(min(MAX_BUY, afford(st, st.combat.attacker) // DIE_COST) + 1)
    ]


def defence_buy_options(st: JuggerState) -> list[Act]:
    return [
        act("buy", n) for n in range(min(MAX_BUY, afford(st, st.combat.defender) // DIE_COST) + 1)
    ]


def buy_attack(st: JuggerState, a: Act, ev: list[Event]) -> None:
    """R104: the attacker buys dice once, 2 FP each."""
    if a.a:
        pay(st, st.combat.attacker, DIE_COST * a.a)
        st.combat.attack_dice += a.a
    st.phase = S.C_DEFEND
    to_defence(st)


def buy_defence(st: JuggerState, a: Act, ev: list[Event]) -> None:
    """R106: the defender buys dice once, 2 FP each."""
    if a.a:
        pay(st, st.combat.defender, DIE_COST * a.a)
        st.combat.defence_dice += a.a
    to_roll(st)


def combat_roll_action(st: JuggerState, a: Act, ev: list[Event]) -> None:
    combat_roll(st, a.a, ev)


def reroll_options(st: JuggerState) -> list[Act]:
    return [act("reroll", reroll_candidates(st)[st.combat.declined]), act("no-reaction")]


def wrestle_result_options(st: JuggerState) -> list[Act]:
    """The wrestling winner takes the Jugg, holds, or pushes (R123)."""
    out = []
    if st.carrier == st.combat.defender:
        out.append(act("take"))
    if st.holder < 0 or st.holder == st.combat.defender:
        out.append(act("hold"))
    out += [act("push", x) for x in push_hexes(st, st.combat.attacker, st.combat.defender)]
    return out or [act("no-push")]


def push_options(st: JuggerState) -> list[Act]:
    return [
        *(act("push", x) for x in push_hexes(st, st.combat.defender, st.combat.attacker)),
        act("no-push"),
    ]


def push_back(st: JuggerState, a: Act, ev: list[Event]) -> None:
    """The defender who won the wrestling duel may push the attacker (R125)."""
    if a.kind == "push":
        push(st, st.combat.attacker, a.a, ev)
    del st.queue[:2]
    flush(st)
