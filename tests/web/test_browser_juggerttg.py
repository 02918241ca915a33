"""Jugger TTG in a real headless Chromium: the hex board is played by clicks.

The team is picked and placed, then a hero is activated, runs and steps by clicking lit hexes
of the SVG board. Screenshots go to `test-artifacts/web/juggerttg-*.png`.
"""

from __future__ import annotations

import re
from typing import Any

from .helpers import wait_js
from .server import Server
from .test_browser import browser, new_match, server, shot, state, wait_change

__all__ = ["browser", "server"]  # the module fixtures, shared with test_browser


def buttons(page: Any) -> list[str]:
    group = page.locator("#jtactions button")
    return [group.nth(i).inner_text() for i in range(group.count())]


def click(page: Any, selector: str) -> None:
    move = state(page)[0]
    page.locator(selector).first.click()
    wait_change(page, move)
    assert not page.is_visible("#error.shown"), page.inner_text("#error")


def test_a_juggerttg_hero_is_placed_activated_and_moved_by_clicks(
    browser: Any, server: Server
) -> None:
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    new_match(page, server, "juggerttg", "juggerttg-greedy")
    page.wait_for_selector("#jtboard")
    placed = steps = 0
    activated = False
    for _ in range(120):
        _, mine, over = state(page)
        assert over == "no"
        if steps >= 3:
            break
        if mine != "yes":
            wait_js(page, "document.body.dataset.mine === 'yes'", timeout=30000)
            continue
        texts = buttons(page)
        lit = page.locator("#jtboard .jt-hex.lit")
        if lit.count() and not activated:
            if placed == 0:
                shot(page, "juggerttg-place")
            click(page, "#jtboard .jt-hex.lit")  # a start slot for the selected hero
            placed += 1
        elif "run" in texts:
            click(page, '#jtactions [data-action="run"]')
        elif activated and lit.count():
            if steps == 0:
                shot(page, "juggerttg-steps-lit")
            click(page, "#jtboard .jt-hex.lit")
            steps += 1
        elif page.locator("#jtboard .jt-hero.mine.can").count() and not activated:
            click(page, "#jtboard .jt-hero.mine.can")  # activate this hero
            activated = True
        elif texts:
            choice = next((t for t in texts if not t.startswith(("delay", "end"))), texts[0])
            click(page, f'#jtactions [data-action="{choice}"]')
        else:
            click(page, "#legal button")
    assert placed >= 5, placed
    assert activated and steps >= 3, (activated, steps)
    shot(page, "juggerttg-moved")
    log = page.inner_text("#log")
    assert re.search(r"place r\d [a-u]\d+", log)
    assert len(re.findall(r"step [a-u]\d+", log)) >= 3
    page.close()
