"""Actions: frozen dataclasses whose `str()` parses back with `parse_action`.

Players are named by shirt number (the acting team is known from the position); squares are
"x,y", 0-based, x along the pitch (0-25) and y across it (0-14). Chance outcomes are dice
rolls (`D6=4`, `2D6=3+5`), the coin (`coin=heads`) and random picks of a player (`pick 7`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tablesports.core.chance import DICE_BY_NAME, Roll
from tablesports.core.errors import ActionParseError


@dataclass(frozen=True, slots=True)
class CallToss:
    """The away coach calls the coin toss."""

    side: str  # "heads" or "tails"

    def __str__(self) -> str:
        return f"call {self.side}"


@dataclass(frozen=True, slots=True)
class Coin:
    """The coin lands (a chance outcome)."""

    side: str

    def __str__(self) -> str:
        return f"coin={self.side}"


@dataclass(frozen=True, slots=True)
class Choose:
    """The winner of the toss chooses to kick or to receive."""

    choice: str  # "kick" or "receive"

    def __str__(self) -> str:
        return f"choose {self.choice}"


@dataclass(frozen=True, slots=True)
class Place:
    """Set up a player on a square (set-up, SOLID DEFENCE)."""

    number: int
    x: int
    y: int

    def __str__(self) -> str:
        return f"place {self.number} at {self.x},{self.y}"


@dataclass(frozen=True, slots=True)
class Reserve:
    """Leave a player in the reserves box for this drive."""

    number: int

    def __str__(self) -> str:
        return f"reserve {self.number}"


@dataclass(frozen=True, slots=True)
class Remove:
    """Take back a player placed (or reserved) during this set-up."""

    number: int

    def __str__(self) -> str:
        return f"remove {self.number}"


@dataclass(frozen=True, slots=True)
class UseFormation:
    name: str

    def __str__(self) -> str:
        return f"formation {self.name}"


@dataclass(frozen=True, slots=True)
class SetupDone:
    def __str__(self) -> str:
        return "setup done"


@dataclass(frozen=True, slots=True)
class Kicker:
    """Nominate the kicking player."""

    number: int

    def __str__(self) -> str:
        return f"kicker {self.number}"


@dataclass(frozen=True, slots=True)
class KickAt:
    """Place the kick: the square the kicker aims at, in the opponent's half."""

    x: int
    y: int

    def __str__(self) -> str:
        return f"kick at {self.x},{self.y}"


@dataclass(frozen=True, slots=True)
class Select:
    """Pick a player (SOLID DEFENCE, HIGH KICK, CHARGE!)."""

    number: int

    def __str__(self) -> str:
        return f"select {self.number}"


@dataclass(frozen=True, slots=True)
class SelectionDone:
    def __str__(self) -> str:
        return "selection done"


@dataclass(frozen=True, slots=True)
class Shift:
    """QUICK SNAP!: move a player one square in any direction."""

    number: int
    x: int
    y: int

    def __str__(self) -> str:
        return f"shift {self.number} to {self.x},{self.y}"


@dataclass(frozen=True, slots=True)
class GiveBall:
    """Touchback: give the ball to a Standing player."""

    number: int

    def __str__(self) -> str:
        return f"give ball to {self.number}"


@dataclass(frozen=True, slots=True)
class BallAt:
    """Touchback with no Standing player: put the ball on an empty square of the half."""

    x: int
    y: int

    def __str__(self) -> str:
        return f"ball at {self.x},{self.y}"


@dataclass(frozen=True, slots=True)
class Argue:
    def __str__(self) -> str:
        return "argue the call"


@dataclass(frozen=True, slots=True)
class UseBribe:
    def __str__(self) -> str:
        return "use bribe"


@dataclass(frozen=True, slots=True)
class Accept:
    """Accept the referee's decision (no argument, no Bribe)."""

    def __str__(self) -> str:
        return "accept"


@dataclass(frozen=True, slots=True)
class EndActivation:
    def __str__(self) -> str:
        return "end activation"


