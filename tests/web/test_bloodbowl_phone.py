"""Blood Bowl on a phone (390 x 844), in headless Chromium: the pitch turned upright (its long
side down the screen, end zones at the top and bottom, the viewer's own half at the bottom),
squares of 44 px (a finger's target) panning sideways in the pitch's own frame, the page never
scrolling sideways; a tap on a lit square plays its move, a
set-up by tap-then-tap (or a drag) places the player on the square chosen; the names of the
squares stay those of the log; the team panels say each team's Bribes. Screenshots:
test-artifacts/web/bloodbowl-phone-*.png."""

from __future__ import annotations

import random
import re
from typing import Any

import tablesports
from tablesports.core.protocol import CHANCE

from .axe import serious_violations
from .helpers import wait_js
from .server import Server
from .test_bloodbowl_setup_drag import NEXT, centre, placed, record, to_setup
from .test_boards import (
    RENDER,
    against_a_bot,
    catalog,
    click_action,
    legal,
    state_view,
    wait_mine,
)
from .test_browser import browser, server, shot, state, wait_change

__all__ = ["browser", "server"]  # the fixtures, shared with test_browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1300, "height": 1000}
SQUARES = "[...document.querySelectorAll('#bbpitch .sq')].map((q) => q.dataset.square)"


def phone_page(browser: Any, server: Server, made: dict[str, Any], lang: str) -> Any:
    """Seat 0's page of the match on a touch screen of 390 x 844, in `lang`, its pitch drawn."""
    context = browser.new_context(viewport=PHONE, has_touch=True)
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('tablesports.lang', '{lang}')")
    page.add_init_script("localStorage.setItem('tablesports.speed', 'off')")  # bots at once
    page.goto(f"{server.url}/m/{made['id']}#{made['tokens']['0']}")
    wait_js(page, "document.body.dataset.move !== undefined")
    page.wait_for_selector("#bbpitch")
    return page


