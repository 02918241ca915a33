"""Each game's event sentences as templates with named fields, for the pages to translate.

A game makes an event's English `text` with an f-string (`f"{p.label()} fouls {v.label()}"`).
The phrasebook reads those f-strings from the game's own source (with `ast`, nothing run) and
turns each into a template (`"{player} fouls {player2}"`) and a pattern; `phrase(game, event)`
matches an event's text against its kind's templates and gives the template and the fields.
The page renders `t(template, fields)` through the catalogs, each field a word of the catalog
where it is one (`Red`, `Prone`), so the log reads in the player's language while the
English text stays what the terminal and the records show. The phrasebook follows the
source: a new sentence in a game is a new template, and the catalog test names it until it
is translated.
"""

from __future__ import annotations

import ast
import functools
import re
import threading
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tablesports.games as games_package
from tablesports.core.events import Event
from tablesports.core.sources import parse_python

GAMES_DIR = Path(games_package.__file__).parent

# a placeholder's name, from the expression inside the braces: who reads it is a translator
CALL_NAMES = {
    "label": "player",
    "hero_label": "hero",
    "where": "square",
    "name": "hex",
    "team_name": "team",
}
SUBSCRIPT_NAMES = {
    "COLOR_NAMES": "colour",
    "TEAM_LETTERS": "team",
    "TEAM": "team",
    "NAMES": "piece",
    "ids": "card",
}

Part = str | tuple[str, frozenset[str], bool, str | None, frozenset[str]]
"""A literal piece of a sentence, or a field: (its kind of name, the words it may be, whether
those are all it may be, the key of the sentences it may be: `"(function).parameter"`, the
names it is first tried as: those of the game's data files, for a `{entry.name}`)."""
GREEDY = frozenset(("player", "hero", "team"))
"""Fields that are names with spaces in them (`#9 Big Un Blocker`, `Reikland Reavers`): they
take all they can, so that `{player} {kind}` leaves `rush` to the kind, not `Lineman rush`."""


@dataclass(frozen=True, slots=True)
class Phrase:
    kind: str | None
    template: str
    pattern: re.Pattern[str]
    fields: tuple[str, ...]
    terms: frozenset[str]
    """The words the fields may be (from the source), to be translated like the template."""
    subs: tuple[tuple[str, str], ...] = ()
    """(field, key): a field that is itself a sentence of the game, passed to a function
    (`turnover(s, f"{p.label()} went down")`), with the key of its templates."""


def phrase(game: str, event: Event) -> dict[str, Any] | None:
    """`{"template", "fields"}` for an event of `game`, or None when no template fits."""
    return _match(game, event.kind, event.text)


def phrase_log(game: str, log: list[dict[str, Any]]) -> None:
    """Add to each event of a view's log (as `Event.to_json` wrote it) its template and
    fields, where one of the game's templates fits its text."""
    for entry in log:
        for event in entry.get("events", ()):
            said = _match(game, event["kind"], event["text"])
            if said is not None:
                event.update(said)


@functools.lru_cache(maxsize=4096)
def _match(game: str, kind: str, text: str) -> dict[str, Any] | None:
    book = phrasebook(game)
    for p in book.get(kind, ()) + book.get(None, ()):
        m = p.pattern.fullmatch(text)
        if m:
            return {"template": p.template, "fields": _nested(game, p, m.groupdict())}
    return None


def _nested(game: str, p: Phrase, fields: dict[str, Any]) -> dict[str, Any]:
    """A field that is a sentence of the game becomes its own `{"template", "fields"}`."""
    subs = _books(game)[1]
    for name, key in p.subs:
        for sub in subs.get(key, ()):
            m = sub.pattern.fullmatch(fields[name])
            if m:
                fields[name] = {"template": sub.template, "fields": m.groupdict()}
                break
    return fields


def phrasebook(game: str) -> dict[str | None, tuple[Phrase, ...]]:
    """The game's templates by event kind (None: a kind the source does not name), the most
    specific first (the most literal text), so that a general one never shadows it."""
    return _books(game)[0]


_LOCKS: dict[str, threading.Lock] = {}
_LOCKS_LOCK = threading.Lock()