@dataclass(frozen=True, slots=True)
class EndCharge:
    """CHARGE!: no more selected players will be activated."""

    def __str__(self) -> str:
        return "end charge"


@dataclass(frozen=True, slots=True)
class UseApothecary:
    """After a player is Knocked Out or becomes a casualty: send for the Apothecary or not."""

    use: bool

    def __str__(self) -> str:
        return "use apothecary" if self.use else "no apothecary"


@dataclass(frozen=True, slots=True)
class EndTurn:
    def __str__(self) -> str:
        return "end turn"


@dataclass(frozen=True, slots=True)
class Pick:
    """A player chosen at random (a chance outcome), by shirt number."""

    number: int

    def __str__(self) -> str:
        return f"pick {self.number}"


def _use_apothecary(word: str) -> UseApothecary:
    return UseApothecary(word == "use")


_N = r"(\d{1,2})"
_SQ = r"(\d{1,2}),(\d{1,2})"
_PATTERNS: list[tuple[re.Pattern[str], Callable[..., Any]]] = [
    (re.compile(r"call (heads|tails)"), CallToss),
    (re.compile(r"coin=(heads|tails)"), Coin),
    (re.compile(r"choose (kick|receive)"), Choose),
    (re.compile(rf"place {_N} at {_SQ}"), Place),
    (re.compile(rf"reserve {_N}"), Reserve),
    (re.compile(rf"remove {_N}"), Remove),
    (re.compile(r"formation ([a-z0-9_-]+)"), UseFormation),
    (re.compile(r"setup done"), SetupDone),
    (re.compile(rf"kicker {_N}"), Kicker),
    (re.compile(rf"kick at {_SQ}"), KickAt),
    (re.compile(rf"select {_N}"), Select),
    (re.compile(r"selection done"), SelectionDone),
    (re.compile(rf"shift {_N} to {_SQ}"), Shift),
    (re.compile(rf"give ball to {_N}"), GiveBall),
    (re.compile(rf"ball at {_SQ}"), BallAt),
    (re.compile(r"argue the call"), Argue),
    (re.compile(r"use bribe"), UseBribe),
    (re.compile(r"accept"), Accept),
    (re.compile(r"end activation"), EndActivation),
    (re.compile(r"end charge"), EndCharge),
    (re.compile(r"end turn"), EndTurn),
    (re.compile(r"(use|no) apothecary"), _use_apothecary),
    (re.compile(rf"pick {_N}"), Pick),
]
_ROLL = re.compile(r"(\d*D\d+)=(\d+(?:\+\d+)*)")


def parse_action(text: str) -> Any:
    """The action whose text is `text` (see the module docstring for the forms)."""
    from tablesports.games.bloodbowl.turn.actions import FORMS, parse_turn_action

    text = " ".join(text.strip().split())
    turn_action = parse_turn_action(text)
    if turn_action is not None:
        return turn_action
    m = _ROLL.fullmatch(text)
    if m:
        dice = DICE_BY_NAME.get(m.group(1))
        if dice is None:
            raise ActionParseError(text, f"unknown dice {m.group(1)!r}")
        try:
            roll: Roll = dice.parse(text)
        except ValueError as exc:
            raise ActionParseError(text, str(exc)) from None
        return roll
    for pattern, make in _PATTERNS:
        m = pattern.fullmatch(text)
        if m:
            args = [g if not g.isdigit() else int(g) for g in m.groups()]
            if make in (CallToss, Coin, Choose, UseFormation, _use_apothecary):
                args = list(m.groups())
            return make(*args)
    raise ActionParseError(
        text,
        "not a Blood Bowl action; forms: call heads, choose kick, place 7 at 12,7, reserve 7, "
        "remove 7, formation wedge, setup done, kicker 7, kick at 19,7, select 7, "
        "selection done, shift 7 to 13,7, give ball to 7, ball at 20,7, argue the call, "
        "use bribe, accept, end activation, end charge, end turn, use apothecary, "
        "no apothecary, D6=4, " + FORMS,
    )
