"""Every UI string goes through the catalogs, in English, German, Italian, Korean and Russian."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient

from tablesports.web.i18n import LANGUAGES, LOCALE_DIR, gettext_for

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
    po = read_po(io.BytesIO((folder / "messages.po").read_bytes()))
    mo = read_mo(io.BytesIO((folder / "messages.mo").read_bytes()))
    translated = {m.id: m.string for m in po if m.id and m.string}
    missing = ui_strings() - set(translated)
    assert not missing, f"{lang}: untranslated: {sorted(missing)}"
    compiled = {m.id: m.string for m in mo if m.id}
    assert compiled == translated, f"{lang}: messages.mo is stale: run make catalogs"
    for text, out in translated.items():  # the placeholders survive translation
        assert set(re.findall(r"\{\w+", text)) == set(re.findall(r"\{\w+", out)), (lang, text)


def test_the_server_speaks_the_chosen_language(client: TestClient) -> None:
    assert gettext_for("de")("it is not your turn") == "du bist nicht dran"
    assert client.get("/api/i18n/ko").json()["Show tackle zones"] == "태클 존 보기"
    assert client.get("/api/i18n/xx").status_code == 400
    assert set(client.get("/api/languages").json()) == {"en", "de", "it", "ko", "ru"}