def _parse(source: str) -> ast.Module:
    """`ast.parse`, one thread at a time in the process (core/sources.py says why)."""
    return parse_python(source)


def _lock(game: str) -> threading.Lock:
    """One lock a game: a HanniBall view never waits for Blood Bowl's book being built."""
    with _LOCKS_LOCK:
        return _LOCKS.setdefault(game, threading.Lock())


def warm_up(game_ids: list[str]) -> None:
    """Build the phrasebooks now (the server does it in a thread at start-up): Blood Bowl's
    takes seconds of CPU, which on first use would stall every match of the server."""
    import logging
    import time

    start = time.monotonic()
    for game in game_ids:
        _books(game)
    seconds = time.monotonic() - start
    logging.getLogger("tablesports.web").info(
        "log phrasebooks built for %d games in %.1f s", len(game_ids), seconds
    )


def _books(
    game: str,
) -> tuple[dict[str | None, tuple[Phrase, ...]], dict[str, tuple[Phrase, ...]]]:
    """The phrasebook, and the sentences passed to functions' parameters by their key (built
    once, by one thread: a caller during the warm-up waits for that game's book instead of
    building it again, and only for that game's)."""
    with _lock(game):
        return _build_books(game)


@functools.cache
def _build_books(
    game: str,
) -> tuple[dict[str | None, tuple[Phrase, ...]], dict[str, tuple[Phrase, ...]]]:
    found: dict[tuple[str | None, str], Phrase] = {}
    trees = [_parse(p.read_text("utf-8")) for p in sorted((GAMES_DIR / game).rglob("*.py"))]
    # the game's word tables by name, from any module; a name that two modules bind (or one
    # binds to something else than words) is no table: which one a field reads is unknown
    tables: dict[str, frozenset[str]] = {}
    bound: dict[str, int] = {}
    for tree in trees:
        tables |= _word_tables(tree)
        for node in tree.body:
            for t in node.targets if isinstance(node, ast.Assign) else []:
                if isinstance(t, ast.Name):
                    bound[t.id] = bound.get(t.id, 0) + 1
            if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                bound[node.target.id] = bound.get(node.target.id, 0) + 1
    tables = {k: v for k, v in tables.items() if bound.get(k) == 1}
    constants: dict[str, set[str]] = {}
    for tree in trees:
        for name, word in _constants(tree).items():
            constants.setdefault(name, set()).add(word)
    # a name two modules bind to different words is no constant: which one is read is unknown
    tables |= {f"{CONSTANT}{k}": frozenset(v) for k, v in constants.items() if len(v) == 1}
    tables[DATA_NAMES] = data_names(game)
    tables |= _class_words(trees)
    calls = [pair for tree in trees for pair in _calls(tree)]
    params = _params(trees)
    tables |= _passed_words(calls, params)
    subs = _passed_sentences(calls, tables, params)
    for key in subs:  # a parameter given sentences is a key for `self.<parameter>` too
        tables.setdefault(key, frozenset())
    for call, func in calls:
        made = _event_call(call)
        if made is None or func is None:
            continue
        kind, text = made
        for parts in _alternatives(text, func, tables, depth=0):
            p = _compile(kind, parts)
            if p is not None:
                found.setdefault((kind, p.template), p)
    book: dict[str | None, list[Phrase]] = {}
    for (kind, _), p in found.items():
        book.setdefault(kind, []).append(p)
    used = {key for p in found.values() for _, key in p.subs}  # sentences inside events only
    return {k: _specific_first(v) for k, v in book.items()}, {
        k: _specific_first(v) for k, v in subs.items() if k in used
    }


CLASS_WORDS = "class."
"""The key prefix in a game's word tables of the words its classes give an attribute
(`class.bonus_name`: "cheerleaders", "fan factor"), for a field read as `self.<attribute>`."""


