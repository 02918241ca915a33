"""Actions and chance outcomes, with text forms that parse back without the position.

play PASS-3                 a setup play (PASS, HEADER or FLOP)
play JUKEM-1 HEADER-2       the same, made unblockable by the JUKEM card
shot SHOT-4b                a SHOT, committed face down
shot JUKEM-1 SHOT-4b        a JUKEM SHOT: unblockable
penalty RED-1 / no penalty  the defender's answer to a setup play
save SAVE-2 / no save       the defender's answer to a SHOT, chosen without seeing it
substitute PASS-3           nothing playable: discard this card and draw one
pass                        nothing playable and no substitution: the turn ends
dealer 0                    chance: the first dealer
draw SHOT-4b                chance: the card drawn from the draw pile
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tablesports.core.errors import ActionParseError


@dataclass(frozen=True, slots=True)
class Play:
    card: str
    jukem: str | None = None

    def __str__(self) -> str:
        return f"play {self.jukem} {self.card}" if self.jukem else f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Shot:
    card: str
    jukem: str | None = None

    def __str__(self) -> str:
        return f"shot {self.jukem} {self.card}" if self.jukem else f"shot {self.card}"


@dataclass(frozen=True, slots=True)
class Penalty:
    card: str

    def __str__(self) -> str:
        return f"penalty {self.card}"


@dataclass(frozen=True, slots=True)
class NoPenalty:
    def __str__(self) -> str:
        return "no penalty"


@dataclass(frozen=True, slots=True)
class Save:
    card: str

    def __str__(self) -> str:
        return f"save {self.card}"


@dataclass(frozen=True, slots=True)
class NoSave:
    def __str__(self) -> str:
        return "no save"


@dataclass(frozen=True, slots=True)
class Substitute:
    card: str

    def __str__(self) -> str:
        return f"substitute {self.card}"


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Dealer:
    player: int

    def __str__(self) -> str:
        return f"dealer {self.player}"


@dataclass(frozen=True, slots=True)
class Draw:
    card: str

    def __str__(self) -> str:
        return f"draw {self.card}"


JukemAction = Play | Shot | Penalty | NoPenalty | Save | NoSave | Substitute | Pass | Dealer | Draw
NO_PENALTY = NoPenalty()
NO_SAVE = NoSave()
PASS = Pass()

FORMS = (
    "play CARD, play JUKEM CARD, shot CARD, shot JUKEM CARD, penalty CARD, no penalty, "
    "save CARD, no save, substitute CARD, pass, dealer 0|1, draw CARD"
)


def parse(text: str, known: Callable[[str], bool]) -> JukemAction:
    """Read an action's text form; `known` tells whether a card id is in the deck."""
    words = text.split()
    if not words:
        raise ActionParseError(text, f"empty action; the forms are: {FORMS}")
    verb, args = words[0].lower(), words[1:]
    if verb == "no" and len(args) == 1 and args[0].lower() in ("penalty", "save"):
        return NO_PENALTY if args[0].lower() == "penalty" else NO_SAVE
    if verb == "pass" and not args:
        return PASS
    if verb == "dealer" and args in (["0"], ["1"]):
        return Dealer(int(args[0]))
    for card in args:
        if not known(card):
            raise ActionParseError(text, f"{card!r} is not a card of this deck")
    if verb in ("play", "shot") and len(args) in (1, 2):
        cls = Play if verb == "play" else Shot
        return cls(args[1], args[0]) if len(args) == 2 else cls(args[0])
    one: dict[str, Callable[[str], JukemAction]] = {
        "penalty": Penalty,
        "save": Save,
        "substitute": Substitute,
        "draw": Draw,
    }
    if verb in one and len(args) == 1:
        return one[verb](args[0])
    raise ActionParseError(text, f"not an action of Jukem Soccer; the forms are: {FORMS}")
