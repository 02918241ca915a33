"""Each game from the lobby to its end by finger on a phone (390 x 844, touch), in Korean (issue
45's Done-when): the language chosen in the lobby's own menu, the game by its card, short
options and an easy bot by the lobby's controls, the match created by a tap, the bot's speed
turned off in the match page's menu, then every move by taps only (page.touchscreen.tap at a
target's middle; Juggers' flick a finger's drag) on board targets and visible buttons until
the game is over. At every step no visible target is under 44 x 44 CSS px (taps.py); in the
lobby and at the start, middle and end no English word is shown (english.py). A select
is tapped, then its choice made as the phone's own picker does (Playwright's select_option: a
native picker is outside the page); a number field is tapped, then typed into (the phone's
keyboard). Screenshots: test-artifacts/web/phone-<game>-lobby/-start/-mid/-end.png; the
smallest target of each kind per place, the taps and the English words found:
test-artifacts/web/phone-game-taps-<game>.json."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

from .english import english_on_page
from .helpers import wait_js
from .server import Server
from .taps import BOARDS, small, summary, targets
from .test_browser import ARTIFACTS, browser, shot, state
from .test_phone import PHONE, finger, flick_by_finger, sideways, tap_a_cell, wait_turn

__all__ = ["browser"]  # the fixture, shared with test_browser

SHORT: dict[str, dict[str, str]] = {
    "bloodbowl": {"turns_per_half": "1"},  # one team turn each a half
    "hanniball": {"max_turns": "4"},  # two turns each, then drawn unless someone scores
    "juggerttg": {"max_stones": "1"},  # the game ends after the first Stone
    "juggers": {"innings": "1", "attacker_actions": "1", "sudden_death_cap": "1"},
    "jukem": {"halves": "1", "tiebreak_deals": "0"},  # one deal, drawn if level
}
"""The options a finger sets in the lobby, each game as short as its options make it."""

TAPS: dict[str, list[str]] = {
    # what a finger taps, in order of preference: what ends a turn soonest first, then the
    # board's targets (a tap that selects is followed by the next), then the board's buttons
    "bloodbowl": [
        '#otheractions [data-action="end turn"]',
        '#otheractions [data-action="setup done"]',
        "#formations button",
        "#playermenu button",
        "#bbpitch .sq.lit",
        "#bbpitch .player.active",
    ],
    "hanniball": [
        '#board button[data-action="end"]',
        "#choice button",
        "#hbgrid .sq.lit",
        "#hbgrid .sq.from:not(.selected)",
    ],
    "juggerttg": [
        "#jtmenu button",
        "#jtboard g.jt-hex.lit",
        "#jtboard g.jt-hero.can",
        '#board button[data-action="done"]',
        '#board button[data-action="end"]',
    ],
    "juggers": [],
    "jukem": ["#cardmenu button", "#jukemtable .card.playable"],
}
BUTTONS = "#board button[data-action]:visible"
BOARD = ("#bbpitch", "#hbgrid", "#jtboard", "#jukemtable", "placement cell", "flick")
"""What marks a tap as one on the board (not on a button beside it)."""
MID = {"bloodbowl": 4, "hanniball": 3, "juggerttg": 12, "juggers": 10, "jukem": 20}
"""After this many taps the middle screenshot is taken (about half of a short game's: 9, 6,
25, 21 and 42 taps in a run)."""
LIMIT = 300
"""Taps before the test gives up on reaching the end."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the five games (each match is played to its end; a failed one stays open
    against the few unfinished bot matches a client may have, hence room for all five)."""
    folder = tmp_path_factory.mktemp("phone-game")
    srv = Server(f"sqlite:///{folder / 'web.sqlite3'}", args=("--bot-matches-per-client", "10"))
    yield srv.start(folder / "server.log")
    srv.stop()


def choose(page: Any, selector: str, value: str) -> None:
    """A select tapped, then its choice made in the phone's picker."""
    finger(page, selector)
    page.select_option(selector, value)


def type_in(page: Any, selector: str, value: str) -> None:
    """A number field tapped, then its text replaced on the phone's keyboard."""
    finger(page, selector)
    page.keyboard.press("Control+A")
    page.keyboard.type(value)


