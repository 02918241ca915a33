"""The actions of a team turn: frozen dataclasses whose `str()` parses back statelessly.

A decision is one action: declare (`blitz 7`), move (`move 7 to 14,6`), aim (`block 14,6`,
`pass to 20,5`, `hand-off to 15,7`, `foul 14,8`), pick a block die (`choose pow`), push
(`push to 15,6`, `push into the crowd`), follow up (`follow up`, `stay`), re-roll
(`reroll`, `no reroll`). A move's text may carry the dice its path needs, e.g.
`move 7 to 14,6 (dodge 3+, rush 2+)`: that part is for people and is not part of the
action's identity (it is ignored by equality and hashing), so the text parses back.
Block dice (`block dice=pow,push`) and the D16 casualty roll (`D16=9`) are chance outcomes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from tablesports.core.chance import Roll

KINDS = (
    "move",
    "block",
    "blitz",
    "pass",
    "hand-off",
    "foul",
    "throw team-mate",
    "kick team-mate",
    "projectile vomit",
    "stab",
    "hypnotic gaze",
    "punt",
    "breathe fire",
)
"""The actions a player can be activated for (BB2020; the last three are Special actions)."""
GOBLIN_KINDS = ("chainsaw", "throw bomb", "ball & chain")
"""bb-goblin: the Special actions of Chainsaw, Bombardier and Ball & Chain (2025)."""
GOBLIN_VERBS = ("chainsaw at", "chainsaw foul", "bomb at", "chain to")
"""bb-goblin: their target steps (and a Foul with the chainsaw)."""
SWOOP_FACINGS = ("east", "west", "north", "south")
"""Swoop: where the throw-in template faces (east: towards x = 25, north: towards y = 0)."""


@dataclass(frozen=True, slots=True)
class Swoop:
    """Swoop (2025): a thrown player swoops with the template facing `facing`, or scatters
    as usual (`facing` empty: `no swoop`)."""

    facing: str = ""

    def __str__(self) -> str:
        return f"swoop {self.facing}" if self.facing else "no swoop"


AIM_VERBS = (
    "block",
    "blitz",
    "pass to",
    "hand-off to",
    "foul",
    "vomit at",
    "stab at",
    "leap to",
    "gaze at",
    "hail mary to",
    "fire at",
    "trickster to",
)
"""The verbs of an action's target step."""


class Face(StrEnum):
    """A block die's face (BB2020); a str, so its text is the word of the actions and logs."""

    SKULL = "skull"
    BOTH_DOWN = "both-down"
    PUSH = "push"
    STUMBLE = "stumble"
    POW = "pow"


FACES = tuple(Face)
"""The block die's faces, worst to best for the attacker (BB2020)."""
FACE_WEIGHT = {Face.SKULL: 1, Face.BOTH_DOWN: 1, Face.PUSH: 2, Face.STUMBLE: 1, Face.POW: 1}
"""How many of the die's six sides show each face (push is on two)."""


@dataclass(frozen=True, slots=True)
class Declare:
    """Activate a player for an action."""

    kind: str
    number: int

    def __str__(self) -> str:
        return f"{self.kind} {self.number}"


@dataclass(frozen=True, slots=True)
class MovePath:
    """Move the active player to a square along the safest path; `risk` is for people."""

    number: int
    x: int
    y: int
    risk: str = field(default="", compare=False, hash=False)

    def __str__(self) -> str:
        tail = f" ({self.risk})" if self.risk else ""
        return f"move {self.number} to {self.x},{self.y}{tail}"


@dataclass(frozen=True, slots=True)
class Aim:
    """The target of the active player's action: `block`, `pass to`, `hand-off to`, `foul`;
    `note` (the dice it takes, for people) is not part of the action's identity."""

    verb: str
    x: int
    y: int
    note: str = field(default="", compare=False, hash=False)

    def __str__(self) -> str:
        tail = f" ({self.note})" if self.note else ""
        return f"{self.verb} {self.x},{self.y}{tail}"


@dataclass(frozen=True, slots=True)
class LashOutAt:
    """The team-mate (shirt number) a savage player lashes out at."""

    number: int

    def __str__(self) -> str:
        return f"lash out at {self.number}"


