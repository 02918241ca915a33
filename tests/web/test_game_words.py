"""Every game word reaches the page in the player's language: each event's sentence (as a
template from the game's source, with its fields), each action's kind and each string of a
game's board module has its translation in that game's catalog domain, in every language.

The templates come from the games' own f-strings (`web/phrases.py`), the action kinds from
seeded random games, the board's strings from `t("...")` in `static/games/<game>.js` and the
modules they share; so a new sentence, action or label in a game fails here until translated.
"""

from __future__ import annotations

import io
import json
import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient

import tablesports
from tablesports.core.events import Event
from tablesports.core.protocol import CHANCE
from tablesports.web.boards import board_extras
from tablesports.web.i18n import LANGUAGES, LOCALE_DIR
from tablesports.web.phrases import phrase, templates, terms

from .helpers import create, hello, until

GAMES = ("jukem", "hanniball", "bloodbowl", "juggerttg", "juggers")
BOARDS = LOCALE_DIR.parent / "static" / "games"
SHARED = ("words.js",)
"""Board modules every game's board imports: their strings are in each game's domain."""
STEPS = 1500
NAMING = ("recruit", "pick", "face", "formation")
"""Action kinds whose second word is a name (a hero, a character) or its own word (a facing, a
formation: the board translates those)."""


def js_strings(path: Path) -> set[str]:
    found = re.findall(r'\bt\("((?:[^"\\]|\\.)*)"', path.read_text(encoding="utf-8"))
    return {s.replace('\\"', '"') for s in found}


@cache
def played(game: str) -> tuple[frozenset[str], tuple[tuple[str, str], ...]]:
    """The action kinds (an action's first word) and the events (kind, text) of two seeded
    random games of at most STEPS steps each."""
    kinds: set[str] = set()
    phrases: set[str] = set()
    events: list[tuple[str, str]] = []
    for seed in (1, 2):
        rng = random.Random(seed)
        state = tablesports.load(game).new_initial_state()
        for _ in range(STEPS):
            if state.is_terminal():
                break
            if state.current_player() == CHANCE:
                made = state.apply_action(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                texts = [str(a) for a in legal]
                kinds |= {a.split(" ")[0] for a in texts}
                phrases |= {a for a in texts if " " in a and not re.search(r"\d", a)}
                made = state.apply_action(rng.choice(legal))
            events += [(e.kind, e.text) for e in made]
    words = {k for k in kinds if re.fullmatch(r"[a-z][a-z-]*", k)}
    # a fixed action of several words ("end turn", "no save") is translated whole; one that
    # names a hero, a character or a facing ("recruit arlo") is its kind and that name
    words |= {a for a in phrases if a.split(" ")[0] not in NAMING}
    return frozenset(words), tuple(events)


def game_words(game: str) -> set[str]:
    """What the page shows of `game` through the catalog."""
    words = templates(game) | terms(game) | set(played(game)[0])
    words |= js_strings(BOARDS / f"{game}.js")
    # Blood Bowl's player cards: the positions and skills of the default teams
    cards = board_extras(tablesports.load(game).new_initial_state()).get("cards", [])
    words |= {c["position"] for team in cards for c in team}
    words |= {s for team in cards for c in team for s in c["skills"]}
    for shared in SHARED:
        words |= js_strings(BOARDS / shared)
    return words


def domain(lang: str, game: str) -> dict[str, str]:
    po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{game}.po"
    return {m.id: m.string for m in read_po(io.BytesIO(po.read_bytes())) if m.id and m.string}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_every_game_word_is_in_the_games_domain(lang: str, game: str) -> None:
    translated = domain(lang, game)
    missing = game_words(game) - set(translated)
    assert not missing, f"{lang}/{game}.po: untranslated: {sorted(missing)}"
    for text, out in translated.items():  # the placeholders survive translation
        assert set(re.findall(r"\{\w+\}", text)) == set(re.findall(r"\{\w+\}", out)), (lang, text)


@pytest.mark.parametrize("game", GAMES)
def test_every_event_of_a_game_is_sent_as_a_template_with_fields(game: str) -> None:
    events = played(game)[1]
    assert len(events) > 100
    for kind, text in events:
        said = phrase(game, Event(kind, text))
        assert said is not None, f"{game}: no template for the {kind!r} event {text!r}"
        # the template with its fields is the English text again: nothing lost, nothing added
        assert said_again(said) == text


def said_again(said: dict[str, Any]) -> str:
    """A template with its fields, each a text or a template with fields of its own."""
    fields = {k: v if isinstance(v, str) else said_again(v) for k, v in said["fields"].items()}
    return str(said["template"]).format(**fields)


def test_a_view_carries_each_event_as_a_template_with_fields(client: TestClient) -> None:
    made = create(client, "hanniball", [{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    with client.websocket_connect("/ws") as ws:
        view = hello(ws, made["id"], made["tokens"]["0"])
        step = next(a for a in view["legal"] if "-" in a)  # a piece's move: "c3-d4"
        ws.send_text(json.dumps({"type": "act", "move": view["move"], "action": step}))
        view = until(ws, lambda v: v["type"] == "view" and v.get("log"))
    assert view["type"] == "view", view
    event = view["log"][0]["events"][0]
    assert event["text"].endswith(step)  # the English text stays, for the terminal and records
    assert event["template"] == "{piece_names} {text}"
    assert event["fields"]["text"].endswith(step)
    assert event["template"].format(**event["fields"]) == event["text"]
