"""The actions of HanniBall: steps, ricochets and the end of a turn, with their text forms.

=========  ==================================================================================
``b2-d1``  move the piece on b2 to d1; a piece that controls the ball takes it along
``b2~d1``  move the piece on b2 to d1 and leave the ball behind on b2 (never the Monkey)
``e5*e10`` shoot the ball from the piece on e5 to e10
``e2^e7``  the ball bounced off the Monkey on e2: the shooter sends it to e7 (ricochet)
``end``    end the turn (after at least one step, when the position has changed)
=========  ==================================================================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from tablesports.core.errors import ActionParseError
from tablesports.games.hanniball.board import NAMES, name_to_index

MOVE: Final = "-"
LEAVE: Final = "~"
SHOT: Final = "*"
RICOCHET: Final = "^"
KINDS = (MOVE, LEAVE, SHOT, RICOCHET)
KIND_WORDS = {MOVE: "move", LEAVE: "move leaving the ball", SHOT: "shot", RICOCHET: "ricochet"}


@dataclass(frozen=True, slots=True)
class Step:
    """A step (or the ricochet that finishes a shot): a kind and two squares (flat indices)."""

    kind: str
    frm: int
    to: int

    def __str__(self) -> str:
        return f"{NAMES[self.frm]}{self.kind}{NAMES[self.to]}"


@dataclass(frozen=True, slots=True)
class End:
    """The end of the turn."""

    def __str__(self) -> str:
        return "end"


END = End()

_cache: dict[tuple[str, int, int], Step] = {}
TEXTS: dict[int, str] = {}
"""The text of each shared `Step` by its id (they live as long as `_cache`): logs read it
instead of formatting the step again."""


def step(kind: str, frm: int, to: int) -> Step:
    """The shared `Step` object for these fields (tables hold one object per action)."""
    key = (kind, frm, to)
    found = _cache.get(key)
    if found is None:
        found = _cache[key] = Step(kind, frm, to)
        TEXTS[id(found)] = str(found)
    return found


_STEP_TEXT = re.compile(r"([a-z][0-9]{1,2})([-~*^])([a-z][0-9]{1,2})")


def parse_action(text: str) -> Step | End:
    """The action whose text is ``text``: ``b2-d1``, ``b2~d1``, ``e5*e10``, ``e2^e7`` or ``end``.

    >>> str(parse_action("b2-d1"))
    'b2-d1'
    """
    text = text.strip()
    if text.lower() == "end":
        return END
    m = _STEP_TEXT.fullmatch(text.lower())
    if m is None:
        raise ActionParseError(
            text,
            "a HanniBall action is 'end' or two squares joined by - (move), ~ (move leaving "
            "the ball), * (shot) or ^ (ricochet), e.g. b2-d1, e5*e10",
        )
    try:
        frm, to = name_to_index(m.group(1)), name_to_index(m.group(3))
    except ValueError as exc:
        raise ActionParseError(text, str(exc)) from None
    if frm == to:
        raise ActionParseError(text, "the two squares of a step must differ")
    return step(m.group(2), frm, to)
