"""Which English words a page shows a reader of another language (issue 45, deliver 2).

`english_on_page(page, game, lang)` reads every word the reader meets: the text of every
visible element (SVG text too), the labels of visible buttons and of every option of a visible
menu, and the placeholder, title (tooltip), aria-label and alt of visible elements, and the
page's title. A word is English

- in Korean and Russian: any word in Latin letters;
- in German and Italian (Latin letters themselves): a word of the English sources (every
  catalog's msgids, the strings of the pages' scripts, the games' data files) that no
  translation into that language uses.

Names and notation are not words of a language: the names a game's data files give (teams,
heroes, characters), the games' and languages' own names, squares and hexes (`c3`), numbers,
dice (`d6`, `2d6`), slots (`A3`), rule numbers (`R15`), single letters (a column, team A).
Each game's further allowed tokens are in `ALLOWED`, each with the reason it is allowed.
"""

from __future__ import annotations

import functools
import io
import re
import tomllib
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

from tablesports.web.i18n import LANGUAGES, LOCALE_DIR

STATIC = LOCALE_DIR.parent / "static"
GAMES_DIR = LOCALE_DIR.parent.parent / "games"
LATIN_ONLY = ("ko", "ru")
"""Languages written in other letters: a word in Latin letters is not theirs."""

GAMES = ("bloodbowl", "hanniball", "juggers", "juggerttg", "jukem")
NAMES = {
    "tablesports",  # the app's name
    "Jukem Soccer",  # the games' names, as their boxes print them (not "(2025 edition)")
    "Jukem",
    "HanniBall",
    "Blood Bowl",
    "Jugger TTG: Dogskull Heroes",
    "Jugger TTG",
    "Juggers Fallout",
    "Juggers",
    *LANGUAGES.values(),  # the language menu names each language in its own words
}
"""Names every page may show as they are."""

ALLOWED: dict[str, set[str]] = {
    # Blood Bowl's characteristics as every roster and player card prints them (MA 6 ST 3 ...):
    # notation, read the same by every coach; BB2020/BB2025: the editions' names; Khorne,
    # Skaven, Snotling: the fictional god's and races' names, as the German and Italian
    # editions print them
    "bloodbowl": {"MA", "ST", "AG", "PA", "AV", "BB2020", "BB2025", "Khorne", "Skaven", "Snotling"},
    "hanniball": set(),
    "juggers": set(),
    "juggerttg": set(),
    # JUKEM: the card named after the game, printed with the game's name on it
    "jukem": {"JUKEM"},
}
"""Tokens a game's page may show beside its data files' names (`data_names`)."""

SEED_LATIN: dict[tuple[str, str], set[str]] = {
    # the Korean seed (blood-bowl-2025-drive.ko.txt) prints the kick-off table's results, the
    # weather and a few skills in English capitals ("6 | CHEERING FANS : 두 코치 모두 ..."):
    # the seed's own words, which the Korean catalog keeps as the seed writes them
    ("bloodbowl", "ko"): {"KICK-OFF", "KICK", "OFF", "EVENT", "SET-UP", "SET", "UP", "DRIVE"}
    | {"CHARGE", "WEATHER", "CHANGING", "TIME-OUT", "TIME", "OUT", "SOLID", "DEFENCE", "SNAP"}
    | {"QUICK", "SNACK", "DODGY", "REF", "GET", "THE", "PITCH", "INVASION", "HIGH", "COACHING"}
    | {"CHEERING", "FANS", "BRILLIANT", "Assist", "Assists", "Swarming", "Secret"}
    | {"Weapon", "Scatter", "Knocked", "Down", "Falls", "Over", "Foul"},
}
"""Words in Latin letters a seed written in a reader's own language uses itself."""

NOTATION = re.compile(
    r"\d+(?:[.,]\d+)*"  # numbers, scores, coordinates (20,8)
    r"|\d+\+"  # a roll needed (3+)
    r"|[A-Za-z]"  # one letter: a column, a team (A/B)
    r"|[a-z]\d{1,2}|[A-Z]\d{1,2}"  # a square or hex (c3), a Jugger's slot (A3)
    r"|\d{1,2}[a-z]"  # a Jukem card's number on its face (the 4b of SHOT-4b)
    r"|\d*[dD]\d+\+?"  # dice: d6, 2d6, D3 (D3+3 players)
    r"|R\d+[a-z]?"  # a rule's number
    r"|x\d+(?:\.\d+)?"  # a multiplier (x3)
)

