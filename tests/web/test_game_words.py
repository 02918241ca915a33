"""Every game word reaches the page in the player's language: each event's sentence (as a
template from the game's source, with its fields), each action's kind and each string of a
game's board module has its translation in that game's catalog domain, in every language.

The templates come from the games' own f-strings (`web/phrases.py`), the action kinds from
seeded random games, the board's strings from `t("...")` in `static/games/<game>.js` and the
modules they share; so a new sentence, action or label in a game fails here until translated.
The texts of the games' data files that a board or the log shows (every Blood Bowl roster's
positions and skills, the kick-off, weather and other tables, the Juggers' characters and
supermoves, the Jugger TTG talents) are read from those files; and every field of every event
of the seeded games must read in the player's language, as the page renders it.
"""

from __future__ import annotations

import io
import json
import random
import re
import tomllib
import urllib.request
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient

import tablesports
from tablesports.core.events import Event
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.procedures.kickoff_events.roll_off import RollOff
from tablesports.games.bloodbowl.turn.passing import FUMBLE, INACCURATE, WILD
from tablesports.games.bloodbowl.turn.throw_team_mate import FUMBLED, SUBPAR
from tablesports.games.juggers.actions import slot_name
from tablesports.web.boards import board_extras
from tablesports.web.i18n import LANGUAGES, LOCALE_DIR
from tablesports.web.phrases import GAMES_DIR, phrase, templates, terms

from .citations import CITED, CODE, cited_in, rule_citations
from .helpers import create, hello, until, wait_js
from .test_action_words import action_templates
from .test_boards import against_a_bot, open_board, two_bots
from .test_browser import browser, server, shot

__all__ = ["browser", "server"]  # the fixtures, shared with test_browser

GAMES = ("jukem", "hanniball", "bloodbowl", "juggerttg", "juggers")
BOARDS = LOCALE_DIR.parent / "static" / "games"
LANGS = [code for code in LANGUAGES if code != "en"]
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
def played(game: str) -> tuple[frozenset[str], tuple[tuple[str, str], ...], frozenset[str]]:
    """The action kinds (an action's first word), the events (kind, text) and the rules they
    cite of two seeded random games of at most STEPS steps each."""
    kinds: set[str] = set()
    phrases: set[str] = set()
    events: list[tuple[str, str]] = []
    rules: set[str] = set()
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
            rules |= {e.rule for e in made if e.rule}
    words = {k for k in kinds if re.fullmatch(r"[a-z][a-z-]*", k)}
    # a fixed action of several words ("end turn", "no save") is translated whole; one that
    # names a hero, a character or a facing ("recruit arlo") is its kind and that name
    words |= {a for a in phrases if a.split(" ")[0] not in NAMING}
    return frozenset(words), tuple(events), frozenset(rules)


def game_words(game: str) -> set[str]:
    """What the page shows of `game` through the catalog."""
    words = templates(game) | terms(game) | set(played(game)[0])
    words |= action_templates(game)  # every action's text as a template (web/action_words.py)
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


def data(game: str, name: str) -> dict[str, Any]:
    return tomllib.loads((GAMES_DIR / game / "data" / name).read_text("utf-8"))


def bloodbowl_positions() -> set[str]:
    """Every position of every roster: a player card and the log name each player by his."""
    return {p["name"] for r in data("bloodbowl", "rosters.toml").values() for p in r["positions"]}


def bloodbowl_skills() -> set[str]:
    """Every skill and trait a roster gives (with its number: "Loner (4+)"), every skill the
    skills file describes, and the rosters' special rules: a player card lists them."""
    rosters = data("bloodbowl", "rosters.toml").values()
    out = {s for r in rosters for p in r["positions"] for s in p["skills"]}
    out |= {v.get("name", k.replace("_", " ")) for k, v in data("bloodbowl", "skills.toml").items()}
    return out | {s for r in rosters for s in r.get("special_rules", [])}


def bloodbowl_tables() -> set[str]:
    """The names and texts of the kick-off, weather and argue-the-call results, the casualty
    results and the passing ranges: the log shows them (`Kick-off event 7: ...`)."""
    tables, turn = data("bloodbowl", "tables.toml"), data("bloodbowl", "turn.toml")
    results = [e for k in ("kickoff", "weather", "argue") for e in tables[k]]
    out = {e[f] for e in results for f in ("name", "text")}
    return out | {e["name"] for k in ("casualty", "range") for e in turn[k]}


