"""Each board's own terms in the reader's language (issue 45, finding 4's last items).

The boards used to show some of their games' terms in English whatever the language: Jukem's
card kinds (PASS, SHOT, SAVE ...) and its SHOT `face down`; Jugger TTG's FP, AP and RDA, the
Qwik and its `Q`, the Mals and start slots in the hexes' tooltips; Blood Bowl's MA ST AG PA AV
without their whole names; HanniBall's piece letters (H, E, L, M). A real page of each game, in
Korean and in German, unfinished (and Jukem's finished too), is read whole: its text, every
tooltip (title, aria-label, SVG title), SVG text and CSS `content`; none of the English terms
listed below for that game and language may be there. The seed's own words stay where the seed
is in that language (German FP, AP, RDA and Mal; Korean MA and AV), each short form with its
whole term in the reader's language as its tooltip. Screenshots: test-artifacts/web/terms-*.png.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .helpers import wait_js
from .server import Server
from .test_boards import (
    against_a_bot,
    catalog,
    click_action,
    legal,
    open_board,
    two_bots,
    wait_mine,
)
from .test_browser import browser, server, shot

__all__ = ["browser", "server"]  # the fixtures, shared with test_browser

GAMES = ("jukem", "juggerttg", "bloodbowl", "hanniball")
LANGS = ("ko", "de")

JUKEM_KINDS = ["PASS", "HEADER", "SHOT", "SAVE", "FLOP", "RED", "YELLOW", "face down"]
ENGLISH: dict[tuple[str, str], list[str]] = {
    # JUKEM is the game's name (a trademark) and a card's: it stays; the cards' ids ("PASS-11")
    # are the actions' notation and are not matched (a term is never followed by "-")
    ("jukem", "ko"): JUKEM_KINDS,
    ("jukem", "de"): JUKEM_KINDS,
    # the German seed's own FP, AP, RDA and Mal stay on the German page
    ("juggerttg", "ko"): ["FP", "AP", "RDA", "Qwik", "Q", "P", "Mal", "start slot", "the Jugg"],
    ("juggerttg", "de"): ["Qwik", "Q", "skulls", "start slot", "red Mal", "blue Mal", "the Jugg"],
    # the Korean seed writes MA and AV itself (ST, AG, PA likewise as its coaches do)
    ("bloodbowl", "ko"): [],
    ("bloodbowl", "de"): ["MA", "AG", "AV"],
    ("hanniball", "ko"): ["H", "E", "L", "M"],
    ("hanniball", "de"): ["H", "M"],  # Elefant and Löwe keep E and L
}

READ = """() => {
  const b = document.getElementById('board');
  const out = [['text', b.innerText]];
  for (const n of b.querySelectorAll('[title]')) out.push(['title', n.getAttribute('title')]);
  for (const n of b.querySelectorAll('[aria-label]')) {
    out.push(['aria-label', n.getAttribute('aria-label')]);
  }
  for (const n of b.querySelectorAll('svg title')) out.push(['svg title', n.textContent]);
  for (const n of b.querySelectorAll('svg text')) out.push(['svg text', n.textContent]);
  for (const n of b.querySelectorAll('*')) {
    for (const p of ['::before', '::after']) {
      const c = getComputedStyle(n, p).content;
      if (c && c !== 'none' && c !== 'normal' && c !== '""') out.push(['css ' + p, c]);
    }
  }
  return out;
}"""


def english_terms(page: Any, game: str, lang: str) -> list[tuple[str, str, str]]:
    """(term, where, the text) for each listed English term the board shows anywhere."""
    found = []
    for where, text in page.evaluate(READ):
        for term in ENGLISH[(game, lang)]:
            if re.search(rf"(?<![\w-]){re.escape(term)}(?![\w-])", text):
                found.append((term, where, text[:120]))
    return found


def short_forms_have_their_terms(page: Any, lang: str) -> list[tuple[str, str]]:
    """Each short form (an <abbr>) with no tooltip in the reader's language."""
    shown = page.eval_on_selector_all(
        "#board abbr", "ns => ns.map(n => [n.textContent, n.getAttribute('title') || ''])"
    )
    assert shown, "no short form with its whole term on the board"
    if lang == "ko":
        return [(s, title) for s, title in shown if not re.search(r"[\uac00-\ud7a3]", title)]
    return [(s, title) for s, title in shown if not re.search(r"[äöüÄÖÜß]|[a-z]{3}", title)]


