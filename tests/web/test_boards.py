"""Each game's board as its players know it, in headless Chromium, in the seeds' languages.

Per game: the board in Korean and one other language shows no English word of the game's
catalog domain; coordinates and the legend are there; and what the game itself needs (Blood
Bowl's player card on hover, Jukem's spectator reading seats and the revealed SHOT, Juggers'
places and the match's end, Jugger TTG's recruits with cost and values and its terms'
tooltips). Screenshots at desktop and phone sizes: test-artifacts/web/boards-*.png.

Matches are made through the API (the lobby's form is another page's business); a server
holds at most four unfinished matches with a bot per client, so the spectators watch matches
of two bots, which end at once.
"""

from __future__ import annotations

import io
import json
import random
import re
import time
import urllib.request
from typing import Any

import pytest
from babel.messages.pofile import read_po

import tablesports
from tablesports.core.protocol import CHANCE
from tablesports.web.boards import board_extras
from tablesports.web.i18n import LOCALE_DIR

from .axe import serious_violations
from .helpers import wait_js
from .server import Server
from .test_browser import browser, server, shot, state, wait_change

__all__ = ["browser", "server"]  # the fixtures, shared with test_browser

DESKTOP = {"width": 1300, "height": 1000}
PHONE = {"width": 390, "height": 844}


def create(server: Server, game: str, seats: list[dict[str, str]]) -> dict[str, Any]:
    body = json.dumps({"game": game, "seats": seats}).encode()
    req = urllib.request.Request(
        server.url + "/api/matches", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=30) as res:
        return json.loads(res.read())


def against_a_bot(server: Server, game: str) -> dict[str, Any]:
    return create(server, game, [{"kind": "human"}, {"kind": "bot", "agent": "random"}])


def two_people(server: Server, game: str) -> dict[str, Any]:
    return create(server, game, [{"kind": "human"}, {"kind": "human"}])


def two_bots(server: Server, game: str) -> dict[str, Any]:
    return create(server, game, [{"kind": "bot", "agent": "random"}] * 2)


def played_out(server: Server, made: dict[str, Any], limit: float = 600) -> None:
    """Wait, by the API, until the server's bots have finished the match `made` (a page that
    opens then reads the whole match at once; how fast it catches up with a running match
    depends on the machine's load, which is not what these tests test)."""
    deadline = time.monotonic() + limit
    while True:
        with urllib.request.urlopen(f"{server.url}/api/matches/{made['id']}", timeout=30) as res:
            info = json.loads(res.read())
        if info["over"]:
            return
        assert time.monotonic() < deadline, f"the bots' match did not end in {limit} s: {info}"
        time.sleep(0.5)


def open_board(
    browser: Any,
    server: Server,
    made: dict[str, Any],
    lang: str,
    seat: int | None = 0,
    viewport: dict[str, int] = DESKTOP,
) -> Any:
    """The match's page in `lang`, as seat `seat` (None: a spectator), its board drawn."""
    page = browser.new_page(viewport=viewport)
    # before the page's own scripts, which remember the language they loaded with
    page.add_init_script(f"localStorage.setItem('tablesports.lang', '{lang}')")
    # the boards, not the pacing, are tested here: bots' steps shown at once (a paced spectator of
    # a whole bot-against-bot match would still be replaying it when the test looks)
    page.add_init_script("localStorage.setItem('tablesports.speed', 'off')")
    token = "" if seat is None else f"#{made['tokens'][str(seat)]}"
    page.goto(f"{server.url}/m/{made['id']}{token}")
    try:
        wait_js(page, "document.body.dataset.move !== undefined")
    except AssertionError as e:  # what the page showed instead of its first view, to find why
        shown = page.evaluate(
            "JSON.stringify({error: document.getElementById('error')?.innerText,"
            " status: document.getElementById('status')?.innerText,"
            " data: {...document.body.dataset}})"
        )
        raise AssertionError(f"{e}; the page showed {shown}") from e
    wait_js(page, "document.getElementById('board').children.length > 0")
    return page