def _class_words(trees: list[ast.Module]) -> dict[str, frozenset[str]]:
    """Every string a class body binds to each attribute name, over all the game's classes."""
    out: dict[str, set[str]] = {}
    for tree in trees:
        for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
            for node in cls.body:
                target = (
                    node.targets[0]
                    if isinstance(node, ast.Assign) and len(node.targets) == 1
                    else node.target
                    if isinstance(node, ast.AnnAssign)
                    else None
                )
                value = getattr(node, "value", None)
                if (
                    isinstance(target, ast.Name)
                    and isinstance(value, ast.Constant)
                    and isinstance(value.value, str)
                    and value.value
                ):
                    out.setdefault(f"{CLASS_WORDS}{target.id}", set()).add(value.value)
    return {k: frozenset(v) for k, v in out.items()}


DATA_NAMES = ".name"
"""The key in a game's word tables of the names its data files give (no Python name)."""

CONSTANT = "const."
"""The key prefix in a game's word tables of a module's word constant (`FUMBLE = "fumbled"`,
or unpacked: `ACCURATE, FUMBLE = "accurate", "fumbled"`), for a field read from a local name
bound to such constants (`result = FUMBLE if ... else WILD`)."""


def _constants(tree: ast.Module) -> dict[str, str]:
    """A module's names bound to one string each at its top level."""
    out: dict[str, str] = {}
    for node in tree.body:
        if not isinstance(node, ast.Assign):
            continue
        for t in node.targets:
            pairs = [(t, node.value)]
            if isinstance(t, ast.Tuple) and isinstance(node.value, ast.Tuple):
                pairs = list(zip(t.elts, node.value.elts, strict=False))
            for name, value in pairs:
                if (
                    isinstance(name, ast.Name)
                    and isinstance(value, ast.Constant)
                    and isinstance(value.value, str)
                ):
                    out[name.id] = value.value
    return out


def _constant_words(expr: ast.expr, tables: dict[str, frozenset[str]]) -> frozenset[str]:
    """The words an expression of word constants may be (empty when it is anything else)."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return frozenset((expr.value,))
    if isinstance(expr, ast.Name):
        return tables.get(f"{CONSTANT}{expr.id}", frozenset())
    if isinstance(expr, ast.IfExp):
        body, orelse = _constant_words(expr.body, tables), _constant_words(expr.orelse, tables)
        return body | orelse if body and orelse else frozenset()
    return frozenset()


@functools.cache
def data_names(game: str) -> frozenset[str]:
    """Every `name` a game's data files give (a kick-off result, a weather, an argue-the-call
    result, a position): a field read as `entry.name` is first tried as one of these whole,
    so that "argue the call (1): You're Outta Here! The head coach ..." gives the name
    "You're Outta Here!", not "You're". Not catalog words by themselves (a file's names are
    not all shown); the catalog test lists those a board shows."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            name = value.get("name")
            if isinstance(name, str) and len(name) > 1:
                found.add(name)
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    for path in sorted((GAMES_DIR / game).rglob("*.toml")):
        walk(tomllib.loads(path.read_text("utf-8")))
    return frozenset(found)


def _specific_first(phrases: list[Phrase]) -> tuple[Phrase, ...]:
    return tuple(sorted(phrases, key=lambda p: -len(re.sub(r"\{\w+\}", "", p.template))))


def templates(game: str) -> set[str]:
    """Every template of the game (its events' and the sentences in them), for the catalog
    test."""
    book, subs = _books(game)
    return {p.template for ps in [*book.values(), *subs.values()] for p in ps}


def terms(game: str) -> set[str]:
    """Every word a field of the game may be, for the catalog test."""
    book, subs = _books(game)
    return {w for ps in [*book.values(), *subs.values()] for p in ps for w in p.terms}


def _event_call(node: ast.AST) -> tuple[str | None, ast.expr] | None:
    """(kind, text expression) of `Event(kind, text, ...)` or Blood Bowl's `s.log(kind, text)`."""
    if not isinstance(node, ast.Call) or len(node.args) < 2:
        return None
    f = node.func
    name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
    if name not in ("Event", "log"):
        return None
    k = node.args[0]
    kind = k.value if isinstance(k, ast.Constant) and isinstance(k.value, str) else None
    return kind, node.args[1]


