"""UI strings through gettext catalogs (Babel): English and the languages of the seeds.

The catalogs live in `locale/<lang>/LC_MESSAGES/<domain>.po` with their compiled `.mo` beside
them (committed, so a fresh clone needs no build step; `make catalogs` recompiles them). Each
part of the app keeps its own domain (`messages` for the page chrome, one more per area, e.g.
`lobby`, `match`, or a game's id for its terms), so that they are edited apart; every domain
of a language is merged into one catalog. The
server translates its own messages with `gettext_for(lang)`; the pages get a catalog as JSON
from `/api/i18n/<lang>` and translate with it, falling back to the English text.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

from babel.support import NullTranslations, Translations

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "messages"
"""The page chrome's domain; the others are every other `.mo` in a language's folder."""
LANGUAGES = {
    "en": "English",
    "de": "Deutsch",
    "it": "Italiano",
    "ko": "한국어",
    "ru": "Русский",
}
"""English, and the languages of the seeds (Jugger TTG: de, Juggers: it, Blood Bowl: ko,
HanniBall: ru)."""


def translations(lang: str) -> NullTranslations:
    """The catalog of `lang` (English for an unknown one): cached per known language only, so
    no value a client sends grows the cache."""
    return _catalog(lang if lang in LANGUAGES else "en")


@functools.cache
def _catalog(lang: str) -> NullTranslations:
    if lang == "en":
        return NullTranslations()
    merged = Translations.load(str(LOCALE_DIR), [lang], DOMAIN)
    for domain in domains(lang):
        if domain == DOMAIN:
            continue
        found = Translations.load(str(LOCALE_DIR), [lang], domain)
        if isinstance(merged, Translations) and isinstance(found, Translations):
            merged.merge(found)
    return merged


def domains(lang: str) -> list[str]:
    """The catalog domains a language has, `messages` first."""
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    found = sorted(p.stem for p in folder.glob("*.po"))
    return sorted(found, key=lambda d: d != DOMAIN)


def gettext_for(lang: str) -> Callable[[str], str]:
    """`_` for a language code (English for an unknown one)."""
    return translations(lang).gettext


def catalog(lang: str) -> dict[str, str]:
    """Every translated message of `lang`, msgid -> text, for the pages."""
    found = translations(lang)
    messages = getattr(found, "_catalog", {})
    return {k: v for k, v in messages.items() if isinstance(k, str) and k and v}