def catalog(lang: str, game: str) -> dict[str, str]:
    po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{game}.po"
    return {m.id: m.string for m in read_po(io.BytesIO(po.read_bytes())) if m.id and m.string}


def english_left(text: str, lang: str, game: str) -> list[str]:
    """The game's English words (its catalog's msgids that the language translates otherwise)
    that `text` still shows."""
    found = []
    for english, translated in catalog(lang, game).items():
        if "{" in english or english == translated or len(english) < 3:
            continue
        if re.search(rf"(?<![\w-]){re.escape(english)}(?![\w-])", text):
            found.append(english)
    return found


def board_text(page: Any) -> str:
    return page.inner_text("#board")


def click_action(page: Any, action: str) -> None:
    """Play `action` by its button (on the board, else in the list of every legal action)."""
    move = state(page)[0]
    page.evaluate(
        '(a) => (document.querySelector(`#board [data-action="${a}"]`)'
        ' || document.querySelector(`#legal [data-action="${a}"]`)).click()',
        action,
    )
    wait_change(page, move)
    assert not page.is_visible("#error.shown"), page.inner_text("#error")


def legal(page: Any) -> list[str]:
    return page.evaluate(
        "[...document.querySelectorAll('#legal button')].map(b => b.dataset.action)"
    )


def wait_mine(page: Any) -> None:
    wait_js(
        page,
        "document.body.dataset.mine === 'yes' || document.body.dataset.over === 'yes'",
        timeout=60000,
    )


def test_hanniball_board_has_coordinates_a_legend_and_the_last_move_in_korean_and_russian(
    browser: Any, server: Server
) -> None:
    made = two_people(server, "hanniball")
    page = open_board(browser, server, made, "ko")
    page.wait_for_selector(".sq.from")
    step = next(a for a in legal(page) if "-" in a)
    click_action(page, step)
    coords = page.eval_on_selector_all("#hbgrid .coord", "ns => ns.map(n => n.textContent)")
    assert {*"abcdefghi"} <= set(coords) and {str(r) for r in range(1, 16)} <= set(coords)
    legend = page.inner_text("#hblegend")
    ko = catalog("ko", "hanniball")
    assert all(ko[p] in legend for p in ("Horse", "Elephant", "Lion", "Monkey")), legend
    # the last step's squares are marked, and told in Korean under the board
    assert page.locator("#hbgrid .lastmoved").count() >= 1
    assert page.inner_text("#boardlastmove").startswith(catalog("ko", "hanniball")["Last move"])
    assert english_left(board_text(page), "ko", "hanniball") == []
    shot(page, "boards-hanniball-ko")
    page.set_viewport_size(PHONE)
    shot(page, "boards-hanniball-ko-phone")
    page.close()
    page = open_board(browser, server, made, "ru", viewport=PHONE)
    page.wait_for_selector("#hblegend")
    assert catalog("ru", "hanniball")["Monkey"] in page.inner_text("#hblegend")
    assert english_left(board_text(page), "ru", "hanniball") == []
    shot(page, "boards-hanniball-ru-phone")
    page.close()


