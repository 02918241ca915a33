"""The invariants of a Juggers state (`JuggersGame.check_state`): what no play of the match can
break. Checked on every state read from JSON, the notation or a record; never on the hot path.

`state_from_json` sets attributes as it finds them, so the types are checked here too."""

from __future__ import annotations

import math
from typing import Any

from tablesports.core.errors import StateError
from tablesports.core.protocol import CHANCE, TERMINAL
from tablesports.games.juggers.actions import Settle, slot_name
from tablesports.games.juggers.phases import (
    CHOOSE,
    DRAFT,
    NOISE,
    OVER,
    PHASES,
    PLACE,
    PLAY,
    ROLL,
    SETTLE,
    SHOOT,
    SHOOTER,
    TOSS,
)
from tablesports.games.juggers.physics_objects import in_goal, post_centres
from tablesports.games.juggers.state import NOBODY, JuggersState

CHANCE_PHASES = (TOSS, NOISE, SETTLE, ROLL)
BEFORE_PLAY = (TOSS, CHOOSE, DRAFT)
IN_TURN = (PLACE, PLAY, NOISE, SETTLE, ROLL)
"""Phases of a turn of the innings (NOISE and SETTLE also follow a penalty flick)."""
ROLL_KINDS = ("injury", "excite")
SLOP = 0.5
"""Millimetres by which a coin may overlap another coin or a post: Chipmunk lets shapes in
contact overlap by its collision slop (0.1 mm); play never comes near 0.5."""


