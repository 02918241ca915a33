"""The deck: card kinds, setup numbers, goal-box patterns and penalty restrictions.

The deck lives in `data/deck.toml` (or a user's own file given as `load("jukem", deck=PATH)`),
is validated with pydantic, and is turned into flat per-card tables indexed by a card number
0..n-1, so that the state holds plain lists of ints.

Goal boxes are numbered row by row from 1; with the standard 2 x 3 goal:

    +---+---+---+
    | 1 | 2 | 3 |
    +---+---+---+
    | 4 | 5 | 6 |
    +---+---+---+
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from tablesports.core.errors import DataFileError, OptionError
from tablesports.core.files import loads_toml, read_resource, read_toml


class Kind(IntEnum):
    """What a card is; the first three are the setup plays."""

    PASS = 0
    HEADER = 1
    FLOP = 2
    SHOT = 3
    JUKEM = 4
    SAVE = 5
    YELLOW = 6
    RED = 7


SETUP_KINDS = (Kind.PASS, Kind.HEADER, Kind.FLOP)
OFFENSIVE_KINDS = (*SETUP_KINDS, Kind.SHOT, Kind.JUKEM)
KIND_NAMES = {k.name.lower(): k for k in Kind}
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")
KindName = Literal["pass", "header", "flop", "shot", "jukem", "save", "yellow", "red"]
SetupName = Literal["pass", "header", "flop"]


class CardEntry(BaseModel):
    """One `[[card]]` entry: a single card (`id`) or `count` alike cards (`name`-1, -2, ...)."""

    model_config = ConfigDict(extra="forbid")

    kind: KindName
    id: str | None = None
    name: str | None = None
    count: int = Field(default=1, ge=1, le=60)
    setup: int | None = Field(default=None, ge=1, le=9)
    balls: list[int] | None = None
    xs: list[int] | None = None
    removes: Literal["last play", "possession"] | None = None
    against: list[SetupName] | None = None
    min_plays: int = Field(default=1, ge=1, le=20)
    text: str = ""

    @field_validator("id", "name")
    @classmethod
    def _token(cls, value: str | None) -> str | None:
        if value is not None and not _ID.match(value):
            raise ValueError("must be letters, digits, '-', '_' or '.', without spaces")
        return value


class RulesEntry(BaseModel):
    """The `[rules]` table: the house numbers that are not printed on a card."""

    model_config = ConfigDict(extra="forbid")

    hand_size: int = Field(default=5, ge=1, le=10)
    goal_rows: int = Field(default=2, ge=1, le=4)
    goal_cols: int = Field(default=3, ge=1, le=6)
    halves: int = Field(default=2, ge=1, le=2)
    tiebreak_deals: int = Field(default=3, ge=0, le=20)


class DeckFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: str = "deck"
    rules: RulesEntry = Field(default_factory=RulesEntry)
    card: list[CardEntry]


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card with its unique id."""

    id: str
    kind: Kind
    setup: int = 0
    balls: int = 0
    """Bit mask of the goal boxes with a ball (bit 0 is box 1); SHOT cards only."""
    xs: int = 0
    """Bit mask of the goal boxes with an X; SAVE cards only."""
    removes_all: bool = False
    against: int = 0
    """Bit mask over setup kinds a PENALTY answers (bit k for Kind k)."""
    min_plays: int = 1
    text: str = ""


NEVER = 1 << 30
"""More setup plays than a possession ever holds."""


def plays_needed(card: Card) -> int:
    """Setup plays: none, a SHOT's setup number, or NEVER (a card not played alone)."""
    if card.kind in SETUP_KINDS:
        return 0
    return card.setup if card.kind == Kind.SHOT else NEVER


