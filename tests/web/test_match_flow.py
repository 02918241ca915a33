"""The match page as a person uses it, in a real Chromium, for each of the five games against a
bot: the bot's steps shown one at a time, review back and forth, resign, the end in words, a
rematch with the seats swapped, a spectator's review; a clock that runs out. In Korean on a
phone-sized window (390x844), then at desktop size; screenshots in test-artifacts/web/."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

import pytest

from tablesports.web.i18n import gettext_for

from .axe import serious_violations
from .helpers import wait_js
from .server import Server
from .test_browser import browser, server, shot

__all__ = ["browser", "server"]

GAMES = ["hanniball", "jukem", "bloodbowl", "juggerttg", "juggers"]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1300, "height": 900}
ko = gettext_for("ko")

# every change of the shown step, with whether it was paced (recorded in the page)
OBSERVE = """() => {
  window.__shown = [];
  new MutationObserver(() => {
    const d = document.body.dataset;
    const last = window.__shown[window.__shown.length - 1];
    const now = [Number(d.step), d.pacing === "yes"];
    if (!last || last[0] !== now[0] || last[1] !== now[1]) window.__shown.push(now);
  }).observe(document.body, { attributes: true, attributeFilter: ["data-step", "data-pacing"] });
}"""


def create(server: Server, game: str, **extra: Any) -> dict[str, Any]:
    """A match through the API: seat 0 a person, seat 1 the game's "normal" bot (by default)."""
    body = {"game": game, "seats": [{"kind": "human"}, {"kind": "bot", "agent": "normal"}]}
    req = urllib.request.Request(
        server.url + "/api/matches",
        data=json.dumps({**body, **extra}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(req, timeout=30) as res:
        return dict(json.loads(res.read()))


def open_page(context: Any, server: Server, path: str, speed: str = "fast") -> Any:
    page = context.new_page()
    page.goto(server.url + "/api/languages")  # the site's storage (no page that sets it)
    page.evaluate(
        f"localStorage.setItem('tablesports.lang', 'ko');"
        f"localStorage.setItem('tablesports.speed', '{speed}')"
    )
    page.goto(server.url + path)
    wait_js(page, "document.body.dataset.move !== undefined && document.body.dataset.step")
    return page


def dataset(page: Any) -> dict[str, str]:
    return dict(page.evaluate("Object.assign({}, document.body.dataset)"))


def wait_mine_or_over(page: Any) -> None:
    wait_js(
        page,
        "(document.body.dataset.mine === 'yes' && document.body.dataset.pacing === 'no')"
        " || document.body.dataset.over === 'yes'",
        timeout=60000,
    )


def follow_bot_steps(page: Any) -> list[list[int]]:
    """Move (the first legal action) until the bot's replies were shown step by step; the
    runs of paced steps, each as the step numbers shown one after another."""
    page.evaluate(OBSERVE)
    runs: list[list[int]] = []
    for _ in range(12):
        wait_mine_or_over(page)
        shown = page.evaluate("window.__shown")
        runs = [[]]
        for step, paced in shown:
            if paced:
                runs[-1].append(step)
            elif runs[-1]:
                runs.append([])
        runs = [r for r in runs if r]
        if sum(len(r) for r in runs) >= 2 or dataset(page)["over"] == "yes":
            break
        if not page.evaluate("Boolean(document.querySelector('#legal button'))"):
            break  # a parametric turn (a Juggers flick): enough has been followed
        move = dataset(page)["move"]
        page.evaluate("document.querySelector('#legal button').click()")
        wait_js(page, f"document.body.dataset.move !== '{move}'", timeout=30000)
    return runs


@pytest.mark.parametrize("game", GAMES)
def test_a_match_followed_reviewed_resigned_and_rematched(
    browser: Any, server: Server, game: str
) -> None:
    made = create(server, game)
    match, token = made["id"], made["tokens"]["0"]
    context = browser.new_context(viewport=PHONE)
    page = open_page(context, server, f"/m/{match}#{token}")

    # bot pacing: each bot or chance step is its own position, one after another
    runs = follow_bot_steps(page)
    assert sum(len(r) for r in runs) >= 2, runs
    for run in runs:
        assert run == list(range(run[0], run[0] + len(run))), runs
    wait_mine_or_over(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, f"flow-{game}-phone-ko")

    # review: a move in the list, then the keys, then back to live
    total = int(dataset(page)["step"])
    live_board = page.inner_html("#board")
    page.click('#log li[data-step="1"] .movebtn')
    wait_js(page, "document.body.dataset.review === 'yes' && document.body.dataset.step === '1'")
    assert page.inner_text("#log li.current").startswith("1.")
    page.keyboard.press("ArrowRight")
    wait_js(page, "document.body.dataset.step === '2'")
    page.keyboard.press("ArrowLeft")
    wait_js(page, "document.body.dataset.step === '1'")
    page.keyboard.press("Home")
    wait_js(page, "document.body.dataset.step === '0'")
    assert page.inner_html("#board") != live_board  # the start is not the live position
    assert page.locator("#legal button").count() == 0  # nothing to play in review
    shot(page, f"flow-{game}-review-phone-ko")
    page.click("#live")
    wait_js(
        page, f"document.body.dataset.review === 'no' && document.body.dataset.step === '{total}'"
    )

    # resign, confirmed in a dialog; the end says who won and why
    wait_mine_or_over(page)
    page.click("#resign")
    page.click("#confirm-yes")
    wait_js(page, "document.body.dataset.over === 'yes'")
    status = page.inner_text("#status")
    assert ko("you lose") in status and ko("you resigned") in status, status
    shot(page, f"flow-{game}-resigned-phone-ko")
    page.set_viewport_size(DESKTOP)
    shot(page, f"flow-{game}-resigned-desktop-ko")

    # a spectator reviews the finished match
    watcher = open_page(context, server, f"/m/{match}")
    wait_js(watcher, "document.body.dataset.over === 'yes'")
    assert ko("{seat} resigned").split("{seat}")[-1].strip() in watcher.inner_text("#status")
    watcher.click('#log li[data-step="1"] .movebtn')
    wait_js(watcher, "document.body.dataset.review === 'yes' && document.body.dataset.step === '1'")
    shot(watcher, f"flow-{game}-spectator-review-phone-ko")
    watcher.close()

    # a rematch against a bot starts at once, with the seats swapped
    page.click("#rematch")
    page.wait_for_url(lambda url: match not in url)
    wait_js(page, "window.tablesports && window.tablesports.sockets[0]?.seat === 1")
    assert dataset(page)["over"] == "no"
    shot(page, f"flow-{game}-rematch-desktop-ko")
    context.close()


@pytest.mark.parametrize("game", GAMES)
def test_the_match_page_has_no_serious_accessibility_violation(
    browser: Any, server: Server, game: str
) -> None:
    """axe-core on the whole page (board included), while playing and once it has ended."""
    made = create(server, game, clock={"minutes": 30, "increment": 5})
    context = browser.new_context(viewport=PHONE)
    page = open_page(context, server, f"/m/{made['id']}#{made['tokens']['0']}", speed="off")
    wait_mine_or_over(page)
    assert serious_violations(page) == []
    page.click("#resign")
    page.click("#confirm-yes")
    wait_js(page, "document.body.dataset.over === 'yes'")
    assert serious_violations(page) == []
    context.close()


def test_a_short_clock_runs_out_and_the_match_is_lost_on_time(browser: Any, server: Server) -> None:
    made = create(server, "hanniball", clock={"minutes": 0.1, "increment": 0})
    context = browser.new_context(viewport=PHONE)
    page = open_page(context, server, f"/m/{made['id']}#{made['tokens']['0']}")
    assert page.locator("#clocks .clock").count() == 2
    assert page.locator("#clocks .clock.running").get_attribute("data-seat") == "0"
    started = time.monotonic()
    wait_js(page, "document.body.dataset.over === 'yes'", timeout=20000)
    assert time.monotonic() - started < 12
    status = page.inner_text("#status")
    assert ko("you lose") in status and ko("your time ran out") in status, status
    assert page.inner_text("#clocks .clock[data-seat='0'] .time") == "0:00"
    shot(page, "flow-clock-lost-on-time-phone-ko")
    context.close()


def test_a_draw_offered_and_accepted_by_two_people_on_their_pages(
    browser: Any, server: Server
) -> None:
    made = create(server, "hanniball", seats=[{"kind": "human"}, {"kind": "human"}])
    first, second = browser.new_context(viewport=PHONE), browser.new_context(viewport=DESKTOP)
    white = open_page(first, server, f"/m/{made['id']}#{made['tokens']['0']}")
    black = open_page(second, server, f"/m/{made['id']}#{made['tokens']['1']}")
    white.click("#drawoffer")
    wait_js(white, "!document.getElementById('offer').hidden")
    assert white.locator("#draw-accept").count() == 0  # nobody answers their own offer
    black.wait_for_selector("#draw-accept")
    shot(black, "flow-draw-offered-desktop-ko")
    black.click("#draw-accept")
    for page in (white, black):
        wait_js(page, "document.body.dataset.over === 'yes'")
        status = page.inner_text("#status")
        assert ko("a draw") in status and ko("drawn by agreement") in status, status
    shot(white, "flow-draw-agreed-phone-ko")
    first.close()
    second.close()


def test_a_rematch_asked_by_one_person_reaches_the_other_as_a_notice_to_accept(
    browser: Any, server: Server
) -> None:
    """Issue 45 finding 6: after A asked for a rematch, B's page showed nothing until B clicked
    Rematch too; now B sees who asks, in B's language, with Accept and Not now."""
    made = create(server, "hanniball", seats=[{"kind": "human"}, {"kind": "human"}])
    first, second = browser.new_context(viewport=DESKTOP), browser.new_context(viewport=PHONE)
    white = open_page(first, server, f"/m/{made['id']}#{made['tokens']['0']}")
    black = open_page(second, server, f"/m/{made['id']}#{made['tokens']['1']}")
    wait_js(black, "document.body.dataset.mine !== undefined")
    white.click("#resign")
    white.click("#confirm-yes")
    wait_js(white, "document.body.dataset.over === 'yes'")
    white.click("#rematch")
    black.wait_for_selector("#rematch-accept")
    notice = black.inner_text("#offer")
    assert ko("{seat} asks for a rematch (seats swapped).").split("{seat}")[1].strip() in notice
    assert white.locator("#rematch-accept").count() == 0  # nobody answers their own request
    shot(black, "flow-rematch-asked-phone-ko")
    black.click("#rematch-accept")
    for page in (white, black):
        page.wait_for_url(lambda url: made["id"] not in url)
        wait_js(page, "document.body.dataset.over === 'no'")
    first.close()
    second.close()


def test_a_hot_seat_rematch_takes_the_page_to_both_new_seats(browser: Any, server: Server) -> None:
    made = create(server, "hanniball", seats=[{"kind": "human"}, {"kind": "human"}])
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(server.url + "/api/languages")
    page.evaluate(
        f"localStorage.setItem('tablesports.hotseat.{made['id']}', '{json.dumps(made['tokens'])}')"
    )
    page.goto(server.url + f"/m/{made['id']}#hotseat")
    # generous: late in a parallel run the module's server still finishes other tests' bot turns
    wait_js(page, "document.body.dataset.mine === 'yes'", timeout=90000)
    page.click("#resign")
    page.click("#confirm-yes")
    wait_js(page, "document.body.dataset.over === 'yes'")
    page.click("#rematch")
    page.wait_for_url(lambda url: made["id"] not in url and url.endswith("#hotseat"))
    wait_js(page, "window.tablesports?.sockets.length === 2 && document.body.dataset.over === 'no'")
    seats = page.evaluate("window.tablesports.sockets.map((s) => s.seat).sort()")
    assert seats == [0, 1]
    context.close()


def test_skip_shows_the_live_position_at_once(browser: Any, server: Server) -> None:
    made = create(server, "jukem")
    context = browser.new_context(viewport=DESKTOP)
    page = open_page(context, server, f"/m/{made['id']}#{made['tokens']['0']}", speed="slow")
    for _ in range(10):
        wait_mine_or_over(page)
        move = dataset(page)["move"]
        page.evaluate("document.querySelector('#legal button').click()")
        wait_js(page, f"document.body.dataset.move !== '{move}'")
        page.wait_for_timeout(300)
        if dataset(page)["pacing"] == "yes":
            break
    assert dataset(page)["pacing"] == "yes", "no bot step to follow in 10 moves"
    assert page.is_visible("#skip")
    page.click("#skip")
    wait_js(page, "document.body.dataset.pacing === 'no'", timeout=3000)
    total = len(page.evaluate("window.tablesports.sockets[0].log"))
    assert dataset(page)["step"] == str(total)
    context.close()


def test_the_clock_field_for_the_lobby_sends_a_clock_the_server_accepts(
    browser: Any, server: Server
) -> None:
    context = browser.new_context(viewport=PHONE)
    page = open_page(context, server, f"/m/{create(server, 'hanniball')['id']}")
    made = page.evaluate(
        """async () => {
          const { clockField } = await import("/static/clockfield.js");
          const field = clockField();
          document.querySelector("main").append(field.element);
          const before = field.value();
          field.element.querySelector("#clock-on").click();
          field.element.querySelector("#clock-minutes").value = "3";
          field.element.querySelector("#clock-increment").value = "2";
          const body = { game: "hanniball", seats: [{ kind: "human" }, { kind: "human" }],
                         clock: field.value() };
          const res = await fetch("/api/matches", { method: "POST",
            headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
          return { before, clock: body.clock, made: await res.json() };
        }"""
    )
    assert made["before"] is None and made["clock"] == {"minutes": 3, "increment": 2}
    shot(page, "flow-clock-field-phone-ko")
    summary = json.loads(
        urllib.request.urlopen(f"{server.url}/api/matches/{made['made']['id']}").read()
    )
    assert summary["id"] == made["made"]["id"]
    watcher = open_page(context, server, f"/m/{made['made']['id']}")
    wait_js(watcher, "document.querySelectorAll('#clocks .clock').length === 2")
    assert watcher.inner_text("#clocks .clock[data-seat='1'] .time") == "3:00"
    context.close()
