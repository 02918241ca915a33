"""A real headless Chromium (Debian's `chromium`, driven by Playwright) plays by clicks.

Screenshots are kept in `test-artifacts/web/` (or $TABLESPORTS_ARTIFACTS). Never skipped: when
chromium is missing the test fails and says how to install it (`make test` does).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .helpers import wait_js
from .server import Server

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(os.environ.get("TABLESPORTS_ARTIFACTS", "test-artifacts")) / "web"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("browser")
    srv = Server(f"sqlite:///{folder / 'web.sqlite3'}").start(folder / "server.log")
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install chromium (make test does it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def new_match(
    page: Any, server: Server, game: str, bot: str, options: dict[str, str] | None = None
) -> None:
    """Through the lobby: the game, its options, seat 1 a bot, create; seat 0's page opens."""
    page.goto(server.url + "/")
    page.evaluate("localStorage.setItem('tablesports.speed', 'off')")  # bots at once: no pacing
    page.select_option("#game", game)
    for name, value in (options or {}).items():
        page.fill(f'[data-option="{name}"]', value)
    page.select_option('[data-seat-level="1"]', "custom")  # a bot by its spec, not a level
    page.fill('[data-seat-agent="1"]', bot)
    shot(page, f"{game}-lobby")
    page.click("#create")
    page.wait_for_url("**/m/**")
    wait_js(page, "document.body.dataset.move !== undefined")


def wait_change(page: Any, move: str) -> None:
    wait_js(
        page,
        f"document.body.dataset.move !== '{move}' || document.getElementById('error')"
        ".classList.contains('shown')",
        timeout=15000,
    )


def state(page: Any) -> tuple[str, str, str]:
    return page.evaluate(
        "[document.body.dataset.move, document.body.dataset.mine, document.body.dataset.over]"
    )


def play_to_the_end(page: Any, click_once: Any, limit: int) -> int:
    clicks = 0
    for _ in range(limit):
        move, mine, over = state(page)
        if over == "yes":
            return clicks
        if mine != "yes":
            wait_js(
                page,
                "document.body.dataset.mine === 'yes' || document.body.dataset.over === 'yes'",
                timeout=30000,
            )
            continue
        click_once(page)
        clicks += 1
        wait_change(page, move)
        assert not page.is_visible("#error.shown"), page.inner_text("#error")
    raise AssertionError(f"no end after {limit} clicks")


def click_jukem(page: Any) -> None:
    """A playable card of the hand (and its first choice), else the first answer button."""
    cards = page.locator(".card.playable")
    if cards.count():
        cards.first.click()
        menu = page.locator("#cardmenu button")
        if menu.count():
            menu.first.click()
        return
    page.locator("#board [data-action]").first.click()