class Deck:
    """The cards as flat tables indexed by card number."""

    def __init__(self, cards: list[Card], rules: RulesEntry, source: str, title: str) -> None:
        self.cards = cards
        self.source = source
        self.title = title
        self.hand_size = rules.hand_size
        self.goal_rows = rules.goal_rows
        self.goal_cols = rules.goal_cols
        self.halves = rules.halves
        """Deals before a tie-break: the seed's two halves, or one (a house variant)."""
        self.tiebreak_deals = rules.tiebreak_deals
        self.last_deal = 2 + self.tiebreak_deals if self.tiebreak_deals else self.halves
        """The number (`JukemState.half`) of the last deal a match may have: the deals are
        numbered 1 and 2 for the halves, 3 and up for the tie-break's."""
        self.size = len(cards)
        self.ids = [c.id for c in cards]
        self.index = {c.id: i for i, c in enumerate(cards)}
        self.kind = [int(c.kind) for c in cards]
        self.setup = [c.setup for c in cards]
        self.balls = [c.balls for c in cards]
        self.xs = [c.xs for c in cards]
        self.removes_all = [c.removes_all for c in cards]
        self.against = [c.against for c in cards]
        self.min_plays = [c.min_plays for c in cards]
        self.is_setup = [c.kind in SETUP_KINDS for c in cards]
        self.shots = [i for i, c in enumerate(cards) if c.kind == Kind.SHOT]
        self.max_setup = max((c.setup for c in cards if c.kind == Kind.SHOT), default=0)
        """The most setup plays a SHOT of this deck needs."""
        self.saves = [i for i, c in enumerate(cards) if c.kind == Kind.SAVE]
        self.penalties = [i for i, c in enumerate(cards) if c.kind in (Kind.YELLOW, Kind.RED)]
        self.plays_needed = [plays_needed(c) for c in cards]
        """The setup plays a possession needs before the card is played: a test per card when
        listing plays (NEVER for a card that is not played alone)."""
        self.answers = [
            [c.kind in (Kind.YELLOW, Kind.RED) and bool(c.against >> k & 1) for c in cards]
            for k in Kind
        ]
        """By kind of play, whether each card is a PENALTY that answers it."""
        self.answered_from = [
            min((c.min_plays for c, yes in zip(cards, row, strict=True) if yes), default=NEVER)
            for row in self.answers
        ]
        """By kind of play, the fewest plays a possession needs before some PENALTY of the deck
        may answer it (NEVER when none may): the defender is asked from then on, holding one or
        not, so that being asked says nothing about the hand."""

    def boxes(self, mask: int) -> list[int]:
        """The box numbers (from 1) of a bit mask."""
        return [b + 1 for b in range(self.goal_rows * self.goal_cols) if mask >> b & 1]

    def describe(self, i: int) -> str:
        """A card as a player reads it."""
        c = self.cards[i]
        if c.kind == Kind.SHOT:
            return (
                f"{c.id}: SHOT, needs {c.setup} setup plays, balls in boxes {self.boxes(c.balls)}"
            )
        if c.kind == Kind.SAVE:
            return f"{c.id}: SAVE, X in boxes {self.boxes(c.xs)}"
        if c.kind in (Kind.YELLOW, Kind.RED):
            what = "the whole possession" if c.removes_all else "the last play"
            kinds = [k.name for k in SETUP_KINDS if c.against >> k & 1]
            only = "" if len(kinds) == 3 else f" if it is a {' or '.join(kinds)}"
            more = f", when the possession has at least {c.min_plays} plays" * (c.min_plays > 1)
            return f"{c.id}: {c.kind.name} PENALTY, removes {what}{only}{more}"
        return f"{c.id}: {c.kind.name}{_NOTES.get(c.kind, '')}"

    def goal_picture(self) -> str:
        """The goal's boxes, numbered row by row: `1 2 3 / 4 5 6`."""
        cols = self.goal_cols
        rows = [range(r * cols + 1, (r + 1) * cols + 1) for r in range(self.goal_rows)]
        return " / ".join(" ".join(str(b) for b in row) for row in rows)


_NOTES = {
    Kind.PASS: " (setup play)",
    Kind.HEADER: " (setup play; another turn if it is not penalised)",
    Kind.FLOP: " (setup play)",
    Kind.JUKEM: " (play it just before an offensive card: that play or shot is unblockable)",
}


def deals_text(d: Deck) -> str:
    """The deal numbers a match of this deck has, in words (the `half` field's values)."""
    halves = "1 and 2" if d.halves == 2 else "1 (one deal)"
    if not d.tiebreak_deals:
        return f"{halves}, no tie-break"
    return f"{halves}, then tie-break deals up to {d.last_deal} (from 3)"


def _bad(source: str, where: str, problem: str) -> DataFileError:
    return DataFileError(f"{source}: {where}: {problem}")


def _mask(source: str, where: str, boxes: list[int], n: int, field: str) -> int:
    if not boxes:
        raise _bad(source, where, f"{field} must name at least one goal box (1 to {n})")
    mask = 0
    for b in boxes:
        if not 1 <= b <= n:
            raise _bad(source, where, f"{field} box {b} is not a goal box (they are 1 to {n})")
        mask |= 1 << (b - 1)
    return mask


def _card(entry: CardEntry, card_id: str, n_boxes: int, source: str) -> Card:
    where = f"card {card_id!r}"
    kind = KIND_NAMES[entry.kind]
    wrong = {
        "setup": entry.setup is not None and kind != Kind.SHOT,
        "balls": entry.balls is not None and kind != Kind.SHOT,
        "xs": entry.xs is not None and kind != Kind.SAVE,
        "removes": entry.removes is not None and kind not in (Kind.YELLOW, Kind.RED),
        "against": entry.against is not None and kind not in (Kind.YELLOW, Kind.RED),
    }
    for field, bad in wrong.items():
        if bad:
            raise _bad(source, where, f"a {kind.name} card has no {field!r}")
    if kind == Kind.SHOT:
        if entry.setup is None:
            raise _bad(source, where, "a SHOT needs 'setup' (the setup plays it needs: 3, 4 or 5)")
        balls = _mask(source, where, entry.balls or [], n_boxes, "balls")
        return Card(card_id, kind, setup=entry.setup, balls=balls, text=entry.text)
    if kind == Kind.SAVE:
        return Card(card_id, kind, xs=_mask(source, where, entry.xs or [], n_boxes, "xs"))
    if kind in (Kind.YELLOW, Kind.RED):
        removes = entry.removes or ("last play" if kind == Kind.YELLOW else "possession")
        against = entry.against or ["pass", "header", "flop"]
        mask = 0
        for name in against:
            mask |= 1 << KIND_NAMES[name]
        return Card(
            card_id,
            kind,
            removes_all=removes == "possession",
            against=mask,
            min_plays=entry.min_plays,
            text=entry.text,
        )
    return Card(card_id, kind, text=entry.text)