def _bad(field: str, value: Any, allowed: str) -> StateError:
    return StateError("juggers", field, value, allowed)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_num(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _in(field: str, value: Any, low: int, high: int, what: str = "") -> None:
    if not _is_int(value) or not low <= value <= high:
        raise _bad(field, value, what or f"a whole number from {low} to {high}")


def _bool(field: str, value: Any) -> None:
    if not isinstance(value, bool):
        raise _bad(field, value, "true or false")


def _list(field: str, value: Any, n: int, what: str) -> None:
    if not isinstance(value, list) or len(value) != n:
        raise _bad(field, value, f"a list of {n}: {what}")


def check_state(s: JuggersState) -> None:
    _shapes(s)
    _draft(s)
    _match_clock(s)
    _juggers(s)
    _turn(s)
    _flick(s)
    _penalties(s)
    _end(s)


def _shapes(s: JuggersState) -> None:
    """Types and lengths of every field, so that the checks below can read them."""
    if s.phase not in PHASES:
        raise _bad("phase", s.phase, f"one of {', '.join(PHASES)}")
    for field in ("chars", "hp", "injured_until", "excited_until"):
        value = getattr(s, field)
        _list(field, value, 8, "one whole number per slot A1..B4")
        for v in value:
            if not _is_int(v):
                raise _bad(field, v, "whole numbers")
    for field in ("paid", "played"):
        value = getattr(s, field)
        _list(field, value, 8, "true or false per slot A1..B4")
        for v in value:
            _bool(field, v)
    for field in ("score", "morale", "budget", "subs", "pen_shots", "pen_goals"):
        value = getattr(s, field)
        _list(field, value, 2, "one whole number per team, A then B")
        for v in value:
            if not _is_int(v):
                raise _bad(field, v, "whole numbers")
    _list("pos", s.pos, 8, "a point or none per slot A1..B4")
    for field in ("turn_ends", "meta_this_turn"):
        _bool(field, getattr(s, field))
    for field in ("to_move", "first_picker", "toss_winner", "inning", "half", "turn"):
        if not _is_int(getattr(s, field)):
            raise _bad(field, getattr(s, field), "a whole number")
    for field in ("attacker", "actions", "declared", "shooter", "winner"):
        if not _is_int(getattr(s, field)):
            raise _bad(field, getattr(s, field), "a whole number")
    if not isinstance(s.reason, str):
        raise _bad("reason", s.reason, "a text")
    if not isinstance(s.rolls, list):
        raise _bad("rolls", s.rolls, "a list of rolls to make")


def _draft(s: JuggersState) -> None:
    """Each character once, team by team in drafting order; the toss before the choice."""
    n = len(s.game.characters)
    taken: dict[int, int] = {}
    for slot, c in enumerate(s.chars):
        _in("chars", c, -1, n - 1, f"-1 (not drafted) or a character of the market, 0 to {n - 1}")
        if c >= 0:
            if c in taken:
                other = slot_name(taken[c])
                raise _bad(
                    "chars", s.game.characters[c].id, f"a character drafted once; {other} has it"
                )
            taken[c] = slot
    picks = [sum(1 for c in s.chars[t * 4 : t * 4 + 4] if c >= 0) for t in (0, 1)]
    for t in (0, 1):
        team = s.chars[t * 4 : t * 4 + 4]
        if team != [c for c in team if c >= 0] + [-1] * (4 - picks[t]):
            raise _bad("chars", team, "a team's picks fill its slots 1 to 4 in order")
    if s.phase in (TOSS, CHOOSE):
        if any(picks):
            raise _bad("chars", s.chars, "nobody drafted before the choice (R3)")
    elif s.phase == DRAFT:
        _in("first_picker", s.first_picker, 0, 1, "team 0 (A) or 1 (B) picks first")
        f, o = picks[s.first_picker], picks[1 - s.first_picker]
        nxt = s.first_picker if f == o else 1 - s.first_picker
        if f - o not in (0, 1) or f + o == 8:
            raise _bad("chars", picks, "picks taken in turn, first picker first, fewer than 8")
        if s.to_move != nxt:
            raise _bad("to_move", s.to_move, f"team {nxt}, whose pick it is (R35)")
    elif min(picks) < 4:
        raise _bad("chars", s.chars, f"four Juggers per team once the draft is over ({s.phase})")
    if s.phase == TOSS:
        _in("toss_winner", s.toss_winner, -1, -1, "-1 before the toss")
    elif s.phase == CHOOSE:
        _in("toss_winner", s.toss_winner, 0, 1, "team 0 (A) or 1 (B), who chooses")
    else:  # a position set up by the notation skips the toss
        _in("toss_winner", s.toss_winner, -1, 1, "-1 (no toss), 0 (A) or 1 (B)")
    if s.phase == CHOOSE and s.to_move != s.toss_winner:
        raise _bad("to_move", s.to_move, f"the toss winner, team {s.toss_winner}, chooses")
    if s.phase in (TOSS, CHOOSE):
        _in("first_picker", s.first_picker, -1, -1, "-1 until the toss winner chooses")
    else:
        _in("first_picker", s.first_picker, 0, 1, "team 0 (A) or 1 (B)")
    h = s.game.house
    for t in (0, 1):
        _in("budget", s.budget[t], 0, h.budget, f"0 to the {h.budget} denari of the draft")
    for slot in range(8):
        c = s.chars[slot]
        life = s.game.characters[c].life if c >= 0 else 0
        _in(f"hp {slot_name(slot)}", s.hp[slot], 0, life, f"0 to the character's life {life}")
        if c < 0 and s.paid[slot]:
            raise _bad(f"paid {slot_name(slot)}", True, "false for an empty slot")


def _match_clock(s: JuggersState) -> None:
    """Innings, turns and the attacker within the match's limits."""
    h = s.game.house
    top = max(h.morale_cap, h.starting_morale)
    for t in (0, 1):
        _in("morale", s.morale[t], 0, top, f"0 to the cap {top} (R24, H-MORALE)")
        _in("subs", s.subs[t], 0, 1, "0 or 1: one substitution per turn (R17)")
    if s.phase in BEFORE_PLAY:
        for field in ("inning", "half", "turn"):
            _in(field, getattr(s, field), 0, 0, "0 before the first inning")
        _in("attacker", s.attacker, NOBODY, NOBODY, "-1: nobody attacks during the draft")
        none_yet = (("injured_until", -1), ("excited_until", -1), ("score", 0), ("subs", 0))
        for field, none in none_yet:
            if any(v != none for v in getattr(s, field)):
                raise _bad(field, getattr(s, field), f"all {none} before the innings")
        if any(s.played) or s.meta_this_turn:
            raise _bad("played", s.played, "nobody played and no meta before the innings")
        return
    _in("inning", s.inning, 1, h.innings, f"1 to the {h.innings} innings (R2)")
    _in("half", s.half, 0, 1, "0 or 1: the inning's first or second turn")
    last = 2 * (s.inning - 1) + s.half + 1
    _in("turn", s.turn, 1, last, f"1 to {last}, the turns begun by inning {s.inning}")
    for t in (0, 1):
        attacks = s.inning if t == 1 - s.first_picker else s.inning - 1 + s.half
        _in("score", s.score[t], 0, attacks, f"0 to {attacks}: one meta at most per attack")
    for field in ("injured_until", "excited_until"):
        for slot, v in enumerate(getattr(s, field)):
            _in(f"{field} {slot_name(slot)}", v, -1, s.turn + 1, f"-1 to turn {s.turn + 1}")
    if s.phase in IN_TURN and s.shooter < 0:
        attacker = (1 - s.first_picker) if s.half == 0 else s.first_picker
        if s.attacker != attacker:
            raise _bad("attacker", s.attacker, f"team {attacker}: the first picker attacks second")
    elif s.phase != OVER:
        _in("attacker", s.attacker, NOBODY, NOBODY, "-1: nobody attacks during penalties")
    else:
        _in("attacker", s.attacker, NOBODY, 1, "-1, 0 or 1")


def _juggers(s: JuggersState) -> None:
    """Coins on the table: drafted, alive, on the table's surface, one per place."""
    t = s.game.table
    seen: dict[tuple[float, float], int] = {}
    for slot, p in enumerate(s.pos):
        if p is None:
            continue
        name = slot_name(slot)
        if not (isinstance(p, tuple) and len(p) == 2 and all(_is_num(v) for v in p)):
            raise _bad(f"pos {name}", p, "none or a point [x, y] in mm")
        x, y = p
        if not (0.0 <= x <= t.width and 0.0 <= y <= t.height):
            raise _bad(f"pos {name}", p, f"a point on the table, 0-{t.width} x 0-{t.height} mm")
        if s.hp[slot] <= 0 and s.shooter < 0:  # a penalty taker: checked in `_penalties`
            raise _bad(f"pos {name}", p, "off the table: a Jugger with no life left is out (R22)")
        for other, q in seen.items():
            if math.dist(p, other) < 2 * t.coin_radius - SLOP:
                there = f"{slot_name(q)} is at {other}"
                raise _bad(f"pos {name}", p, f"a place of its own, clear of other coins; {there}")
        for post in post_centres(t):
            if math.dist(p, post) < t.coin_radius + t.post_radius - SLOP:
                raise _bad(f"pos {name}", p, f"a place clear of the posts; a post is at {post}")
        if in_goal(t, 1, x, y) or in_goal(t, -1, x, y):
            raise _bad(f"pos {name}", p, "not wholly inside a goal: the goal catches it (H-GOAL)")
        seen[p] = slot
        if s.phase in (PLACE, PLAY, ROLL) and not s.played[slot]:
            raise _bad(f"played {name}", False, "true for a Jugger put on the table this turn")
    if s.phase in (TOSS, CHOOSE, DRAFT, SHOOTER, OVER) and seen:
        raise _bad("pos", s.phase, "no coin on the table before the innings, between penalties")
    if s.phase in BEFORE_PLAY or s.phase == OVER:
        return
    for team in (0, 1):
        on = len(s.on_table(team))
        if on > 3:
            raise _bad("pos", on, f"at most 3 of team {'AB'[team]}'s Juggers on the table (R4)")


def _turn(s: JuggersState) -> None:
    """Whose move it is, the placement and the attack's counters."""
    h = s.game.house
    if s.phase in CHANCE_PHASES:
        if s.to_move != CHANCE:
            raise _bad("to_move", s.to_move, f"chance ({CHANCE}) in the {s.phase} phase")
    elif s.phase == OVER:
        if s.to_move != TERMINAL:
            raise _bad("to_move", s.to_move, f"{TERMINAL} (nobody) once the match is over")
    else:
        _in("to_move", s.to_move, 0, 1, f"team 0 (A) or 1 (B) in the {s.phase} phase")
    _in("actions", s.actions, 0, 2 * h.attacker_actions - 1, "within the attack's limit (H-END)")
    if s.phase not in (ROLL,) and s.turn_ends:
        raise _bad("turn_ends", True, "false outside the rolls that follow a flick")
    if s.phase in (PLACE, PLAY) and s.meta_this_turn:
        raise _bad("meta_this_turn", True, "false: a meta ends the attack (R10)")
    if s.phase == PLACE:
        if s.actions or any(s.subs) or s.declared != -1:
            raise _bad("actions", s.actions, "no action, substitution or supermove in placement")
        for slot in range(8):
            if s.played[slot] != (s.pos[slot] is not None):
                raise _bad(f"played {slot_name(slot)}", s.played[slot], "true when placed")
        a, d = s.attacker, 1 - s.attacker
        for team, most in ((a, 3), (d, 2)):
            if s.placed(team) > most:
                raise _bad("pos", s.placed(team), f"team {team} places {most} Juggers (R4)")
        due = a if s.placed(a) < min(3, s.fieldable(a)) else d
        if s.placed(d) >= min(2, s.fieldable(d)) and due == d:
            raise _bad("phase", s.phase, "play: every Jugger is placed (R4)")
        if s.to_move != due:
            raise _bad("to_move", s.to_move, f"team {due}, who places next (R4, H-PLACE)")
    elif s.phase == PLAY:
        side = s.attacker if s.actions % 2 == 0 else 1 - s.attacker
        if s.to_move != side:
            raise _bad("to_move", s.to_move, f"team {side}: the attacker on even actions (H-END)")
    _in("declared", s.declared, -1, 7, "-1 or the slot 0-7 whose supermove is declared")
    if s.declared >= 0:
        slot = s.declared
        name = slot_name(slot)
        if s.phase != PLAY or s.team_of(slot) != s.to_move:
            raise _bad("declared", name, "a Jugger of the team to flick, in the play phase (R23)")
        if not s.flickable(slot) or not s.paid[slot]:
            raise _bad("declared", name, "a paid Jugger on the table, not injured (R23, R27)")


def _flick(s: JuggersState) -> None:
    """The flick being resolved, its result and the rolls that follow."""
    if (s.flick is not None) != (s.phase in (NOISE, SETTLE)):
        raise _bad("flick", s.flick, "a flick exactly while its noise and settling are due")
    if s.flick is not None:
        f = s.flick
        if not (isinstance(f, tuple) and len(f) == 5):
            raise _bad("flick", f, "[slot, angle, strength, offset, supermove]")
        slot, angle, strength, offset, used = f
        _in("flick slot", slot, 0, 7, "the slot 0-7 of the flicked Jugger")
        if s.pos[slot] is None:
            raise _bad("flick slot", slot_name(slot), "a Jugger on the table")
        if not (_is_num(angle) and 0.0 <= angle < 360.0):
            raise _bad("flick angle", angle, "0 to under 360 degrees")
        if not (_is_num(strength) and 0.0 < strength <= 1.0):
            raise _bad("flick strength", strength, "over 0 up to 1")
        if not (_is_num(offset) and -1.0 <= offset <= 1.0):
            raise _bad("flick offset", offset, "-1 to 1")
        _bool("flick supermove", used)
        if used and (not s.paid[slot] or s.shooter >= 0):
            raise _bad("flick supermove", used, "only a paid Jugger's, and not on a penalty")
    if (s.result is not None) != (s.phase == SETTLE):
        raise _bad("result", s.result, "the flick's outcome exactly while it settles")
    if s.result is not None:
        _result(s)
    if bool(s.rolls) != (s.phase == ROLL):
        raise _bad("rolls", s.rolls, "rolls to make exactly in the roll phase")
    for kind, slot in s.rolls:
        if kind not in ROLL_KINDS:
            raise _bad("rolls", kind, f"one of {', '.join(ROLL_KINDS)}")
        _in("rolls", slot, 0, 7, "the slot 0-7 that rolls")
        if kind == "injury" and s.pos[slot] is not None:
            raise _bad("rolls", slot_name(slot), "an injury roll for a Jugger off the table")
    if sum(1 for k, _ in s.rolls if k == "excite") > 1:
        raise _bad("rolls", s.rolls, "one excitement roll at most, for the flick's supermove")


def _result(s: JuggersState) -> None:
    result = s.result
    assert result is not None and s.flick is not None
    if not (isinstance(result, tuple) and len(result) == 6):
        raise _bad("result", result, "[settle, fallen, scored, gated, crossed, touched]")
    settle, fallen, *flags = result
    if not isinstance(settle, Settle):
        raise _bad("result", settle, "a settle action")
    t = s.game.table
    slots = []
    for item in settle.positions:
        slot, x, y = item
        slots.append(slot)
        if not (0 <= slot <= 7 and s.pos[slot] is not None):
            raise _bad("result settle", item, "a Jugger that was on the table")
        if not (0.0 <= x <= t.width and 0.0 <= y <= t.height):
            raise _bad("result settle", item, "a point on the table")
    if len(set(slots)) != len(slots):
        raise _bad("result settle", str(settle), "each Jugger once")
    if not isinstance(fallen, list):
        raise _bad("result fallen", fallen, "a list of slots")
    for slot in fallen:
        if not _is_int(slot) or slot in slots or not (0 <= slot <= 7) or s.pos[slot] is None:
            raise _bad("result fallen", slot, "a Jugger that was on the table and is no more")
    if len(set(fallen)) != len(fallen):
        raise _bad("result fallen", fallen, "each Jugger once")
    for name, v in zip(("scored", "gated", "crossed", "touched"), flags, strict=True):
        _bool(f"result {name}", v)


def _penalties(s: JuggersState) -> None:
    """Penalties only after a tied match, shot in turn, goals no more than shots (R31, H-PEN)."""
    rounds = s.game.house.sudden_death_cap
    cap = 5 + rounds if rounds is not None else 10**9  # "a oltranza" (R33)
    for t in (0, 1):
        _in("pen_shots", s.pen_shots[t], 0, cap, f"0 to {cap} penalties (sudden_death_cap)")
        _in("pen_goals", s.pen_goals[t], 0, s.pen_shots[t], "0 up to the penalties taken")
    in_penalties = s.phase in (SHOOTER, SHOOT) or s.shooter >= 0
    if (any(s.pen_shots) or in_penalties) and s.score[0] != s.score[1]:
        raise _bad("score", s.score, "level: penalties follow a drawn match only (R31)")
    if any(s.pen_shots) and not (in_penalties or s.phase == OVER):
        raise _bad("pen_shots", s.pen_shots, "none before the penalties")
    if s.phase not in BEFORE_PLAY and (any(s.pen_shots) or in_penalties):
        first = 1 - s.first_picker
        lead = s.pen_shots[first] - s.pen_shots[1 - first]
        if lead not in (0, 1):
            raise _bad("pen_shots", s.pen_shots, f"team {first} shoots first, then in turn")
        due = first if lead == 0 else 1 - first
        if s.phase in (SHOOTER, SHOOT) and s.to_move != due:
            raise _bad("to_move", s.to_move, f"team {due}, whose penalty it is (H-PEN)")
    _in("shooter", s.shooter, -1, 7, "-1 or the slot 0-7 of the penalty taker")
    if (s.shooter >= 0) != (s.phase == SHOOT or (s.phase in (NOISE, SETTLE) and s.attacker < 0)):
        raise _bad("shooter", s.shooter, "a penalty taker exactly while a penalty is shot")
    if s.shooter >= 0:
        if s.phase == SHOOT and s.team_of(s.shooter) != s.to_move:
            raise _bad("shooter", slot_name(s.shooter), f"a Jugger of team {s.to_move}")
        others = [slot_name(x) for x, p in enumerate(s.pos) if p is not None and x != s.shooter]
        if others or (s.phase != SETTLE and s.pos[s.shooter] is None):
            raise _bad("pos", others, "the penalty taker alone on the table (R31)")
        if s.flick is not None and s.flick.slot != s.shooter:
            raise _bad("flick slot", s.flick.slot, "the penalty taker's")
        team = s.team_of(s.shooter)
        if s.shooter % 4 + 1 not in s.shooters(team):
            raise _bad("shooter", slot_name(s.shooter), "a Jugger with life left (R22, H-PEN)")


def _end(s: JuggersState) -> None:
    """A winner only at the end, and the one the score (or the penalties) names."""
    _in("winner", s.winner, NOBODY, 1, "-1 (none), 0 (A) or 1 (B)")
    if s.phase != OVER:
        if s.winner != NOBODY:
            raise _bad("winner", s.winner, "-1 until the match is over")
        if s.reason:
            raise _bad("reason", s.reason, "none until the match is over")
        return
    a, b = s.score
    pa, pb = s.pen_goals
    if a == b and not any(s.pen_shots):
        raise _bad("score", s.score, "a match over without penalties has a winner on mete (R30)")
    due = (0 if a > b else 1) if a != b else (0 if pa > pb else 1) if pa != pb else NOBODY
    if s.winner != due:
        what = "the team with more mete" if a != b else "the penalties' winner, or -1 if drawn"
        raise _bad("winner", s.winner, f"{due}: {what}")
    if not s.reason:
        raise _bad("reason", s.reason, "why the match ended")
    if any(s.pen_shots):  # the penalties end on level shots, five each or more (R32, R33)
        rounds = s.game.house.sudden_death_cap
        cap = 5 + rounds if rounds is not None else None
        shots = s.pen_shots[0]
        if s.pen_shots[1] != shots or shots < 5 or (pa == pb and shots != cap):
            allowed = (
                f"level, 5 to {cap} each, ending on a lead unless at the cap (R32, R33)"
                if cap is not None
                else "level, 5 or more each, ending on a lead (R32, R33: no cap is set)"
            )
            raise _bad("pen_shots", s.pen_shots, allowed)