def test_a_whole_jukem_game_by_clicks(browser: Any, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    new_match(page, server, "jukem", "random")
    page.wait_for_selector(".card")
    shot(page, "jukem-start")
    clicks = play_to_the_end(page, click_jukem, 600)
    assert clicks > 5
    assert "Game over" in page.inner_text("#status")
    shot(page, "jukem-end")
    log = page.inner_text("#log")
    assert "(hidden from you)" in log  # the bot's draws stay hidden
    page.close()


def click_hanniball(page: Any) -> None:
    """Click a piece that can move, then its first lit target; or End the turn."""
    pieces = page.locator(".sq.from")
    end = page.locator('#board [data-action="end"]')
    if end.count() and pieces.count() == 0:
        end.first.click()
        return
    if end.count() and page.evaluate("Math.random() < 0.3"):
        end.first.click()
        return
    pieces.first.click()
    page.wait_for_selector(".sq.lit")
    page.locator(".sq.lit").first.click()
    choice = page.locator("#choice button")
    if choice.count():
        choice.first.click()


def test_a_whole_hanniball_game_by_clicks(browser: Any, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    new_match(page, server, "hanniball", "random", {"max_turns": "16"})  # fast settings
    page.wait_for_selector(".sq.from")
    page.locator(".sq.from").first.click()
    page.wait_for_selector(".sq.lit")
    shot(page, "hanniball-targets-lit")
    page.locator(".sq.selected").first.click()  # unselect, then play
    play_to_the_end(page, click_hanniball, 2000)
    assert "Game over" in page.inner_text("#status")
    shot(page, "hanniball-end")
    page.close()


def test_a_blood_bowl_setup_and_turn_by_clicks(browser: Any, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    new_match(page, server, "bloodbowl", "bloodbowl-scripted")
    ended_turn = False
    moved = False
    clicks = 0
    while clicks < 300:
        move, mine, over = state(page)
        if ended_turn or over == "yes":
            break
        if mine != "yes":
            # the bot's turn (and the kick-off's dice) may take long on a loaded machine: wait
            # for each of its steps (the page's move changes) rather than a fixed time for the
            # whole turn; only a single step that never comes (two minutes) is a failure
            wait_js(
                page,
                "document.body.dataset.mine === 'yes' || document.body.dataset.over === 'yes'"
                f" || document.body.dataset.move !== '{move}'",
                timeout=120_000,
            )
            continue
        clicks += 1
        active = page.locator(".player.active")
        other = page.locator("#otheractions button")
        texts = [other.nth(i).inner_text() for i in range(other.count())]
        if not moved and active.count():
            page.check("#tackle")
            active.first.click()
            menu = page.locator("#playermenu button").filter(has_text=re.compile(r"^move \d+$"))
            if menu.count():
                menu.first.click()
                wait_change(page, move)
                page.wait_for_selector(".sq.lit")
                shot(page, "bloodbowl-reachable")
                move = state(page)[0]
                page.locator(".sq.lit").last.click()
                moved = True
                wait_change(page, move)
                continue
            page.locator("#playermenu button").first.click()
        elif "end activation" in texts:
            other.filter(has_text="end activation").first.click()
        elif moved and "end turn" in texts:
            shot(page, "bloodbowl-after-move")
            other.filter(has_text="end turn").first.click()
            ended_turn = True
        elif any(t.startswith("formation") for t in texts):
            other.filter(has_text="formation").first.click()
        elif "setup done" in texts:
            shot(page, "bloodbowl-setup")
            other.filter(has_text="setup done").first.click()
        elif texts:
            other.first.click()
        else:
            page.locator("#legal button").first.dispatch_event("click")
        wait_change(page, move)
        assert not page.is_visible("#error.shown"), page.inner_text("#error")
    assert moved and ended_turn
    assert re.search(r"move \d+ to \d+,\d+", page.inner_text("#log"))
    shot(page, "bloodbowl-turn-ended")
    assert "end turn" in page.inner_text("#log")
    page.close()


def test_bad_input_is_shown_in_the_page(browser: Any, server: Server) -> None:
    page = browser.new_page()
    page.goto(server.url + "/m/nosuchmatch")
    page.wait_for_selector("#error.shown")
    assert "no match" in page.inner_text("#error")
    new_match(page, server, "hanniball", "mcts:iterations=20")  # a bot spec with parameters
    assert "mcts:iterations=20" in page.inner_text("#seats")
    page.fill("#actiontext", "b3-b9")  # typed, and illegal
    page.click("#typed button")
    page.wait_for_selector("#error.shown")
    assert "illegal: b3-b9" in page.inner_text("#error")
    shot(page, "hanniball-illegal-typed")
    page.fill("#actiontext", "nonsense")
    page.click("#typed button")
    wait_js(page, "document.getElementById('error').innerText.includes('HanniBall action')")
    assert state(page)[0] == "0"  # nothing changed
    page.close()


def test_the_language_is_chosen_in_the_page_and_remembered(browser: Any, server: Server) -> None:
    page = browser.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#lang option", state="attached")
    page.select_option("#lang", "ko")
    wait_js(page, "document.getElementById('create').textContent === '게임 만들기'")
    page.reload()
    wait_js(page, "document.getElementById('create').textContent === '게임 만들기'")
    shot(page, "lobby-korean")
    page.select_option("#lang", "en")
    page.close()


def test_a_friend_joins_by_the_invite_link_in_a_second_browser(
    browser: Any, server: Server
) -> None:
    host = browser.new_context(viewport={"width": 1300, "height": 900})
    friend = browser.new_context(viewport={"width": 1300, "height": 900})  # its own storage
    page = host.new_page()
    page.goto(server.url + "/")
    page.select_option("#game", "hanniball")
    page.select_option('[data-seat-kind="1"]', "human")
    page.click("#create")
    page.wait_for_selector('[data-link="1"]')
    shot(page, "invite-links")
    link0 = page.input_value('[data-link="0"]')
    link1 = page.input_value('[data-link="1"]')
    page.goto(link0)
    other = friend.new_page()
    other.goto(link1)
    moves = polls = 0
    while moves < 6 and polls < 300:  # White's two-step first turn, then Black's, ...
        # the page whose turn it is; the other learns of a move by its socket, a moment later
        mover = next((m for m in (page, other) if state(m)[1] == "yes"), None)
        if mover is None:
            polls += 1
            page.wait_for_timeout(100)
            continue
        move = state(mover)[0]
        mover.locator(".sq.from").first.click()
        mover.locator(".sq.lit").first.click()
        if mover.locator("#choice button").count():
            mover.locator("#choice button").first.click()
        wait_change(mover, move)
        moves += 1
    assert moves == 6, f"only {moves} moves made: neither page's turn for 30 s"
    wait_js(page, "document.getElementById('log').innerText.includes('Seat 1')")
    wait_js(other, "document.getElementById('log').innerText.includes('Seat 0')")
    assert page.inner_text("#log") == other.inner_text("#log")
    other.reload()  # reconnect by reloading: the same seat, the same log
    wait_js(other, "document.body.dataset.move !== undefined")
    assert other.inner_text("#log") == page.inner_text("#log")
    shot(other, "hanniball-friend")
    host.close()
    friend.close()


def test_hot_seat_hands_the_screen_over(browser: Any, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    page.goto(server.url + "/")
    page.select_option("#game", "jukem")
    page.select_option('[data-seat-kind="1"]', "human")
    page.check("#hotseat")
    page.click("#create")
    page.wait_for_url("**#hotseat")
    covers = moves = 0
    for _ in range(40):
        page.wait_for_selector("#cover button, .card.playable, #board [data-action]")
        if page.locator("#cover button").count():
            covers += 1
            shot(page, "jukem-hot-seat-cover")
            assert page.locator(".card").count() == 0  # nobody's hand shows under the cover
            page.click("#cover button")
            continue
        move = state(page)[0]
        click_jukem(page)
        wait_change(page, move)
        moves += 1
        if moves == 8:
            break
    assert covers >= 2
    page.wait_for_selector("#cover button, .card.playable, #board [data-action]")
    if page.locator("#cover button").count():
        page.click("#cover button")
    shot(page, "jukem-hot-seat")
    page.wait_for_selector("#log .step")
    assert page.locator("#log .step").count() > 10
    page.close()