def _word_tables(tree: ast.Module) -> dict[str, frozenset[str]]:
    """Module-level tuples, lists and dicts of words (`COLOR_NAMES = ("White", "Black")`)."""
    out: dict[str, frozenset[str]] = {}
    for node in tree.body:
        value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, ast.AnnAssign)
            else []
        )
        if value is None:
            continue
        items = value.values if isinstance(value, ast.Dict) else getattr(value, "elts", None)
        if not items:
            continue
        words = [v.value for v in items if isinstance(v, ast.Constant) and isinstance(v.value, str)]
        if len(words) == len(items):
            for t in targets:
                if isinstance(t, ast.Name):
                    out[t.id] = frozenset(words)
    return out


def _alternatives(
    expr: ast.expr, func: ast.AST, tables: dict[str, frozenset[str]], depth: int
) -> list[list[Part]]:
    """The sentences an expression may make, each as literal parts and fields."""
    if depth > 4:
        return []
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return [[expr.value]]
    if isinstance(expr, ast.JoinedStr):
        parts: list[list[Part]] = [[]]
        for v in expr.values:
            if isinstance(v, ast.Constant):
                parts = [[*p, str(v.value)] for p in parts]
            elif isinstance(v, ast.FormattedValue):
                alts = _choice(v.value, func, tables, depth)
                if alts is not None:
                    # a choice of sentence pieces inside the f-string: each makes a template
                    parts = [p + a for p in parts for a in alts]
                else:
                    parts = [[*p, _field(v.value, tables, func)] for p in parts]
        return parts
    if isinstance(expr, ast.IfExp):
        return _alternatives(expr.body, func, tables, depth + 1) + _alternatives(
            expr.orelse, func, tables, depth + 1
        )
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
        left = _alternatives(expr.left, func, tables, depth + 1)
        right = _alternatives(expr.right, func, tables, depth + 1)
        return [a + b for a in left for b in right]
    if isinstance(expr, ast.Name):
        out: list[list[Part]] = []
        for value in _assigned(func, expr.id):
            out += _alternatives(value, func, tables, depth + 1)
        return out
    return []


def _assigned(func: ast.AST, name: str) -> list[ast.expr]:
    """The values `name` is bound to in `func`; an assignment followed in its block by
    `name += ...` (a sentence split for the line's length) is their sum."""
    out: list[ast.expr] = []
    for node in ast.walk(func):
        for block in (getattr(node, f, None) for f in ("body", "orelse", "finalbody")):
            if not isinstance(block, list):
                continue
            value: ast.expr | None = None
            for stmt in [*block, None]:
                if (
                    value is not None
                    and isinstance(stmt, ast.AugAssign)
                    and isinstance(stmt.op, ast.Add)
                    and isinstance(stmt.target, ast.Name)
                    and stmt.target.id == name
                ):
                    value = ast.BinOp(value, ast.Add(), stmt.value)
                    continue
                if value is not None:
                    out.append(value)
                    value = None
                if isinstance(stmt, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == name for t in stmt.targets
                ):
                    value = stmt.value
    return out


def _choice(
    expr: ast.expr, func: ast.AST, tables: dict[str, frozenset[str]], depth: int
) -> list[list[Part]] | None:
    """The sentence pieces a value inside an f-string chooses from, when it is a choice of
    literal pieces (`" again" if ... else ""`, `{KIND: "attacks", ...}[kind]`, a name bound
    only to such); None when it is a value (a name, a number)."""
    if depth > 4:
        return None
    if isinstance(expr, ast.IfExp):
        body = _literal(expr.body, func, tables, depth + 1)
        orelse = _literal(expr.orelse, func, tables, depth + 1)
        return None if body is None or orelse is None else body + orelse
    if isinstance(expr, ast.Subscript) and isinstance(expr.value, ast.Dict):
        out: list[list[Part]] = []
        for v in expr.value.values:
            alts = _literal(v, func, tables, depth + 1)
            if alts is None:
                return None
            out += alts
        return out
    if isinstance(expr, ast.Name):
        values = [
            node.value
            for node in ast.walk(func)
            if isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == expr.id for t in node.targets)
        ]
        if not values:
            return None
        found: list[list[Part]] = []
        for v in values:
            alts = _literal(v, func, tables, depth + 1)
            if alts is None:
                return None
            found += alts
        return found
    return None


