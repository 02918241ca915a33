"""Every action a page shows (the legal list, the move list, a board's buttons) reads in the
player's language: its text is a template with the notation as fields (`web/action_words.py`),
and every template of every game's actions is in that game's catalog domain, in every language.

The texts come from each game's codec (every action of the game, without the notes for
people), two seeded random games (every legal action and chance outcome met, with their
notes) and the notes' forms the games make that random games seldom reach (`NOTES`); so a new
action text, or a new note, fails here until it is translated.
"""

from __future__ import annotations

import io
import json
import random
import re
from functools import cache
from typing import Any

import pytest
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient

import tablesports
from tablesports.core.protocol import CHANCE
from tablesports.web.action_words import needs_words, said, templates_of, text_of
from tablesports.web.i18n import LANGUAGES, LOCALE_DIR

from .helpers import create, hello, my_turn, receive, wait_js
from .test_boards import DESKTOP, against_a_bot, open_board
from .test_browser import browser, server, shot

__all__ = ["browser", "server"]  # the fixtures, shared with test_browser

GAMES = ("jukem", "hanniball", "bloodbowl", "juggerttg", "juggers")
LANGS = [code for code in LANGUAGES if code != "en"]
STEPS = 1500
NOTES = {
    "bloodbowl": (
        "pass to 5,5 (quick pass 3+)",
        "hail mary to 5,5 (long bomb 4+, inaccurate at best)",
        "chain to 5,5 (D6 direction, rush 2+)",
        "vomit at 5,5 (D6 2+)",
        "stab at 5,5 (AV 8+)",
        "fire at 5,5 (prone 4+)",
        "gaze at 5,5 (AG 3+)",
        "chainsaw at 5,5 (2+, AV 9+ at +3)",
        "chainsaw foul 5,5 (2+, armour +3)",
        "throw 7 to 5,5 (short pass 4+)",
        "bomb at 5,5 (long pass 5+)",
        "leap to 5,5 (pogo 3+, rush 2+)",
        "leap to 5,5 (leap 3+)",
        "foul 5,5 (armour 8+, +1)",
        "hand-off to 5,5 (catch 3+)",
        "block 5,5 (1 die)",
        "blitz 5,5 (rush 2+, 3 dice, you choose)",
        "block 5,5 (2 dice, they choose)",
        "move 7 to 4,1 (dodge 3+, rush 2+, pick-up 3+)",
        "pick 7",
        "lash out at 4",
    ),
    "juggers": ("flick 1 at 90 strength 0.5 offset -0.2", "excited", "calm"),
}
"""Action texts with the notes for people the game's sources make (`turn/notes.py`,
`paths.py`, the Special actions' notes) and forms random games seldom reach."""
KEPT = re.compile(r"(?<![A-Za-z])(?:[A-Z][A-Z!'&-]*|Qwik)(?![A-Za-z])")
"""Words the catalogs keep in Latin letters in every language: the seeds' capitalised terms
(POW, SAVE, AV, AG) and Jugger TTG's Qwik."""


@cache
def action_texts(game: str) -> frozenset[str]:
    g = tablesports.load(game)
    texts = {str(a) for a in g.action_codec().actions}
    for seed in (1, 2):
        rng = random.Random(seed)
        state = g.new_initial_state()
        for _ in range(STEPS):
            if state.is_terminal():
                break
            if state.current_player() == CHANCE:
                texts |= {str(a) for a, _ in state.chance_outcomes()}
                action = state.sample_chance(rng)
            else:
                legal = state.legal_actions()
                texts |= {str(a) for a in legal}
                action = rng.choice(legal)
            texts.add(str(action))
            state.apply_action(action)
    return frozenset(texts | set(NOTES.get(game, ())))


@cache
def action_templates(game: str) -> frozenset[str]:
    """Every template of `game`'s actions that has words to translate."""
    found: set[str] = set()
    for text in action_texts(game):
        found |= templates_of(said(text))
    return frozenset(t for t in found if needs_words(t))


def domain(lang: str, game: str) -> dict[str, str]:
    po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{game}.po"
    return {m.id: m.string for m in read_po(io.BytesIO(po.read_bytes())) if m.id and m.string}


