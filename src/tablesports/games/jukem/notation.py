"""The position notation: a turn-start position as `key value ...` fields separated by `;`.

    half 2; dealer 1; turn 0; score 1-0; first 1-0;
    hand0 PASS-1 PASS-2 SHOT-3a SAVE-1 RED-1; hand1 HEADER-1 PASS-3 PASS-4 YELLOW-1 SAVE-2;
    possession0 PASS-5 PASS-6 HEADER-2; possession1; aside0; aside1; discard FLOP-1

Fields: `half` (1, 2; 3 and up are tie-break deals), `dealer`, `turn` (the player to play),
`score` (goals in the match so far), `first` (goals of the first half, from the second half
on), `hand0`/`hand1`, `possession0`/`possession1` (setup plays), `aside0`/`aside1` (scored
possessions of this half), `discard`, `pile` and `passes`. Every card of the deck is in exactly
one place: when `pile` is left out, the pile is every card not listed elsewhere. Only `turn` is
required. The turn then begins as the rules say: with the draw pile empty, a player who cannot
play gives the turn to the other, and the half ends when neither can.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.errors import NotationError
from tablesports.games.jukem.cards import SETUP_KINDS, Kind, deals_text
from tablesports.games.jukem.phases import PHASES
from tablesports.games.jukem.state import JukemState
from tablesports.games.jukem.views import CARD_FIELDS, to_position

if TYPE_CHECKING:
    from tablesports.games.jukem.game import JukemGame

NUMBER_FIELDS = ("half", "dealer", "turn", "passes")
PAIR_FIELDS = ("score", "first")
FIELDS = NUMBER_FIELDS + PAIR_FIELDS + CARD_FIELDS


def _fields(text: str) -> dict[str, list[str]]:
    fields: dict[str, list[str]] = {}
    for part in filter(None, (p.strip() for p in text.split(";"))):
        key, *values = part.split()
        if key not in FIELDS:
            raise NotationError(f"jukem position: unknown field {key!r}; the fields are {FIELDS}")
        if key in fields:
            raise NotationError(f"jukem position: field {key!r} is given twice")
        fields[key] = values
    return fields


def _number(fields: dict[str, list[str]], key: str, default: int, top: int) -> int:
    values = fields.get(key)
    if values is None:
        return default
    if len(values) != 1 or not values[0].isdigit() or not 0 <= int(values[0]) <= top:
        raise NotationError(f"jukem position: {key} is a number from 0 to {top}, got {values}")
    return int(values[0])


def _pair(fields: dict[str, list[str]], key: str) -> list[int] | None:
    values = fields.get(key)
    if values is None:
        return None
    a, dash, b = "".join(values).partition("-")
    if not dash or not a.isdigit() or not b.isdigit():
        raise NotationError(f"jukem position: {key} is written like 2-1, got {' '.join(values)!r}")
    return [int(a), int(b)]


def from_position(game: JukemGame, text: str) -> JukemState:
    """The state of a notation string; a bad string raises `NotationError` saying why."""
    d = game.deck
    fields = _fields(text)
    if "turn" not in fields:
        raise NotationError("jukem position: the field 'turn' (0 or 1) is required")
    s = JukemState(game)
    last_half = d.last_deal
    s.half = _number(fields, "half", 1, last_half)
    if s.half == 0 or s.half == 2 > d.halves:
        raise NotationError(f"jukem position: half is {deals_text(d)}")
    s.turn = _number(fields, "turn", 0, 1)
    s.dealer = _number(fields, "dealer", 1 - s.turn, 1)
    s.passes = _number(fields, "passes", 0, 1)
    placed: dict[int, str] = {}
    lists: dict[str, list[int]] = {}
    for key in CARD_FIELDS:
        cards = []
        for name in fields.get(key, []):
            if name not in d.index:
                raise NotationError(f"jukem position: {key}: {name!r} is not a card of this deck")
            c = d.index[name]
            if c in placed:
                raise NotationError(f"jukem position: {name} is in both {placed[c]} and {key}")
            placed[c] = key
            cards.append(c)
        lists[key] = cards
    if "pile" not in fields:
        lists["pile"] = [c for c in range(d.size) if c not in placed]
    elif len(placed) != d.size:
        missing = [d.ids[c] for c in range(d.size) if c not in placed]
        raise NotationError(f"jukem position: cards in no place: {' '.join(missing)}")
    for p in (0, 1):
        if len(lists[f"hand{p}"]) > d.hand_size:
            raise NotationError(f"jukem position: hand{p} holds more than {d.hand_size} cards")
        for c in lists[f"possession{p}"]:
            if d.kind[c] not in SETUP_KINDS:
                raise NotationError(
                    f"jukem position: possession{p}: {d.ids[c]} is not a setup play "
                    "(PASS, HEADER or FLOP)"
                )
    s.hands = [lists["hand0"], lists["hand1"]]
    s.poss = [lists["possession0"], lists["possession1"]]
    s.aside = [lists["aside0"], lists["aside1"]]
    s.discard = lists["discard"]
    s.pile = sorted(lists["pile"])
    goals_now = [sum(d.kind[c] == Kind.SHOT for c in a) for a in s.aside]
    score = _pair(fields, "score") or goals_now
    first = _pair(fields, "first")
    if any(score[p] < goals_now[p] for p in (0, 1)):
        raise NotationError(f"jukem position: score {score} is less than the goals set aside")
    if s.half == 1 and first is not None:
        raise NotationError("jukem position: 'first' is only for the second half and later")
    if s.half >= 2 and first is None:
        first = [score[p] - goals_now[p] for p in (0, 1)]
    if s.half >= 3 and score[0] != score[1]:
        raise NotationError("jukem position: a tie-break is played only on a tied score")
    s.score, s.first_half = score, first
    s._begin_turn(s.turn)
    s.late = []  # a half that ends at once is not news
    return s


def state_from_json(game: JukemGame, data: dict[str, Any]) -> JukemState:
    s = JukemState(game)
    index = game.deck.index

    def cards(names: list[str]) -> list[int]:
        try:
            return [index[n] for n in names]
        except KeyError as exc:
            bad = exc.args[0]
            raise NotationError(f"jukem state: {bad!r} is not a card of this deck") from None

    try:
        s.half, s.dealer, s.turn = int(data["half"]), int(data["dealer"]), int(data["turn"])
        s.phase = PHASES.index(data["phase"])
        s.score = [int(x) for x in data["score"]]
        s.first_half = None if data["first_half"] is None else list(data["first_half"])
        s.hands = [cards(h) for h in data["hands"]]
        s.poss = [cards(p) for p in data["possessions"]]
        s.aside = [cards(a) for a in data["aside"]]
        s.discard = cards(data["discard"])
        s.pile = cards(data["pile"])
        s.queue = [int(p) for p in data["queue"]]
        s.after, s.next_turn, s.ready = int(data["after"]), int(data["next_turn"]), data["ready"]
        s.subbed = bool(data["substituted"])
        s.last = index[data["last_play"]] if data["last_play"] else -1
        s.shot = index[data["shot"]] if data["shot"] else -1
        s.passes, s.winner = int(data["passes"]), int(data["winner"])
        s.history = s.history_from_json(data["history"])
    except (KeyError, ValueError, TypeError) as exc:
        raise NotationError(f"jukem state JSON: missing or bad field: {exc}") from None
    return s


__all__ = ["CARD_FIELDS", "FIELDS", "from_position", "state_from_json", "to_position"]