def _literal(
    expr: ast.expr, func: ast.AST, tables: dict[str, frozenset[str]], depth: int
) -> list[list[Part]] | None:
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return [[expr.value]]
    if isinstance(expr, ast.JoinedStr):
        return _alternatives(expr, func, tables, depth + 1)
    return _choice(expr, func, tables, depth)


def _calls(
    tree: ast.Module,
) -> list[tuple[ast.Call, ast.FunctionDef | ast.AsyncFunctionDef | None]]:
    """Every call of a module with its innermost enclosing function, in one walk."""
    out: list[tuple[ast.Call, ast.FunctionDef | ast.AsyncFunctionDef | None]] = []
    stack: list[tuple[ast.AST, ast.FunctionDef | ast.AsyncFunctionDef | None]] = [(tree, None)]
    while stack:
        node, func = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            func = node
        elif isinstance(node, ast.Call):
            out.append((node, func))
        stack.extend((child, func) for child in ast.iter_child_nodes(node))
    return out


def _params(trees: list[ast.Module]) -> dict[tuple[str, int], str]:
    """Each function's parameters by (its name, their place), a method's `self` not counted
    (it is not passed): where a call's argument goes."""
    params: dict[tuple[str, int], str] = {}
    for tree in trees:
        for func in ast.walk(tree):
            if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
                names = [a.arg for a in func.args.args if a.arg not in ("self", "cls")]
                for i, name in enumerate(names):
                    params[(func.name, i)] = name
    return params


def _passed_words(
    calls: list[tuple[ast.Call, ast.FunctionDef | ast.AsyncFunctionDef | None]],
    params: dict[tuple[str, int], str],
) -> dict[str, frozenset[str]]:
    """The words a function's text parameter is given where it is called with a literal
    (`self._end_half("the draw pile is empty ...")`), as `"(function).parameter"`: what a
    field naming that parameter may say, for the catalog (not all it may be)."""
    passed: dict[tuple[str, int], set[str]] = {}
    for call, _ in calls:
        f = call.func
        fname = f.id if isinstance(f, ast.Name) else getattr(f, "attr", "")
        for i, a in enumerate(call.args):
            if isinstance(a, ast.Constant) and isinstance(a.value, str):
                passed.setdefault((fname, i), set()).add(a.value)
    return {
        f"({key[0]}).{params[key]}": frozenset(words)
        for key, words in passed.items()
        if key in params
    }


def _passed_sentences(
    calls: list[tuple[ast.Call, ast.FunctionDef | ast.AsyncFunctionDef | None]],
    tables: dict[str, frozenset[str]],
    params: dict[tuple[str, int], str],
) -> dict[str, list[Phrase]]:
    """The f-strings passed to a function's parameter (`turnover(s, f"{p.label()} went
    down")`) as templates, by `"(function).parameter"`: a field naming that parameter is
    one of these sentences, translated as a template of its own."""
    passed: dict[tuple[str, int], list[tuple[ast.JoinedStr, ast.AST]]] = {}
    for call, func in calls:
        f = call.func
        fname = f.id if isinstance(f, ast.Name) else getattr(f, "attr", "")
        for i, a in enumerate(call.args):
            if isinstance(a, ast.JoinedStr) and func is not None:
                passed.setdefault((fname, i), []).append((a, func))
    out: dict[str, list[Phrase]] = {}
    for key, texts in passed.items():
        param = params.get(key)
        if param is None:
            continue
        for text, where in texts:
            for parts in _alternatives(text, where, tables, depth=0):
                p = _compile(None, parts)
                if p is not None and p.fields:
                    out.setdefault(f"({key[0]}).{param}", []).append(p)
    return out