WORD = re.compile(r"[0-9A-Za-zÀ-ÖØ-öø-ÿ]+(?:['’][A-Za-zÀ-ÖØ-öø-ÿ]+)*\+?")
"""A word in Latin letters (German and Italian ones with their accents), or a number: other
scripts' words are not English, and a Korean particle after a team's letter ("A이") is not
part of the letter."""
MARKS = re.compile(
    r"\b[0-9a-f]{16,}\b"  # a digest in hex (the dice's commitment)
    r"|\bH-[A-Z]+\b"  # a house rule's id ("[H-TOSS]"), as the rules page numbers them
    r"|\b[A-Z]+-\d+[a-z]?(?![A-Za-z0-9])"  # a Jukem card's id ("SHOT-4a"; "SHOT-4a을(를)")
    r"|\btablesports(?: [a-z]+)?(?: --[a-z-]+)*"  # a command as typed: tablesports replay --verify
    r"|\b[a-z]+(?:_[a-z]+)+\b"  # an option's name as typed (the sudden_death_cap option)
)
"""Notation of several words' letters, taken out before the text is cut into words."""
LATIN = re.compile(r"[A-Za-z]")

VISIBLE_TEXT = """() => {
  const out = [];
  const shown = (el) => el.checkVisibility
    ? el.checkVisibility({ visibilityProperty: true })
    : el.getClientRects().length > 0;
  const where = (el) => {
    const parts = [];
    for (let e = el; e && e.nodeType === 1 && parts.length < 4; e = e.parentElement) {
      let s = e.tagName.toLowerCase();
      if (e.id) { parts.unshift(`${s}#${e.id}`); break; }
      if (e.classList && e.classList.length) s += '.' + [...e.classList].slice(0, 2).join('.');
      parts.unshift(s);
    }
    return parts.join(' > ');
  };
  const skip = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement, text = n.textContent.trim();
    if (!text || !el || skip.has(el.tagName)) continue;
    // the text picture is the terminal's own view (as `tablesports play` prints it), English
    // like the terminal, and its fold says so in the reader's language
    if (el.closest('#picture')) continue;
    if (el.tagName === 'OPTION' || el.tagName === 'OPTGROUP') {
      const menu = el.closest('select, datalist');  // every option of a menu one can open
      if (menu && menu.tagName === 'SELECT' && shown(menu)) out.push([where(el), text]);
      continue;
    }
    if (el.namespaceURI === 'http://www.w3.org/2000/svg' && el.tagName.toLowerCase() === 'title') {
      const owner = el.parentElement;  // an SVG shape's tooltip
      if (owner && shown(owner)) out.push([where(owner) + ' (tooltip)', text]);
      continue;
    }
    if (shown(el)) out.push([where(el), text]);
  }
  const attrs = ['placeholder', 'title', 'aria-label', 'alt'];
  for (const el of document.body.querySelectorAll('*')) {
    if (!attrs.some((a) => el.hasAttribute(a)) && el.tagName !== 'INPUT') continue;
    if (!shown(el)) continue;
    for (const a of attrs) {
      const v = (el.getAttribute(a) || '').trim();
      if (v) out.push([`${where(el)} [${a}]`, v]);
    }
    if (el.tagName === 'INPUT' && ['button', 'submit', 'reset'].includes(el.type) && el.value) {
      out.push([`${where(el)} [value]`, el.value]);
    }
  }
  if (document.title) out.push(['title', document.title]);
  return out;
}"""


