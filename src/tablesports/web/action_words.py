"""Each action's text as a template with fields, for the pages to translate (as `phrases.py`
does for the events' sentences).

An action's English text (`str(action)`) is what the records, the terminal and the page send
back, so it stays; beside it the page gets `said(game, text)`: the text with its notation taken
out into fields, and the rest left as the template the catalog translates. Notation is every
word with a digit in it (a shirt number `7`, a square `4,1`, a hex `k6`, a card `PASS-14`, a
roll `D6=4`, a target `3+`; a run of them is one field) and the name after a naming verb (a
hero `recruit arlo`, a character `pick ferro`, a team `toss A`); it reads the same in every
language and is shown as it is. So `move 7 to 4,1 (dodge 3+, rush 2+)` is the template
`move {number} to {square} ({note})`, its note the list of the rolls the path needs, each a
template of its own (`dodge {target}`). A text without notation is its own template (`end
turn`); a word list after `=` (`block dice=pow,push`, `coin=heads`) is a field of words, each
translated. The catalog test (tests/web/test_action_words.py) reads every action of each game's
codec and of seeded games this way: a new action text fails there until translated.
"""

from __future__ import annotations

import functools
import re
from typing import Any

NAME_VERBS = frozenset(("recruit", "deal", "discard", "swap", "pick", "toss"))
"""Verbs whose next word is a name (a Jugger TTG hero, a Juggers character, a team letter)."""
SHAPES = (
    ("number", re.compile(r"[+-]?\d+(?:\.\d+)?")),
    ("square", re.compile(r"\d+,\d+")),
    ("target", re.compile(r"\d+\+")),
    ("card", re.compile(r"[A-Z]+-\d+[a-z]?")),
)
"""The field's name for a run of notation words of one shape (else `mark`)."""
NOTE = re.compile(r"(.*\S) \(([^()]+)\)")
"""A text with the note for people after it, in brackets (`... (dodge 3+, rush 2+)`)."""

Said = dict[str, Any]
"""`{"template": str, "fields": {name: str | Said}}`: a field is notation (a str, shown as it
is) or words of the catalog (a Said of its own)."""


@functools.lru_cache(maxsize=8192)
def said(text: str) -> Said:
    """The template and fields of an action's text (of any game: the forms are alike)."""
    fields: dict[str, Any] = {}
    m = NOTE.fullmatch(text)
    if m is None:
        return {"template": _template(text, fields), "fields": fields}
    head = _template(m[1], fields)
    items = m[2].split(", ")
    notes = [said(item) for item in items]
    if len(notes) == 1:
        fields["note"] = notes[0]
    else:  # a list of notes: the list's template is only commas, translated item by item
        names = [f"note{i}" for i in range(1, len(notes) + 1)]
        fields["note"] = {
            "template": ", ".join("{" + n + "}" for n in names),
            "fields": dict(zip(names, notes, strict=True)),
        }
    return {"template": f"{head} ({{note}})", "fields": fields}


def said_list(texts: list[str]) -> list[Said]:
    return [said(t) for t in texts]


def _template(text: str, fields: dict[str, Any]) -> str:
    out: list[str] = []
    run: list[str] = []
    words = text.split(" ")

    def flush() -> None:
        if run:
            out.append("{" + _name(_shape(run), fields, " ".join(run)) + "}")
            run.clear()

    for i, word in enumerate(words):
        named = i == 1 and words[0] in NAME_VERBS
        if named or any(c.isdigit() for c in word):
            run.append(word)
            continue
        flush()
        key, eq, value = word.partition("=")
        if eq and key and value:  # `dice=pow,push`: a list of words, each translated
            parts = value.split(",")
            names = [f"word{i}" for i in range(1, len(parts) + 1)]
            listed = {n: {"template": p, "fields": {}} for n, p in zip(names, parts, strict=True)}
            one = len(parts) == 1
            value_said = (
                listed[names[0]]
                if one
                else {"template": ",".join("{" + n + "}" for n in names), "fields": listed}
            )
            out.append(f"{key}={{{_name('word', fields, value_said)}}}")
            continue
        out.append(word)
    flush()
    return " ".join(out)


def _shape(run: list[str]) -> str:
    for name, pattern in SHAPES:
        if all(pattern.fullmatch(w) for w in run):
            return name
    if len(run) == 1 and not any(c.isdigit() for c in run[0]):
        return "name"
    return "mark"


def _name(base: str, fields: dict[str, Any], value: Any) -> str:
    name, n = base, 1
    while name in fields:
        n += 1
        name = f"{base}{n}"
    fields[name] = value
    return name


def templates_of(s: Said) -> set[str]:
    """Every template in a Said (its own and its fields'), for the catalog test."""
    out = {s["template"]}
    for v in s["fields"].values():
        if isinstance(v, dict):
            out |= templates_of(v)
    return out


def needs_words(template: str) -> bool:
    """Whether a template has words to translate (`{mark}`, `{note1}, {note2}` have none)."""
    return bool(re.search(r"[A-Za-z]", re.sub(r"\{\w+\}", "", template)))


def text_of(s: Said) -> str:
    """The English text again, from a Said: what the page shows in English."""
    fields = {k: v if isinstance(v, str) else text_of(v) for k, v in s["fields"].items()}
    return str(s["template"]).format(**fields)
