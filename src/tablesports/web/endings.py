"""How a match ends besides the game's own end: resign, an agreed draw, time, abandonment.

An ending is a stored row like a move (player `ENDING`, action `resign 1`, `draw`, `time 0`,
`abandon 1`), so a restarted server and every other process rebuild it by replay, and the
match's history says when it came. The game's state is left as it was: the ending decides the
result instead (the seat named loses; `draw`: nobody wins).

A draw is offered and accepted only in a game whose results can be a draw (`DRAWS`); the offer
stands until the next move (house rule: a bot declines every offer at once). A rematch is asked
for by every person seated; bots agree at once. The new match has the same game and options,
the players one seat further on (two seats: swapped), and the same clock. Offers and asks are
kept in the store (`web.offers`), so that every server process sees them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tablesports.core.errors import TablesportsError
from tablesports.web.store import ABANDON

if TYPE_CHECKING:
    from tablesports.core.protocol import State

ENDING = ABANDON
"""The player of a stored row that ends the match (-10; `UNDO` is -9): `web.abandon` writes
`abandon SEAT` rows with it, and the other endings share it."""

KINDS = ("resign", "draw", "time", "abandon")
"""Why a match ended other than by the game's rules; `time` and `abandon` name the loser."""

DRAWS = frozenset({"bloodbowl", "hanniball", "jukem", "juggerttg"})
"""Games whose results can be a draw (a level score, the turn limit, a repetition...); a
Juggers match always has a winner (R33: penalties until one side leads), so no draw offer."""


class EndingError(TablesportsError):
    """A stored ending row that cannot be read."""


@dataclass(frozen=True, slots=True)
class Ending:
    kind: str
    seat: int | None = None
    """The seat that resigned, ran out of time or abandoned (None for an agreed draw)."""

    def row(self) -> str:
        return self.kind if self.seat is None else f"{self.kind} {self.seat}"

    @staticmethod
    def parse(text: str) -> Ending:
        parts = text.split()
        if not parts or parts[0] not in KINDS or len(parts) > 2:
            raise EndingError(f"not an ending row: {text!r}")
        if parts[0] == "draw":
            return Ending("draw")
        if len(parts) != 2 or not parts[1].isdigit():
            raise EndingError(f"ending row without its seat: {text!r}")
        return Ending(parts[0], int(parts[1]))

    def returns(self, players: int) -> list[float]:
        if self.seat is None:
            return [0.0] * players
        # the seat named loses; everyone else wins (two seats: the other one)
        return [-1.0 if s == self.seat else 1.0 for s in range(players)]


def game_reason(state: State) -> str:
    """The game's own words for why it ended, when its state keeps them (HanniBall's and
    Juggers' `reason`), else the final score where the state has one."""
    reason = getattr(state, "reason", "")
    if isinstance(reason, str) and reason:
        return reason
    score = getattr(state, "score", None)
    if isinstance(score, (list, tuple)) and len(score) == 2:
        return f"{score[0]}–{score[1]}"
    return ""


def result(
    returns: list[float] | None, ending: Ending | None, state: State | None
) -> dict[str, Any] | None:
    """For the page: who won (seats; none or all for a draw), and why."""
    if returns is None:
        return None
    best = max(returns)
    winners = [s for s, r in enumerate(returns) if r == best and r > min(returns)]
    if ending is not None:
        return {"winners": winners, "reason": ending.kind, "seat": ending.seat, "detail": ""}
    detail = game_reason(state) if state is not None else ""
    said = reason_phrase(state, detail) if state is not None and detail else None
    return {"winners": winners, "reason": "game", "seat": None, "detail": detail, "said": said}


def reason_phrase(state: State, detail: str) -> dict[str, Any] | None:
    """The game's reason as one of its sentence templates with fields (HanniBall's goal is
    the goal event's sentence), so the page translates it as the move list does the event.
    Templates of fields only (`{piece_names} {text}`) fit anything and say nothing: skipped."""
    from tablesports.web.phrases import _books  # the phrasebooks load the games' sources

    parts = type(state).__module__.split(".")
    if len(parts) < 3 or parts[:2] != ["tablesports", "games"]:
        return None
    book, subs = _books(parts[2])
    phrases = [p for group in (*book.values(), *subs.values()) for p in group]
    fits = [p for p in phrases if _words(p.template) and p.pattern.fullmatch(detail)]
    if not fits:
        return None
    # the most specific template ("{colour} has no legal step" before "{colour} {text}")
    best = max(fits, key=lambda p: len(_words(p.template)))
    m = best.pattern.fullmatch(detail)
    return {"template": best.template, "fields": m.groupdict() if m else {}}


def _words(template: str) -> str:
    """A template's own words, its fields left out."""
    return "".join(re.findall(r"[A-Za-z]{3,}", re.sub(r"\{\w+\}", "", template)))


def rotated(seats: list[Any]) -> list[Any]:
    """The seats of a rematch: each player one seat further on (two seats swap)."""
    return seats[-1:] + seats[:-1]
