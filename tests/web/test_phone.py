"""Every game by finger on a phone (390 x 844, touch, Korean): in the lobby and on each game's
match page against a fast bot, every visible control and every board target is 44 x 44 CSS px
at least (WCAG 2.5.5; taps.py measures them, offenders listed by name and size); the page never
scrolls sideways (a board larger than the screen pans in its own frame); a few moves are played
by taps only (board targets first, then the board's buttons); axe finds nothing serious.
Measurements: test-artifacts/web/phone-taps-<game>.json; screenshots phone-taps-<game>-*.png."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .axe import serious_violations
from .helpers import wait_js
from .server import Server
from .taps import BOARDS, small, summary, targets
from .test_boards import against_a_bot
from .test_browser import ARTIFACTS, browser, shot, state

__all__ = ["browser"]  # the fixture, shared with test_browser


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A server per game: each test's open match against a bot counts against one client's
    few (--bot-matches-per-client), whatever an earlier test left."""
    srv = Server(f"sqlite:///{tmp_path / 'web.sqlite3'}").start(tmp_path / "server.log")
    yield srv
    srv.stop()


PHONE = {"width": 390, "height": 844}
GAMES = ["bloodbowl", "hanniball", "juggerttg", "juggers", "jukem"]
MOVES = {"juggers": 16}  # (Juggers: through the draft to the placement on the table)

# what a finger taps for one move, in order of preference: board targets first (a tap that only
# selects is followed by the next), then the board's own buttons
TAPS = {
    "bloodbowl": [
        '#otheractions [data-action="setup done"]',
        "#formations button",
        "#playermenu button",
        "#bbpitch .sq.lit",
        "#bbpitch .player.active",
    ],
    "hanniball": ["#choice button", "#hbgrid .sq.lit", "#hbgrid .sq.from:not(.selected)"],
    "juggerttg": ["#jtmenu button", "#jtboard g.jt-hex.lit", "#jtboard g.jt-hero.can"],
    "juggers": [],
    "jukem": ["#cardmenu button", "#jukemtable .card.playable"],
}


def phone(browser: Any, lang: str = "ko") -> Any:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('tablesports.lang', '{lang}')")
    page.add_init_script("localStorage.setItem('tablesports.speed', 'off')")  # bots at once
    return page


def sideways(page: Any) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth"))


def finger(page: Any, selector: str) -> None:
    """A tap where a finger would put it: the target brought into view (its frame panned), then
    a touch at its middle (whatever lies on top there takes it, as on a phone)."""
    target = page.locator(selector).first
    target.scroll_into_view_if_needed()
    found = target.bounding_box()
    assert found, selector
    page.touchscreen.tap(found["x"] + found["width"] / 2, found["y"] + found["height"] / 2)


