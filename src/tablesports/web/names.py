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
ALLOWED = "2 to 24 letters (any script), digits, spaces and . - _ ' with at least one letter"
assert ALLOWED.startswith(f"{MIN_LENGTH} to {MAX_LENGTH} ")


class BadName(TablesportsError):
    """A display name refused: the message says what was wrong and what is allowed. Its
    `template` and `fields` let a page say it in the reader's language (the lobby's catalog)."""

    def __init__(self, template: str, **fields: object) -> None:
        self.template = template
        self.fields = {k: str(v) for k, v in fields.items()}
        super().__init__(template.format(**self.fields))


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
        raise BadName("a name is text: {allowed}", allowed=ALLOWED)
    if len(raw) > 4 * MAX_LENGTH:  # before any work on a huge string
        raise BadName(
            "the name is too long ({n} characters): {allowed}", n=len(raw), allowed=ALLOWED
        )
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
                    "the name has a combining mark ({char}) where none may stand: "
                    "at most {n} after a letter",
                    char=_describe(char),
                    n=MARKS_IN_A_ROW,
                )
            continue
        marks = 0
        if kind[0] == "L" or kind == "Nd" or char == " " or char in PUNCTUATION:
            continue
        raise BadName(
            "the name may not contain {char}: {allowed}", char=_describe(char), allowed=ALLOWED
        )
    if not MIN_LENGTH <= len(name) <= MAX_LENGTH:
        raise BadName("the name has {n} characters: {allowed}", n=len(name), allowed=ALLOWED)
    if not any(unicodedata.category(c)[0] == "L" for c in name):
        raise BadName("the name has no letter: {allowed}", allowed=ALLOWED)
    scripts = {categories.alias(c) for c in name} - NEUTRAL
    if len(scripts) > 1 and not scripts <= EAST_ASIAN:
        raise BadName(
            "the name mixes the scripts {scripts}: letters that look alike pass one name off "
            "as another, so a name is written in one script (Chinese, Japanese and Korean may "
            "go together)",
            scripts=", ".join(sorted(scripts)),
        )
    if name.casefold() in reserved():
        raise BadName(
            "{name} is reserved (a bot's level or name, or the site's own word): choose "
            "another name",
            name=repr(name),
        )
    return name
