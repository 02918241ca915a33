"""The terminal picture of the hex board and the heroes' cards.

Each hex is four characters wide; odd rows are shifted by half a hex. A standing hero shows
its seat and an arrow for its facing (``r1→``); a kneeling one is in capitals with its Stones
left (``R13``), ``P`` instead of the count when pinned. ``J`` is a loose Jugg, ``*`` after a hero
the Jugg it carries or stands on, ``M`` a Mal, ``:`` a start slot, ``+`` the centre.

The narrow picture (`board_picture(st, narrow=True)`, for an 80-column terminal) gives each hex
three characters and shifts odd rows by one: 41 half-hexes of four characters are 84 columns,
of three 63. A hero with the Jugg on its hex shows a double arrow (``r1⇒``), or ``*`` in place
of its Stones when kneeling (``R1*``).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tablesports.games.juggerttg import rules
from tablesports.games.juggerttg import state as S
from tablesports.games.juggerttg.actions import SPAR_IDS, TEAM, hero_label
from tablesports.games.juggerttg.board import CENTRE, FIELD, HEXES, MAL, ROWS, R, X, name

if TYPE_CHECKING:
    from tablesports.games.juggerttg.game import JuggerState

ARROWS = "→↗↖←↙↘"
JUGG_ARROWS = "⇒⇗⇖⇐⇙⇘"
"""The narrow picture's facing of a hero with the Jugg on its hex (no room for the ``*``)."""


def cell(st: JuggerState, hx: int, who: dict[int, int], jugg: int) -> str:
    """The hex in four characters (`jugg`: the Jugg's hex, `rules.jugg_hex`)."""
    h = who.get(hx, -1)
    at_jugg = jugg == hx
    if h >= 0:
        lab = hero_label(h)
        if st.down[h]:
            text = lab.upper() + ("P" if st.pinned_by[h] >= 0 else str(min(9, st.penalty[h])))
        else:
            text = lab + ARROWS[st.facing[h]]
        return text + ("*" if at_jugg else " ")
    if at_jugg:
        return " J  "
    return ground_cell(hx, st.game.field)


def ground_cell(hx: int, field: Sequence[bool]) -> str:
    """The hex with no hero nor Jugg on it."""
    if hx in MAL:
        return " M  "
    if hx == CENTRE:
        return " +  "
    if FIELD[hx]:
        return " .  " if field[hx] else " x  "
    return " :  "


def narrow_cell(st: JuggerState, hx: int, who: dict[int, int], jugg: int) -> str:
    """The hex in three characters: the wide cell, its Jugg mark folded into the hero's."""
    text = cell(st, hx, who, jugg)
    if not text.endswith("*"):
        return text[:3]
    h = who[hx]
    if st.down[h]:
        return text[:2] + "*"
    return text[:2] + JUGG_ARROWS[st.facing[h]]


ROW_HEXES = [[i for i in HEXES if R[i] == r] for r in range(ROWS)]


def at(hx: int, narrow: bool) -> int:
    """The column of the hex's first character: even rows one to the right of odd ones, a
    shift of 1 in 3 when narrow."""
    return 3 * (X[hx] + 1) // 2 if narrow else (X[hx] + 1) * 2


def put(row: list[str], hx: int, text: str, narrow: bool) -> None:
    row[at(hx, narrow) : at(hx, narrow) + len(text)] = list(text)


def line(r: int, row: list[str], narrow: bool) -> str:
    """Row `r` under its number."""
    return f"{r + 1:>{2 if narrow else 3}}  " + "".join(row).rstrip()


@functools.lru_cache(maxsize=16)
def ground(field: tuple[bool, ...], narrow: bool) -> tuple[tuple[list[str], str], ...]:
    """Each row with no hero nor Jugg on it, as characters and as its line: the pictures of a
    game are drawn over these (a board is drawn at every OpenSpiel step)."""
    rows = []
    for r in range(ROWS):
        row = [" "] * 90
        for hx in ROW_HEXES[r]:
            put(row, hx, ground_cell(hx, field)[: 3 if narrow else 4], narrow)
        rows.append((row, line(r, row, narrow)))
    return tuple(rows)


def board_picture(st: JuggerState, narrow: bool = False) -> list[str]:
    """The board, a line a row under the column letters; `narrow` fits 80 columns (66)."""
    who = {st.pos[h]: h for h in range(S.SEATS) if st.pos[h] >= 0}
    jugg = rules.jugg_hex(st)
    drawn = sorted({R[hx] for hx in (*who, jugg) if hx >= 0})
    rows = ground(tuple(st.game.field), narrow)
    lines = [NARROW_LETTERS if narrow else LETTERS, *(text for _, text in rows)]
    for r in drawn:
        row = rows[r][0].copy()
        for hx in ROW_HEXES[r]:
            if hx in who or hx == jugg:
                text = narrow_cell(st, hx, who, jugg) if narrow else cell(st, hx, who, jugg)
                put(row, hx, text, narrow)
        lines[r + 1] = line(r, row, narrow)
    return lines