def lobby(page: Any, server: Server, game: str) -> None:
    """Korean from the lobby's language menu, the game by its card, its short options and an
    easy bot in seat 1, all by taps."""
    page.goto(server.url + "/")
    wait_js(page, "document.body.dataset.ready === 'yes'")
    choose(page, "#lang", "ko")
    wait_js(page, "document.querySelector('#create').textContent !== 'Create the match'")
    wait_js(page, f"document.querySelector(`.gamecard[data-game='{game}']`)")
    finger(page, f".gamecard[data-game='{game}']")
    wait_js(page, f"document.getElementById('game').value === '{game}'")
    for name, value in SHORT[game].items():
        selector = f'[data-option="{name}"]'
        if page.eval_on_selector(selector, "n => n.tagName") == "SELECT":
            choose(page, selector, value)
        else:
            type_in(page, selector, value)
    assert page.input_value('[data-seat-kind="1"]') == "bot"
    choose(page, '[data-seat-level="1"]', "easy")


def progressed(page: Any, move: str, board: str, seconds: float) -> bool:
    """Whether the tap did something: a move made, an error shown or the board redrawn (a
    selection)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        now, html, error = page.evaluate(
            "[document.body.dataset.move, document.getElementById('board').innerHTML,"
            " document.getElementById('error').classList.contains('shown')]"
        )
        if now != move or html != board or error:
            return True
        time.sleep(0.05)
    return False


def tap_once(page: Any, game: str) -> str:
    """One tap of the policy's (Juggers: a placement cell or a flick); returns what was tapped."""
    move = state(page)[0]
    board = page.inner_html("#board")
    if game == "juggers" and page.locator('#legal [data-action^="place "]').count():
        tap_a_cell(page)
        chosen = "placement cell"
    elif game == "juggers" and page.locator('#legal [data-action^="flick "]').count():
        flick_by_finger(page)
        chosen = "flick"
    else:
        found = next((s for s in TAPS[game] if page.locator(s).count()), None)
        chosen = found or BUTTONS
        assert page.locator(chosen).count(), f"{game}: nothing to tap at move {move}"
        finger(page, chosen)
    assert progressed(page, move, board, 15), f"{game}: the tap on {chosen} did nothing"
    assert not page.is_visible("#error.shown"), page.inner_text("#error")
    return chosen


class Watch:
    """What the test keeps while it plays: targets under 44 px, English words, the figures."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.small: set[str] = set()
        self.english: dict[str, list[str]] = {}
        self.found: dict[str, list[dict[str, Any]]] = {}

    def measure(self, page: Any, where: str) -> None:
        seen = targets(page, BOARDS[self.game])
        self.found.setdefault(where, []).extend(seen)
        self.small.update(f"{where}: {s}" for s in small(seen))
        assert sideways(page) <= PHONE["width"], f"{where}: the page scrolls sideways"

    def read(self, page: Any, where: str) -> None:
        words = english_on_page(page, self.game, "ko")
        if words:
            self.english[where] = sorted(set(words))

    def picture(self, page: Any, where: str) -> None:
        self.measure(page, where)
        self.read(page, where)
        shot(page, f"phone-{self.game}-{where}")

    def save(self, taps: list[str]) -> None:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        figures: dict[str, Any] = {w: summary(s) for w, s in self.found.items()}
        figures["taps"] = taps
        figures["english"] = self.english
        (ARTIFACTS / f"phone-game-taps-{self.game}.json").write_text(json.dumps(figures, indent=1))


@pytest.mark.parametrize("game", sorted(SHORT))
def test_a_whole_game_from_the_lobby_to_its_end_by_finger_in_korean(
    browser: Any, server: Server, game: str
) -> None:
    watch = Watch(game)
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    lobby(page, server, game)
    watch.picture(page, "lobby")
    finger(page, "#create")
    page.wait_for_url("**/m/**")
    # (a busy machine: the first view comes after the bot's and chance's steps, pure Python)
    wait_js(page, "document.body.dataset.move !== undefined", timeout=180000)
    choose(page, "#speed", "off")
    wait_turn(page)
    watch.picture(page, "start")
    taps: list[str] = []
    while state(page)[2] != "yes":
        assert len(taps) < LIMIT, f"{game}: no end after {LIMIT} taps"
        if len(taps) == MID[game]:
            watch.picture(page, "mid")
        taps.append(tap_once(page, game))
        wait_turn(page)
        watch.measure(page, "match")
    if len(taps) <= MID[game]:  # (a game the bot ended early: its last position is its middle)
        watch.picture(page, "mid")
    assert page.locator("#resign").is_hidden()  # over: nothing left to resign
    watch.picture(page, "end")
    watch.save(taps)
    context.close()
    assert any(mark in tap for tap in taps for mark in BOARD), f"{game}: no board tap: {taps}"
    assert sorted(watch.small) == []
    assert watch.english == {}, f"{game}: English words on the Korean pages: {watch.english}"