def test_blood_bowl_pitch_has_coordinates_colours_rerolls_dugouts_cards_and_fitting_rolls(
    browser: Any, server: Server
) -> None:
    made = against_a_bot(server, "bloodbowl")
    page = open_board(browser, server, made, "ko")
    ko = catalog("ko", "bloodbowl")
    coords = page.eval_on_selector_all("#bbpitch .coord", "ns => ns.map(n => n.textContent)")
    assert {str(x) for x in range(26)} <= set(coords)
    head = page.inner_text("#bbhead")
    assert f"{ko['you']}, {ko['blue']}" in head and ko["team re-rolls"] in head, head
    assert page.locator("#bbhead [data-team]").count() == 2  # each team's re-rolls, by name
    assert page.locator("#bblegend > span").count() >= 6
    assert ko["Reserves"] in page.inner_text(".dugout")
    # set up by a formation, then the player card of a player on the pitch, by hovering
    for _ in range(40):
        wait_mine(page)
        acts = legal(page)
        if any(a.startswith("formation ") for a in acts):
            formation = page.locator("#formations button").first
            assert formation.inner_text().startswith(ko["formation"])
            formation_action = formation.get_attribute("data-action")
            click_action(page, formation_action)
            break
        click_action(page, acts[0])
    else:
        raise AssertionError("never offered a formation")
    player = page.locator('#bbpitch [data-player^="0-"]').first
    player.hover()
    card = page.inner_text("#bbcard")
    for stat in ("MA", "ST", "AG", "PA", "AV"):
        assert stat in card
    assert ko["Skills"] in card
    assert english_left(board_text(page), "ko", "bloodbowl") == []
    shot(page, "boards-bloodbowl-ko")
    page.set_viewport_size(PHONE)
    shot(page, "boards-bloodbowl-ko-phone")
    # a player's move lights squares with the rolls they need: each label stays inside its
    # square (no spill over the neighbours)
    page.set_viewport_size(DESKTOP)
    for _ in range(200):
        wait_mine(page)
        acts = legal(page)
        moves = [a for a in acts if re.fullmatch(r"move \d+", a)]
        if moves:
            click_action(page, moves[0])
            break
        pick = next((a for a in acts if a.startswith("formation ")), None)
        pick = pick or next((a for a in acts if a in ("setup done", "choose receive")), acts[0])
        click_action(page, pick)
    else:
        raise AssertionError("never a player to move")
    page.wait_for_selector("#bbpitch .sq.lit")
    spill = page.evaluate(
        """() => [...document.querySelectorAll('#bbpitch .sq.lit .dice')].filter((d) => {
             const s = d.parentElement.getBoundingClientRect(), r = d.getBoundingClientRect();
             return r.left < s.left - 0.5 || r.right > s.right + 0.5 || r.bottom > s.bottom + 0.5
               || d.scrollWidth > d.clientWidth + 1;
           }).map((d) => d.parentElement.dataset.square)"""
    )
    assert spill == []
    unlabelled = page.evaluate(
        """() => [...document.querySelectorAll('#bbpitch .sq.lit')]
             .filter((q) => /\\d\\+/.test(q.title) && !q.querySelector('.dice').textContent)
             .map((q) => q.dataset.square)"""
    )
    assert unlabelled == []  # a square that needs a roll says which
    shot(page, "boards-bloodbowl-ko-rolls")
    page.close()
    page = open_board(browser, server, made, "de", seat=None)
    page.locator('#bbpitch [data-player^="0-"]').first.click()  # a tap shows the card too
    card = page.inner_text("#bbcard")  # German coaches' BW for MA (test_board_terms.py)
    assert catalog("de", "bloodbowl")["MA (short for Movement Allowance)"] in card
    assert english_left(board_text(page), "de", "bloodbowl") == []
    shot(page, "boards-bloodbowl-de-spectator")
    page.close()


def test_jukem_spectator_reads_seats_and_the_revealed_shot(browser: Any, server: Server) -> None:
    made = two_bots(server, "jukem")
    played_out(server, made)
    page = open_board(browser, server, made, "ko", seat=None)
    ko = catalog("ko", "jukem")
    wait_js(page, "document.getElementById('whoplays') !== null")
    who = page.inner_text("#whoplays")
    seat_word = ko["Seat {n}"].replace("{n}", "")
    assert seat_word.strip() in who and ko["You have the ball"] not in who
    text = board_text(page)
    assert ko["Your possession"] not in text and ko["{seat}: possession"].split("{")[0] in text
    # the last SHOT and its answer, which every seat saw: the box diagram of the SHOT card
    wait_js(page, "document.querySelector('#revealed .card.SHOT .goaldiagram .box.on') !== null")
    text = board_text(page)
    assert english_left(text, "ko", "jukem") == []
    shot(page, "boards-jukem-ko-spectator")
    page.set_viewport_size(PHONE)
    shot(page, "boards-jukem-ko-spectator-phone")
    page.close()


