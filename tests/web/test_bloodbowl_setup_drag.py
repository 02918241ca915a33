"""Blood Bowl's set-up by hand in a real browser: a reserve dragged onto a lit square is placed
there, a phone places one by tap-then-tap, and a drop off the lit squares changes nothing."""

from __future__ import annotations

import re
from typing import Any

from .helpers import wait_js
from .server import Server
from .test_browser import browser, new_match, server, shot, state, wait_change

__all__ = ["browser", "server"]  # the module's fixtures, shared with test_browser

NEXT = '[data-dugout="0"] .player.draggable'  # the reserve whose turn it is to be set up


def to_setup(page: Any) -> None:
    """Through the toss and the kick-off choice (by their buttons) to seat 0's set-up."""
    for _ in range(60):
        move, mine, _ = state(page)
        if mine == "yes" and page.locator(NEXT).count():
            return
        if mine != "yes":
            wait_js(
                page,
                f"document.body.dataset.mine === 'yes' || document.body.dataset.move !== '{move}'",
                timeout=120_000,
            )
            continue
        page.locator("#otheractions button").first.click()
        wait_change(page, move)
    raise AssertionError("no set-up for seat 0")


def record(page: Any) -> str:
    """The match's record as the server keeps it: what was really played."""
    return page.evaluate(
        "fetch(location.pathname.replace('/m/', '/api/matches/') + '/record').then((r) => r.text())"
    )


def placed(page: Any) -> dict[str, str]:
    """Seat 0's players on the pitch as the view draws them: shirt number -> square."""
    return page.evaluate(
        "Object.fromEntries([...document.querySelectorAll('#bbpitch [data-player^=\"0-\"]')]"
        ".map((p) => [p.dataset.player.slice(2), p.closest('[data-square]').dataset.square]))"
    )


def centre(page: Any, selector: str) -> tuple[float, float]:
    box = page.locator(selector).first.bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def grab(page: Any, selector: str) -> None:
    """The mouse down on a player, after hovering him (his card then shows, which moves the
    dugouts below it: the pointer goes down where he is drawn then)."""
    page.locator(selector).first.hover()
    page.mouse.move(*centre(page, selector))
    page.mouse.down()


def test_a_reserve_dragged_onto_a_lit_square_is_placed_there(browser: Any, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1300, "height": 1400})
    new_match(page, server, "bloodbowl", "bloodbowl-scripted")
    to_setup(page)
    number = page.locator(NEXT).first.inner_text()
    square = page.locator("#bbpitch .sq.lit").nth(3).get_attribute("data-square")
    assert square and number not in placed(page)
    move = state(page)[0]
    grab(page, NEXT)
    page.mouse.move(*centre(page, f'[data-square="{square}"]'), steps=8)
    # while dragging: the player under the pointer, the squares he may go to outlined
    assert page.locator(".bbghost").count() == 1
    assert page.locator(f'[data-square="{square}"].target').count() == 1
    shot(page, "bloodbowl-setup-dragging")
    page.mouse.up()
    wait_change(page, move)
    assert not page.is_visible("#error.shown"), page.inner_text("#error")
    assert placed(page)[number] == square
    assert f"place {number} at {square}" in record(page)
    assert page.locator(".bbghost").count() == 0
    shot(page, "bloodbowl-setup-dragged")

    # a drop off the lit squares (on the coordinates' row) changes nothing and says why
    move = state(page)[0]
    before = placed(page)
    number = page.locator(NEXT).first.inner_text()
    grab(page, NEXT)
    page.mouse.move(*centre(page, "#bbpitch .coord"), steps=8)
    page.mouse.up()
    page.wait_for_timeout(500)
    assert state(page)[0] == move and placed(page) == before and number not in before
    assert "lit square" in page.inner_text("#bbnote")
    # and on a square of the other half (not lit) likewise
    grab(page, NEXT)
    page.mouse.move(*centre(page, '[data-square="20,7"]'), steps=8)
    page.mouse.up()
    page.wait_for_timeout(500)
    assert state(page)[0] == move and placed(page) == before
    assert "lit square" in page.inner_text("#bbnote")
    shot(page, "bloodbowl-setup-drop-refused")

    # a player already set up, dragged to another lit square, moves there (remove, place)
    first = next(iter(before))
    old = before[first]
    square = page.locator("#bbpitch .sq.lit").nth(10).get_attribute("data-square")
    grab(page, f'#bbpitch [data-player="0-{first}"]')
    page.mouse.move(*centre(page, f'[data-square="{square}"]'), steps=8)
    page.mouse.up()
    wait_js(page, f'document.querySelector(\'[data-square="{square}"] [data-player="0-{first}"]\')')
    assert placed(page)[first] == square and old != square
    assert re.search(rf"remove {first}\b.*place {first} at {square}", record(page), re.S)
    page.close()


def test_a_phone_places_a_reserve_by_tap_then_tap(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = context.new_page()
    new_match(page, server, "bloodbowl", "bloodbowl-scripted")
    to_setup(page)
    number = page.locator(NEXT).first.inner_text()
    page.locator(NEXT).first.tap()
    assert page.locator(f"{NEXT}.picked").count() == 1
    assert f"#{number}" in page.inner_text("#bbnote")
    lit = page.locator("#bbpitch .sq.lit.target")
    assert lit.count() > 0
    square = lit.first.get_attribute("data-square")
    lit.first.scroll_into_view_if_needed()
    shot(page, "bloodbowl-setup-phone-picked")
    move = state(page)[0]
    lit.first.tap()
    wait_change(page, move)
    assert not page.is_visible("#error.shown"), page.inner_text("#error")
    assert placed(page)[number] == square
    assert f"place {number} at {square}" in record(page)
    shot(page, "bloodbowl-setup-phone-placed")
    context.close()