def juggers_supermoves() -> set[str]:
    """The Juggers' supermoves and their effects (`declares Anvil Drop (mass x3) for 6
    morale`); the characters' names are proper names (`proper_names`)."""
    out: set[str] = set()
    for c in tablesports.load("juggers").characters:
        out.add(c.supermove.name)
        out |= {re.sub(r" x[\d.]+$", "", e) for e in c.supermove.effects().split(", ")}
    return out


def juggerttg_talents() -> set[str]:
    """Each talent's name (the seed's German) and what it does: a recruit's card shows them."""
    talents = data("juggerttg", "heroes.toml")["talents"].values()
    return {t[f] for t in talents for f in ("name", "text")}


DATA_WORDS = {
    "bloodbowl positions": ("bloodbowl", bloodbowl_positions),
    "bloodbowl skills": ("bloodbowl", bloodbowl_skills),
    "bloodbowl tables": ("bloodbowl", bloodbowl_tables),
    "juggers supermoves": ("juggers", juggers_supermoves),
    "juggerttg talents": ("juggerttg", juggerttg_talents),
}


@pytest.mark.parametrize("words", sorted(DATA_WORDS))
@pytest.mark.parametrize("lang", LANGS)
def test_every_data_file_text_a_board_shows_is_in_the_games_domain(lang: str, words: str) -> None:
    game, read = DATA_WORDS[words]
    wanted = read()
    assert len(wanted) > 10, words  # the files were read
    missing = wanted - set(domain(lang, game))
    assert not missing, f"{lang}/{game}.po: {words} untranslated: {sorted(missing)}"


@pytest.mark.parametrize("table", ["kickoff", "weather", "argue"])
def test_a_table_results_name_is_one_field_of_its_event(table: str) -> None:
    """An argue-the-call result ("You're Outta Here! The head coach ...") is named whole, so
    that the page translates the name and the text each as the catalog has them."""
    kind, template = {
        "kickoff": ("kickoff_event", "Kick-off event 4+6: {name}. {text}"),
        "weather": ("weather", "Weather 2+5: {name}. {text}"),
        "argue": ("argue", "Reikland Reavers argue the call (3): {name} {text}"),
    }[table]
    for entry in data("bloodbowl", "tables.toml")[table]:
        said = phrase("bloodbowl", Event(kind, template.format(**entry)))
        assert said is not None, entry["name"]
        assert said["fields"]["name"] == entry["name"]
        assert said["fields"]["text"] == entry["text"]


def reads_in(value: str, words: dict[str, str]) -> bool:
    """Whether the page (`fieldText` in static/games/words.js) shows a field in the catalog's
    language: whole, item by item, as a mark and a name, or word by word (notation reads the
    same everywhere)."""
    if value in words:
        return True
    if ", " in value:
        return all(reads_in(v, words) for v in value.split(", "))
    parts = value.split(" ")
    if len(parts) > 1 and " ".join(parts[1:]) in words:
        return True
    action = parts[0] in words and re.search(r"\d", value)
    if len(parts) <= 3 or action:
        return all(w in words or not re.search(r"[A-Za-z]{2}", w) for w in parts)
    return False


def proper_names(game: str) -> set[str]:
    """Names that stay as they are in every language, as the boards show them: Blood Bowl's
    team names, the Juggers' characters (alone, or after their slot: "B3 Gufo the Old")."""
    if game == "bloodbowl":
        return {t["name"] for t in data("bloodbowl", "teams.toml").values()}
    if game == "juggers":
        names = {c.name for c in tablesports.load("juggers").characters}
        return names | {f"{slot_name(slot)} {name}" for name in names for slot in range(8)}
    return set()


CARD_ID = re.compile(r"[A-Z]+-\d+[a-z]?(?: [A-Z]+-\d+[a-z]?)*")
"""Jukem's cards by their ids ("PASS-25", "SHOT-4a"), as each card's face shows its id."""


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_field_of_a_played_event_reads_in_the_language(lang: str, game: str) -> None:
    words = domain(lang, game)
    names = proper_names(game)
    english: set[tuple[str, str]] = set()
    for kind, text in played(game)[1]:
        said = phrase(game, Event(kind, text))
        assert said is not None, text
        todo = [said]
        while todo:
            s = todo.pop()
            for value in s["fields"].values():
                if isinstance(value, dict):
                    todo.append(value)
                elif not (
                    reads_in(value, words)
                    or value in names
                    or CARD_ID.fullmatch(value)
                    or re.fullmatch(r"block dice=[a-z,-]+", value)  # a chance outcome's notation
                ):
                    english.add((s["template"], value))
    assert not english, f"{lang}/{game}: fields shown in English: {sorted(english)[:20]}"