def test_jukem_hand_cards_fit_and_draw_their_boxes(browser: Any, server: Server) -> None:
    made = against_a_bot(server, "jukem")
    page = open_board(browser, server, made, "it")
    page.wait_for_selector("#hand .card")
    # measured once the page has settled: under load the board's stylesheet and fonts may
    # arrive after the first cards are drawn (a real overflow stays, and fails)
    deadline = time.monotonic() + 15
    while True:
        overflow = page.evaluate(
            "[...document.querySelectorAll('#board .card')]"
            ".filter((c) => c.scrollHeight > c.clientHeight + 1"
            " || c.scrollWidth > c.clientWidth + 1)"
            ".map((c) => c.dataset.card)"
        )
        if not overflow or time.monotonic() > deadline:
            break
        time.sleep(0.25)
    assert overflow == []
    it = catalog("it", "jukem")
    assert it["You have the ball"] in page.inner_text("#whoplays") or it[
        "{seat} has the ball"
    ].split("{")[0] in page.inner_text("#whoplays")
    assert english_left(board_text(page), "it", "jukem") == []
    shot(page, "boards-jukem-it")
    page.close()


def test_jukem_the_opponents_hand_is_turned_up_at_the_end(browser: Any, server: Server) -> None:
    """Issue 45 deliver 4: once the match is over the page shows the cards the other seat
    still held, face up, under a heading in the reader's language; a spectator sees both
    hands. The server sends them only then (`revealed`; test_leaks judges every view)."""
    from tablesports.core.registry import load

    st = load("jukem").new_initial_state()
    rng = random.Random(7)
    while not st.is_terminal():
        if st.current_player() == CHANCE:
            outcomes, weights = zip(*st.chance_outcomes(), strict=True)
            st.apply_action(rng.choices(outcomes, weights)[0])
        else:
            st.apply_action(rng.choice(st.legal_actions()))
    held = [list(st.observation(p)["hand"]) for p in (0, 1)]
    assert held[1], "a seed whose match ends with cards in seat 1's hand"
    ko = catalog("ko", "jukem")
    page = browser.new_page(viewport=DESKTOP)
    page.goto(server.url + "/static/match.html")
    for viewer in (None, 0):
        view = state_view("jukem", st, 0)
        view.update(viewer=viewer, over=True, revealed=[st.observation(p) for p in (0, 1)])
        if viewer is None:  # a spectator's observation: the fields both seats see alike
            both = [json.loads(json.dumps(st.observation(p))) for p in (0, 1)]
            view["observation"] = {k: v for k, v in both[0].items() if both[1].get(k) == v}
        page.evaluate(RENDER, [json.loads(json.dumps(view)), "ko"])
        up = page.evaluate(
            "[...document.querySelectorAll('#opphand .card')]"
            ".map((c) => c.classList.contains('back') ? 'back' : c.dataset.card)"
        )
        assert up == held[1]
        heading = page.inner_text("#opphand h2")
        if viewer is None:
            assert heading.endswith(ko["{seat}: hand, shown at the end"].split("}")[-1])
            mine = page.evaluate(
                "[...document.querySelectorAll('#hand .card')].map((c) => c.dataset.card)"
            )
            assert mine == held[0]
        else:
            assert heading == ko["Opponent's hand, shown at the end"]
        assert english_left(board_text(page), "ko", "jukem") == []
    shot(page, "boards-jukem-ko-hands-at-the-end")
    page.close()


def test_jugger_ttg_recruits_show_cost_and_values_and_terms_have_tooltips(
    browser: Any, server: Server
) -> None:
    made = against_a_bot(server, "juggerttg")
    page = open_board(browser, server, made, "de")
    de = catalog("de", "juggerttg")
    page.wait_for_selector("#jtrecruits")
    heads = page.eval_on_selector_all("#jtrecruits th", "ns => ns.map(n => n.textContent)")
    assert de["cost"] in heads and de["Reflex"] in heads and de["Will"] in heads
    first = page.eval_on_selector_all(
        "#jtrecruits tr[data-hero-id]:first-of-type td", "ns => ns.map(n => n.textContent)"
    )
    assert all(re.fullmatch(r"\d+", v) for v in first[1:9]), first  # cost and seven values
    tip = page.get_attribute("#jtrecruits button", "title")
    assert tip == de["Recruit this hero into your team (R18)."]
    assert english_left(board_text(page), "de", "juggerttg") == []
    shot(page, "boards-juggerttg-de-recruits")
    page.close()
    page = open_board(browser, server, made, "ko", viewport=PHONE)
    assert page.locator("#jtlegend > span").count() >= 8
    assert english_left(board_text(page), "ko", "juggerttg") == []
    shot(page, "boards-juggerttg-ko-phone")
    page.close()


