"""The invariants of a Jukem state (`JukemGame.check_state`): what no play of the game can
break. Checked on every state read from JSON, the notation or a record; never on the hot path."""

from __future__ import annotations

from typing import Any

from tablesports.core.errors import StateError
from tablesports.games.jukem.cards import SETUP_KINDS, Kind, deals_text
from tablesports.games.jukem.phases import AFTER_SUB, AFTER_TURN, DEALER, DRAW, OVER, PHASES
from tablesports.games.jukem.state import JukemState


def _bad(field: str, value: Any, allowed: str) -> StateError:
    return StateError("jukem", field, value, allowed)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _in(field: str, value: Any, low: int, high: int, what: str = "") -> None:
    if not _is_int(value) or not low <= value <= high:
        raise _bad(field, value, what or f"a whole number from {low} to {high}")


def _places(s: JukemState) -> list[tuple[str, list[int]]]:
    return [
        ("hand0", s.hands[0]),
        ("hand1", s.hands[1]),
        ("possession0", s.poss[0]),
        ("possession1", s.poss[1]),
        ("aside0", s.aside[0]),
        ("aside1", s.aside[1]),
        ("discard", s.discard),
        ("pile", s.pile),
        ("shot", [s.shot] if _is_int(s.shot) and s.shot >= 0 else []),  # a SHOT in flight
    ]


def check_state(s: JukemState) -> None:
    d = s.deck
    last_half = d.last_deal
    _in("half", s.half, 1, last_half, deals_text(d))
    if s.half == 2 > d.halves:
        raise _bad("half", s.half, deals_text(d))
    for field in ("dealer", "turn", "next_turn"):
        _in(field, getattr(s, field), 0, 1, "a player: 0 or 1")
    _in("phase", s.phase, 0, len(PHASES) - 1, f"one of {', '.join(PHASES)}")
    _in("after", s.after, AFTER_TURN, AFTER_SUB)
    _in("passes", s.passes, 0, 2, "passes in a row: 0, 1 or 2")
    _in("ready", s.ready, 0, d.size, "the cards of a possession: 0 to the deck's size")
    for field in ("hands", "poss", "aside"):
        value = getattr(s, field)
        if not isinstance(value, list) or len(value) != 2:
            raise _bad(field, value, "one list of cards per player (2)")
    # every card of the deck in exactly one place
    where: dict[int, str] = {}
    for name, cards in _places(s):
        for c in cards:
            _in(name, c, 0, d.size - 1, "cards of this deck")
            if c in where:
                raise _bad(name, d.ids[c], f"a card is in one place only; it is in {where[c]} too")
            where[c] = name
    if len(where) != d.size and not (s.phase == DEALER and not where):  # before the deal
        missing = " ".join(d.ids[c] for c in range(d.size) if c not in where)
        raise _bad(
            "pile", f"{len(where)} cards placed", f"every card in one place; none: {missing}"
        )
    for p in (0, 1):
        if len(s.hands[p]) > d.hand_size:
            raise _bad(f"hand{p}", len(s.hands[p]), f"at most {d.hand_size} cards")
        for c in s.poss[p]:
            if d.kind[c] not in SETUP_KINDS:
                raise _bad(f"possession{p}", d.ids[c], "setup plays only (PASS, HEADER, FLOP)")
    # the score: whole numbers, at least the goals set aside this half
    if not isinstance(s.score, list) or len(s.score) != 2:
        raise _bad("score", s.score, "two numbers of goals, one per player")
    goals = [sum(d.kind[c] == Kind.SHOT for c in a) for a in s.aside]
    for p in (0, 1):
        _in("score", s.score[p], goals[p], 10_000, f"at least the {goals[p]} goal(s) set aside")
    if s.half == 1 and s.first_half is not None:
        raise _bad("first_half", s.first_half, "none in the first half")
    if s.first_half is not None:
        if not isinstance(s.first_half, list) or len(s.first_half) != 2:
            raise _bad("first_half", s.first_half, "two numbers of goals, or none")
        for p in (0, 1):
            _in("first_half", s.first_half[p], 0, s.score[p], "0 up to the score")
    for field in ("queue",):
        for p in s.queue:
            _in(field, p, 0, 1, "players to draw: 0 or 1")
    if (s.phase == DRAW) != bool(s.queue):
        raise _bad("queue", s.queue, "players to draw during the draw phase, and only then")
    for p in (0, 1):
        if len(s.hands[p]) + s.queue.count(p) > d.hand_size:
            raise _bad("queue", s.queue, f"draws that fill hand{p} to {d.hand_size} at most")

    for field in ("last", "shot"):
        _in(field, getattr(s, field), -1, d.size - 1, "a card of this deck, or none")
    if s.shot >= 0 and d.kind[s.shot] != Kind.SHOT:
        raise _bad("shot", d.ids[s.shot], "a SHOT card")
    if s.winner == 2:  # a drawn match: only when the last tie-break deal ended level
        if not (s.half == last_half and s.score[0] == s.score[1]):
            raise _bad(
                "winner",
                s.winner,
                "2 (drawn) only after the last tie-break deal (the last half without one), level",
            )
    else:
        _in("winner", s.winner, -1, 1, "-1 (none yet), 0, 1, or 2 for a drawn match")
    if (s.winner != -1) != (s.phase == OVER):
        raise _bad("winner", s.winner, "a winner exactly when the phase is over")
    if not isinstance(s.subbed, bool):
        raise _bad("substituted", s.subbed, "true or false")