def shown(s: dict[str, Any], words: dict[str, str]) -> str:
    """What the page shows of an action (`saidText` in static/actionwords.js): the template
    through the catalog, each field notation as it is or words through the catalog."""
    fields = {k: v if isinstance(v, str) else shown(v, words) for k, v in s["fields"].items()}
    out = words.get(s["template"], s["template"])
    for k, v in fields.items():
        out = out.replace("{" + k + "}", v)
    return out


def notation(s: dict[str, Any]) -> list[str]:
    """The notation and names of an action's text: its fields that are text."""
    out: list[str] = []
    for v in s["fields"].values():
        out += [v] if isinstance(v, str) else notation(v)
    return out


def english_left(text: str, s: dict[str, Any]) -> list[str]:
    """The Latin words of an action as shown, beside its notation and the kept terms."""
    for kept in sorted(notation(s), key=len, reverse=True):
        text = text.replace(kept, " ")
    return re.findall(r"[A-Za-z]{2,}", KEPT.sub(" ", text))


def test_a_moves_squares_and_numbers_are_fields_and_its_rolls_a_note_of_templates() -> None:
    s = said("move 7 to 4,1 (dodge 3+, rush 2+, rush 2+)")
    assert s["template"] == "move {number} to {square} ({note})"
    assert s["fields"]["number"] == "7" and s["fields"]["square"] == "4,1"
    note = s["fields"]["note"]
    assert note["template"] == "{note1}, {note2}, {note3}"
    assert [note["fields"][f"note{i}"]["template"] for i in (1, 2, 3)] == ["dodge {target}"] + [
        "rush {target}"
    ] * 2
    assert note["fields"]["note3"]["fields"] == {"target": "2+"}
    ko = domain("ko", "bloodbowl")
    assert shown(s, ko) == "7번 → 4,1 이동 (닷지 3+, 러시 2+, 러시 2+)"


def test_names_chance_outcomes_and_word_lists_keep_their_notation() -> None:
    assert said("recruit arlo") == {"template": "recruit {name}", "fields": {"name": "arlo"}}
    assert said("toss A") == {"template": "toss {name}", "fields": {"name": "A"}}
    assert said("play JUKEM-1 PASS-5")["fields"] == {"card": "JUKEM-1 PASS-5"}
    assert said("D6=4") == {"template": "{mark}", "fields": {"mark": "D6=4"}}
    assert said("end turn") == {"template": "end turn", "fields": {}}
    dice = said("block dice=pow,both-down")
    assert dice["template"] == "block dice={word}"
    assert templates_of(dice) == {"block dice={word}", "{word1},{word2}", "pow", "both-down"}
    assert shown(dice, domain("ko", "bloodbowl")) == "블록 주사위: 파우,둘 다 다운"


@pytest.mark.parametrize("game", GAMES)
def test_every_action_text_is_its_template_with_its_fields(game: str) -> None:
    """Nothing lost, nothing added: the template with its fields in English is the text."""
    texts = action_texts(game)
    assert len(texts) > 10
    for text in texts:
        assert text_of(said(text)) == text
        assert shown(said(text), {}) == text  # the English page shows the text itself


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_action_template_is_in_the_games_domain(lang: str, game: str) -> None:
    words = domain(lang, game)
    missing = action_templates(game) - set(words)
    assert not missing, f"{lang}/{game}.po: actions untranslated: {sorted(missing)}"


@pytest.mark.parametrize("game", GAMES)
def test_every_korean_action_reads_in_korean(game: str) -> None:
    """Each action of the game, as a Korean page shows it, keeps no English word but its
    notation, its names and the terms the Korean catalogs keep in capitals."""
    ko = domain("ko", game)
    english = {}
    for text in action_texts(game):
        s = said(text)
        left = english_left(shown(s, ko), s)
        if left:
            english[text] = left
    assert not english, f"{game}: {sorted(english.items())[:20]}"