def _field(
    expr: ast.expr, tables: dict[str, frozenset[str]], func: ast.AST
) -> tuple[str, frozenset[str], bool, str | None, frozenset[str]]:
    words: frozenset[str] = frozenset()
    prefer: frozenset[str] = frozenset()
    complete = True
    sentences: str | None = None
    if isinstance(expr, ast.Call):
        f = expr.func
        fname = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        name = CALL_NAMES.get(fname, fname or "value")
        if name in GREEDY:  # "#12 Ogre": a label is a data file's name after a short mark
            prefer = tables.get(DATA_NAMES, frozenset())
    elif isinstance(expr, ast.Subscript):
        base = expr.value
        bname = base.id if isinstance(base, ast.Name) else getattr(base, "attr", "value")
        name = SUBSCRIPT_NAMES.get(bname, bname.lower())
        words = tables.get(bname, frozenset())
    elif isinstance(expr, ast.Name):
        name = expr.id
        if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            words = tables.get(f"({func.name}).{expr.id}", frozenset())
            complete = False
            sentences = f"({func.name}).{expr.id}"
            # a local bound only to word constants (`result = FUMBLE if ... else WILD`): its
            # words are catalog words (the field still matches any text, as before)
            bound_to = [_constant_words(v, tables) for v in _assigned(func, expr.id)]
            if bound_to and all(bound_to):
                words = words.union(*bound_to)
    elif isinstance(expr, ast.Attribute):
        name = expr.attr
        if name == "name":
            prefer = tables.get(DATA_NAMES, frozenset())
        # `self.reason`, kept from a method's parameter (`self._finish(None, "the ...")`):
        # the words and sentences that parameter is given, where one method alone has it
        keys = [k for k in tables if k.startswith("(") and k.endswith(f").{expr.attr}")]
        if isinstance(expr.value, ast.Name) and expr.value.id == "self" and len(keys) == 1:
            words, complete, sentences = tables[keys[0]], False, keys[0]
        elif isinstance(expr.value, ast.Name) and expr.value.id == "self":
            # `self.bonus_name`, a word each subclass gives (`bonus_name = "fan factor"`)
            words, complete = tables.get(f"{CLASS_WORDS}{expr.attr}", frozenset()), False
    elif isinstance(expr, ast.IfExp):
        name = "word"
        branches = (expr.body, expr.orelse)
        if all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in branches):
            words = frozenset(str(e.value) for e in branches if isinstance(e, ast.Constant))
    else:
        name = "value"
    field = re.sub(r"\W", "", name).strip("_").lower() or "value"
    return field, words, complete, sentences, prefer


def _compile(kind: str | None, parts: list[Part]) -> Phrase | None:
    template: list[str] = []
    pattern: list[str] = []
    names: list[str] = []
    words: set[str] = set()
    subs: list[tuple[str, str]] = []
    for part in parts:
        if isinstance(part, str):
            template.append(part)
            pattern.append(re.escape(part))
            continue
        base, ws, complete, sentences, prefer = part
        name = base
        n = 1
        while name in names:
            n += 1
            name = f"{base}{n}"
        names.append(name)
        if sentences is not None:
            subs.append((name, sentences))
        words |= {w for w in ws if len(w) > 1 and not w.isdigit() and "_" not in w}
        template.append("{" + name + "}")
        if ws and complete:  # one word of its table: the longest first, none cut short
            choice = "|".join(re.escape(w) for w in sorted(ws, key=len, reverse=True))
            pattern.append(f"(?P<{name}>{choice})")
        elif base in GREEDY:
            # a label's mark ("#12") and a data file's name first, so that "#12 Ogre negative
            # trait: ..." leaves "negative trait" to the next field; else all it can take
            first = "|".join(re.escape(w) for w in sorted(prefer, key=len, reverse=True))
            pattern.append(f"(?P<{name}>(?:\\S+ )?(?:{first})|.+)" if first else f"(?P<{name}>.+)")
        else:  # a data file's whole name first (the longest first), else the shortest text
            first = "".join(f"{re.escape(w)}|" for w in sorted(prefer, key=len, reverse=True))
            pattern.append(f"(?P<{name}>{first}.+?)")
    text = "".join(template)
    if not names and not text.strip():
        return None
    return Phrase(
        kind,
        text,
        re.compile("".join(pattern), re.DOTALL),
        tuple(names),
        frozenset(words),
        tuple(subs),
    )
