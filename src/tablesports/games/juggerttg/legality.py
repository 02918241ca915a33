"""Why an action is illegal, naming the rule that forbids it (R numbers as in rules.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.juggerttg import rules
from tablesports.games.juggerttg import state as S
from tablesports.games.juggerttg.actions import Act, bad_values, hero_label
from tablesports.games.juggerttg.board import DIST, MAL, in_view

if TYPE_CHECKING:
    from tablesports.games.juggerttg.game import JuggerState


def illegal_reason(st: JuggerState, a: Any) -> str | None:
    """A sentence with the R number, or None to fall back on the list of legal actions."""
    if not isinstance(a, Act) or st.phase == S.OVER:
        return None
    bad = bad_values(a)
    if bad is not None:
        return bad
    k = a.kind
    if st.phase == S.C_REROLL and k == "reroll" and 0 <= a.a < S.SEATS:
        who = rules.reroll_candidates(st)
        if a.a in who[st.combat.declined + 1 :]:
            first = who[st.combat.declined]
            return (
                f"R88: both may answer this roll; {hero_label(first)} (higher Reflex, or the "
                "initiative player's on equal Reflex) is asked first"
            )
        return (
            "R5: a roll is re-rolled only by a talent that allows it (reroll: the roller's own "
            "dice; force_reroll: the enemy's dice), and at most once"
        )
    if st.phase == S.AOO and k == "quickstep":
        return (
            "R65: a quickstep answers only an enemy step with the range term its talent names "
            "(enter_range, move_in_range, leave_range), to a free adjacent field hex"
        )
    if st.phase != S.ACT:
        if st.phase == S.TURN and k == "end":
            return (
                "R40: every hero whose Reflex equals the RDA must be activated (or delayed) first"
            )
        if st.phase == S.TURN and k in ("activate", "delay") and 0 <= a.a < S.SEATS:
            h = a.a
            if h // 8 != st.turn_player:
                return "R40: only the player on turn activates, and only his own heroes"
            if not rules.standing(st, h):
                return "R132: a kneeling hero (or one off the field) cannot act"
            if st.activated[h]:
                return "R41: this hero has had its activation this Stone"
            if rules.hero(st, h).reflex < st.rda:
                return f"R38: this hero's Reflex is below the RDA ({st.rda}); it acts later"
            if k == "delay":
                return "R44: a delay costs 1 FP and is declared when the hero would act"
        return None
    h = st.active
    money = rules.afford(st, h)
    if k in rules.MOVE_KINDS:
        if st.held == h:
            return "R124: a held Qwik cannot move"
        if st.moves_left >= 0:
            return "R53: the movement was declared already and cannot change"
        if st.exhausted[h]:
            return "R48: an exhausted hero may only jog"
        return "R52: a run costs 1 FP and a sprint 2 FP"
    if k == "step":
        if st.moves_left < 0:
            return "R53: declare jog, run or sprint before stepping"
        if st.moves_left == 0:
            return "R52: the declared movement's range is used up"
        if DIST[st.pos[h]][a.a] != 1:
            return "R55: a step goes to an adjacent hex"
        return "R61: heroes cannot move onto hexes occupied by other heroes"
    if k in ("attack", "talent"):
        if st.role[h] == rules.QWIK:
            return "R12: the Qwik carries no spar; he can only wrestle the enemy Qwik (R122)"
        sp = rules.spar(st, h)
        if sp.chain and not st.chain_ready[h]:
            return "R111: the chain must be recovered (reload, 1 FP) before it attacks again"
        if 0 <= a.a < S.SEATS and st.card[a.a] >= 0 and st.pos[a.a] >= 0:
            t = a.a
            if t // 8 == h // 8:
                return "R97: attacks are made on enemies"
            if st.down[t]:
                return (
                    "R131: a kneeling hero is out of play and cannot be attacked (house rule G30)"
                )
            if DIST[st.pos[h]][st.pos[t]] > sp.range:
                return f"R99: the target must be in range ({sp.range} hexes with this spar)"
            if not in_view(st.pos[h], st.facing[h], st.pos[t]):
                return "R99, R91: the target is outside the field of view"
            if not rules.sees(st, h, t):
                return "R99, R94: there is no line of sight to the target"
        if money < 2:
            return "R99: a standard attack costs 2 FP"
        if k == "talent":
            return "R68, R71: the hero has no attack talent it may use and pay for now"
        return None
    if k == "pickup":
        if st.role[h] != rules.QWIK:
            return "R78: only the Qwik picks up the Jugg"
        return "R78: the Qwik must be on or next to a loose Jugg and pay 1 or 2 FP"
    if k == "score":
        if st.carrier != h:
            return "R2, R82: only the Qwik carrying the Jugg scores"
        if DIST[st.pos[h]][MAL[1 - h // 8]] > 1:
            return "R82: the carrier must stand on or next to the opposing Mal"
        return "R82: scoring costs 2 FP on the Mal, 3 FP next to it"
    if k == "throw":
        if st.carrier != h:
            return "R79: only the carrier throws the Jugg"
        return "R80, R81: 1 FP per 1-3 hexes, onto a field hex (R84)"
    if k == "pass":
        if st.role[h] != rules.POMPFER or rules.spar(st, h).chain:
            return "R73, R74: only close pompfers play the Jugg (never the chain)"
        return "R73, R75: 1 FP per hex from on or next to the Jugg, 2 FP from two hexes away"
    if k == "pin":
        if st.role[h] == rules.QWIK or rules.spar(st, h).chain:
            return "R146: Qwiks and chain players cannot pin"
        return "R139, R140: pin an adjacent kneeling enemy for 1 FP, one at a time"
    if k == "wrestle":
        return "R122: a Qwik wrestles the enemy Qwik in range and sight for 2 FP"
    return None