@pytest.mark.parametrize("lang", LANGS)
def test_a_pass_or_a_throws_result_reads_in_the_language(lang: str) -> None:
    """A field read from a local bound only to word constants (`result = FUMBLE if ... else
    WILD if ... else INACCURATE`, in passing.py, the Bombardier's and the Throw Team-mate's
    throws) takes those words: the phrasebook counts them as the game's, so the catalog has
    them (CI met "Der Pass ist fumbled." on a finished match page)."""
    assert {INACCURATE, WILD, FUMBLE, SUBPAR, FUMBLED} <= terms("bloodbowl")
    words = domain(lang, "bloodbowl")
    events = [("pass", f"The pass is {r}.", r) for r in (INACCURATE, WILD, FUMBLE)]
    events += [("bomb", f"The throw is {r}.", r) for r in (INACCURATE, WILD, FUMBLE)]
    events += [("throw", f"The throw is {r}.", r) for r in (SUBPAR, FUMBLED)]
    for kind, text, result in events:
        said = phrase("bloodbowl", Event(kind, text))
        assert said is not None and said["fields"]["result"] == result, (text, said)
        assert result in words and words[result] != result, (lang, result)


@pytest.mark.parametrize("lang", LANGS)
def test_the_end_of_every_jukem_half_and_tie_break_deal_reads_whole(lang: str) -> None:
    """Each end of a half or of a tie-break deal is a sentence of its own in the catalog (the
    page once showed "tie-break deal 1" word by word, "deal" in English), played to the end
    of tie-break deals from a level position."""
    words = domain(lang, "jukem")
    state = tablesports.load("jukem").new_initial_state()
    ends = []
    for half in (1, 2, 3, 4):
        state.half = half
        why = "the draw pile is empty and no plays remain"
        ends += [e.text for e in state._end_half(why) if e.kind == "half"]
    assert any("tie-break deal 2" in e for e in ends), ends
    for text in ends:
        said = phrase("jukem", Event("half", text))
        assert said is not None, text
        assert said["template"] in words, (lang, said["template"])
        assert all(reads_in(v, words) for v in said["fields"].values()), (lang, said)


@pytest.mark.parametrize("lang", LANGS)
def test_a_words_each_class_gives_an_attribute_reads_in_the_language(lang: str) -> None:
    """A field read as `self.<attribute>` takes the words the game's classes give that
    attribute: the roll-offs' bonuses (`bonus_name = "fan factor"`) are catalog words even
    where no seeded game reaches that kick-off event (CI once met PITCH INVASION in English)."""
    words = domain(lang, "bloodbowl")
    bonuses = {c.bonus_name for c in _subclasses(RollOff) if c.bonus_name}
    assert {"fan factor", "cheerleaders", "assistant coaches"} <= bonuses
    for bonus in sorted(bonuses):
        said = phrase("bloodbowl", Event("roll", f"Reikland Reavers roll D6=6 + 2 {bonus} = 8."))
        assert said is not None and said["fields"]["bonus_name"] == bonus, said
        assert bonus in terms("bloodbowl")
        assert reads_in(bonus, words), f"{lang}: {bonus!r} is not in bloodbowl.po"


def _subclasses(cls: type[RollOff]) -> list[type[RollOff]]:
    out: list[type[RollOff]] = []
    for sub in cls.__subclasses__():
        out += [sub, *_subclasses(sub)]
    return out


def test_a_recruits_talent_and_what_it_does_read_in_the_language(browser: Any, server: Any) -> None:
    """Jugger TTG's recruits: each hero's talent by its name in the reader's language, what it
    does in the cell's tooltip (the talents' texts are the data file's English)."""
    made = against_a_bot(server, "juggerttg")
    page = open_board(browser, server, made, "ko")
    ko = domain("ko", "juggerttg")
    page.wait_for_selector("#jtrecruits")
    cells = page.eval_on_selector_all(
        "#jtrecruits tr[data-hero-id] td:nth-last-child(2)",
        "ns => ns.map(n => [n.textContent, n.title])",
    )
    talents = {t["name"]: t["text"] for t in data("juggerttg", "heroes.toml")["talents"].values()}
    shown = [(name, tip) for name, tip in cells if name != "-"]
    assert shown, cells
    for name, tip in shown:
        english = next(n for n in talents if ko[n] == name)  # the name in Korean
        assert tip == ko[talents[english]]
    shot(page, "game-words-juggerttg-ko-recruits")
    page.close()


