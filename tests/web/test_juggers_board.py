"""Juggers Fallout's own board (`web/static/games/juggers.js`) in headless Chromium: the draft
by buttons, placement by clicks on the table's cells, and a flick by a slingshot drag.

Screenshots: test-artifacts/web/juggers-*.png.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

import pytest

from .helpers import wait_js
from .server import Server
from .test_browser import browser, new_match, server, shot, state, wait_change

__all__ = ["browser", "server"]  # the fixtures, shared with test_browser

PULL = 60.0  # canvas px, down and to the left of the coin: the flick goes up and to the right


def drawn_scale(page: Any) -> float:
    """CSS px per canvas px: 1 on a desktop, less on a phone, where the table is drawn smaller."""
    box = page.locator("#juggers-table").bounding_box()
    return float(box["width"]) / page.evaluate("document.getElementById('juggers-table').width")


def canvas_point(page: Any, px: float, py: float) -> tuple[float, float]:
    """Page coordinates of canvas pixel (px, py)."""
    box = page.locator("#juggers-table").bounding_box()
    k = drawn_scale(page)
    return box["x"] + px * k, box["y"] + py * k


def place_by_click(page: Any, legal: list[str]) -> None:
    """Click the cell of the first placement of the Jugger the board has selected (the first)."""
    jugger = min(a.split()[1] for a in legal if a.startswith("place "))
    cell = next(a.split()[-1] for a in legal if a.startswith(f"place {jugger} "))
    geo = json.loads(page.get_attribute("#juggers-table", "data-geometry"))
    col, row = "abcdefghijkl".index(cell[0]), int(cell[1:]) - 1
    x = (geo["cell"] * (col + 0.5) + geo["margin"]) * geo["scale"]
    y = (geo["height"] - geo["cell"] * (row + 0.5) + geo["margin"]) * geo["scale"]
    # on a phone the table is drawn larger while placing and pans in its frame: the cell to it
    k = drawn_scale(page)
    page.evaluate(
        "([x, y]) => { const f = document.getElementById('jgframe');"
        " f.scrollLeft = x - f.clientWidth / 2; f.scrollTop = y - f.clientHeight / 2; }",
        [x * k, y * k],
    )
    page.mouse.click(*canvas_point(page, x, y))


def flick_by_drag(page: Any, legal: list[str]) -> str:
    """Drag back from a flickable coin of team A; return the Jugger's number."""
    jugger = next(a.split()[1] for a in legal if a.startswith("flick "))
    coins = json.loads(page.get_attribute("#juggers-table", "data-coins"))
    x, y = canvas_point(page, *coins[f"A{jugger}"])
    page.mouse.move(x, y)
    page.mouse.down()
    pull = PULL * drawn_scale(page)  # the same pull on the table, however small it is drawn
    page.mouse.move(x - pull, y + pull, steps=6)
    assert re.search(r"45(\.0)?°", page.inner_text("#aim")), page.inner_text("#aim")
    shot(page, "juggers-aiming")
    page.mouse.up()
    return jugger


@pytest.mark.parametrize("size", [(1300, 1000), (390, 844)], ids=["desktop", "phone"])
def test_juggers_is_played_through_its_board(
    browser: Any, server: Server, size: tuple[int, int]
) -> None:
    """Also on a phone, where the table is drawn smaller: the drag is measured as drawn."""
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    new_match(page, server, "juggers", "random")
    page.wait_for_selector("#juggers-table")
    flicked = None
    for _ in range(60):
        move, mine, over = state(page)
        assert over != "yes"
        if mine != "yes":
            wait_js(page, "document.body.dataset.mine === 'yes'", timeout=30000)
            continue
        legal = page.eval_on_selector_all(
            "#legal [data-action]", "bs => bs.map(b => b.dataset.action)"
        )
        if any(a.startswith("flick ") for a in legal):
            flicked = flick_by_drag(page, legal)
        elif any(a.startswith("place ") for a in legal):
            place_by_click(page, legal)
        else:
            if any(a.startswith("pick ") for a in legal):
                shot(page, "juggers-draft")  # the market on the buttons
            page.locator("#board [data-action]").first.click()
        wait_change(page, move)
        assert not page.is_visible("#error.shown"), page.inner_text("#error")
        if flicked:
            break
    assert flicked, "no flick offered to seat 0 in 60 of its actions"
    # the chance steps (noise, then settle: where the coins stopped) follow the flick
    wait_js(page, "document.getElementById('log').innerText.includes('settle')")
    log = page.inner_text("#log")
    # the person's own flick: the bot in seat 1 may have flicked its coin of that number first
    m = re.search(rf"Seat 0 · person: flick {flicked} at ([\d.]+) strength ([\d.]+)", log)
    assert m, log
    # the pull of 60 css px down-left is 45 degrees up-right (the game's angle: counter-clockwise
    # from +x) and, at 0.75 px per mm, 113 mm of the 200 mm of a full-strength pull
    assert abs(float(m.group(1)) - 45.0) < 0.5
    assert abs(float(m.group(2)) - math.hypot(PULL, PULL) / 0.75 / 200) < 0.02
    # the flick is animated from the positions before to the settled ones, then the board goes on
    page.wait_for_selector("#juggers-table[data-animating]", timeout=3000)
    page.wait_for_timeout(300)
    shot(page, "juggers-flick-moving")
    page.wait_for_selector("#juggers-table:not([data-animating])", timeout=5000)
    shot(page, "juggers-after-flick")
    page.close()


AIMS = """async () => {
  const { aim } = await import('/static/games/juggers.js');
  const out = [];
  for (let deg = 0; deg < 360; deg += 0.37) {
    const r = (deg * Math.PI) / 180;
    out.push(aim([100, 100], [100 - 30 * Math.cos(r), 100 - 30 * Math.sin(r)]));
  }
  return out;
}"""


def test_a_pulls_angle_is_the_flicks_angle_to_a_tenth_of_a_degree(
    browser: Any, server: Server
) -> None:
    """`aim` gives the angle the drag shows and the flick sends: 0 to under 360 degrees, to a
    tenth, every direction of a pull (once 57.39999999999998° on the canvas: the remainder of
    a rounded 417.4 by 360)."""
    page = browser.new_page()
    page.goto(server.url + "/")
    aims = page.evaluate(AIMS)
    assert len(aims) > 900
    for i, a in enumerate(aims):
        shown = str(a["angle"]).removesuffix(".0")
        assert 0 <= a["angle"] < 360 and re.fullmatch(r"\d+(\.\d)?", shown), a
        want = (i * 0.37) % 360
        assert min(abs(a["angle"] - want), 360 - abs(a["angle"] - want)) <= 0.05 + 1e-9, (want, a)
    page.close()