def moved(page: Any, move: str, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if state(page)[0] != move or page.is_visible("#error.shown"):
            return True
        time.sleep(0.05)
    return False


def tap_a_cell(page: Any) -> None:
    """Juggers: a tap on the canvas's cell of the first placement of the Jugger picked (the
    first), its frame panned to it as a finger would."""
    acts = page.eval_on_selector_all("#legal [data-action]", "bs => bs.map(b => b.dataset.action)")
    jugger = min(a.split()[1] for a in acts if a.startswith("place "))
    cell = next(a.split()[-1] for a in acts if a.startswith(f"place {jugger} "))
    geo = json.loads(page.get_attribute("#juggers-table", "data-geometry"))
    col, row = "abcdefghijkl".index(cell[0]), int(cell[1:]) - 1
    x = (geo["cell"] * (col + 0.5) + geo["margin"]) * geo["scale"]
    y = (geo["height"] - geo["cell"] * (row + 0.5) + geo["margin"]) * geo["scale"]
    k = page.evaluate(
        "(() => { const c = document.getElementById('juggers-table');"
        " return c.getBoundingClientRect().width / c.width; })()"
    )
    page.locator("#juggers-table").scroll_into_view_if_needed()
    page.evaluate(
        "([x, y]) => { const f = document.getElementById('jgframe');"
        " f.scrollLeft = x - f.clientWidth / 2; f.scrollTop = y - f.clientHeight / 2; }",
        [x * k, y * k],
    )
    found = page.locator("#juggers-table").bounding_box()
    assert found
    page.touchscreen.tap(found["x"] + x * k, found["y"] + y * k)


def flick_by_finger(page: Any) -> None:
    """Juggers: a finger put down 18 CSS px beside a flickable coin of team A (its target is
    44 px across however small the table is drawn), drawn back 60 px and let go."""
    acts = page.eval_on_selector_all("#legal [data-action]", "bs => bs.map(b => b.dataset.action)")
    jugger = next(a.split()[1] for a in acts if a.startswith("flick "))
    page.locator("#juggers-table").scroll_into_view_if_needed()
    coins = json.loads(page.get_attribute("#juggers-table", "data-coins"))
    found = page.locator("#juggers-table").bounding_box()
    assert found
    k = found["width"] / page.evaluate("document.getElementById('juggers-table').width")
    x = found["x"] + coins[f"A{jugger}"][0] * k + 18
    y = found["y"] + coins[f"A{jugger}"][1] * k
    cdp = page.context.new_cdp_session(page)

    def touch(kind: str, px: float, py: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": px, "y": py}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", x, y)
    for i in range(1, 7):
        touch("touchMove", x - 10 * i, y + 10 * i)
    touch("touchEnd", x - 60, y + 60)


def tap_a_move(page: Any, game: str) -> None:
    """One move of the player's by taps: up to five taps (a selection, then its target)."""
    move = state(page)[0]
    if game == "juggers" and page.locator('#legal [data-action^="place "]').count():
        tap_a_cell(page)
        assert moved(page, move, 15), "the tap on a lit cell placed no Jugger"
        return
    if game == "juggers" and page.locator('#legal [data-action^="flick "]').count():
        flick_by_finger(page)
        assert moved(page, move, 15), "the finger's drag flicked no coin"
        return
    for _ in range(5):
        chosen = next((s for s in TAPS[game] if page.locator(s).count()), None)
        chosen = chosen or "#board button[data-action]:visible"
        finger(page, chosen)
        if moved(page, move, 2):
            assert not page.is_visible("#error.shown"), page.inner_text("#error")
            return
    raise AssertionError(f"five taps and no move ({game})")


def wait_turn(page: Any) -> None:
    wait_js(
        page,
        "document.body.dataset.mine === 'yes' || document.body.dataset.over === 'yes'",
        timeout=180000,
    )


def measure(page: Any, game: str, where: str, found: dict[str, Any]) -> list[str]:
    """The page's targets under 44 px, and its figures kept per kind under `where`."""
    seen = targets(page, BOARDS[game])
    kept = found.setdefault(where, [])
    kept.extend(seen)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    figures = {w: summary(s) for w, s in found.items()}
    (ARTIFACTS / f"phone-taps-{game}.json").write_text(json.dumps(figures, indent=1))
    return [f"{where}: {s}" for s in small(seen)]


@pytest.mark.parametrize("game", GAMES)
def test_every_tap_target_on_a_phone_is_44_px_and_a_game_plays_by_taps(
    browser: Any, server: Server, game: str
) -> None:
    found: dict[str, Any] = {}
    offenders: list[str] = []
    # the lobby: the game chosen by its card, the clock's fields shown
    page = phone(browser)
    page.goto(server.url + "/")
    wait_js(page, "document.querySelector(`.gamecard[data-game='" + game + "']`)")
    finger(page, f".gamecard[data-game='{game}']")
    wait_js(page, f"document.getElementById('game').value === '{game}'")
    if page.locator("#clock-on").count():
        finger(page, "label:has(> #clock-on)")
        assert page.locator("#clock-on").is_checked()
    offenders += measure(page, game, "lobby", found)
    assert sideways(page) <= PHONE["width"]
    assert serious_violations(page) == []
    shot(page, f"phone-taps-{game}-lobby")
    page.context.close()
    # the match page against a bot that answers at once
    made = against_a_bot(server, game)
    page = phone(browser)
    page.goto(f"{server.url}/m/{made['id']}#{made['tokens']['0']}")
    # (a busy machine: the first view comes after the bot's and chance's steps, pure Python)
    wait_js(page, "document.body.dataset.move !== undefined", timeout=180000)
    wait_js(page, "document.getElementById('board').children.length > 0")
    wait_turn(page)
    offenders += measure(page, game, "match", found)
    assert serious_violations(page) == []
    shot(page, f"phone-taps-{game}-start")
    played = 0
    for _ in range(MOVES.get(game, 6)):
        wait_turn(page)
        if state(page)[2] == "yes":
            break
        tap_a_move(page, game)
        played += 1
        wait_turn(page)
        offenders += measure(page, game, "match", found)
        assert sideways(page) <= PHONE["width"]
    assert played, "no move played"
    shot(page, f"phone-taps-{game}-played")
    # the controls under the board: the review's arrows and a move-list row, by taps
    finger(page, "#rv-first")
    wait_js(page, "!document.getElementById('live').hidden")
    offenders += measure(page, game, "match", found)
    finger(page, "#live")
    wait_js(page, "document.getElementById('live').hidden")
    # resigned by taps (its confirmation measured too): the server keeps few open bot matches
    if state(page)[2] != "yes":
        finger(page, "#resign")
        wait_js(page, "document.getElementById('confirm').open")
        offenders += measure(page, game, "match", found)
        finger(page, "#confirm-yes")
        wait_js(page, "document.body.dataset.over === 'yes'")
    shot(page, f"phone-taps-{game}-end")
    assert sorted(set(offenders)) == []
    page.context.close()
