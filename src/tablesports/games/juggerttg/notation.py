"""The position notation: a header of ``key=value`` words, then one entry per hero.

    stone=3 rda=4 init=red score=0-0 jugg=carried / r1 arlo qwik k6 E 4/3 carrier; ...

Header keys (all optional): ``length`` (short/long), ``stone`` (Stones played), ``drive_stone``,
``rda`` (5..1), ``init`` (red/blue: the initiative player), ``turn`` (whose turn; default the
initiative player), ``score`` (red-blue), ``jugg`` (the loose Jugg's hex, or ``carried``),
``tpp`` (red/blue teamplay points), ``active`` (an activating hero: the position is then inside
its activation), ``moves`` (hexes left of its declared movement; none declared if absent),
``faced=yes`` (the facing was set since the hero's last action, R93).

A hero entry: seat (r1..r8, b1..b8), roster id, spar (``qwik`` for the Qwik, ``sub`` for a
substitute), hex, facing (E NE NW W SW SE), FP/AP, then flags: ``downN`` (kneeling, N Stones
left), ``pinned-by=b3``, ``exhausted``, ``thrown`` (the chain), ``done`` (activated this Stone),
``delayed``, ``carrier``, ``holds=b1`` (this Qwik holds b1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.core.errors import NotationError
from tablesports.games.juggerttg import rules
from tablesports.games.juggerttg import state as S
from tablesports.games.juggerttg.actions import SPAR_IDS, TEAM, hero_label, parse_hero
from tablesports.games.juggerttg.board import FACING_NAMES, name, parse_hex

if TYPE_CHECKING:
    from tablesports.games.juggerttg.game import JuggerState


def parse_position(st: JuggerState, text: str) -> JuggerState:
    """Fill the new state `st` (the game makes it) with a position in the notation;
    NotationError says what is wrong."""
    head, sep, body = text.partition(" / ")
    if not sep:
        raise NotationError("a position is a header, ' / ', then hero entries separated by ';'")
    st.phase = S.TURN
    st.pile = []  # a drafted game's new state holds the undealt deck: a position has none
    header: dict[str, str] = {}
    for word in head.split():
        k, eq, v = word.partition("=")
        if not eq:
            raise NotationError(f"header word {word!r} is not key=value")
        header[k] = v
    try:
        _read_heroes(st, body)
        _read_header(st, header)
    except ValueError as exc:
        raise NotationError(str(exc)) from None
    return st


def _team(v: str) -> int:
    if v not in TEAM:
        raise ValueError(f"team {v!r}: red or blue")
    return TEAM.index(v)


def _read_header(st: JuggerState, h: dict[str, str]) -> None:
    known = {
        "length",
        "stone",
        "drive_stone",
        "rda",
        "init",
        "turn",
        "score",
        "jugg",
        "tpp",
        "active",
        "moves",
        "faced",
    }
    unknown = set(h) - known
    if unknown:
        raise ValueError(f"unknown header keys {sorted(unknown)}; known: {sorted(known)}")
    if h.get("length", st.game.options.length) != st.game.options.length:
        raise ValueError(f"the game is {st.game.options.length}; load it with length={h['length']}")
    st.stone = int(h.get("stone", "0"))
    st.drive_stone = int(h.get("drive_stone", str(st.stone + 1)))
    st.rda = int(h.get("rda", "5"))
    if not 1 <= st.rda <= 5:
        raise ValueError(f"rda {st.rda}: the RDA runs 5..1 (R38)")
    st.init = _team(h.get("init", "red"))
    st.turn_player = _team(h["turn"]) if "turn" in h else st.init
    st.turn_step = 0 if st.turn_player == st.init else 1
    a, _, b = h.get("score", "0-0").partition("-")
    st.score = [int(a), int(b)]
    jugg = h.get("jugg", "k6")
    if jugg == "carried":
        if st.carrier < 0:
            raise ValueError("jugg=carried but no hero has the flag 'carrier'")
        st.jugg = -1
    else:
        if st.carrier >= 0:
            raise ValueError("a hero carries the Jugg: write jugg=carried")
        st.jugg = parse_hex(jugg)
    if "tpp" in h:
        x, _, y = h["tpp"].partition("/")
        st.tpp = [int(x), int(y)]
    else:
        for p in (0, 1):
            teams = [rules.hero(st, k).team for k in rules.seats(p) if rules.on_field(st, k)]
            st.tpp[p] = len(teams) - len(set(teams))
    st.player = st.turn_player
    if "active" in h:
        k = parse_hero(h["active"])
        if not rules.standing(st, k):
            raise ValueError(f"active={h['active']}: the active hero must stand on the board")
        st.active = k
        st.activated[k] = 1
        st.start_hex[k] = st.pos[k]
        st.moves_left = int(h.get("moves", "-1"))
        st.may_face = 0 if h.get("faced") == "yes" else 1
        st.phase = S.ACT
        st.player = k // 8
        st.turn_player = k // 8
        st.turn_step = 0 if st.turn_player == st.init else 1
    else:
        rules.to_turn(st)


def _read_heroes(st: JuggerState, body: str) -> None:
    game = st.game
    for entry in body.split(";"):
        words = entry.split()
        if not words:
            continue
        if len(words) < 6:
            raise ValueError(f"hero entry {entry.strip()!r}: seat id spar hex facing FP/AP [flags]")
        h = parse_hero(words[0])
        if st.card[h] >= 0:
            raise ValueError(f"seat {words[0]} appears twice")
        if words[1] not in game.hero_index:
            raise ValueError(f"hero {words[1]!r} is not in the roster")
        st.card[h] = game.hero_index[words[1]]
        st.team_cost[h // 8] += game.heroes[st.card[h]].cost
        sp = words[2]
        if sp == "sub":
            st.role[h] = rules.SUB
        elif sp in SPAR_IDS:
            st.spar[h] = SPAR_IDS.index(sp)
            st.role[h] = rules.QWIK if sp == "qwik" else rules.POMPFER
        else:
            raise ValueError(f"spar {sp!r}: one of {', '.join(SPAR_IDS)} or sub")
        st.pos[h] = -1 if words[3] == "-" else parse_hex(words[3])
        if words[4].upper() not in FACING_NAMES:
            raise ValueError(f"facing {words[4]!r}: one of {', '.join(FACING_NAMES)}")
        st.facing[h] = FACING_NAMES.index(words[4].upper())
        fp, _, ap = words[5].partition("/")
        st.fp[h], st.ap[h] = int(fp), int(ap)
        st.chain_ready[h] = 1
        for flag in words[6:]:
            if flag.startswith("down"):
                st.down[h] = 1
                st.penalty[h] = int(flag[4:] or "0")
            elif flag.startswith("pinned-by="):
                st.pinned_by[h] = parse_hero(flag[10:])
            elif flag.startswith("holds="):
                st.holder, st.held = h, parse_hero(flag[6:])
            elif flag == "exhausted":
                st.exhausted[h] = 1
            elif flag == "thrown":
                st.chain_ready[h] = 0
            elif flag == "done":
                st.activated[h] = 1
            elif flag == "delayed":
                st.delayed[h] = 1
            elif flag == "carrier":
                st.carrier = h
            else:
                raise ValueError(f"hero {words[0]}: unknown flag {flag!r}")
    taken: dict[int, int] = {}
    for h in range(S.SEATS):
        if st.pos[h] >= 0:
            if st.pos[h] in taken:
                raise ValueError(f"{hero_label(h)} and {hero_label(taken[st.pos[h]])} share a hex")
            taken[st.pos[h]] = h
    for p in (0, 1):
        if sum(st.role[h] == rules.QWIK for h in rules.seats(p)) != 1:
            raise ValueError(f"{TEAM[p]} needs exactly one Qwik (R12)")


def position(st: JuggerState) -> str:
    """The notation of a position (inside a turn or an activation)."""
    head = [
        f"length={st.game.options.length}",
        f"stone={st.stone}",
        f"drive_stone={st.drive_stone}",
        f"rda={st.rda}",
        f"init={TEAM[st.init]}",
        f"turn={TEAM[st.turn_player]}",
        f"score={st.score[0]}-{st.score[1]}",
        f"jugg={'carried' if st.carrier >= 0 else name(st.jugg) if st.jugg >= 0 else 'k6'}",
        f"tpp={st.tpp[0]}/{st.tpp[1]}",
    ]
    if st.active >= 0:
        head.append(f"active={hero_label(st.active)}")
        if st.moves_left >= 0:
            head.append(f"moves={st.moves_left}")
        if not st.may_face:
            head.append("faced=yes")
    entries = []
    for h in range(S.SEATS):
        if st.card[h] < 0:
            continue
        sp = "sub" if st.role[h] == rules.SUB or st.spar[h] < 0 else SPAR_IDS[st.spar[h]]
        words = [
            hero_label(h),
            rules.hero(st, h).id,
            sp,
            name(st.pos[h]) if st.pos[h] >= 0 else "-",
            FACING_NAMES[st.facing[h]],
            f"{st.fp[h]}/{st.ap[h]}",
        ]
        if st.down[h]:
            words.append(f"down{st.penalty[h]}")
        if st.pinned_by[h] >= 0:
            words.append(f"pinned-by={hero_label(st.pinned_by[h])}")
        if st.holder == h:
            words.append(f"holds={hero_label(st.held)}")
        if st.exhausted[h]:
            words.append("exhausted")
        if rules.spar(st, h).chain and not st.chain_ready[h] if st.spar[h] >= 0 else False:
            words.append("thrown")
        if st.activated[h] and h != st.active:
            words.append("done")
        if st.delayed[h]:
            words.append("delayed")
        if st.carrier == h:
            words.append("carrier")
        entries.append(" ".join(words))
    return " ".join(head) + " / " + "; ".join(entries)