LETTERS = "       " + "".join(f"{chr(97 + c):<4}" for c in range(21))
NARROW_LETTERS = "    " + "".join(f"{chr(97 + c)}  " for c in range(21)).rstrip()


def roster(st: JuggerState) -> list[str]:
    """The heroes to pick from, with what each costs, and the budget left (R15)."""
    game = st.game
    left = game.budget - st.team_cost[st.player]
    out = [f"{TEAM[st.player]} picks; budget left {left} of {game.budget}"]
    for hr in game.heroes:
        t = hr.talent
        talent = f"{t.name} ({t.label}, {t.effect} {t.amount})" if t else "-"
        out.append(
            f"  {hr.id:<7} cost {hr.cost:>2}  Ref {hr.reflex} A{hr.attack} P{hr.parry} "
            f"Ag{hr.agility} FP {hr.focus} AP {hr.stamina} Will {hr.will}  {hr.team:<17} {talent}"
        )
    return out


def draft_lines(st: JuggerState, player: int | None) -> list[str]:
    ids = st.game.heroes
    out = [
        f"draft: pile {len(st.pile)} cards; discard (top last): "
        + (", ".join(ids[c].id for c in st.discard) or "-")
    ]
    for p, hd in ((0, st.hand0), (1, st.hand1)):
        shown = ", ".join(ids[c].id for c in hd) if player in (None, p) else f"{len(hd)} cards"
        out.append(f"{TEAM[p]} hand: {shown or '-'}")
    return out


def render(st: JuggerState, player: int | None = None, narrow: bool = False) -> str:
    out = board_picture(st, narrow)
    phase = st.phase
    if phase == S.OVER:
        res = "a draw" if st.winner == 2 else f"{TEAM[st.winner]} wins"
        status = f"game over: {res} ({st.reason})"
    else:
        who = f"{TEAM[st.player]} to decide ({phase})" if st.current_player() >= 0 else "dice"
        status = who
        if st.active >= 0:
            status += f"; {hero_label(st.active)} is activating"
            if st.moves_left >= 0:
                status += f" ({st.moves_left} hexes of movement left)"
    out.append("")
    out.append(
        f"Stone {st.stone + 1} (drive Stone {st.drive_stone}), RDA {st.rda}, initiative "
        f"{TEAM[st.init]}, score red {st.score[0]} - blue {st.score[1]}, "
        f"TPP {st.tpp[0]}/{st.tpp[1]}"
    )
    out.append(status)
    if phase == S.C_REROLL:
        defence = st.combat.defence_skulls >= 0
        roller = st.combat.defender if defence else st.combat.attacker
        dice, skulls = (
            (st.combat.defence_dice, st.combat.defence_skulls)
            if defence
            else (st.combat.attack_dice, st.combat.attack_skulls)
        )
        out.append(
            f"{hero_label(roller)} rolled {skulls} skulls with {dice} dice; a re-roll talent "
            "may answer (R5, in Reflex order R88)"
        )
    if phase == S.AOO and st.aoo_from >= 0:
        out.append(
            f"{hero_label(st.aoo_mover)} stepped from {name(st.aoo_from)} to "
            f"{name(st.pos[st.aoo_mover])}: an AoO or a quickstep may answer (R65, R117)"
        )
    if phase == S.RECRUIT:
        out += roster(st)
    if phase in S.DRAFT_PHASES:
        out += draft_lines(st, player)
        out += roster(st)
    for p in (0, 1):
        for h in rules.seats(p):
            if st.card[h] < 0:
                continue
            hr = rules.hero(st, h)
            role = "sub" if st.role[h] == rules.SUB or st.spar[h] < 0 else SPAR_IDS[st.spar[h]]
            flags = []
            if st.down[h]:
                flags.append(f"down {st.penalty[h]}")
            if st.pinned_by[h] >= 0:
                flags.append(f"pinned by {hero_label(st.pinned_by[h])}")
            if st.exhausted[h]:
                flags.append("exhausted")
            if st.carrier == h:
                flags.append("carries the Jugg")
            if st.holder == h:
                flags.append(f"holds {hero_label(st.held)}")
            if st.activated[h]:
                flags.append("done")
            if st.delayed[h]:
                flags.append("delayed")
            if st.spar[h] >= 0 and rules.spar(st, h).chain and not st.chain_ready[h]:
                flags.append("chain thrown")
            where = name(st.pos[h]) if st.pos[h] >= 0 else "-"
            called = f"{hr.name.split()[0]:<6}" if narrow else f"{hr.name:<16}"
            out.append(
                f"  {hero_label(h)} {called} {role:<8} {where:<4} "
                f"Ref {hr.reflex} A{hr.attack} P{hr.parry} Ag{hr.agility} "
                f"FP {st.fp[h]}/{hr.focus} AP {st.ap[h]}/{hr.stamina}  {', '.join(flags)}"
            )
    return "\n".join(out)
