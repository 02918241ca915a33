"""The invariants of a Jugger TTG state (`JuggerGame.check_state`): what no play can break.

Checked on every state read from JSON, the notation or a record; never on the hot path. Types
and bounds come first (so the later checks may index freely), then the heroes, the Jugg, the
combat, the draft, and last the phase: the one who decides must have something to decide.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.errors import StateError
from tablesports.games.juggerttg import rules
from tablesports.games.juggerttg import state as S
from tablesports.games.juggerttg.actions import hero_label
from tablesports.games.juggerttg.board import DIST, SIZE, VALID
from tablesports.games.juggerttg.combat_record import ENUMS, Attacker, AttackKind, Defence
from tablesports.games.juggerttg.combat_record import FIELDS as COMBAT_FIELDS

if TYPE_CHECKING:
    from tablesports.games.juggerttg.game import JuggerState

PLAY_PHASES = frozenset(S.PLAY_PHASES)
LINEUP_PHASES = frozenset(S.LINEUP_PHASES) | S.DRAFT_PHASES
PHASES = PLAY_PHASES | LINEUP_PHASES | {S.OVER}
COMBAT_PHASES = frozenset(
    (
        *(S.C_REACT, S.C_BUY_A, S.C_DEFEND, S.C_BUY_D, S.C_ROLL_A, S.C_ROLL_D),
        *(S.C_WRESTLE, S.C_PUSH, S.C_REROLL),
    )
)
DECIDED = frozenset((S.C_WRESTLE, S.C_PUSH))
"""Combat phases after the result: the wrestling is decided (``c_kind`` is 'done')."""
ACTIVE_PHASES = frozenset((S.ACT, S.HOLD_START, S.BONUS, S.AOO, S.AOO_FACE))
FLAGS = ("down", "exhausted", "chain_ready", "activated", "delayed")
MAX_DICE = 30  # the largest `skulls` outcome the action codec knows
MAX_MOVE = 7 + 2 + 3  # sprint, agility 2, a talent's 3 more hexes (Table 3)
MAX_BONUS = 3  # a talent's amount
MAX_QUEUE = 4 * S.SEATS
QUEUE_HEAD = {
    S.STAND: (rules.FACE_AFTER, rules.STAND_UP),
    S.C_FACE: (rules.FACE_AFTER, rules.STAND_UP),
    S.C_WRESTLE: (rules.WRESTLE_WIN,),
    S.C_PUSH: (rules.PUSH_BACK,),
    S.C_DROP: (rules.DROP,),
}


def _bad(field: str, value: Any, allowed: str) -> StateError:
    return StateError("juggerttg", field, value, allowed)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _in(field: str, value: Any, low: int, high: int, what: str = "") -> None:
    if not _is_int(value) or not low <= value <= high:
        raise _bad(field, value, what or f"a whole number from {low} to {high}")


def _seat(field: str, value: Any, none: bool = True) -> None:
    low = -1 if none else 0
    _in(field, value, low, S.SEATS - 1, ("-1 (none) or " if none else "") + "a seat 0..15")


def _int_list(field: str, value: Any, length: int | None) -> None:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise _bad(field, value, f"a list of {length} whole numbers" if length else "a list")
    for i, v in enumerate(value):
        if not _is_int(v):
            raise _bad(f"{field}[{i}]", v, "a whole number")


def check_state(s: JuggerState) -> None:
    _types(s)
    _scalars(s)
    _heroes(s)
    _teams(s)
    _jugg(s)
    _combat(s)
    _draft(s)
    _phase(s)


def _types(s: JuggerState) -> None:
    for f in S.SCALARS:
        value = getattr(s, f)
        if f in ("phase", "reason"):
            if not isinstance(value, str):
                raise _bad(f, value, "a text")
        elif not _is_int(value):
            raise _bad(f, value, "a whole number")
    for f, attr in COMBAT_FIELDS.items():
        if attr not in ENUMS and not _is_int(getattr(s.combat, attr)):
            raise _bad(f, getattr(s.combat, attr), "a whole number")
    for f in S.HERO_LISTS:
        _int_list(f, getattr(s, f), S.SEATS)
    for f in ("score", "tpp", "team_cost"):
        _int_list(f, getattr(s, f), 2)
    for f in ("queue", "hand0", "hand1", "pile", "discard"):
        _int_list(f, getattr(s, f), None)


def _scalars(s: JuggerState) -> None:
    g = s.game
    if s.phase not in PHASES:
        raise _bad("phase", s.phase, f"one of {', '.join(sorted(PHASES))}")
    for f in ("player", "init", "turn_player", "turn_step"):
        _in(f, getattr(s, f), 0, 1, "0 or 1")
    between = LINEUP_PHASES | {S.INIT_ROLL, S.INIT_CHOOSE, S.PLACE, S.STAND, S.OVER}
    # a new initiative is chosen before the activation phase resets the turn (R31, R38)
    if s.phase not in between and s.turn_player != (s.init if s.turn_step == 0 else 1 - s.init):
        raise _bad(
            "turn_player",
            s.turn_player,
            f"the initiative player ({s.init}) at step 0, the other at step 1",
        )
    over = s.phase == S.OVER
    top = g.max_stones if over else g.max_stones - 1
    _in("stone", s.stone, 0, top, f"0 to {top} (the game ends after {g.max_stones} Stones)")
    _in("drive_stone", s.drive_stone, 1, s.stone + 1, f"1 to {s.stone + 1} (stone + 1)")
    _in("rda", s.rda, 1, 5, "the RDA runs 5..1 (R38)")
    _seat("active", s.active)
    _in("moves_left", s.moves_left, -1, MAX_MOVE, f"-1 (none declared) or 0 to {MAX_MOVE}")
    _in("may_face", s.may_face, 0, 1, "0 or 1")
    _in("bonus_left", s.bonus_left, 0, MAX_BONUS, f"0 to {MAX_BONUS}")
    top = int(g.options.one_attack_per_activation)
    _in("attacked", s.attacked, 0, top, "0, or 1 with the one_attack_per_activation option")
    for f in ("aoo_mover", "carrier", "holder", "held"):
        _seat(f, getattr(s, f))
    _seat("c_att", s.combat.attacker)
    _seat("c_def", s.combat.defender)
    _in("jugg", s.jugg, -1, SIZE - 1, "-1 (carried or not on the field) or a hex")
    if s.jugg >= 0 and not VALID[s.jugg]:
        raise _bad("jugg", s.jugg, "a hex of the board")
    _in("c_adice", s.combat.attack_dice, 0, MAX_DICE, f"0 to {MAX_DICE} dice")
    _in("c_ddice", s.combat.defence_dice, 0, MAX_DICE, f"0 to {MAX_DICE} dice")
    top = s.combat.attack_dice if s.phase == S.C_ROLL_D else MAX_DICE
    _in(
        "c_askulls",
        s.combat.attack_skulls,
        0,
        top,
        f"0 to {top} (the attack dice while they count)",
    )
    _in("aoo_from", s.aoo_from, -1, SIZE - 1, "-1 (no step) or a hex")
    top = s.combat.defence_dice if s.phase == S.C_REROLL else MAX_DICE
    _in(
        "c_dskulls",
        s.combat.defence_skulls,
        -1,
        top,
        f"-1 (not rolled) or 0 to {top} (the defence dice)",
    )
    _in("c_rerolled", s.combat.rerolled, 0, 1, "0 or 1 (a roll is re-rolled at most once, R5)")
    _in("c_declined", s.combat.declined, 0, 1, "0 or 1 (at most two heroes may answer a roll)")
    _in("c_flank", s.combat.flank, 0, 1, "0 or 1")
    _in("c_back", s.combat.back, 0, 1 - s.combat.flank, "0 or 1, and 0 for a flank attack")
    _in("exhausting", s.exhausting, 0, (1 << S.SEATS) - 1, "a set of seats (bit h: seat h)")
    if s.exhausting and s.phase not in rules.MID_ACTION:
        raise _bad("exhausting", s.exhausting, "0 between actions: exhaustion has set in (R48)")
    for h in range(S.SEATS):
        if s.exhausting >> h & 1 and (s.card[h] < 0 or s.ap[h] != 0 or s.exhausted[h]):
            raise _bad(
                "exhausting",
                s.exhausting,
                f"{hero_label(h)}: a hero at 0 AP, not yet "
                "exhausted (the action that spent its last AP is under way, R48)",
            )
    _in("d_left", s.d_left, 0, 3, "0 to 3 draws or recruits")
    from tablesports.games.juggerttg.draft import MAX_TURNS

    _in("d_turns", s.d_turns, 0, MAX_TURNS, f"0 to {MAX_TURNS} draft turns")
    # the score and the result
    ptw = g.points_to_win
    for p in (0, 1):
        _in(f"score[{p}]", s.score[p], 0, ptw, f"0 to {ptw} points (the match's limit)")
    if over:
        _in("winner", s.winner, 0, 2, "once over: 0 (red), 1 (blue) or 2 (a draw)")
        if not s.reason:
            raise _bad("reason", s.reason, "once over, why the game ended")
        s0, s1 = s.score
        if max(s0, s1) >= ptw:
            expect = 0 if s0 >= ptw else 1
        else:
            expect = 0 if s0 > s1 else 1 if s1 > s0 else 2
            if s.stone < g.max_stones:
                raise _bad("stone", s.stone, f"a game without a winning point ends at {top}")
        if s.winner != expect:
            raise _bad("winner", s.winner, f"{expect}, as the score {s0}-{s1} says")
    else:
        if s.winner != -1:
            raise _bad("winner", s.winner, "-1 (none) until the game is over")
        if s.reason:
            raise _bad("reason", s.reason, "empty until the game is over")
        if ptw in s.score:
            raise _bad("score", s.score, f"below {ptw} until the game is over")
    # the initiative roll (R31) and the draft roll (R17)
    if s.phase == S.INIT_ROLL:
        _in("roll0", s.roll0, -1, rules.init_dice(s, 0), "-1 or 0 to red's initiative dice")
    elif s.phase == S.D_ROLL:
        _in("roll0", s.roll0, -1, 3, "-1 or 0 to 3 skulls")
    elif s.roll0 != -1:
        raise _bad("roll0", s.roll0, "-1 outside the initiative and draft rolls")


def _heroes(s: JuggerState) -> None:
    g = s.game
    n = len(g.heroes)
    stones = max(3, *(g.stones(sp) for sp in g.spars))
    taken: dict[int, int] = {}
    for h in range(S.SEATS):
        who = f"[{h}] ({hero_label(h)})"
        _in("card" + who, s.card[h], -1, n - 1, f"-1 (empty seat) or a roster card 0..{n - 1}")
        if s.card[h] < 0:
            empty = {"role": 2, "pos": -1, "pinned_by": -1, "start_hex": -1}
            for f in S.HERO_LISTS[1:]:
                want = empty.get(f, 0)
                if f not in ("facing", "spar") and getattr(s, f)[h] != want:
                    raise _bad(f + who, getattr(s, f)[h], f"{want} on an empty seat")
            continue
        hr = g.heroes[s.card[h]]
        _in("role" + who, s.role[h], 0, 2, "0 (Qwik), 1 (pompfer) or 2 (substitute)")
        _in("spar" + who, s.spar[h], -1, len(g.spars) - 1, "-1 (none yet) or a spar")
        if s.role[h] == rules.QWIK and s.spar[h] != g.qwik_card:
            raise _bad("spar" + who, s.spar[h], f"the Qwik card ({g.qwik_card}) for the Qwik")
        if s.role[h] == rules.POMPFER and s.spar[h] == g.qwik_card:
            raise _bad("spar" + who, s.spar[h], "a pompfer's spar, not the Qwik card")
        _in("pos" + who, s.pos[h], -1, SIZE - 1, "-1 (off the board) or a hex")
        if s.pos[h] >= 0:
            if not VALID[s.pos[h]]:
                raise _bad("pos" + who, s.pos[h], "a hex of the board")
            if s.role[h] == rules.SUB:
                raise _bad("pos" + who, s.pos[h], "-1: a substitute is off the board")
            if s.spar[h] < 0:
                raise _bad("spar" + who, s.spar[h], "a spar for a hero on the board")
            if s.pos[h] in taken:
                other = hero_label(taken[s.pos[h]])
                raise _bad("pos" + who, s.pos[h], f"a hex of its own: {other} stands there")
            taken[s.pos[h]] = h
        _in("facing" + who, s.facing[h], 0, 5, "a facing 0..5 (E NE NW W SW SE)")
        _in("fp" + who, s.fp[h], 0, hr.focus, f"0 to the hero's Focus ({hr.focus})")
        _in("ap" + who, s.ap[h], 0, hr.stamina, f"0 to the hero's Stamina ({hr.stamina})")
        _in("penalty" + who, s.penalty[h], 0, stones, f"0 to {stones} Stones")
        for f in FLAGS:
            _in(f + who, getattr(s, f)[h], 0, 1, "0 or 1")
        if s.down[h] and s.pos[h] < 0:
            raise _bad("down" + who, 1, "0 for a hero off the board")
        if s.penalty[h] and not s.down[h]:
            raise _bad("penalty" + who, s.penalty[h], "0 for a hero who is not kneeling")
        if s.delayed[h] and s.activated[h]:
            raise _bad("delayed" + who, 1, "0 for a hero already activated")
        _in("start_hex" + who, s.start_hex[h], -1, SIZE - 1, "-1 or a hex")
        if s.start_hex[h] >= 0 and not VALID[s.start_hex[h]]:
            raise _bad("start_hex" + who, s.start_hex[h], "a hex of the board")
    for h in range(S.SEATS):
        k = s.pinned_by[h]
        who = f"pinned_by[{h}] ({hero_label(h)})"
        _seat(who, k)
        if k < 0:
            continue
        if not s.down[h] or k // 8 == h // 8 or not rules.standing(s, k):
            raise _bad(who, k, "-1, or a standing enemy pinning this kneeling hero (R139)")
        sp = rules.spar(s, k)
        if sp.chain or DIST[s.pos[k]][s.pos[h]] != 1:
            raise _bad(who, k, "an adjacent pinner without a chain (R139)")
        if len(rules.pins_of(s, k)) > (2 if sp.double_pin else 1):
            raise _bad(who, k, f"a pinner with a free hand: {hero_label(k)} pins too many")


def _teams(s: JuggerState) -> None:
    g = s.game
    lineup = s.phase in LINEUP_PHASES
    for p in (0, 1):
        mine = [s.card[h] for h in rules.seats(p) if s.card[h] >= 0]
        if len(mine) > g.team_size:
            raise _bad("card", len(mine), f"at most {g.team_size} heroes in a team")
        if len(set(mine)) != len(mine):
            raise _bad("card", mine, "each roster hero at most once in a team")
        cost = sum(g.heroes[c].cost for c in mine)
        if s.team_cost[p] != cost:
            raise _bad(f"team_cost[{p}]", s.team_cost[p], f"{cost}, the team's recruit costs")
        if cost > g.budget:
            raise _bad(f"team_cost[{p}]", cost, f"at most the budget of {g.budget} (R15)")
        field = [h for h in rules.seats(p) if rules.on_field(s, h)]
        if len(field) > 5:
            raise _bad("role", len(field), "at most 5 heroes on the field (R28)")
        qwiks = [h for h in field if s.role[h] == rules.QWIK]
        chains = [h for h in field if s.spar[h] >= 0 and g.spars[s.spar[h]].chain]
        if len(chains) > 1:
            raise _bad("spar", len(chains), "at most one chain in a team (R22)")
        teams = [g.heroes[s.card[h]].team for h in field]
        top = max(0, len(teams) - len(set(teams)))
        _in(f"tpp[{p}]", s.tpp[p], 0, max(top, 4), "0 to 4 teamplay points (R30)")
        if lineup:
            continue
        if len(qwiks) != 1:
            raise _bad("role", len(qwiks), "exactly one Qwik in each team on the field (R12)")
        if any(s.spar[h] < 0 for h in field):
            raise _bad("spar", -1, "a spar for every hero on the field once the drive begins")
    if lineup:
        on_board = [h for h in range(S.SEATS) if s.pos[h] >= 0]
        if on_board:
            raise _bad("pos", on_board, "nobody on the board while the teams line up")


def _jugg(s: JuggerState) -> None:
    c = s.carrier
    if c >= 0:
        if s.jugg != -1:
            raise _bad("jugg", s.jugg, "-1 while a hero carries the Jugg")
        if s.role[c] != rules.QWIK or s.pos[c] < 0:
            raise _bad("carrier", c, "a Qwik on the board: only a Qwik carries the Jugg (R78)")
    elif s.jugg < 0 and s.phase not in LINEUP_PHASES and s.phase != S.OVER:
        raise _bad("jugg", s.jugg, "a hex, or a carrier: the Jugg is somewhere in play")
    if (s.holder < 0) != (s.held < 0):
        raise _bad("held", s.held, f"a seat exactly when there is a holder ({s.holder})")
    if s.holder >= 0:
        a, b = s.holder, s.held
        ok = a // 8 != b // 8 and all(
            s.role[k] == rules.QWIK and rules.standing(s, k) for k in (a, b)
        )
        if not ok or DIST[s.pos[a]][s.pos[b]] != 1:
            raise _bad("holder", a, "a standing Qwik holding the adjacent enemy Qwik (R124)")


def _combat(s: JuggerState) -> None:
    ph = s.phase
    if ph in ACTIVE_PHASES or (s.active >= 0 and ph in COMBAT_PHASES | set(QUEUE_HEAD)):
        a = s.active
        if a < 0 or s.pos[a] < 0 or not rules.on_field(s, a) or not s.activated[a]:
            raise _bad("active", a, f"an activated hero on the board in phase {ph!r}")
        if ph in ACTIVE_PHASES and s.down[a]:
            raise _bad("active", a, f"a standing hero in phase {ph!r}")
    elif ph not in COMBAT_PHASES and ph not in QUEUE_HEAD and s.active != -1:
        raise _bad("active", s.active, f"-1: nobody activates in phase {ph!r}")
    if ph == S.HOLD_START and s.holder != s.active:
        raise _bad("holder", s.holder, "the active hero when it starts holding (R130)")
    if ph in (S.AOO, S.AOO_FACE):
        m = s.aoo_mover
        if m != s.active:
            raise _bad("aoo_mover", m, f"the moving active hero ({s.active})")
        if ph == S.AOO_FACE and (
            s.combat.attacker < 0
            or s.combat.attacker // 8 == m // 8
            or not rules.standing(s, s.combat.attacker)
        ):
            raise _bad("c_att", s.combat.attacker, "a standing enemy of the mover")
    if ph in COMBAT_PHASES:
        a, d = s.combat.attacker, s.combat.defender
        for f, k in (("c_att", a), ("c_def", d)):
            if k < 0 or s.pos[k] < 0 or not rules.on_field(s, k):
                raise _bad(f, k, f"a hero on the board in phase {ph!r}")
        if a // 8 == d // 8:
            raise _bad("c_def", d, "an enemy of the attacker")
        if s.combat.kind in (AttackKind.NONE, AttackKind.DONE) and ph not in DECIDED:
            raise _bad("c_kind", s.combat.kind, "the kind of the attack under way")
        if s.combat.after is Attacker.NONE:
            raise _bad("c_after", s.combat.after, "'act' or 'aoo' during a combat")
        if ph in (S.C_BUY_D, S.C_ROLL_A, S.C_ROLL_D) and s.combat.defence is Defence.UNDECIDED:
            raise _bad("c_mode", s.combat.defence, "the defence chosen (parry, duel or none)")
        if ph == S.C_ROLL_A and s.combat.attack_dice == 0:
            raise _bad("c_adice", 0, "at least one die to roll")
        if ph == S.C_ROLL_D and (s.combat.defence_dice == 0 or s.combat.attack_skulls == 0):
            raise _bad(
                "c_ddice", s.combat.defence_dice, "dice to roll against skulls already rolled"
            )
    q = s.queue
    if len(q) % 2 or len(q) > MAX_QUEUE:
        raise _bad("queue", q, f"[kind, seat] pairs, at most {MAX_QUEUE // 2}")
    for i in range(0, len(q), 2):
        _in(f"queue[{i}]", q[i], rules.DROP, rules.STAND_UP, "a follow-up kind 1..5")
        k = q[i + 1]
        _seat(f"queue[{i + 1}]", k, none=False)
        if s.card[k] < 0 or s.pos[k] < 0:
            raise _bad(f"queue[{i + 1}]", k, "a hero on the board")
    if ph in QUEUE_HEAD:
        if not q or q[0] not in QUEUE_HEAD[ph]:
            raise _bad("queue", q, f"a follow-up of kind {QUEUE_HEAD[ph]} first in {ph!r}")
        if ph == S.C_DROP and s.carrier != q[1]:
            raise _bad("carrier", s.carrier, "the knocked-down hero who drops the Jugg")
        if ph in (S.C_WRESTLE, S.C_PUSH) and s.combat.kind is not AttackKind.DONE:
            raise _bad("c_kind", s.combat.kind, "'done': the wrestling is decided")
        if ph in (S.C_WRESTLE, S.C_PUSH):
            a, d = s.combat.attacker, s.combat.defender
            if a < 0 or d < 0 or not (rules.standing(s, a) and rules.standing(s, d)):
                raise _bad("c_att", a, "two standing wrestlers")
            if a // 8 == d // 8 or s.role[a] != rules.QWIK or s.role[d] != rules.QWIK:
                raise _bad("c_def", d, "the enemy Qwik of the wrestling Qwik")


def _draft(s: JuggerState) -> None:
    g = s.game
    from tablesports.games.juggerttg.draft import HAND

    piles = (("hand0", s.hand0), ("hand1", s.hand1), ("pile", s.pile), ("discard", s.discard))
    if g.options.teams != "draft" or s.phase not in S.DRAFT_PHASES:
        for f, cards in piles:
            if cards:
                raise _bad(f, cards, "empty outside the draft")
        if g.options.teams == "draft" and s.phase == S.RECRUIT:
            raise _bad("phase", s.phase, "no free pick in a drafted game (R16)")
        if g.options.teams != "draft" and s.phase in S.DRAFT_PHASES:
            raise _bad("phase", s.phase, "no draft in a game with teams=pick (R20)")
        if g.options.teams == "draft":
            both = [s.card[h] for h in range(S.SEATS) if s.card[h] >= 0]
            if len(set(both)) != len(both):
                raise _bad("card", both, "each hero card in one team only (R18)")
        return
    n = len(g.heroes)
    where: dict[int, str] = {}
    teams = [("card (red)", [s.card[h] for h in rules.seats(0) if s.card[h] >= 0])]
    teams.append(("card (blue)", [s.card[h] for h in rules.seats(1) if s.card[h] >= 0]))
    for f, cards in (*piles, *teams):
        for c in cards:
            _in(f, c, 0, n - 1, f"hero cards 0..{n - 1}")
            if c in where:
                raise _bad(f, g.heroes[c].id, f"a card in one place only; it is in {where[c]} too")
            where[c] = f
    if len(where) != n:
        missing = " ".join(g.heroes[c].id for c in range(n) if c not in where)
        raise _bad("pile", len(s.pile), f"every card in one place; nowhere: {missing}")
    top = HAND if s.phase in (S.D_DEAL, S.D_ROLL, S.D_FIRST) else HAND + 3
    for f, hd in (("hand0", s.hand0), ("hand1", s.hand1)):
        if len(hd) > top:
            raise _bad(f, len(hd), f"at most {top} cards in phase {s.phase!r}")
    if s.phase in (S.D_ROLL, S.D_FIRST) and (len(s.hand0), len(s.hand1)) != (HAND, HAND):
        raise _bad("hand0", len(s.hand0), f"{HAND} cards each once dealt (R17)")
    if s.phase == S.D_DEAL and abs(len(s.hand0) - len(s.hand1)) > 1:
        raise _bad("hand1", len(s.hand1), "dealt one at a time: as many as hand0, or one fewer")
    if s.phase == S.D_DISCARD and len(s.hand0 if s.player == 0 else s.hand1) <= HAND:
        raise _bad("phase", s.phase, f"a discard only with more than {HAND} cards in hand")


def _phase(s: JuggerState) -> None:
    """The one who decides has something to decide; a chance node has outcomes."""
    ph = s.phase
    if ph == S.OVER:
        return
    g = s.game
    p = s.player
    if ph == S.RECRUIT and len([h for h in rules.seats(p) if s.card[h] >= 0]) >= g.team_size:
        raise _bad("player", p, "a player whose team is not yet complete (R20)")
    if ph in (S.FIELD, S.QWIK, S.SPAR, S.PLACE):
        for q in (0, 1):
            if len([h for h in rules.seats(q) if s.card[h] >= 0]) != g.team_size:
                raise _bad("card", q, f"a full team of {g.team_size} for the line-up")
    if ph == S.FIELD and sum(rules.on_field(s, h) for h in rules.seats(p)) >= 5:
        raise _bad("phase", ph, "fielding only while fewer than 5 heroes are on the field")
    if ph in (S.QWIK, S.SPAR) and sum(rules.on_field(s, h) for h in rules.seats(p)) != 5:
        raise _bad("role", p, "5 heroes on the field before choosing the Qwik and the spars")
    if ph == S.SPAR and not any(
        s.role[h] == rules.POMPFER and s.spar[h] < 0 for h in rules.seats(p)
    ):
        raise _bad("phase", ph, "a pompfer still without a spar")
    if ph == S.SPAR and sum(s.role[h] == rules.QWIK for h in rules.seats(p)) != 1:
        raise _bad("role", p, "the Qwik chosen before the spars (R29)")
    if ph == S.SPAR and any(s.spar[h] < 0 for h in rules.seats(p) if s.role[h] == rules.QWIK):
        raise _bad("spar", -1, "the Qwik card for the Qwik")
    if ph == S.PLACE:
        todo = [h for h in rules.seats(p) if rules.on_field(s, h) and s.pos[h] < 0]
        if not todo:
            raise _bad("phase", ph, f"a hero of player {p} still to place")
    if ph == S.TURN and p != s.turn_player:
        raise _bad("player", p, f"the player whose turn it is ({s.turn_player})")
    if ph in ACTIVE_PHASES and ph not in (S.AOO, S.AOO_FACE) and p != s.active // 8:
        raise _bad("player", p, "the owner of the active hero")
    if ph in (S.AOO, S.AOO_FACE):
        expect = 1 - s.aoo_mover // 8 if ph == S.AOO else s.aoo_mover // 8
        if p != expect:
            raise _bad("player", p, f"{expect}, who decides in phase {ph!r}")
    decider = {
        S.C_REACT: s.combat.defender,
        S.C_BUY_A: s.combat.attacker,
        S.C_DEFEND: s.combat.defender,
        S.C_BUY_D: s.combat.defender,
    }
    if ph in decider and p != decider[ph] // 8:
        raise _bad("player", p, f"the owner of the hero who decides in phase {ph!r}")
    if ph == S.C_REROLL:
        who = rules.reroll_candidates(s)
        if len(who) <= s.combat.declined:
            raise _bad("phase", ph, "a hero whose talent may still answer the roll (R5, R88)")
        if p != who[s.combat.declined] // 8:
            raise _bad("player", p, "the owner of the hero whose re-roll comes next (R88)")
    if ph in QUEUE_HEAD and p != s.queue[1] // 8:
        raise _bad("player", p, "the owner of the hero the follow-up is about")
    if s.current_player() == -1:
        outcomes = s.chance_outcomes()
        if not outcomes:
            raise _bad("phase", ph, "a chance node with outcomes")
    elif not s.legal_actions():
        raise _bad("phase", ph, f"a phase in which player {p} has a legal action")
