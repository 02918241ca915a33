"""The actions of Juggers Fallout and their text forms (every `str()` parses back).

Player actions::

    pick lince                     draft a character from the market
    choose pick | choose attack    the toss winner picks first, or attacks first in every inning
    place 2 at c5                  put your Jugger 2 on cell c5 (columns a-l, rows 1-8, 100 mm)
    super 2                        declare Jugger 2's supermove for the flick that follows
    flick 2 at 35 strength 0.6     flick your Jugger 2 towards 35 degrees (0 = towards team B's
    flick 2 at 35 strength 0.6 offset -0.5    goal, 90 = the far side), strength 0..1, hit off
                                   the centre by a fraction of the radius (spin)
    sub out 1 in 4                 substitution: Jugger 4 from the bench takes Jugger 1's place
    shooter 3                      in the penalty shoot-out, Jugger 3 takes the shot
    pass                           only when no flick is possible

Chance outcomes: ``toss A``, ``noise -1 +0`` (the flick's execution noise, buckets of angle
and strength), ``settle A1:300.5,400 B2:...`` (where every coin stopped: a replay checks it),
``injured`` / ``unhurt`` (stamina roll), ``excited`` / ``calm`` (charisma roll).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tablesports.core.errors import ActionParseError

COLUMNS = "abcdefghijkl"
ROWS = 8
CELL = 100.0
ANGLES = tuple(range(0, 360, 15))
STRENGTHS = (0.2, 0.4, 0.6, 0.8, 1.0)
ANGLE_BUCKETS = (-2, -1, 0, 1, 2)
STRENGTH_BUCKETS = (-1, 0, 1)
TEAM_LETTERS = "AB"


def _real(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def num(value: float) -> str:
    """A float's shortest exact text, without a trailing .0 (anything else as its repr, for
    the message about a hand-built action of the wrong type)."""
    if not _real(value):
        return repr(value)
    text = repr(float(value))
    return text[:-2] if text.endswith(".0") else text


def cell_name(col: int, row: int) -> str:
    if type(col) is int and type(row) is int and 0 <= col < len(COLUMNS) and 0 <= row < ROWS:
        return f"{COLUMNS[col]}{row + 1}"
    return f"column {col!r} row {row!r}"  # a hand-built Place off the table, for its message


_KINDS = {"int": "a whole number", "float": "a number", "str": "a text"}


def malformed(action: object) -> str | None:
    """What is wrong with the types of a (hand-built) action's fields, or None: whole numbers
    are ints (not bools, floats or texts), numbers are ints or floats, texts are texts. The
    rules then check the ranges; a state never applies an action that fails here."""
    for f in getattr(action, "__dataclass_fields__", {}).values():
        kind = _KINDS.get(str(f.type))
        if kind is None:
            continue
        value = getattr(action, f.name)
        if f.type == "int":
            ok = type(value) is int
        elif f.type == "float":
            ok = _real(value)
        else:
            ok = isinstance(value, str)
        if not ok:
            return f"the {type(action).__name__}'s {f.name} is {value!r}: it must be {kind}"
    return None


def cell_centre(col: int, row: int) -> tuple[float, float]:
    return (CELL / 2 + CELL * col, CELL / 2 + CELL * row)


def slot_name(slot: int) -> str:
    return f"{TEAM_LETTERS[slot // 4]}{slot % 4 + 1}"


@dataclass(frozen=True, slots=True)
class Pick:
    character: str

    def __str__(self) -> str:
        return f"pick {self.character}"


@dataclass(frozen=True, slots=True)
class Choose:
    what: str  # "pick" or "attack"

    def __str__(self) -> str:
        return f"choose {self.what}"


@dataclass(frozen=True, slots=True)
class Place:
    jugger: int  # 1..4
    col: int
    row: int

    def __str__(self) -> str:
        return f"place {self.jugger} at {cell_name(self.col, self.row)}"


@dataclass(frozen=True, slots=True)
class Flick:
    jugger: int  # 1..4
    angle: float  # degrees, counter-clockwise from +x
    strength: float  # (0, 1]
    offset: float = 0.0  # -1..1 of the radius, off the centre line

    def __str__(self) -> str:
        text = f"flick {self.jugger} at {num(self.angle)} strength {num(self.strength)}"
        return text + (f" offset {num(self.offset)}" if self.offset else "")


@dataclass(frozen=True, slots=True)
class Super:
    jugger: int

    def __str__(self) -> str:
        return f"super {self.jugger}"


@dataclass(frozen=True, slots=True)
class Sub:
    out: int
    into: int

    def __str__(self) -> str:
        return f"sub out {self.out} in {self.into}"


@dataclass(frozen=True, slots=True)
class Shooter:
    jugger: int

    def __str__(self) -> str:
        return f"shooter {self.jugger}"


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Toss:
    winner: int

    def __str__(self) -> str:
        if type(self.winner) is int and 0 <= self.winner < 2:
            return f"toss {TEAM_LETTERS[self.winner]}"
        return f"toss {self.winner!r}"  # hand-built of a bad value


@dataclass(frozen=True, slots=True)
class Noise:
    angle: int  # bucket, -2..2 spreads
    strength: int  # bucket, -1..1 spreads

    def __str__(self) -> str:
        if type(self.angle) is int and type(self.strength) is int:
            return f"noise {self.angle:+d} {self.strength:+d}"
        return f"noise {self.angle!r} {self.strength!r}"  # hand-built of the wrong type


@dataclass(frozen=True, slots=True)
class Settle:
    positions: tuple[tuple[int, float, float], ...]  # (slot, x, y) of every coin on the table

    def __str__(self) -> str:
        if not self.positions:
            return "settle none"
        return "settle " + " ".join(
            f"{slot_name(s)}:{num(x)},{num(y)}" for s, x, y in self.positions
        )


@dataclass(frozen=True, slots=True)
class Roll:
    """A percentage roll: injury after a fall (stamina) or excitement after a supermove."""

    word: str  # injured / unhurt / excited / calm

    def __str__(self) -> str:
        return self.word


PASS = Pass()
INJURED, UNHURT, EXCITED, CALM = Roll("injured"), Roll("unhurt"), Roll("excited"), Roll("calm")
ROLLS = {r.word: r for r in (INJURED, UNHURT, EXCITED, CALM)}

# shared objects for the discrete flicks, so legal_actions only concatenates tuples
GRID_FLICKS: dict[int, tuple[Flick, ...]] = {
    j: tuple(Flick(j, float(a), s) for a in ANGLES for s in STRENGTHS) for j in range(1, 5)
}
PLACES: dict[int, tuple[Place, ...]] = {
    j: tuple(Place(j, c, r) for c in range(len(COLUMNS)) for r in range(ROWS)) for j in range(1, 5)
}
"""Jugger j's placement on cell (c, r) is PLACES[j][c * ROWS + r], shared like GRID_FLICKS."""
SUPERS: dict[int, Super] = {j: Super(j) for j in range(1, 5)}
SUBS: dict[tuple[int, int], Sub] = {
    (o, i): Sub(o, i) for o in range(1, 5) for i in range(1, 5) if o != i
}
CELL_OF: dict[tuple[float, float], int] = {
    cell_centre(c, r): c * ROWS + r for c in range(len(COLUMNS)) for r in range(ROWS)
}
"""A cell's centre -> its index c * ROWS + r (a placed coin stands on its cell's centre)."""
NOISES = tuple(Noise(a, s) for a in ANGLE_BUCKETS for s in STRENGTH_BUCKETS)