def juggers_places(lang: str) -> list[str]:
    """Every place a Jugger's position may be named by, in `lang`."""
    it = catalog(lang, "juggers")
    out = [it[z] for z in ("in midfield", "in A's third", "in B's third")]
    for z in ("in front of {team}'s goal", "near the left post of {team}'s goal"):
        out += [it[z].replace("{team}", team) for team in "AB"]
    out += [it["near the right post of {team}'s goal"].replace("{team}", team) for team in "AB"]
    return out


def test_juggers_positions_are_places_not_floats(browser: Any, server: Server) -> None:
    made = two_people(server, "juggers")
    pages = [open_board(browser, server, made, "it", seat=s) for s in (0, 1)]
    roster = ""
    for _ in range(60):
        roster = pages[0].inner_text(".juggers-roster")
        if re.search(r"\b[a-l][1-8], ", roster):
            break
        for page in pages:
            page.reload()
            wait_js(page, "document.body.dataset.move !== undefined")
            if state(page)[1] == "yes":
                click_action(page, legal(page)[0])
    assert not re.search(r"\d+\.\d+", roster), roster  # places, not floats
    places = re.findall(r"\b[a-l][1-8], ([^,)]+)", roster)
    assert places, roster
    assert all(p in juggers_places("it") for p in places), places
    shot(pages[0], "boards-juggers-it-places")
    for page in pages:
        page.close()


def test_juggers_end_of_the_match_says_why(browser: Any, server: Server) -> None:
    made = two_bots(server, "juggers")
    played_out(server, made)
    page = open_board(browser, server, made, "it", seat=None)
    wait_js(page, "document.body.dataset.over === 'yes'")
    page.wait_for_selector("#ending")
    it = catalog("it", "juggers")
    assert page.inner_text("#ending").startswith(it["The match is over: {reason}"].split("{")[0])
    assert english_left(board_text(page), "it", "juggers") == []
    shot(page, "boards-juggers-it-end")
    page.set_viewport_size(PHONE)
    shot(page, "boards-juggers-it-end-phone")
    page.close()
    page = open_board(browser, server, made, "ko", seat=None)
    page.wait_for_selector("#ending")
    assert english_left(board_text(page), "ko", "juggers") == []
    shot(page, "boards-juggers-ko-end")
    page.close()


RENDER = """async ([view, lang]) => {
  const i18n = await import('/static/i18n.js');
  await i18n.loadLanguage(lang);
  const board = await import(`/static/games/${view.game}.js`);
  const root = document.createElement('div');
  root.id = 'board';
  document.body.replaceChildren(root);
  window.acted = [];
  const memo = {};
  const ctx = { root, view, legal: view.legal, act: (a) => window.acted.push(a), t: i18n.t,
                el: i18n.el, memo, seat: view.viewer };
  memo.redraw = () => { root.replaceChildren(); board.render(ctx); };
  board.render(ctx);
  // the board adds its game's stylesheet as it first draws: measured styles need it loaded
  const loaded = (link) =>
    link.sheet ? null : new Promise((done) => link.addEventListener('load', done, { once: true }));
  await Promise.all([...document.querySelectorAll('link[rel=stylesheet]')].map(loaded));
}"""


def state_view(game: str, st: Any, viewer: int = 0, log: list[Any] | None = None) -> dict:
    """The page's view of a state built with the game's API, for RENDER: no legal actions."""
    return {
        "game": game,
        "viewer": viewer,
        "move": 1,
        "legal": [],
        "log": log or [],
        "observation": json.loads(json.dumps(st.observation(viewer))),
        "picture": st.render(viewer),
        "board": board_extras(st),
    }


