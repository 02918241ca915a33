"""A refused display name is said in the reader's language: the server sends, beside the
English message, its template and fields (`web/names.py`), and the lobby renders the template
through its catalog. Every refusal the hostile-names table meets has its template, and the
rule of what is allowed, in the lobby domain of every language."""

from __future__ import annotations

import io

import pytest
from babel.messages.pofile import read_po

from tablesports.web.i18n import LANGUAGES, LOCALE_DIR
from tablesports.web.names import ALLOWED, BadName, check_name

from .test_find_play import HOSTILE

LANGS = [code for code in LANGUAGES if code != "en"]


def lobby_catalog(lang: str) -> dict[str, str]:
    po = LOCALE_DIR / lang / "LC_MESSAGES" / "lobby.po"
    return {m.id: m.string for m in read_po(io.BytesIO(po.read_bytes())) if m.id and m.string}


def refusal(name: str) -> BadName:
    with pytest.raises(BadName) as caught:
        check_name(name)
    return caught.value


@pytest.mark.parametrize(("name", "said"), HOSTILE)
def test_a_refusals_template_with_its_fields_is_its_english_message(name: str, said: str) -> None:
    exc = refusal(name)
    assert exc.template.format(**exc.fields) == str(exc)
    assert said in str(exc)


@pytest.mark.parametrize("lang", LANGS)
def test_every_refusal_of_a_name_reads_in_the_lobbys_language(lang: str) -> None:
    words = lobby_catalog(lang)
    missing = sorted({refusal(name).template for name, _ in HOSTILE} - words.keys())
    assert not missing, f"{lang}: name refusals without a translation in lobby.po: {missing}"
    assert ALLOWED in words, f"{lang}: what a name may be is not translated"
    for name, _ in HOSTILE:  # each translation keeps the template's fields
        exc = refusal(name)
        assert words[exc.template].format(**exc.fields), exc.template