def test_a_view_sends_each_legal_action_and_each_step_with_its_template(
    client: TestClient,
) -> None:
    """A Blood Bowl coach against a bot: each view's legal actions come with their templates,
    in order, and so does each step of the log; a Korean reader finds them all in the catalog,
    up to a player's moves with the rolls each path needs."""
    made = create(client, "bloodbowl", [{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    ko = domain("ko", "bloodbowl")
    seen: set[str] = set()
    log: dict[int, dict[str, Any]] = {}
    with client.websocket_connect("/ws") as ws:
        view = hello(ws, made["id"], made["tokens"]["0"])
        log |= {step["i"]: step for step in view["log"]}
        if not my_turn(view):
            view = next_turn(ws, log)
        for _ in range(300):
            assert view["type"] == "view", view
            assert len(view["legal_said"]) == len(view["legal"])
            for text, s in zip(view["legal"], view["legal_said"], strict=True):
                assert text_of(s) == text
                assert not english_left(shown(s, ko), s), text
                seen.add(s["template"])
            if "move {number} to {square} ({note})" in seen or view["over"]:
                break
            acts = view["legal"]
            pick = next((a for a in acts if re.fullmatch(r"move \d+", a)), None)
            pick = pick or next((a for a in acts if a.startswith("formation ")), None)
            pick = pick or next((a for a in acts if a in ("setup done", "choose receive")), acts[0])
            ws.send_text(json.dumps({"type": "act", "move": view["move"], "action": pick}))
            view = next_turn(ws, log)
    assert "move {number} to {square} ({note})" in seen, sorted(seen)
    assert len(log) > 5
    for step in log.values():
        if not step.get("hidden"):
            assert text_of(step["said"]) == step["action"]
            assert not english_left(shown(step["said"], ko), step["said"]), step["action"]


def next_turn(ws: Any, log: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """The views until the seat's turn (or the end), each one's new steps kept in `log`."""
    while True:
        view = receive(ws)
        assert view["type"] != "error", view
        if view["type"] == "view":
            log |= {step["i"]: step for step in view["log"]}
            if my_turn(view):
                return view


def test_a_korean_blood_bowl_page_lists_every_legal_action_in_korean(
    browser: Any, server: Any
) -> None:
    """A Korean coach against a bot: past the set-up, a player's moves (with the rolls each
    path needs) fill "Every legal action" in Korean, and so does the move list."""
    made = against_a_bot(server, "bloodbowl")
    page = open_board(browser, server, made, "ko", viewport=DESKTOP)
    moves = (
        "[...document.querySelectorAll('#legal button')]"
        ".some(b => /^move \\d+ to .* \\(/.test(b.dataset.action))"
    )
    mine = "document.body.dataset.mine === 'yes' || document.body.dataset.over === 'yes'"
    for _ in range(300):
        wait_js(page, mine, timeout=60000)
        if page.evaluate(moves):
            break
        acts = page.eval_on_selector_all("#legal button", "bs => bs.map(b => b.dataset.action)")
        pick = next((a for a in acts if re.fullmatch(r"move \d+", a)), None)
        pick = pick or next((a for a in acts if a.startswith("formation ")), None)
        pick = pick or next((a for a in acts if a in ("setup done", "choose receive")), acts[0])
        move = page.evaluate("document.body.dataset.move")
        page.evaluate('(a) => document.querySelector(`#legal [data-action="${a}"]`).click()', pick)
        wait_js(page, f"document.body.dataset.move !== '{move}'")
    else:
        raise AssertionError("never a player's moves in the list")
    buttons = page.eval_on_selector_all(
        "#legal button", "bs => bs.map(b => [b.dataset.action, b.textContent])"
    )
    assert any("닷지" in shown or "러시" in shown for _, shown in buttons), buttons[:5]
    english = [(a, text) for a, text in buttons if english_left(text, said(a))]
    assert not english, english[:10]
    steps = page.eval_on_selector_all("#log .movebtn", "bs => bs.map(b => b.textContent)")
    assert len(steps) > 5
    # a step: "12. 좌석 0 · 사람: <the action>"; the seat's words are the match domain's
    left = [s for s in steps if re.search(r"[a-z]{2}", KEPT.sub(" ", s.split(": ", 1)[1]))]
    assert not left, left[:10]
    page.evaluate("document.getElementById('alllegal').open = true")
    page.locator("#alllegal").scroll_into_view_if_needed()
    shot(page, "action-words-bloodbowl-ko-legal")
    page.close()
