"""Issue 45, deliver 2: no English word on a page read in German, Italian, Korean or Russian.

The lobby, and each game's match page as seat 0 against a bot: unfinished (a few moves in) and
finished (short options, played to the end). The seat's moves are sent over the WebSocket (the
pages' own clicks are other tests' business); each page is then opened in each language, its
folds opened, and `english_on_page` lists every English word outside names and notation. A
page with English words is kept as test-artifacts/web/no-english-<game>-<lang>-<stage>.png.
"""

from __future__ import annotations

import json
import random
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .english import english_on_page
from .helpers import wait_js
from .server import Server
from .test_boards import open_board
from .test_browser import browser, shot

__all__ = ["browser"]  # the fixture, shared with test_browser

GAMES = ("jukem", "hanniball", "bloodbowl", "juggerttg", "juggers")
LANGS = ("de", "it", "ko", "ru")
MOVES = 3
"""The seat's moves before an unfinished page is read."""
SHORT = {
    "jukem": {"preset": "mini"},
    "hanniball": {"max_turns": 6},
    "bloodbowl": {"turns_per_half": 1},
    "juggerttg": {"max_stones": 3},
    "juggers": {"innings": 1},
}
"""Options that end a game within a few hundred steps, for the finished pages."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("no-english")
    # ten matches against a bot from one address (two a game); the bot answers at once
    args = ("--bot-matches-per-client", "20", "--bot-delay", "0")
    srv = Server(f"sqlite:///{folder / 'web.sqlite3'}", args=args).start(folder / "server.log")
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def matches(server: Server) -> dict[tuple[str, str], dict[str, Any]]:
    """(game, "unfinished" | "finished") -> the match made, its seat's moves played when a
    test first asks for it."""
    return {}


def made(
    server: Server, kept: dict[tuple[str, str], dict[str, Any]], game: str, stage: str
) -> dict[str, Any]:
    if (game, stage) not in kept:
        finished = stage == "finished"
        body: dict[str, Any] = {"options": SHORT[game]} if finished else {}
        seats = [{"kind": "human"}, {"kind": "bot", "agent": "random"}]
        match = create(server, {"game": game, "seats": seats, **body})
        play(server, match, None if finished else MOVES)
        kept[game, stage] = match
    return kept[game, stage]


def create(server: Server, body: dict[str, Any]) -> dict[str, Any]:
    req = urllib.request.Request(
        server.url + "/api/matches",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=30) as res:
        return dict(json.loads(res.read()))


def play(server: Server, match: dict[str, Any], moves: int | None) -> None:
    """Seat 0 plays `moves` moves (None: to the end), each a seeded choice among the legal
    ones; returns once the bot has answered the last."""
    from websockets.sync.client import connect

    rng = random.Random(5)
    played = 0
    with connect(f"ws://127.0.0.1:{server.port}/ws") as ws:
        ws.send(json.dumps({"type": "hello", "match": match["id"], "token": match["tokens"]["0"]}))
        for _ in range(20000):
            view = json.loads(ws.recv(timeout=60))
            assert view["type"] != "error", view
            if view["type"] != "view" or not (view["legal"] or view["over"]):
                continue
            if view["over"] or (moves is not None and played >= moves):
                return
            index = rng.randrange(len(view["legal"]))
            ws.send(json.dumps({"type": "act", "move": view["move"], "index": index}))
            played += 1
    raise AssertionError(f"{match['id']}: no end after 20000 messages")


def read(page: Any, game: str | None, lang: str) -> list[str]:
    """The page's English words, its folds (every legal action, the text picture) open."""
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    return english_on_page(page, game, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_lobby_shows_no_english_word(browser: Any, server: Server, lang: str) -> None:
    page = browser.new_page()
    page.add_init_script(f"localStorage.setItem('tablesports.lang', '{lang}')")
    page.goto(server.url + "/")
    wait_js(page, "document.querySelectorAll('#cards .gamecard').length > 0")
    found = read(page, None, lang)
    if found:  # the evidence
        shot(page, f"no-english-lobby-{lang}")
    page.close()
    assert not found, f"lobby in {lang}: {len(found)} English words:\n" + "\n".join(found)


@pytest.mark.parametrize("stage", ["unfinished", "finished"])
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_a_match_page_shows_no_english_word(
    browser: Any,
    server: Server,
    matches: dict[tuple[str, str], dict[str, Any]],
    game: str,
    lang: str,
    stage: str,
) -> None:
    match = made(server, matches, game, stage)
    page = open_board(browser, server, match, lang)
    if stage == "finished":
        wait_js(page, "document.body.dataset.over === 'yes'")
    else:
        wait_js(page, "document.body.dataset.mine === 'yes'")
    found = read(page, game, lang)
    if found:
        shot(page, f"no-english-{game}-{lang}-{stage}")
    page.close()
    assert not found, f"{game} in {lang}, {stage}: {len(found)} English words:\n" + "\n".join(found)


def test_the_reader_finds_english_in_every_place_a_page_shows_words(
    browser: Any, tmp_path: Path
) -> None:
    """The reader itself: each place a word is shown (text, SVG text and tooltip, a button's
    label, an option of a menu, placeholder, title, aria-label, alt) is read; hidden things,
    names, notation and the language's own words are not English."""
    page = browser.new_page()
    page.set_content(
        """<p>Zug von Team A: c3-d4, 2d6, 3+ [H-TOSS] Reikland Reavers</p>
        <p>heads</p><button>Resign</button><input type="button" value="Offer">
        <select><option>Zug</option><option>undo</option></select>
        <input placeholder="whose"><span title="turn">1</span><img alt="board" src="">
        <span aria-label="rematch">*</span>
        <svg><text x="5" y="5">skulls</text>
        <rect width="9" height="9"><title>hex</title></rect></svg>
        <p hidden>hidden</p><p style="display:none">none</p><details><p>clock</p></details>"""
    )
    words = [w.split(" (")[0] for w in english_on_page(page, "bloodbowl", "de")]
    assert sorted(words) == sorted(
        ["heads", "Resign", "Offer", "undo", "whose", "turn", "board", "rematch", "skulls", "hex"]
    )
    korean = [w.split(" (")[0] for w in english_on_page(page, "bloodbowl", "ko")]
    assert "Zug" in korean and "Reikland" not in korean and "c3" not in korean
    page.close()
