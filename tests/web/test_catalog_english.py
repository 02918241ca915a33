"""Every translation a page may show reads without English, entry by entry: the pages'
test (test_no_english.py) meets only the sentences its games' dice happen to reach, so each
catalog entry of each language is read here by the same reader (tests/web/english.py), with
its placeholders taken out. Protocol refusals that quote the protocol's own keys (`"do"`,
`"step"`) are notation and left out; everything else a player can meet is read."""

from __future__ import annotations

import io
import re

import pytest
from babel.messages.pofile import read_po

from tablesports.web.i18n import LANGUAGES, LOCALE_DIR

from .english import GAMES, english_words

LANGS = [code for code in LANGUAGES if code != "en"]
PROTOCOL = {"JSON", "hello", "token"}
"""The web protocol's own words in its refusals to a client (the format, the first message's
type, an invite token): notation a person only meets when a client misbehaves."""
DOMAINS = (*GAMES, "lobby", "match", "messages", "server")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")  # {player}, {kind!r}


def entries(lang: str, domain: str) -> list[tuple[str, str]]:
    po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    if not po.exists():
        return []
    return [
        (m.id, m.string)
        for m in read_po(io.BytesIO(po.read_bytes()))
        if isinstance(m.id, str) and m.id and isinstance(m.string, str)
    ]


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_translation_reads_without_english(lang: str, domain: str) -> None:
    game = domain if domain in GAMES else None
    found = []
    for english, translated in entries(lang, domain):
        if '"' in english:  # a protocol refusal quoting its keys: notation
            continue
        said = english_words(PLACEHOLDER.sub(" ", translated), game, lang)
        words = [w for w in said if game is not None or w not in PROTOCOL]
        if words:
            found.append(f"{words} in {translated!r}")
    assert not found, f"{lang}/{domain}: {len(found)} entries keep English:\n" + "\n".join(found)
