"""A player's display name: hostile input, checked before it is stored or shown to anyone.

A name is NFKC-normalised (full-width letters and ligatures become their plain forms), its runs
of spaces become one, and then it must be 2 to 24 characters of letters (any script), digits,
spaces and the punctuation `. - _ '`, with at least one letter; a combining mark only after a
letter, at most two in a row (no "zalgo" towers). Control, format (invisible, bidi), symbol and
markup characters are refused, so a name cannot hide text, turn the page's text around or carry
HTML (the pages draw it with textContent anyway). A name may not mix look-alike scripts (Latin
with Cyrillic or Greek: "раypal"); the Chinese, Japanese and Korean scripts may go together, as
their writers mix them. The bots' level and agent names and the site's own words are reserved
(a person may not pass as a bot or as the server).
"""

from __future__ import annotations

import unicodedata
from functools import cache

from confusable_homoglyphs import categories

from tablesports.core.errors import TablesportsError
from tablesports.core.registry import game_bots, game_ids
from tablesports.web.i18n import LANGUAGES, gettext_for

MIN_LENGTH, MAX_LENGTH = 2, 24
PUNCTUATION = ".-_'"
MARKS_IN_A_ROW = 2
EAST_ASIAN = {"HAN", "HIRAGANA", "KATAKANA", "HANGUL", "BOPOMOFO"}
"""Scripts that are written together (Japanese, Korean with Hanja): no look-alikes between them."""
NEUTRAL = {"COMMON", "INHERITED"}
RESERVED_WORDS = (
    "easy", "normal", "hard", "strongest", "random", "mcts", "ismcts", "bot", "a bot", "human",
    "person", "a person", "spectator", "server", "system", "admin", "administrator",
    "moderator", "tablesports", "anonymous",
)  # fmt: skip
ALLOWED = (
    f"{MIN_LENGTH} to {MAX_LENGTH} letters (any script), digits, spaces and . - _ ' "
    "with at least one letter"
)


class BadName(TablesportsError):
    """A display name refused: the message says what was wrong and what is allowed."""


@cache
def reserved() -> frozenset[str]:
    """The words no person may take as a name, casefolded: levels, bots, the site's words."""
    words = {w.casefold() for w in RESERVED_WORDS}
    for lang in LANGUAGES:  # the levels as the lobby shows them in each language
        _ = gettext_for(lang)
        words.update(_(w).casefold() for w in RESERVED_WORDS)
    for game_id in game_ids():
        words.update(b.casefold() for b in game_bots(game_id))
    return frozenset(words)


def _describe(char: str) -> str:
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}" + (f" {name}" if name else "")


def check_name(raw: object) -> str:
    """The name as it is stored and shown, or `BadName` saying what is allowed."""
    if not isinstance(raw, str):
        raise BadName(f"a name is text: {ALLOWED}")
    if len(raw) > 4 * MAX_LENGTH:  # before any work on a huge string
        raise BadName(f"the name is too long ({len(raw)} characters): {ALLOWED}")
    name = " ".join(unicodedata.normalize("NFKC", raw).split(" ")).strip(" ")
    while "  " in name:
        name = name.replace("  ", " ")
    marks = 0
    for i, char in enumerate(name):
        kind = unicodedata.category(char)
        if kind[0] == "M":
            marks += 1
            if i == 0 or marks > MARKS_IN_A_ROW:
                raise BadName(
                    f"the name has a combining mark ({_describe(char)}) where none may stand: "
                    f"at most {MARKS_IN_A_ROW} after a letter"
                )
            continue
        marks = 0
        if kind[0] == "L" or kind == "Nd" or char == " " or char in PUNCTUATION:
            continue
        raise BadName(f"the name may not contain {_describe(char)}: {ALLOWED}")
    if not MIN_LENGTH <= len(name) <= MAX_LENGTH:
        raise BadName(f"the name has {len(name)} characters: {ALLOWED}")
    if not any(unicodedata.category(c)[0] == "L" for c in name):
        raise BadName(f"the name has no letter: {ALLOWED}")
    scripts = {categories.alias(c) for c in name} - NEUTRAL
    if len(scripts) > 1 and not scripts <= EAST_ASIAN:
        raise BadName(
            f"the name mixes the scripts {', '.join(sorted(scripts))}: letters that look alike "
            "pass one name off as another, so a name is written in one script (Chinese, "
            "Japanese and Korean may go together)"
        )
    if name.casefold() in reserved():
        raise BadName(
            f"{name!r} is reserved (a bot's level or name, or the site's own word): choose "
            "another name"
        )
    return name
