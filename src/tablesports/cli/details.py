"""Who is who: the commands `roster` and `info WHAT`, for games whose pieces have values.

Blood Bowl's pitch shows shirt numbers only (`H7`, `a3`): `roster` lists both teams (number,
position, MA ST AG PA AV, skills, where each is and how), `info 7` one player of the seat to
move (`info A7` / `info H7` names the team). Jugger TTG's recruit list is a table of values:
`info arlo` gives a hero's team and talent.
"""

from __future__ import annotations

import re
from typing import Any

from rich.table import Table

from tablesports.core.protocol import State

_BB_WHO = re.compile(r"([ha])?#?(\d{1,2})")


HELP = {
    "bloodbowl": "  roster         both teams: number, position, MA ST AG PA AV, where, skills\n"
    "  info N         one player of yours (info A7, info H7: of that team)",
    "juggerttg": "  info NAME      a hero of the recruit list: team, country, talent",
}
"""The lines `help` adds for these commands, in the game that has them."""


def supported(game_id: str) -> bool:
    return game_id in HELP


def roster(state: State) -> Table | str:
    if state.game.info.id != "bloodbowl":
        return "roster: Blood Bowl's command (its pitch shows shirt numbers only)"
    s: Any = state
    table = Table(box=None, pad_edge=False, title_justify="left", show_edge=False)
    for column in ("", "#", "position", "MA", "ST", "AG", "PA", "AV", "where", "skills"):
        table.add_column(column, justify="right" if column in ("#", "MA", "ST", "AV") else "left")
    for team in (0, 1):
        for pid in s.team_pids[team]:
            table.add_row(*_row(s, team, s.players[pid]))
    return table


def _row(s: Any, team: int, p: Any) -> list[str]:
    return [
        "HA"[team],
        str(p.number),
        p.position.name,
        str(p.ma),
        str(p.st),
        f"{p.ag}+",
        f"{p.pa}+" if p.pa else "-",
        f"{p.av}+",
        _where(p),
        ", ".join(sorted(p.skills)) or "-",
    ]


def _where(p: Any) -> str:
    if p.square >= 0:
        from tablesports.games.bloodbowl.pitch import coords

        x, y = coords(p.square)
        state = "" if p.stance == "standing" else f" {p.stance}"
        return f"{x},{y}{state}{' (acted)' if p.used else ''}"
    return p.box.replace("_", " ")


def info(state: State, seat: int, what: str) -> str:
    game = state.game.info.id
    if game == "bloodbowl":
        return _bb_info(state, seat, what)
    if game == "juggerttg":
        return _ttg_info(state, what)
    return "info: Blood Bowl's and Jugger TTG's command"


def _bb_info(state: State, seat: int, what: str) -> str:
    m = _BB_WHO.fullmatch(what.lower().replace(" ", ""))
    if m is None:
        return f"info takes a shirt number: info 7, or info A7 / info H7 for a team (not {what!r})"
    team = seat if m[1] is None else "ha".index(m[1])
    s: Any = state
    p = s.player(team, int(m[2]))
    if p is None:
        numbers = " ".join(str(s.players[i].number) for i in s.team_pids[team])
        return f"no #{m[2]} in {s.team_name(team)}: the numbers are {numbers}"
    _, number, position, ma, st, ag, pa, av, where, skills = _row(s, team, p)
    name = f" {p.name}" if p.name else ""
    return (
        f"{'HA'[team]}{number}{name}: {position} of {s.team_name(team)} · MA {ma} ST {st} "
        f"AG {ag} PA {pa} AV {av} · {where} · skills: {skills}"
    )


def _ttg_info(state: State, what: str) -> str:
    heroes = {h.id: h for h in getattr(state.game, "heroes", [])}
    hero = heroes.get(what.lower())
    if hero is None:
        return f"info takes a hero of the recruit list: {', '.join(heroes)}"
    t = hero.talent
    talent = f"{t.name} ({t.label}, {t.effect} {t.amount})" if t else "no talent"
    return (
        f"{hero.id}: {hero.name} of the {hero.team} ({hero.country}), {hero.specialisation}; "
        f"cost {hero.cost}; Reflex {hero.reflex}, Attack {hero.attack}, Parry {hero.parry}, "
        f"Agility {hero.agility}, FP {hero.focus}, AP {hero.stamina}, Will {hero.will}; {talent}"
    )