def english_on_page(page: Any, game: str | None, lang: str) -> list[str]:
    """The English words the page shows a reader of `lang` (on `game`'s match page, or the
    lobby for None), each as `word (where: the text it is in)`, once per place."""
    found: list[str] = []
    seen: set[tuple[str, str]] = set()
    match = re.fullmatch(r"/m/([\w-]+)", page.evaluate("location.pathname"))
    for where, text in page.evaluate(VISIBLE_TEXT):
        if match:  # the match's id, in the title and the invite link
            text = text.replace(match.group(1), " ")
        for word in english_words(text, game, lang):
            if (word, where) not in seen:
                seen.add((word, where))
                found.append(f"{word} ({where}: {shorten(text)!r})")
    return found


def shorten(text: str, size: int = 70) -> str:
    text = " ".join(text.split())
    return text if len(text) <= size else text[: size - 1] + "…"


def english_words(text: str, game: str | None, lang: str) -> list[str]:
    """The English words of `text` as a reader of `lang` on `game`'s page meets them."""
    text = names(game).sub(" ", MARKS.sub(" ", text))
    allowed = ALLOWED[game] if game else set().union(*ALLOWED.values())  # the lobby: every game's
    allowed = allowed | SEED_LATIN.get((game or "", lang), set())
    out = []
    for word in WORD.findall(text):
        if not LATIN.search(word) or NOTATION.fullmatch(word) or word in allowed:
            continue
        if lang in LATIN_ONLY or english_not_theirs(word.lower(), lang):
            out.append(word)
    return out


def english_not_theirs(word: str, lang: str) -> bool:
    """A word of the English sources that no translation into `lang` uses."""
    return word in english_vocabulary() and word not in vocabulary(lang) | BORROWED


@functools.cache
def names(game: str | None) -> re.Pattern[str]:
    """The names a page may show, longest first (a name inside a longer one is removed with
    it): the app's, the games' and the languages', and every name `game`'s data files give
    (Blood Bowl's teams, the Jugger TTG heroes and teams, the Juggers' characters), every
    game's for the lobby."""
    found = set(NAMES)
    for each in GAMES if game is None else (game,):  # the lobby names every game's
        found |= data_names(each)
    alternatives = "|".join(re.escape(n) for n in sorted(found, key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z])(?:{alternatives})(?![A-Za-z])")


def data_names(game: str) -> set[str]:
    """The people and teams a game's data files name (not its positions, skills, talents,
    supermoves or results: words to translate)."""

    def read(file: str) -> dict[str, Any]:
        return tomllib.loads((GAMES_DIR / game / "data" / file).read_text("utf-8"))

    if game == "bloodbowl":
        return {t["name"] for t in read("teams.toml").values()}
    if game == "juggerttg":  # a hero by name, and by id in an action ("recruit arlo")
        heroes = read("heroes.toml")["heroes"]
        return {h[k] for h in heroes.values() for k in ("name", "team")} | set(heroes)
    if game == "juggers":  # a character by name, and by id in an action ("pick ferro")
        return {c[k] for c in read("characters.toml")["character"] for k in ("name", "id")}
    return set()


def entries(value: Any) -> list[dict[str, Any]]:
    """Every table in a data file, nested ones too."""
    out: list[dict[str, Any]] = []
    if isinstance(value, dict):
        out.append(value)
        for v in value.values():
            out += entries(v)
    elif isinstance(value, list):
        for v in value:
            out += entries(v)
    return out


def words_of(text: str) -> set[str]:
    text = re.sub(r"\{\w*\}|%\(\w+\)s|<[^>]+>", " ", text)  # placeholders and markup
    return {w.lower() for w in WORD.findall(text) if LATIN.search(w)}


