"""Every UI string goes through the catalogs, in English, German, Italian, Korean and Russian."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient

from tablesports.web.i18n import LANGUAGES, LOCALE_DIR, domains, gettext_for

WEB = LOCALE_DIR.parent


def ui_strings() -> set[str]:
    """`t("...")` in the pages' modules, `data-t` in the pages, `_("...")` in the server."""
    found: set[str] = set()
    for path in (WEB / "static").rglob("*.js"):
        found |= set(re.findall(r'\bt\("((?:[^"\\]|\\.)*)"', path.read_text()))
    for path in (WEB / "static").glob("*.html"):
        found |= set(re.findall(r'data-t="([^"]*)"', path.read_text()))
    for path in WEB.glob("*.py"):
        text = path.read_text()
        found |= set(re.findall(r'\b_\(\s*"((?:[^"\\]|\\.)*)"', text))
        found |= set(re.findall(r"\b_\(\s*'((?:[^'\\]|\\.)*)'", text))
    return {s.replace('\\"', '"') for s in found}


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_every_ui_string_is_translated_and_compiled(lang: str) -> None:
    folder = Path(LOCALE_DIR) / lang / "LC_MESSAGES"
    translated: dict[str, str] = {}
    for domain in domains(lang):  # messages, and one domain per area of the app
        po = read_po(io.BytesIO((folder / f"{domain}.po").read_bytes()))
        mo = read_mo(io.BytesIO((folder / f"{domain}.mo").read_bytes()))
        strings = {m.id: m.string for m in po if m.id and m.string}
        compiled = {m.id: m.string for m in mo if m.id}
        assert compiled == strings, f"{lang}/{domain}: the .mo is stale: run make catalogs"
        translated |= strings
    missing = ui_strings() - set(translated)
    assert not missing, f"{lang}: untranslated: {sorted(missing)}"
    for text, out in translated.items():  # the placeholders survive translation
        assert set(re.findall(r"\{\w+", text)) == set(re.findall(r"\{\w+", out)), (lang, text)


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_every_language_has_the_same_domains(lang: str) -> None:
    assert domains(lang) == domains("de"), "each area's catalog exists in every language"
    assert domains(lang)[0] == "messages"


def test_the_server_speaks_the_chosen_language(client: TestClient) -> None:
    assert gettext_for("de")("it is not your turn") == "du bist nicht dran"
    assert client.get("/api/i18n/ko").json()["Show tackle zones"] == "태클 존 보기"
    assert client.get("/api/i18n/xx").status_code == 400
    assert set(client.get("/api/languages").json()) == {"en", "de", "it", "ko", "ru"}
