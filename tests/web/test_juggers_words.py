"""Juggers Fallout in Korean on a 390×844 phone, played by finger in headless Chromium through
the toss, the draft and its market, placement and flicks (issue 45, finding 2): every word the
page shows (its text, its buttons' tooltips and aria-labels, the words drawn on the table's
canvas) is Korean, but for the characters' names and notation; and no button's text is cut off
(by the button, or by a box around it that scrolls or clips), every board button 44×44 px.
Then the market and every kind of button drawn from states in German, Italian (the seed's own
words), Korean and Russian.

Screenshots: test-artifacts/web/juggers-ko-{draft,market,placement,play}.png (the draft at
the first pick, the market at the last), juggers-words-<lang>-{market,buttons}.png.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import tablesports

from .helpers import wait_js
from .server import Server
from .test_boards import RENDER, against_a_bot, catalog, state_view
from .test_browser import browser, server, shot, state
from .test_phone import finger, flick_by_finger, moved, phone, tap_a_cell

__all__ = ["browser", "server"]  # the fixtures, shared with test_browser

# the words drawn on the canvas, kept as the board draws them (fillText and strokeText)
CANVAS_WORDS = """(() => {
  window.canvasWords = new Set();
  window.canvasDrawn = 0;
  for (const f of ["fillText", "strokeText"]) {
    const drawn = CanvasRenderingContext2D.prototype[f];
    CanvasRenderingContext2D.prototype[f] = function (text, ...rest) {
      window.canvasWords.add(String(text));
      window.canvasDrawn += 1;
      return drawn.call(this, text, ...rest);
    };
  }
})()"""

# what a reader sees: the page's rendered text, the visible elements' tooltips and labels, the
# canvas's words since the last look
SHOWN = """(() => {
  const out = [document.body.innerText];
  for (const node of document.querySelectorAll("[title], [aria-label], [placeholder]")) {
    if (!node.checkVisibility()) continue;
    for (const a of ["title", "aria-label", "placeholder"]) {
      if (node.getAttribute(a)) out.push(node.getAttribute(a));
    }
  }
  out.push(...window.canvasWords);
  window.canvasWords.clear();
  return out.join("\\n");
})()"""

# buttons whose text does not show whole: wider or taller inside than the button, or (the
# board's) cut by a box around it that clips (scrolls or hides its overflow: the match page's
# move list scrolls on purpose); and the board's buttons under 44 px
CUT = """(() => {
  const found = [];
  const name = (b) => `${b.dataset.action || b.textContent.trim().slice(0, 40)}`;
  for (const b of document.querySelectorAll("button, [role=button]")) {
    if (!b.checkVisibility()) continue;
    const r = b.getBoundingClientRect();
    if (b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1)
      found.push(`${name(b)}: its text overflows it`);
    for (let box = b.parentElement; box; box = box.parentElement) {
      const s = getComputedStyle(box);
      if (s.overflowX === "visible" && s.overflowY === "visible") continue;
      const c = box.getBoundingClientRect();
      const inside = r.left >= c.left - 1 && r.right <= c.right + 1
        && r.top >= c.top - 1 && r.bottom <= c.bottom + 1;
      const apart = r.right <= c.left || r.left >= c.right
        || r.bottom <= c.top || r.top >= c.bottom;
      if (!inside && !apart && b.closest("#board"))
        found.push(`${name(b)}: cut by ${box.id || box.className}`);
    }
    if (b.closest("#board") && (r.width < 44 || r.height < 44))
      found.push(`${name(b)}: ${r.width.toFixed(0)}x${r.height.toFixed(0)} px`);
  }
  return found;
})()"""


def allowed_words(page: Any) -> set[str]:
    """Names and notation: the characters' names and ids (the log's actions name a pick by its
    id), the game's and the languages' names, the match's id and the seats' bot."""
    words = {"Juggers", "Fallout", "English", "Deutsch", "Italiano", "random"}
    for c in tablesports.load("juggers").characters:
        words |= {c.id, *c.name.split()}
    match = re.search(r"/m/([A-Za-z0-9_-]+)", page.url)
    # as `latin_words` cuts it: an id that starts or ends with "-" (one in 32) loses it
    return words | ({match.group(1), match.group(1).strip("-'’")} if match else set())


# notation: team letters, slots (A1-B4), cells (a-l 1-8), rule labels (R15, H-TOSS), the dice's
# commitment (hex digits), numbers with units (45°, ×1.5)
NOTATION = re.compile(r"^([AB][1-4]?|[a-l][1-8]?|R\d+|H-[A-Z-]+|[0-9a-f]{16,})$")


def latin_words(text: str, allowed: set[str]) -> list[str]:
    out = []
    for token in re.findall(r"[A-Za-z0-9_'’-]*[A-Za-z][A-Za-z0-9_'’-]*", text):
        word = token.strip("-'’")
        if word in allowed or NOTATION.match(word) or re.fullmatch(r"[0-9a-f]+", word):
            continue
        out.append(word)
    return out


def look(page: Any, allowed: set[str], where: str) -> list[str]:
    """What is wrong on the page now: English words, cut or small buttons."""
    wait_js(page, "!document.querySelector('#juggers-table[data-animating]')", timeout=10000)
    words = latin_words(page.evaluate(SHOWN), allowed)
    cut = page.evaluate(CUT)
    return [f"{where}: {w}" for w in sorted(set(words))] + [f"{where}: {c}" for c in cut]


def legal(page: Any) -> list[str]:
    return page.eval_on_selector_all("#legal [data-action]", "bs => bs.map(b => b.dataset.action)")


def test_juggers_reads_in_korean_on_a_phone_through_draft_market_and_play(
    browser: Any, server: Server
) -> None:
    made = against_a_bot(server, "juggers")
    page = phone(browser, "ko")
    page.add_init_script(CANVAS_WORDS)
    page.goto(f"{server.url}/m/{made['id']}#{made['tokens']['0']}")
    wait_js(page, "document.body.dataset.move !== undefined")
    page.wait_for_selector("#juggers-table")
    allowed = allowed_words(page)
    wrong: list[str] = []
    seen: set[str] = set()
    flicks = 0
    for _ in range(80):
        move, mine, over = state(page)
        if over == "yes" or flicks >= 3:
            break
        if mine != "yes":
            wait_js(
                page,
                "document.body.dataset.mine === 'yes' || document.body.dataset.over === 'yes'",
                timeout=60000,
            )
            continue
        acts = legal(page)
        kinds = ("flick", "place", "pick", "choose", "")
        kind = next(k for k in kinds if any(a.startswith(k) for a in acts))
        where = {"pick": "market", "choose": "toss", "place": "placement", "flick": "play"}
        where_now = where.get(kind, kind or acts[0].split()[0])
        wrong += look(page, allowed, where_now)
        if kind == "pick" and "draft" not in seen:  # the draft's first pick: the whole market
            shot(page, "juggers-ko-draft")
        elif where_now not in seen or kind == "pick":  # the market at the last pick: spent
            shot(page, f"juggers-ko-{where_now}")
        seen |= {where_now, "draft"} if kind == "pick" else {where_now}
        if kind == "flick":
            flick_by_finger(page)
            flicks += 1
        elif kind == "place":
            tap_a_cell(page)
        else:
            finger(page, "#board button[data-action]:visible")
        assert moved(page, move, 30), f"no move after a tap ({where_now})"
        assert not page.is_visible("#error.shown"), page.inner_text("#error")
    assert flicks, "the match never came to seat 0's flicks"
    assert {"market", "placement", "play"} <= seen, seen
    assert page.evaluate("window.canvasDrawn") > 0  # the canvas's words were read
    wrong += look(page, allowed, "after the flicks")
    assert not wrong, "\n".join(dict.fromkeys(wrong))
    page.close()


POSITION = (
    "A=ferro,lince,brace,nebbia B=mastino,scheggia,cenere,vespa "
    "at=A1:300,400;A2:500,350;A3:500,450;B1:900,400;B2:1000,300"
)
"""Team A to act in play: its supermoves and substitutions are offered."""
BUTTONS = ["super 1", "sub out 1 in 4", "shooter 2", "pass", "choose pick", "choose attack"]
"""Every kind of button the board draws (the penalty taker and the pass come late in a match:
given to the board here as its legal actions)."""
SEED_WORDS = ("denari", "punti vita", "stamina", "carisma", "supermossa", "punti morale")
"""The Italian seed's own words for what a market's card shows."""


def draft_state() -> Any:
    """The draft's first pick, team A's: the toss won by A, who picks first."""
    st = tablesports.load("juggers").new_initial_state()
    st.apply_action(next(a for a, _ in st.chance_outcomes() if str(a) == "toss A"))
    st.apply_action(next(a for a in st.legal_actions() if str(a) == "choose pick"))
    return st


def english_in(text: str, lang: str, english: str, allowed: set[str]) -> list[str]:
    """The words of `text` that read in English: any Latin word in Korean or Russian; in German
    and Italian, a word of the English page (`english`) that the language's catalogs never use
    ("Inning", "morale" and "stamina" are Italian too)."""
    words = latin_words(text, allowed)
    if lang in ("ko", "ru"):
        return words
    own = set()
    for domain in ("juggers", "match", "messages"):
        for translated in catalog(lang, domain).values():
            own |= set(re.findall(r"[\w'’-]+", translated))
    return [w for w in words if w in set(latin_words(english, allowed)) and w not in own]


def board_words(page: Any, view: dict[str, Any], lang: str) -> str:
    page.evaluate(RENDER, [view, lang])
    return str(page.evaluate(SHOWN))


@pytest.mark.parametrize("lang", ["de", "it", "ko", "ru"])
def test_juggers_market_and_buttons_read_in_every_language(
    browser: Any, server: Server, lang: str
) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(server.url + "/")
    page.add_init_script(CANVAS_WORDS)
    page.reload()
    allowed = allowed_words(page)
    draft = draft_state()
    market = state_view("juggers", draft)
    market["legal"] = [str(a) for a in draft.legal_actions()]
    play = state_view("juggers", tablesports.load("juggers").from_position(POSITION))
    play["legal"] = BUTTONS
    wrong = []
    for view in (market, play):
        english = board_words(page, view, "en")
        wrong += english_in(board_words(page, view, lang), lang, english, allowed)
        assert not page.evaluate(CUT), page.evaluate(CUT)
        shot(page, f"juggers-words-{lang}-{'market' if view is market else 'buttons'}")
        if view is market:
            text = page.inner_text("#board")
            assert page.locator("#board .jgpick").count() == len(draft.game.characters)
            assert "Ferro the Rustbucket" in text  # a name stays a name
            if lang == "it":
                assert all(w in text for w in SEED_WORDS), text
    buttons = page.eval_on_selector_all(
        "#board button[data-action]", "bs => bs.map(b => b.innerText)"
    )
    assert len(buttons) == len(BUTTONS)
    assert "Ferro the Rustbucket" in buttons[0] and "Nebbia" in buttons[1], buttons
    assert not wrong, (lang, sorted(set(wrong)), buttons)
    page.close()