def test_jugger_ttg_a_pass_to_a_team_mates_hex_is_offered_by_clicking_the_team_mate(
    browser: Any, server: Server
) -> None:
    """r2 (a close pompfer) may pass the Jugg to n6, where its Qwik r1 stands (R73): a click
    on r1 passes there, where it used to select r1."""
    position = (
        "rda=4 init=red active=r2 jugg=l6 / r2 wren long k6 E 3/4; r1 nils qwik n6 W 4/3; "
        "b8 sami qwik s11 W 4/2"
    )
    st = tablesports.load("juggerttg").from_position(position)
    legal_now = [str(a) for a in st.legal_actions()]
    assert "pass n6" in legal_now
    view = {
        "game": "juggerttg",
        "viewer": 0,
        "move": 0,
        "legal": legal_now,
        "log": [],
        "observation": json.loads(json.dumps(st.observation(0))),
    }
    page = browser.new_page(viewport=DESKTOP)
    page.goto(server.url + "/")
    page.evaluate(RENDER, [view, "de"])
    page.click('#jtboard [data-hero="r1"]')
    offered = page.evaluate(
        "[...window.acted, ...[...document.querySelectorAll('#jtmenu [data-action]')]"
        ".map((b) => b.dataset.action)]"
    )
    assert "pass n6" in offered
    page.close()


# an action of each kind that names a place, and the marks its highlight must make
HIGHLIGHTED = {
    "hanniball": (r"[a-i]\d+-[a-i]\d+", "#hbgrid .last"),
    "bloodbowl": (r"place \d+ at \d+,\d+", "#bbpitch .last"),
    "jukem": (r"play [A-Z]+-\w+", "#jukemtable .last"),
    "juggerttg": (r"place r\d [a-u]\d+", "#jtboard .last"),
}


@pytest.mark.parametrize("game", sorted(HIGHLIGHTED))
def test_the_last_move_is_marked_on_the_board(browser: Any, server: Server, game: str) -> None:
    """Seeded random play up to an action that names a place; the board's `highlight` hook,
    given that action and its events as the log carries them, marks what it touched."""
    wanted, marks = HIGHLIGHTED[game]
    rng = random.Random(7)
    st = tablesports.load(game).new_initial_state()
    for _ in range(3000):
        if st.current_player() == CHANCE:
            st.apply_action(st.sample_chance(rng))
            continue
        actions = st.legal_actions()
        chosen = [a for a in actions if re.fullmatch(wanted, str(a))]
        if chosen and st.current_player() == 0:
            action = chosen[0]
            events = [e.to_json() for e in st.apply_action(action)]
            break
        st.apply_action(rng.choice(actions))
    else:
        raise AssertionError(f"no {wanted} in 3000 steps")
    view = state_view(game, st)
    page = browser.new_page(viewport=DESKTOP)
    page.goto(server.url + "/")
    page.evaluate(RENDER, [view, "ko"])
    assert page.locator(marks).count() == 0
    page.evaluate(
        "async ([game, action, events]) => (await import(`/static/games/${game}.js`))"
        ".highlight(action, events)",
        [game, str(action), events],
    )
    assert page.locator(marks).count() >= 1, (str(action), events)
    page.close()


def test_blood_bowl_players_lying_down_keep_their_numbers_readable(
    browser: Any, server: Server
) -> None:
    """A Prone and a Stunned player on each side: drawn as lying down (a dashed ring), and their
    numbers pass axe's colour contrast (a faded player once failed it; two digits, as axe leaves
    a one-character text unjudged)."""
    from tests.games.bloodbowl.turn.turn_helpers import position

    st = position(
        "H7 10,7", "H10 11,6 prone", "H11 12,6 stunned", "A10 11,7 prone", "A11 13,9 stunned"
    )
    page = browser.new_page(viewport=DESKTOP)
    page.goto(server.url + "/")
    page.evaluate(RENDER, [state_view("bloodbowl", st), "de"])
    down = page.evaluate(
        "[...document.querySelectorAll('#bbpitch .player.down')].map((p) => p.dataset.player)"
    )
    assert sorted(down) == ["0-10", "0-11", "1-10", "1-11"]
    assert serious_violations(page) == []
    page.close()