def box(page: Any, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found, selector
    return found


def sideways(page: Any) -> int:
    return page.evaluate("document.documentElement.scrollWidth")


def test_the_phone_pitch_is_upright_with_squares_of_44_px_panning_in_its_frame(
    browser: Any, server: Server
) -> None:
    made = against_a_bot(server, "bloodbowl")
    page = phone_page(browser, server, made, "ko")
    pitch = box(page, "#bbpitch")
    assert pitch["height"] > pitch["width"], pitch
    for name in ("0,0", "13,7", "25,14"):
        square = box(page, f'#bbpitch [data-square="{name}"]')
        assert square["width"] >= 44 and square["height"] >= 44, (name, square)
    # the pitch is wider than the screen: it pans inside its frame, the page never sideways
    frame = box(page, "#bbframe")
    assert frame["width"] <= 390 < pitch["width"], (frame, pitch)
    assert page.evaluate("getComputedStyle(document.getElementById('bbframe')).overflowX") == "auto"
    assert sideways(page) <= 390
    # the squares keep the log's names: 15 across (y = 0..14), 26 down, seat 0's end zone
    # (x = 0) at the bottom and the other (x = 25) at the top; the line of scrimmage under x = 13
    squares = page.evaluate(SQUARES)
    assert squares[:15] == [f"25,{y}" for y in range(15)]
    assert squares[-15:] == [f"0,{y}" for y in range(15)]
    assert len(squares) == 26 * 15
    ends = page.evaluate(
        "[...document.querySelectorAll('#bbpitch .sq.endzone')].map((q) => q.dataset.square)"
    )
    assert sorted(ends) == sorted(squares[:15] + squares[-15:])
    lines = page.evaluate(
        "[...document.querySelectorAll('#bbpitch .sq.scrimmage')].map((q) => q.dataset.square)"
    )
    assert lines == [f"13,{y}" for y in range(15)]
    assert (
        page.evaluate(
            "getComputedStyle(document.querySelector('#bbpitch .sq.scrimmage')).borderBottomWidth"
        )
        == "2px"
    )
    across = page.eval_on_selector_all("#bbpitch .coord", "ns => ns.map(n => n.textContent)")
    assert across[1:16] == [str(y) for y in range(15)]  # the top row: y, then each row's x
    assert across[16:] == [str(x) for x in range(25, -1, -1)]
    assert serious_violations(page) == []
    shot(page, "bloodbowl-phone-start")
    # turned sideways (or a window made wide): the pitch as on a desktop; and back
    page.set_viewport_size(DESKTOP)
    wait_js(page, "!document.querySelector('#bbpitch.portrait')")
    pitch = box(page, "#bbpitch")
    assert pitch["width"] > pitch["height"]
    assert page.evaluate(SQUARES)[:26] == [f"{x},0" for x in range(26)]
    page.set_viewport_size(PHONE)
    wait_js(page, "document.querySelector('#bbpitch.portrait')")
    assert page.evaluate(SQUARES)[:15] == [f"25,{y}" for y in range(15)]
    assert sideways(page) <= 390
    page.context.close()


def test_a_phone_sets_up_by_tap_then_tap_and_by_drag_on_the_upright_pitch(
    browser: Any, server: Server
) -> None:
    made = against_a_bot(server, "bloodbowl")
    page = phone_page(browser, server, made, "en")
    to_setup(page)
    number = page.locator(NEXT).first.inner_text()
    page.locator(NEXT).first.tap()
    lit = page.locator("#bbpitch .sq.lit.target")
    assert lit.count() > 0
    # seat 0's half is the bottom half of the upright pitch: every square lit for him is there
    middle = box(page, '#bbpitch [data-square="13,0"]')["y"]
    tops = page.evaluate(
        "[...document.querySelectorAll('#bbpitch .sq.lit.target')]"
        ".map((q) => q.getBoundingClientRect().top + scrollY)"
    )
    assert min(tops) > middle + page.evaluate("scrollY")
    square = lit.nth(lit.count() // 2).get_attribute("data-square")
    assert square
    page.locator(f'#bbpitch [data-square="{square}"]').scroll_into_view_if_needed()
    shot(page, "bloodbowl-phone-setup-picked")
    move = state(page)[0]
    page.locator(f'#bbpitch [data-square="{square}"]').tap()
    wait_change(page, move)
    assert not page.is_visible("#error.shown"), page.inner_text("#error")
    assert placed(page)[number] == square
    assert f"place {number} at {square}" in record(page)
    assert sideways(page) <= 390
    # a drag (the pointer held from the reserve in the dugout to a square of the end zone, both
    # on the screen: the pitch's frame panned to the square, the reserve at the screen's foot)
    # lands where it is let go
    number = page.locator(NEXT).first.inner_text()
    square = page.locator("#bbpitch .sq.lit").last.get_attribute("data-square")
    assert square and square.startswith("0,")
    page.evaluate(
        "([s, next]) => { document.querySelector(`#bbpitch [data-square='${s}']`)"
        ".scrollIntoView({ block: 'nearest', inline: 'center' });"
        " document.querySelector(next).scrollIntoView({ block: 'end' }); }",
        [square, NEXT],
    )
    seen = page.evaluate(
        "(s) => { const r = document.querySelector(`#bbpitch [data-square='${s}']`)"
        ".getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight"
        " && r.left >= 0 && r.right <= innerWidth; }",
        square,
    )
    assert seen, "the square and the reserve are not both on the screen"
    move = state(page)[0]
    page.mouse.move(*centre(page, NEXT))
    page.mouse.down()
    page.mouse.move(*centre(page, f'#bbpitch [data-square="{square}"]'), steps=8)
    page.mouse.up()
    wait_change(page, move)
    assert placed(page)[number] == square
    assert f"place {number} at {square}" in record(page)
    # and by a finger (touch events, as a phone sends them): the player just placed, dragged
    # to a square of the next row, moves there (taken back, placed); the page does not scroll
    first = number
    page.evaluate(  # he is brought to the middle of the screen (and of the pitch's frame)
        "(p) => document.querySelector(`#bbpitch [data-player='${p}']`)"
        ".scrollIntoView({ block: 'center', inline: 'center' })",
        f"0-{first}",
    )
    square = next(
        s
        for s in page.evaluate(  # (one on the screen, in the part of the pitch in sight)
            "[...document.querySelectorAll('#bbpitch .sq.lit')].filter((q) => {"
            " const r = q.getBoundingClientRect(); return r.left >= 0 && r.right <= innerWidth"
            " && r.top >= 0 && r.bottom <= innerHeight; }).map((q) => q.dataset.square)"
        )
        if s.startswith("1,")
    )
    x0, y0 = centre(page, f'#bbpitch [data-player="0-{first}"]')
    x1, y1 = centre(page, f'#bbpitch [data-square="{square}"]')
    scrolled = page.evaluate("scrollY")
    cdp = page.context.new_cdp_session(page)

    def touch(kind: str, x: float, y: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", x0, y0)
    for i in range(1, 9):
        touch("touchMove", x0 + (x1 - x0) * i / 8, y0 + (y1 - y0) * i / 8)
    assert page.evaluate("scrollY") == scrolled
    touch("touchEnd", x1, y1)
    wait_js(page, f'document.querySelector(\'[data-square="{square}"] [data-player="0-{first}"]\')')
    assert placed(page)[first] == square
    assert re.search(rf"remove {first}\b.*place {first} at {square}", record(page), re.S)
    shot(page, "bloodbowl-phone-setup-placed")
    page.context.close()


def to_a_move(page: Any) -> str:
    """Set up by a formation and on to seat 0's first player who may move: his number."""
    for _ in range(200):
        wait_mine(page)
        acts = legal(page)
        moves = [a for a in acts if re.fullmatch(r"move \d+", a)]
        if moves:
            return moves[0].split()[1]
        pick = next((a for a in acts if a.startswith("formation ")), None)
        pick = pick or next((a for a in acts if a in ("setup done", "choose receive")), acts[0])
        click_action(page, pick)
    raise AssertionError("never a player to move")


def test_a_tap_on_a_lit_square_of_the_upright_pitch_plays_its_move(
    browser: Any, server: Server
) -> None:
    made = against_a_bot(server, "bloodbowl")
    page = phone_page(browser, server, made, "ko")
    number = to_a_move(page)
    # his tap shows his card and what he may do; "move" lights the squares he may reach
    page.locator(f'#bbpitch [data-player="0-{number}"]').tap()
    assert f"#{number}" in page.inner_text("#bbcard")
    move = state(page)[0]
    page.locator(f'#playermenu [data-action="move {number}"]').tap()
    wait_change(page, move)
    page.wait_for_selector("#bbpitch .sq.lit")
    # each roll label inside its square, in letters of 12 px or more (read on a phone)
    labels = page.evaluate(
        """() => [...document.querySelectorAll('#bbpitch .sq.lit .dice')].map((d) => {
             const s = d.parentElement.getBoundingClientRect(), r = d.getBoundingClientRect();
             return [d.parentElement.dataset.square, r.left >= s.left - 0.5
               && r.right <= s.right + 0.5 && r.bottom <= s.bottom + 0.5
               && d.scrollWidth <= d.clientWidth + 1, parseFloat(getComputedStyle(d).fontSize)];
           })"""
    )
    assert labels and all(fits and size >= 12 for _, fits, size in labels), labels
    # an empty lit square with one action: the tap plays it, as a click on a desktop does
    acts = legal(page)
    named = {
        sq: [a for a in acts if re.search(rf"\b{sq}\b", a)]
        for sq in page.evaluate(
            "[...document.querySelectorAll('#bbpitch .sq.lit:not(:has(.player))')]"
            ".map((q) => q.dataset.square)"
        )
    }
    square, (action,) = next((sq, a) for sq, a in named.items() if len(a) == 1)
    assert action.startswith(f"move {number} to {square}"), action
    page.locator(f'#bbpitch [data-square="{square}"]').scroll_into_view_if_needed()
    shot(page, "bloodbowl-phone-lit")
    move = state(page)[0]
    page.locator(f'#bbpitch [data-square="{square}"]').tap()
    wait_change(page, move)
    assert not page.is_visible("#error.shown"), page.inner_text("#error")
    assert action.split(" (")[0] in record(page), action  # the record keeps it without its note
    # the tackle zones: the squares beside the other team's standing players, by their names,
    # each drawn as such, in the wide zones and end zones too (their colour once hid it); read
    # at once from one drawing (after a failed roll the bot plays on)
    wait_mine(page)
    page.locator("#tackle").check()
    zones, theirs, unhatched = page.evaluate(
        """() => {
             const tz = [...document.querySelectorAll('#bbpitch .sq.tz')];
             return [tz.map((q) => q.dataset.square),
               [...document.querySelectorAll('#bbpitch [data-player^="1-"]:not(.down)')]
                 .map((p) => p.closest('[data-square]').dataset.square),
               tz.filter((q) => !getComputedStyle(q).backgroundImage.includes('gradient'))
                 .map((q) => q.dataset.square)];
           }"""
    )
    assert theirs and zones and unhatched == []
    for name in zones:
        x, y = map(int, name.split(","))
        assert any(
            max(abs(x - int(s.split(",")[0])), abs(y - int(s.split(",")[1]))) == 1 for s in theirs
        ), name
    # an opponent's card by a tap
    page.locator('#bbpitch [data-player^="1-"]').first.tap()
    assert "MA" in page.inner_text("#bbcard")
    assert sideways(page) <= 390
    assert serious_violations(page) == []
    shot(page, "bloodbowl-phone-played")
    assert catalog("ko", "bloodbowl")["Show tackle zones"] in page.inner_text("#board")
    page.context.close()


def get_the_ref() -> Any:
    """A match played at random up to the kick-off's GET THE REF (2D6 = 2, applied as the
    chance outcome chosen): each team then has a free Bribe."""
    rng = random.Random(3)
    st = tablesports.load("bloodbowl").new_initial_state()
    for _ in range(5000):
        if st.current_player() == CHANCE:
            snake_eyes = [o for o, _ in st.chance_outcomes() if str(o) == "2D6=1+1"]
            if snake_eyes:
                trial = st.clone()
                trial.apply_action(snake_eyes[0])
                if any(trial.bribes):
                    return trial
            st.apply_action(st.sample_chance(rng))
            continue
        st.apply_action(rng.choice(st.legal_actions()))
    raise AssertionError("no kick-off in 5000 steps")


def test_the_team_panels_say_each_teams_bribes_when_it_has_any(
    browser: Any, server: Server
) -> None:
    st = get_the_ref()
    assert st.bribes == [1, 1]
    view = state_view("bloodbowl", st)
    page = browser.new_page(viewport=PHONE)
    page.goto(server.url + "/")
    page.evaluate(RENDER, [view, "ko"])
    page.wait_for_selector("#bbpitch.portrait")
    bribes = catalog("ko", "bloodbowl")["Bribes"]
    for team in (0, 1):
        assert f"{bribes}: 1" in page.inner_text(f'#bbhead [data-team="{team}"]')
    shot(page, "bloodbowl-phone-bribes")
    # none before: no word of them
    view["observation"] = {**view["observation"], "bribes": [0, 0]}
    page.evaluate(RENDER, [view, "ko"])
    assert bribes not in page.inner_text("#bbhead")
    page.close()


def test_seat_1_sees_its_own_half_at_the_bottom_and_the_last_move_marked_by_its_name(
    browser: Any, server: Server
) -> None:
    """Seat 1 sets up on x >= 13: its phone's pitch is turned the other way (x = 25 at the
    bottom), each square still named as the log names it, the last set-up step marked there."""
    rng = random.Random(5)
    st = tablesports.load("bloodbowl").new_initial_state()
    for _ in range(3000):
        if st.current_player() == CHANCE:
            st.apply_action(st.sample_chance(rng))
            continue
        actions = st.legal_actions()
        chosen = [a for a in actions if re.fullmatch(r"place \d+ at \d+,\d+", str(a))]
        if chosen and st.current_player() == 1:
            action = chosen[-1]
            events = [e.to_json() for e in st.apply_action(action)]
            break
        st.apply_action(rng.choice(actions))
    else:
        raise AssertionError("no set-up step of seat 1 in 3000 steps")
    number, square = str(action).removeprefix("place ").split(" at ")
    view = state_view("bloodbowl", st, 1, [{"action": str(action), "events": events}])
    page = browser.new_page(viewport=PHONE)
    page.goto(server.url + "/")
    page.evaluate(RENDER, [view, "ru"])
    page.wait_for_selector("#bbpitch.portrait")
    squares = page.evaluate(SQUARES)
    assert squares[:15] == [f"0,{y}" for y in range(14, -1, -1)]
    assert squares[-15:] == [f"25,{y}" for y in range(14, -1, -1)]
    # the player stands on the square of his name, in seat 1's (bottom) half, marked as the
    # last move; the line of scrimmage above x = 13's row
    assert page.locator(f'[data-square="{square}"] [data-player="1-{number}"]').count() == 1
    middle = box(page, '#bbpitch [data-square="13,0"]')["y"]
    assert box(page, f'#bbpitch [data-square="{square}"]')["y"] >= middle
    assert page.locator(f'#bbpitch [data-square="{square}"].last').count() == 1
    assert (
        page.evaluate(
            "getComputedStyle(document.querySelector('#bbpitch .sq.scrimmage')).borderTopWidth"
        )
        == "2px"
    )
    assert sideways(page) <= 390
    shot(page, "bloodbowl-phone-seat1-ru")
    page.close()