@pytest.mark.parametrize("lang", ["ko", "ru"])
def test_a_player_card_of_any_roster_reads_in_the_language(
    browser: Any, server: Any, lang: str
) -> None:
    """Two of the rosters beyond the default teams (Chaos Dwarf, Gnome): each player's card, from
    the dugout, names his position and every skill in the reader's language."""
    body = json.dumps(
        {
            "game": "bloodbowl",
            "options": {"home": "chaos-dwarf", "away": "gnome"},
            "seats": [{"kind": "human"}, {"kind": "human"}],
        }
    ).encode()
    req = urllib.request.Request(
        server.url + "/api/matches", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(req, timeout=30) as res:
        made = json.loads(res.read())
    page = open_board(browser, server, made, lang)
    words = domain(lang, "bloodbowl")
    seen: set[str] = set()
    for side in (0, 1):
        for node in page.locator(f'[data-dugout="{side}"] [data-player]').all():
            node.hover()
            head = page.inner_text("#bbcard .bbcard-head")
            skills = page.inner_text("#bbcard .bbcard-skills").split(": ", 1)[1]
            assert not re.search(r"[A-Za-z]{3}", head.split(" · ")[0]), head  # "#5 카오스 ..."
            for skill in skills.split(", "):
                if skill != "-":
                    assert skill in words.values(), (head, skill)
            if lang == "ko":  # the seed's language: no skill left in Latin letters
                assert not re.search(r"[A-Za-z]{2}", skills), (head, skills)
            seen.add(head.split(" · ")[0].split(" ", 1)[1])
    positions = {words[p] for p in ("Chaos Dwarf Blocker", "Gnome Beastmaster", "Minotaur")}
    assert positions <= seen, seen
    shot(page, f"game-words-bloodbowl-{lang}-card")
    page.close()


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_a_played_game_cites_is_read_from_its_source(game: str) -> None:
    """The citations read from the source (`citations.py`) hold every one the seeded games
    cite: the enumeration misses no way a game cites its rules."""
    cited = played(game)[2]
    assert cited, game
    assert cited <= rule_citations(game), sorted(cited - rule_citations(game))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_rule_citation_reads_in_the_language(lang: str, game: str) -> None:
    """Each citation a game can put in the log ("[the Block (BB2020)]", "[set-up (seed)]"),
    whole or as its text and its mark, is in the game's domain; rule numbers ("R15") stay."""
    words = domain(lang, game)
    cited = rule_citations(game)
    assert cited, game
    missing = sorted(r for r in cited if not cited_in(r, words))
    assert not missing, f"{lang}/{game}.po: rule citations untranslated: {missing}"


def test_the_logs_rule_citations_read_in_korean_after_the_kick_off(
    browser: Any, server: Any
) -> None:
    """Two bots play Blood Bowl; a Korean spectator's log, past the kick-off, cites each rule
    in Korean: no English word is left but a rule's number, the edition's name (BB2020) and
    the kick-off results' names, which the Korean seed keeps in English capitals."""
    made = two_bots(server, "bloodbowl")
    page = open_board(browser, server, made, "ko", seat=None)
    page.evaluate("localStorage.setItem('tablesports.speed', 'off')")  # no pacing: the log now
    page.reload()
    # the kick-off event's sentence (its own template, translated apart from the citations)
    kicked = (
        "[...document.querySelectorAll('#log .event')]"
        ".some(n => /킥오프 이벤트 \\S*\\+\\S*:/.test(n.textContent))"
    )
    wait_js(page, kicked, timeout=120_000)
    rules = page.eval_on_selector_all("#log .rule", "ns => ns.map(n => n.textContent.trim())")
    assert len(rules) > 10, rules
    english = []
    for shown in set(rules):
        assert shown.startswith("[") and shown.endswith("]"), shown
        left = re.sub(r"\bBB2020\b|\b[A-Z][A-Z!'-]*\b", "", shown[1:-1])
        if re.search(r"[A-Za-z]{2}", left) or not (
            CODE.fullmatch(shown[1:-1]) or re.search(r"[\uac00-\ud7a3]", shown)
        ):
            english.append(shown)
    assert not english, english
    shot(page, "game-words-bloodbowl-ko-log-rules")  # the whole page: the bots play on
    page.close()


WORDS_JS = """async ([lang, name, items]) => {
  const i18n = await import('/static/i18n.js');
  await i18n.loadLanguage(lang);
  const words = await import('/static/games/words.js');
  return items.map((x) => words[name](x, i18n.t));
}"""
"""`name` of static/games/words.js (ruleText, eventText) on each item, in `lang`."""


@pytest.mark.parametrize("lang", LANGS)
def test_the_page_renders_every_citation_through_the_catalog(
    browser: Any, server: Any, lang: str
) -> None:
    """`ruleText` on the page, with the language's merged catalog, gives each citation of every
    game as the catalog test expects (`cited_in`): a rule's number as it is, every other one
    changed into the language's own words (whole, or as its text and its mark)."""
    page = browser.new_page()
    page.goto(server.url + "/")
    for game in GAMES:
        words = domain(lang, game)
        rules = sorted(rule_citations(game))
        shown = dict(zip(rules, page.evaluate(WORDS_JS, [lang, "ruleText", rules]), strict=True))
        for rule, text in shown.items():
            cited = CITED.fullmatch(rule)
            if CODE.fullmatch(rule):
                assert text == rule
            elif rule in words:
                assert text == words[rule], (rule, text)
            else:
                assert cited, rule
                body, mark = cited.groups()
                marks = words.get(mark) or ", ".join(words[m] for m in mark.split(", "))
                assert text == f"{words[body]} ({marks})", (rule, text)
    page.close()


@pytest.mark.parametrize("lang", LANGS)
def test_a_declared_supermoves_factors_read_as_notation_in_every_language(
    browser: Any, server: Any, lang: str
) -> None:
    """Each Juggers supermove declared, through the page's own `eventText`: its effects in the
    reader's words and each factor with the multiplication sign ("spread x0.2" reads "×0.2"),
    where the data's ASCII "x0.2" once showed a Korean page the Latin word "x0"."""
    page = browser.new_page()
    page.goto(server.url + "/")
    words = domain(lang, "juggers")
    events, factors = [], []
    for c in tablesports.load("juggers").characters:
        sm = c.supermove
        text = f"A1 {c.name} declares {sm.name} ({sm.effects()}) for {sm.morale} morale"
        said = phrase("juggers", Event("supermove", text))
        assert said is not None, text
        events.append({"text": text, **said})
        factors.append(re.findall(r"\bx(\d+(?:\.\d+)?)\b", sm.effects()))
    assert sum(map(len, factors)) > 10, factors  # the data has factors to read
    shown = page.evaluate(WORDS_JS, [lang, "eventText", events])
    for event, text, wanted in zip(events, shown, factors, strict=True):
        assert [f"\u00d7{f}" for f in wanted] == re.findall(r"\u00d7[\d.]+", text), text
        assert not re.search(r"\bx\d", text), text
        for effect in ("power", "spread", "mass", "through team-mates", "declares", "morale"):
            assert not re.search(rf"\b{effect}\b", text) or effect in words.values(), text
        if lang in ("ko", "ru"):  # no Latin letter but the character's name and slot
            left = text.replace(event["fields"]["player"], "")
            assert not re.search(r"[A-Za-z]", left), text
    page.close()


def test_a_games_phrasebook_never_waits_for_another_games_being_built() -> None:
    """The start-up warm-up builds Blood Bowl's book for seconds; a HanniBall view meanwhile
    builds its own at once (one lock held for all stalled a first move 15 s on a loaded CI)."""
    import threading

    from tablesports.web import phrases

    held, done = threading.Event(), threading.Event()

    def building_blood_bowl() -> None:
        with phrases._lock("bloodbowl"):
            held.set()
            done.wait(10)

    builder = threading.Thread(target=building_blood_bowl)
    builder.start()
    try:
        assert held.wait(10)
        got: list[object] = []
        reader = threading.Thread(target=lambda: got.append(phrases.phrasebook("hanniball")))
        reader.start()
        reader.join(5)
        assert got, "HanniBall's phrasebook waited for Blood Bowl's lock"
    finally:
        done.set()
        builder.join()
