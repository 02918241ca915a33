"""The actions of Jugger TTG and their text forms (every ``str()`` parses back).

Heroes are named by seat: ``r1``..``r8`` for red (player 0, the left team), ``b1``..``b8`` for
blue (player 1); hexes by name (``k6`` is the centre, see board.py). Facings are E, NE, NW, W,
SW, SE. The forms, by phase:

=====================  ===================================================================
``recruit ID``         take the roster hero ID into your team (R18, R20)
``deal ID``            chance: the draft deals hero card ID (R16, R18)
``draw-pile``          draft: draw from the pile; ``draw-discard`` takes the top discard
``swap ID r3``         draft, team complete: hero ID from the hand replaces r3 (R19)
``discard ID``         draft: discard a card from the hand (R18); ``stop`` ends recruiting
``first red``          the draft roll's winner names who drafts first (R17)
``field r6``           put a hero on the field for this drive (long game, R28)
``qwik r2``            make a hero this drive's Qwik (R29)
``spar r3 chain``      give a pompfer a spar (R21)
``skulls 2``           chance: a roll showed 2 skulls
``initiative red``     the roll's winner names the initiative player (R31)
``place r1 a6``        set a hero on a start slot (R32)
``activate r2``        activate a hero (R40); ``delay r2`` delays it (R44); ``end`` ends a turn
``face NE``            set the facing (R93)
``jog`` ``run``        declare a movement (R52); ``sprint`` too
``step l6``            one step to an adjacent hex (R55); typing just ``l6`` is enough
``attack b3``          a standard attack (R97), or just ``b3``; ``talent b3`` uses a talent
``wrestle b1``         a Qwik wrestles the enemy Qwik (R122)
``pickup``             the Qwik picks up the Jugg (R78); ``score`` scores (R82)
``throw m6``           the carrier throws the Jugg (R80); ``pass m6`` a pompfer moves it (R73)
``pin b3``             pin a kneeling enemy (R139); ``unpin b3`` releases it (R144)
``reload``             recover the chain (R111)
``keep-hold``          pay 1 FP to keep holding (R130); ``end-hold`` ends the hold (R128)
``done``               end the activation
``buy 2``              buy 2 more dice (R104, R106)
``parry`` ``duel``     defences (R98); ``talent-parry``, ``talent-duel``, ``no-defence``
``lunge k7``           react to an attack with a lunge (R66); ``no-reaction`` declines
``aoo r3``             an attack of opportunity (R117)
``quickstep r3 k7``    a quickstep talent answers an enemy's step by its range term (R65)
``reroll r3``          r3's talent re-rolls the roll just made (R5, R88)
``take`` ``hold``      wrestling results (R123); ``push k7``, ``no-push``
``drop k7``            a knocked-down carrier's owner puts the Jugg down (R132)
=====================  ===================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from tablesports.core.errors import ActionParseError
from tablesports.games.juggerttg.board import FACING_NAMES, SIZE, name, parse_hex

HERO_KINDS = frozenset(
    (
        "field",
        "qwik",
        "activate",
        "delay",
        "attack",
        "talent",
        "wrestle",
        "pin",
        "unpin",
        "aoo",
        "reroll",
    )
)
HEX_KINDS = frozenset(("step", "throw", "pass", "lunge", "push", "drop"))
PLAIN = frozenset(
    (
        "end",
        "jog",
        "run",
        "sprint",
        "pickup",
        "score",
        "reload",
        "keep-hold",
        "end-hold",
        "done",
        "parry",
        "duel",
        "talent-parry",
        "talent-duel",
        "no-defence",
        "no-reaction",
        "take",
        "hold",
        "no-push",
        "draw-pile",
        "draw-discard",
        "stop",
    )
)
CARD_KINDS = frozenset(("recruit", "deal", "discard"))
SPAR_IDS = ("shield", "long", "staff", "qtip", "chain", "twoshort", "qwik")
TEAM = ("red", "blue")


def hero_label(h: int) -> str:
    return f"{'rb'[h // 8]}{h % 8 + 1}"


def parse_hero(text: str) -> int:
    t = text.strip().lower()
    if len(t) == 2 and t[0] in "rb" and t[1] in "12345678":
        return (0 if t[0] == "r" else 8) + int(t[1]) - 1
    raise ValueError(f"{text!r} is not a hero: r1..r8 (red) or b1..b8 (blue)")


@dataclass(frozen=True, slots=True)
class Act:
    """One action: a kind and up to two numbers (hero, hex, facing, count) or a roster id."""

    kind: str
    a: int = -1
    b: int = -1
    s: str = ""

    def __str__(self) -> str:
        try:
            return self._text()
        except (IndexError, TypeError, KeyError, AttributeError):
            # a hand-built action with bad values (`act("activate", 99)`): its raw fields, so
            # that the IllegalActionError that names it can be made (`bad_values` says why)
            return f"{self.kind} {self.a} {self.b} {self.s!r}"

    def _text(self) -> str:
        k = self.kind
        if k in HERO_KINDS:
            return f"{k} {hero_label(self.a)}"
        if k in HEX_KINDS:
            return f"{k} {name(self.a)}"
        if k == "face":
            return f"face {FACING_NAMES[self.a]}"
        if k in ("skulls", "buy"):
            return f"{k} {self.a}"
        if k == "initiative":
            return f"initiative {TEAM[self.a]}"
        if k == "place" or k == "quickstep":
            return f"{k} {hero_label(self.a)} {name(self.b)}"
        if k == "spar":
            return f"spar {hero_label(self.a)} {SPAR_IDS[self.b]}"
        if k in CARD_KINDS:
            return f"{k} {self.s}"
        if k == "swap":
            return f"swap {self.s} {hero_label(self.a)}"
        if k == "first":
            return f"first {TEAM[self.a]}"
        return k


def bad_values(a: Act) -> str | None:
    """What is wrong with the values of a hand-built action, or None if they are in range."""
    k, x, y = a.kind, a.a, a.b
    if not isinstance(k, str) or not all(type(v) is int for v in (x, y)):
        return "an action is Act(kind: str, a: int, b: int, s: str); see parse_action's forms"
    if not isinstance(a.s, str):
        return f"a roster id is a text, got {a.s!r}"
    seat = k in HERO_KINDS or k in ("place", "quickstep", "spar", "swap")
    if seat and not 0 <= x < 16:
        return f"hero {x}: a seat is 0..15 (r1..r8 are 0..7, b1..b8 are 8..15)"
    if (k in HEX_KINDS and not 0 <= x < SIZE) or (
        k in ("place", "quickstep") and not 0 <= y < SIZE
    ):
        return f"hex {x if k in HEX_KINDS else y}: a hex index is 0..{SIZE - 1} (see board.py)"
    if k == "face" and not 0 <= x < 6:
        return f"facing {x}: a facing is 0..5 ({', '.join(FACING_NAMES)})"
    if k in ("skulls", "buy") and not 0 <= x <= 30:
        return f"{k} {x}: a count is 0..30"
    if k in ("initiative", "first") and x not in (0, 1):
        return f"{k} {x}: a player is 0 (red) or 1 (blue)"
    if k == "spar" and not 0 <= y < len(SPAR_IDS):
        return f"spar {y}: a spar is 0..{len(SPAR_IDS) - 1} ({', '.join(SPAR_IDS)})"
    return None


_cache: dict[tuple[str, int, int, str], Act] = {}


def _intern(kind: str, a: int = -1, b: int = -1, s: str = "") -> Act:
    key = (kind, a, b, s)
    found = _cache.get(key)
    if found is None:
        found = _cache[key] = Act(kind, a, b, s)
    return found


act = cache(_intern)
"""The shared `Act` for these fields (one object per action keeps legal lists cheap): `_intern`
makes one object per fields, and `functools.cache` in front answers the move generation's many
calls in C (a call with keywords is cached apart, but `_intern` hands back the same object)."""


def parse_action(text: str, roster_ids: frozenset[str]) -> Act:
    """The action whose text is ``text`` (see the table above)."""
    words = text.strip().split()
    if not words:
        raise ActionParseError(text, "empty text; an action is e.g. 'step l6' or 'attack b3'")
    k = words[0].lower()
    args = words[1:]
    if len(words) == 1 and len(k) >= 2 and k[0] in "rb" and k[1:].isdigit():
        k, args = "attack", [k]  # the short form of the common attack: just the target
    elif len(words) == 1 and len(k) >= 2 and k[0].isalpha() and k[1:].isdigit():
        k, args = "step", [k]  # the short form of a step: just the hex
    try:
        if k in PLAIN and not args:
            return act(k)
        if k in HERO_KINDS and len(args) == 1:
            return act(k, parse_hero(args[0]))
        if k in HEX_KINDS and len(args) == 1:
            return act(k, parse_hex(args[0]))
        if k == "face" and len(args) == 1:
            f = args[0].upper()
            if f not in FACING_NAMES:
                raise ValueError(f"facing {args[0]!r}: one of {', '.join(FACING_NAMES)}")
            return act("face", FACING_NAMES.index(f))
        if k in ("skulls", "buy") and len(args) == 1:
            n = int(args[0])
            if not 0 <= n <= 30:
                raise ValueError(f"{k} takes a count from 0 to 30, got {n}")
            return act(k, n)
        if k == "initiative" and len(args) == 1 and args[0].lower() in TEAM:
            return act(k, TEAM.index(args[0].lower()))
        if k in ("place", "quickstep") and len(args) == 2:
            return act(k, parse_hero(args[0]), parse_hex(args[1]))
        if k == "spar" and len(args) == 2:
            if args[1].lower() not in SPAR_IDS:
                raise ValueError(f"spar {args[1]!r}: one of {', '.join(SPAR_IDS)}")
            return act(k, parse_hero(args[0]), SPAR_IDS.index(args[1].lower()))
        if k in CARD_KINDS and len(args) == 1:
            if args[0] not in roster_ids:
                raise ValueError(f"no hero {args[0]!r} in the roster")
            return act(k, s=args[0])
        if k == "swap" and len(args) == 2:
            if args[0] not in roster_ids:
                raise ValueError(f"no hero {args[0]!r} in the roster")
            return act(k, parse_hero(args[1]), s=args[0])
        if k == "first" and len(args) == 1 and args[0].lower() in TEAM:
            return act(k, TEAM.index(args[0].lower()))
    except ValueError as exc:
        raise ActionParseError(text, str(exc)) from None
    raise ActionParseError(
        text,
        "not a Jugger TTG action; e.g. 'activate r2', 'run', 'step l6', 'attack b3', 'parry', "
        "'buy 1', 'pickup', 'throw m6', 'score', 'pin b3', 'reroll r3', 'quickstep r3 k7', "
        "'done', 'end' (see rules.md)",
    )