def parse_deck(data: dict[str, Any], source: str) -> Deck:
    """Validate a decoded deck file; a problem raises `DataFileError` naming card and field."""
    try:
        deck_file = DeckFile.model_validate(data)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            loc = list(err["loc"])
            where = "(top)"
            if len(loc) >= 2 and loc[0] == "card" and isinstance(loc[1], int):
                raw = data.get("card", [])[loc[1]]
                name = raw.get("id") or raw.get("name") if isinstance(raw, dict) else None
                where = f"card {name!r}" if name else f"card entry {loc[1] + 1}"
                loc = loc[2:]
            elif loc:
                where = str(loc[0])
                loc = loc[1:]
            field = ".".join(str(p) for p in loc)
            problems.append(f"{where}: {field + ': ' if field else ''}{err['msg']}")
        raise DataFileError(f"{source}: " + "; ".join(problems)) from None
    rules = deck_file.rules
    n_boxes = rules.goal_rows * rules.goal_cols
    cards: list[Card] = []
    seen: set[str] = set()
    for k, entry in enumerate(deck_file.card):
        if (entry.id is None) == (entry.name is None):
            raise _bad(source, f"card entry {k + 1}", "give exactly one of 'id' or 'name'")
        if entry.id is not None and entry.count != 1:
            raise _bad(source, f"card {entry.id!r}", "'count' goes with 'name', not with 'id'")
        ids = [entry.id] if entry.id else [f"{entry.name}-{n}" for n in range(1, entry.count + 1)]
        for card_id in ids:
            if card_id in seen:
                raise _bad(source, f"card {card_id!r}", "this id is used twice")
            seen.add(card_id)
            cards.append(_card(entry, card_id, n_boxes, source))
    if len(cards) < 2 * rules.hand_size + 1:
        raise _bad(source, "deck", f"{len(cards)} cards cannot deal two hands and a draw pile")
    return Deck(cards, rules, source, deck_file.title)


def read_deck(path: str | Path) -> Deck:
    """A user's deck file."""
    return parse_deck(read_toml(path, "deck file"), str(path))


@cache
def standard_deck() -> Deck:
    """The deck shipped with the game (`data/deck.toml`)."""
    where = "jukem/data/deck.toml"
    text = read_resource(files("tablesports.games.jukem") / "data" / "deck.toml", where)
    return parse_deck(loads_toml(text, where), where)


def with_rules(deck: Deck, **changes: int) -> Deck:
    """The deck with some numbers of its `[rules]` table swapped (the options of `load`): the
    same cards, checked as a deck file is (every ball and X in a box of the goal, enough cards
    to deal two hands and a draw pile); a problem raises `OptionError`."""
    if not changes:
        return deck
    old = RulesEntry(
        hand_size=deck.hand_size,
        goal_rows=deck.goal_rows,
        goal_cols=deck.goal_cols,
        halves=deck.halves,
        tiebreak_deals=deck.tiebreak_deals,
    )
    rules = old.model_copy(update=changes)
    n = rules.goal_rows * rules.goal_cols
    for c in deck.cards:
        used = c.balls | c.xs
        if used >> n:
            box = used.bit_length()
            what = "a ball" if c.kind == Kind.SHOT else "an X"
            raise OptionError(
                f"game 'jukem': options goal_rows={rules.goal_rows}, goal_cols={rules.goal_cols} "
                f"make a goal of boxes 1 to {n}, but {c.id} has {what} in box {box} "
                f"({deck.source}): the goal needs at least {box} boxes"
            )
    if deck.size < 2 * rules.hand_size + 1:
        raise OptionError(
            f"game 'jukem': option 'hand_size' {rules.hand_size}: the {deck.size} cards of "
            f"{deck.source} deal two hands and a draw pile only with hands of at most "
            f"{(deck.size - 1) // 2} cards"
        )
    return Deck(deck.cards, rules, deck.source, deck.title)


PRESETS = {"mini": "mini.toml"}
"""The house variants shipped beside the house deck (`load("jukem", preset=NAME)`)."""


@cache
def preset_deck(name: str) -> Deck:
    """A house variant's deck, with its `[rules]` (`data/<name>.toml`)."""
    where = f"jukem/data/{PRESETS[name]}"
    text = read_resource(files("tablesports.games.jukem") / "data" / PRESETS[name], where)
    return parse_deck(loads_toml(text, where), where)


def deck_from(path: str | None, preset: str | None = None) -> Deck:
    """The house deck, a house variant's, or a user's file read afresh (so that an edited file
    is seen)."""
    if preset is not None:
        return preset_deck(preset)
    return standard_deck() if path is None else read_deck(path)