ACTION_TEXTS = """async ([lang, texts]) => {
  const i18n = await import('/static/i18n.js');
  await i18n.loadLanguage(lang);
  const { actionText } = await import('/static/games/words.js');
  return texts.map((a) => actionText(a, i18n.t));
}"""


@pytest.mark.parametrize("lang", LANGS)
def test_a_finished_jukem_shows_every_card_in_the_language(
    browser: Any, server: Server, lang: str
) -> None:
    """Two bots play Jukem to the end; a spectator sees both hands, the possessions, the last
    SHOT revealed and the discard pile: each card's kind in the reader's language, and the
    log's hidden SHOTs and SAVEs (`shot (face down)`) likewise. (First in the module: its match
    of two bots is over before the others' matches against a bot are made, the server's limit
    of unfinished matches with a bot per client being four.)"""
    made = two_bots(server, "jukem")
    page = open_board(browser, server, made, lang, seat=None)
    wait_js(page, "document.body.dataset.over === 'yes'", timeout=120000)
    found = english_terms(page, "jukem", lang)
    assert not found, f"jukem in {lang}, finished: English terms on the board: {found}"
    words = catalog(lang, "jukem")
    kinds = page.eval_on_selector_all("#board .card .kind", "ns => ns.map(n => n.textContent)")
    # every card turned up, each kind as the catalog names it (JUKEM: the card's own name)
    named = {words[k] for k in ("PASS", "HEADER", "SHOT", "SAVE", "FLOP", "RED", "YELLOW", "JUKEM")}
    assert kinds and set(kinds) <= named, kinds
    # the log's hidden SHOT and SAVE, as a seat reads them, through the page's own actionText
    hidden = page.evaluate(ACTION_TEXTS, [lang, ["shot (face down)", "save (face down)"]])
    assert not [h for h in hidden if "face down" in h], hidden
    shot(page, f"terms-jukem-{lang}-finished")
    page.close()


@pytest.fixture(scope="module")
def matches(server: Server) -> dict[str, Any]:
    """One match against a bot per game: read in each language by seat 0."""
    return {game: against_a_bot(server, game) for game in GAMES}


def to_the_field(page: Any) -> None:
    """Jugger TTG: play the first legal action until heroes stand on the field and a Qwik is
    named (the board's FP, AP and Qwik marks show then)."""
    ready = (
        "document.querySelector('#jtboard .jt-hero') !== null"
        " && [...document.querySelectorAll('.jt-cards tr')].length >= 5"
    )
    for _ in range(150):
        if page.evaluate(f"Boolean({ready})"):
            return
        wait_mine(page)
        acts = legal(page)
        pick = next((a for a in acts if a.startswith(("qwik ", "place "))), acts[0])
        click_action(page, pick)
    raise AssertionError("the heroes never reached the field")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_a_board_shows_its_games_terms_in_the_language(
    browser: Any, server: Server, matches: dict[str, Any], game: str, lang: str
) -> None:
    page = open_board(browser, server, matches[game], lang)
    if game == "juggerttg":
        to_the_field(page)
    if game == "bloodbowl":  # a player's card, from the dugout: his MA ST AG PA AV
        page.locator('[data-dugout="0"] [data-player]').first.hover()
        page.wait_for_selector("#bbcard table")
    if game == "jukem":
        page.wait_for_selector("#hand .card")
    found = english_terms(page, game, lang)
    assert not found, f"{game} in {lang}: English terms on the board: {found}"
    if game == "juggerttg":  # the draft's and the initiative's rolls: "skulls 2" in the log
        log = page.inner_text("#log")
        assert not re.search(r"\bskulls\b", log) and catalog(lang, "juggerttg")["skulls"] in log, (
            log[-300:]
        )
    if game in ("juggerttg", "bloodbowl"):
        assert short_forms_have_their_terms(page, lang) == []
    if game == "hanniball":  # each piece's letter is the language's short form of its name
        words = catalog(lang, "hanniball")
        letters = {
            words[f"{c} (short for {n})"]
            for c, n in zip("HELM", ("Horse", "Elephant", "Lion", "Monkey"), strict=True)
        }
        shown = set(page.eval_on_selector_all("#hbgrid .piece", "ns => ns.map(n => n.textContent)"))
        assert shown and shown <= letters, shown
    shot(page, f"terms-{game}-{lang}")
    page.close()