@functools.cache
def messages(lang: str) -> tuple[tuple[str, str], ...]:
    """Every (msgid, msgstr) of every domain of `lang`."""
    out = []
    for po in sorted((LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po")):
        for m in read_po(io.BytesIO(po.read_bytes())):
            if m.id and isinstance(m.id, str):
                out.append((m.id, m.string if isinstance(m.string, str) else ""))
    return tuple(out)


BLOOD_BOWL_NAMES = {"bomma", "gnoblar", "hashut", "hobgoblin", "khorngor", "kroxigor", "ooligan"}
BLOOD_BOWL_NAMES |= {"saurus", "skink", "troll", "ulfwerener", "vargheist", "yhetee", "altern"}
BLOOD_BOWL_NAMES |= {"loren", "norse", "ghoul", "golem", "halfling", "piranha", "berserker"}
"""Warhammer's creatures, peoples, god and forests (Troll, Kroxigor, Hashut, the Loren and
Altern forests) that Games Workshop's German and Italian books print as they are: names."""

SAME_WORD = {
    # loanwords German players use as German words (Duden): der Bot, das Team, der Ball, die
    # Hand, das Budget, der Name, der Start, der Pass (a football pass), die ID, die Lobby, das
    # Chaos, der Goblin, die Vampire (plural of der Vampir), normal, mini, der Draft (sport),
    # das Inning (the Juggers' half round, as the German catalog says it); Fantasy-Football:
    # Blood Bowl's genre on its German box
    "de": {"bot", "team", "ball", "hand", "budget", "name", "start", "pass", "id", "lobby"}
    | {"chaos", "goblin", "vampire", "normal", "mini", "draft", "inning", "innings"}
    | {"fantasy", "football"}
    # das Terminal, die Budgets, das Charisma, das Foul (German football's word); NW and SW: the
    # German compass's own letters for Nordwest and Südwest (NE and SE read NO and SO)
    | {"terminal", "budgets", "charisma", "foul", "nw", "sw"}
    # die Fans (Duden); negative: the German adjective negativ inflected (negative Eigenschaft)
    | {"fans", "negative"}
    # die Option, der Tie-Break (Duden); die Supermoves: the plural of the German catalog's
    # der Supermove (the Juggers' special move, a word the German page uses throughout)
    | {"option", "tie", "break", "supermoves"}
    # der Server, der Text, die Bytes, die Information, Min. (Minuten); der Block (Blood Bowl's
    # Block-Aktion, as the German edition calls it)
    | {"server", "text", "bytes", "information", "min", "block"}
    # der Sprint, die Regeneration, der Kick (HOHER KICK), der Snack, die Formation (Duden);
    # the Fumblerooski, an American-football play's name; Gutter Runner, the Skaven position
    # as the German roster prints it
    | {"sprint", "regeneration", "kick", "snack", "formation", "fumblerooski", "gutter", "runner"}
    # der Berserker, der Fan, der Illusionist, der Marker, der Zombie, die Zone, der Arm
    # (Starker Arm), Tackle-Zone (the German edition's word); Linemen/Linewoman as the German
    # rosters print them; the block dice's faces POW, Push, Stumble as German coaches call them
    | {"berserker", "fan", "illusionist", "marker", "zombie", "zone", "arm", "tackle"}
    | {"linemen", "linewoman", "pow", "push", "stumble"}
    | BLOOD_BOWL_NAMES
    # the German seed's own words (Jugger TTG): the sport, its ball, goal, runner and weapons,
    # a hero's Reflex, Initiative and Talent, and its abbreviations FP, AP and RDA
    | {"jugger", "jugg", "mal", "qwik", "pompfe", "pompfer", "reflex", "initiative", "talent"}
    | {"fp", "ap", "rda"}
    # Blood Bowl as German coaches say it: the German edition prints the positions in English
    # (Blitzer, Blocker, Catcher, Lineman, Thrower on its rosters and player cards) and keeps
    # Touchdown, Touchback and Drive (as German American football does); der Blitz (the
    # Blitz-Aktion), der Coach, das Coaching, die Reserve are German words (Duden); der Snap
    # (SCHNELLER SNAP!)
    | {"blitzer", "blocker", "catcher", "lineman", "thrower", "touchdown", "touchback", "drive"}
    | {"blitz", "coach", "coaching", "reserve", "snap"},
    # Italian: il bot, il team, il budget, il file, l'ID, il goblin, l'area, il morale, mini,
    # il draft (sport); football fantasy: Blood Bowl's genre on its Italian box
    "it": {"bot", "team", "budget", "file", "id", "goblin", "area", "morale", "mini", "draft"}
    | {"fantasy", "football"}
    # the Italian seed's own words (Juggers Fallout): innings, meta/mete (a score); denari, its
    # coins; Jugger and Mal: the sport's and its goal's names
    | {"innings", "meta", "mete", "denari", "jugger", "mal", "stamina"}
    # il bonus, lo standard, il bulldozer: loanwords Italian dictionaries (Treccani) list; Qwik:
    # the runner's name as the Italian jugger teams say it
    | {"bonus", "standard", "bulldozer", "qwik"}
    # Blood Bowl as Italian coaches say it: the Italian edition prints the positions Blitzer,
    # Blocker, Catcher and Thrower in English, and the Ogre as Warhammer's Italian books name
    # it (Regni degli Ogre); drive, linea di scrimmage, touchdown, touchback and snap are the
    # Italian American-football words (FIDAF); il blitz and il test are Italian (Treccani)
    | {"blitzer", "blocker", "catcher", "thrower", "ogre", "drive", "scrimmage", "touchdown"}
    | {"touchback", "snap", "blitz", "test"}
    # il time-out (Treccani); the Fumblerooski, an American-football play's name; Gutter
    # Runner, the Skaven position as the Italian roster prints it
    | {"time", "out", "fumblerooski", "gutter", "runner"}
    # la bile, il box (Treccani); Linewoman as the Italian roster prints it; the block dice's
    # faces POW, PUSH, STUMBLE as Italian coaches call them
    | {"bile", "box", "linewoman", "pow", "push", "stumble"}
    # min (minuti); il pompfer: the jugger's padded weapon as Italian teams say it (the German
    # seed's word, which the sport's players share)
    | {"min", "pompfer"}
    | BLOOD_BOWL_NAMES,
}
"""English words that are the same word in German or Italian."""
BORROWED = {"meta", "mete", "denari"}
"""Italian words the English sources take from the Juggers' seed (a score, its coins): not
English in a German or Italian text (in Korean and Russian, Latin letters all the same)."""


@functools.cache
def vocabulary(lang: str) -> frozenset[str]:
    """The words `lang`'s translations choose (not those they keep from the English text: a
    protocol's keyword, a sentence or a card's name left as it was), and its `SAME_WORD`s."""
    found = set(SAME_WORD.get(lang, ()))
    if lang == "de":  # Jugger TTG's talents, named in the German seed's words ("Finte")
        found |= talent_words()
    for english, translated in messages(lang):
        found |= words_of(translated) - words_of(english)
    return frozenset(found)


def talent_words() -> set[str]:
    heroes = tomllib.loads((GAMES_DIR / "juggerttg" / "data" / "heroes.toml").read_text("utf-8"))
    talents = heroes["talents"].values()
    return {w for t in talents for k in ("name", "label") for w in words_of(t[k])}


@functools.cache
def english_vocabulary() -> frozenset[str]:
    """The words of the English sources: every catalog's msgids, the strings of the pages and
    their scripts (a text never put through the catalog too) and the games' data files."""
    found: set[str] = set()
    for lang in LANGUAGES:
        if lang != "en":
            for english, _ in messages(lang):
                found |= words_of(english)
    for path in sorted(STATIC.rglob("*.js")) + sorted(STATIC.rglob("*.html")):
        found |= source_words(path)
    for path in sorted(GAMES_DIR.glob("*/data/*.toml")):
        for entry in entries(tomllib.loads(path.read_text("utf-8"))):
            for key, value in entry.items():
                # Jugger TTG's talents are named in the German seed's words ("Finte")
                if isinstance(value, str) and not (key in ("name", "label") and "effect" in entry):
                    found |= words_of(value)
    return frozenset(found)


def source_words(path: Path) -> set[str]:
    """The words inside the string literals of a script, or the text of a page."""
    source = path.read_text("utf-8")
    if path.suffix == ".html":
        return words_of(re.sub(r"<script.*?</script>|<style.*?</style>", " ", source, flags=re.S))
    found: set[str] = set()
    for literal in re.findall(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'', source):
        found |= words_of(literal[0] or literal[1])
    for literal in re.findall(r"`((?:[^`\\]|\\.)*)`", source, flags=re.S):
        found |= words_of(re.sub(r"\$\{[^}]*\}", " ", literal))
    return found