@dataclass(frozen=True, slots=True)
class ThrowAim:
    """Throw Team-mate's target: the team-mate `number` thrown to `x,y`; `note` (the range
    and the roll, for people) is not part of the action's identity."""

    number: int
    x: int
    y: int
    note: str = field(default="", compare=False, hash=False)

    def __str__(self) -> str:
        tail = f" ({self.note})" if self.note else ""
        return f"throw {self.number} to {self.x},{self.y}{tail}"


@dataclass(frozen=True, slots=True)
class BlockDice:
    """The faces of a block roll (a chance outcome), sorted worst to best for the attacker."""

    faces: tuple[str, ...]

    def __str__(self) -> str:
        return f"block dice={','.join(self.faces)}"


@dataclass(frozen=True, slots=True)
class ChooseDie:
    face: str

    def __str__(self) -> str:
        return f"choose {self.face}"


@dataclass(frozen=True, slots=True)
class Reroll:
    """Use a team re-roll (or, when `use` is False, accept the result)."""

    use: bool = True

    def __str__(self) -> str:
        return "reroll" if self.use else "no reroll"


@dataclass(frozen=True, slots=True)
class Brawl:
    """Brawler: re-roll one block die showing Both Down."""

    def __str__(self) -> str:
        return "brawler reroll"


@dataclass(frozen=True, slots=True)
class PuntAim:
    """Punt: the edge the throw-in template faces, an end zone (`x=0`, `x=25`) or a sideline
    (`y=0`, `y=14`)."""

    axis: str
    edge: int

    def __str__(self) -> str:
        return f"punt towards {self.axis}={self.edge}"


@dataclass(frozen=True, slots=True)
class Fumblerooski:
    """Fumblerooski: the ball carrier will leave the ball in the square he moves out of."""

    def __str__(self) -> str:
        return "fumblerooski"


@dataclass(frozen=True, slots=True)
class HatredReroll:
    """Hatred (X): re-roll one block die showing Player Down (skull)."""

    def __str__(self) -> str:
        return "hatred reroll"


@dataclass(frozen=True, slots=True)
class Interfere:
    """The opposing coach picks a player to interfere with a pass (0: nobody)."""

    number: int

    def __str__(self) -> str:
        return f"interfere {self.number}" if self.number else "no interference"


@dataclass(frozen=True, slots=True)
class Bite:
    """Bloodlust: the Vampire bites the Thrall team-mate `number` next to him."""

    number: int

    def __str__(self) -> str:
        return f"bite {self.number}"


@dataclass(frozen=True, slots=True)
class NoDumpOff:
    """Dump-off: the ball carrier keeps the ball and takes the block."""

    def __str__(self) -> str:
        return "no dump-off"


SKILL_USES = ("wrestle", "fend", "pro", "plague ridden", "trickster")
"""The skills whose use is a yes-or-no choice of their coach (`use wrestle`, `no wrestle`)."""


@dataclass(frozen=True, slots=True)
class SkillUse:
    """Use a skill now, or not (`use wrestle`, `no wrestle`)."""

    skill: str
    use: bool = True

    def __str__(self) -> str:
        return f"{'use' if self.use else 'no'} {self.skill}"


@dataclass(frozen=True, slots=True)
class PushTo:
    x: int
    y: int

    def __str__(self) -> str:
        return f"push to {self.x},{self.y}"


@dataclass(frozen=True, slots=True)
class PushCrowd:
    def __str__(self) -> str:
        return "push into the crowd"


@dataclass(frozen=True, slots=True)
class FollowUp:
    follow: bool

    def __str__(self) -> str:
        return "follow up" if self.follow else "stay"