_NUM = r"([-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)"
_FLICK = re.compile(rf"flick ([1-4]) at {_NUM} strength {_NUM}(?: offset {_NUM})?")
_PLACE = re.compile(r"place ([1-4]) at ([a-l])([1-8])")
_SUB = re.compile(r"sub out ([1-4]) in ([1-4])")
_NOISE = re.compile(r"noise ([-+]\d) ([-+]\d)")
_SETTLE_ITEM = re.compile(rf"([AB])([1-4]):{_NUM},{_NUM}")

HELP = (
    "the actions are: pick ID, choose pick|attack, place J at CELL (a1..l8), super J, "
    "flick J at ANGLE strength S [offset O], sub out J in K, shooter J, pass "
    "(J = your Jugger 1-4, ANGLE in degrees 0-360, S in 0-1, O in -1..1)"
)


def parse_action(text: str) -> object:
    t = " ".join(text.strip().lower().split())
    try:
        return _parse(t)
    except ValueError as exc:
        raise ActionParseError(text, f"{exc}; {HELP}") from None


def _parse(t: str) -> object:
    if t == "pass":
        return PASS
    if t in ROLLS:
        return ROLLS[t]
    head, _, rest = t.partition(" ")
    if head == "flick":
        m = _FLICK.fullmatch(t)
        if not m:
            raise ValueError(
                "a flick reads 'flick 2 at 35 strength 0.6' (optionally 'offset -0.3')"
            )
        angle, strength = float(m.group(2)), float(m.group(3))
        offset = float(m.group(4)) if m.group(4) else 0.0
        if not 0.0 <= angle < 360.0:
            raise ValueError(
                f"the angle must be at least 0 and under 360 degrees, got {num(angle)}"
            )
        if not 0.0 < strength <= 1.0:
            raise ValueError(f"the strength must be over 0 and at most 1, got {num(strength)}")
        if not -1.0 <= offset <= 1.0:
            raise ValueError(f"the offset must be from -1 to 1 (of the radius), got {num(offset)}")
        return Flick(int(m.group(1)), angle, strength, offset)
    if head == "place":
        m = _PLACE.fullmatch(t)
        if not m:
            raise ValueError("a placement reads 'place 2 at c5' (columns a-l, rows 1-8)")
        return Place(int(m.group(1)), COLUMNS.index(m.group(2)), int(m.group(3)) - 1)
    if head in ("super", "shooter") and rest in ("1", "2", "3", "4"):
        return Super(int(rest)) if head == "super" else Shooter(int(rest))
    if head == "sub":
        m = _SUB.fullmatch(t)
        if not m or m.group(1) == m.group(2):
            raise ValueError("a substitution reads 'sub out 1 in 4' (two different Juggers)")
        return Sub(int(m.group(1)), int(m.group(2)))
    if head == "pick" and re.fullmatch(r"[a-z][a-z0-9_]*", rest):
        return Pick(rest)
    if head == "choose" and rest in ("pick", "attack"):
        return Choose(rest)
    if head == "toss" and rest in ("a", "b"):
        return Toss("ab".index(rest))
    if head == "noise":
        m = _NOISE.fullmatch(t)
        if not m or int(m.group(1)) not in ANGLE_BUCKETS or int(m.group(2)) not in STRENGTH_BUCKETS:
            raise ValueError("noise reads 'noise -2..+2 -1..+1'")
        return Noise(int(m.group(1)), int(m.group(2)))
    if head == "settle":
        if rest == "none":
            return Settle(())
        items = []
        for part in rest.split(" "):
            m = _SETTLE_ITEM.fullmatch(part.upper().replace("E", "e"))
            if not m:
                raise ValueError(f"a settled coin reads 'A1:300.5,400', got {part!r}")
            slot = "AB".index(m.group(1)) * 4 + int(m.group(2)) - 1
            items.append((slot, float(m.group(3)), float(m.group(4))))
        return Settle(tuple(items))
    raise ValueError(f"{t!r} is not an action")