_N = r"(\d{1,2})"
_SQ = r"(\d{1,2}),(\d{1,2})"
_MOVE = re.compile(rf"move {_N} to {_SQ}(?: \(([^)]*)\))?")
_DECLARE = re.compile(rf"({'|'.join(KINDS + GOBLIN_KINDS)}) {_N}")
_THROW = re.compile(rf"throw {_N} to {_SQ}(?: \(([^)]*)\))?")
_AIM = re.compile(
    rf"(block|pass to|hand-off to|foul|blitz|vomit at|stab at|leap to|gaze at|hail mary to"
    rf"|fire at|trickster to|{'|'.join(GOBLIN_VERBS)}) {_SQ}"
    r"(?: \(([^)]*)\))?"
)
_DICE = re.compile(r"block dice=([a-z-]+(?:,[a-z-]+){0,2})")
_CHOOSE = re.compile(r"choose ([a-z-]+)")
_PUSH = re.compile(rf"push to {_SQ}")
_D16 = re.compile(r"D16=(\d{1,2})")
_INTERFERE = re.compile(rf"interfere {_N}")
_LASH = re.compile(rf"lash out at {_N}")
_BITE = re.compile(rf"bite {_N}")
_PUNT = re.compile(r"punt towards (x=0|x=25|y=0|y=14)")
_FIXED: dict[str, Any] = {
    "reroll": Reroll(True),
    "no reroll": Reroll(False),
    "push into the crowd": PushCrowd(),
    "follow up": FollowUp(True),
    "stay": FollowUp(False),
    "no interference": Interfere(0),
    "brawler reroll": Brawl(),
    "hatred reroll": HatredReroll(),
    "fumblerooski": Fumblerooski(),
    "no dump-off": NoDumpOff(),
    **{str(SkillUse(k, u)): SkillUse(k, u) for k in SKILL_USES for u in (True, False)},
    **{str(Swoop(f)): Swoop(f) for f in ("", *SWOOP_FACINGS)},
}
FORMS = (
    "move 7, block 7, blitz 7, pass 7, hand-off 7, foul 7, throw team-mate 9, kick team-mate 9, "
    "projectile vomit 12, stab 6, move 7 to 14,6, block 14,6, throw 12 to 16,7, vomit at 14,6, "
    "stab at 14,6, leap to 14,6, hypnotic gaze 3, gaze at 14,6, bite 1, punt 5, fumblerooski, "
    "punt towards x=25, blitz 14,6, pass to 20,5, hail mary to 24,2, hand-off to 15,7, "
    "foul 14,8, block dice=push,pow, choose pow, "
    "reroll, no reroll, brawler reroll, hatred reroll, push to 15,6, push into the crowd, "
    "follow up, stay, interfere 5, no interference, no dump-off, lash out at 7, D16=9, "
    "use wrestle, no wrestle, breathe fire 6, fire at 14,6, "
    "trickster to 14,6, no trickster, chainsaw 6, chainsaw at 14,6, chainsaw foul 14,6, "
    "throw bomb 7, bomb at 18,6, ball & chain 12, chain to 13,7, swoop east, no swoop"
)


def parse_turn_action(text: str) -> Any | None:
    """The team-turn action written `text`, or None when it is not one (see FORMS)."""
    fixed = _FIXED.get(text)
    if fixed is not None:
        return fixed
    m = _MOVE.fullmatch(text)
    if m:
        return MovePath(int(m[1]), int(m[2]), int(m[3]), m[4] or "")
    m = _DECLARE.fullmatch(text)
    if m:
        return Declare(m[1], int(m[2]))
    m = _AIM.fullmatch(text)
    if m:
        return Aim(m[1], int(m[2]), int(m[3]), m[4] or "")
    m = _THROW.fullmatch(text)
    if m:
        return ThrowAim(int(m[1]), int(m[2]), int(m[3]), m[4] or "")
    m = _DICE.fullmatch(text)
    if m:
        faces = tuple(m[1].split(","))
        if all(f in FACES for f in faces) and list(faces) == sorted(faces, key=FACES.index):
            return BlockDice(faces)
        return None
    m = _CHOOSE.fullmatch(text)
    if m and m[1] in FACES:
        return ChooseDie(m[1])
    m = _PUSH.fullmatch(text)
    if m:
        return PushTo(int(m[1]), int(m[2]))
    m = _INTERFERE.fullmatch(text)
    if m and int(m[1]) > 0:
        return Interfere(int(m[1]))
    m = _LASH.fullmatch(text)
    if m:
        return LashOutAt(int(m[1]))
    m = _BITE.fullmatch(text)
    if m:
        return Bite(int(m[1]))
    m = _PUNT.fullmatch(text)
    if m:
        axis, edge = m[1].split("=")
        return PuntAim(axis, int(edge))
    m = _D16.fullmatch(text)
    if m and 1 <= int(m[1]) <= 16:
        return Roll("D16", (int(m[1]),))
    return None
