"""Every rule citation a game's events can carry, read from the game's source with `ast`
(nothing run), for the catalog test: the `rule` of each `Event(...)` and of Blood Bowl's
`s.log(kind, text, rule)`, followed to where it is written: a literal, a module's constant (also
imported under another name), a procedure's `rule` class attribute (`self.rule`), a local
name, or a function's parameter (the arguments its callers pass). A citation read from anything
else fails here, so that a new way of citing is followed rather than missed.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

from tablesports.core.sources import parse_python
from tablesports.web.phrases import GAMES_DIR

Scope = ast.FunctionDef | ast.AsyncFunctionDef | None
Site = tuple[ast.Call, Path, Scope]
SRC = GAMES_DIR.parent.parent
RULE_AT = {"Event": 3, "log": 2}
"""The position of the rule among a call's arguments: `Event(kind, text, data, rule)`,
`s.log(kind, text, rule)`."""
CODE = re.compile(r"[A-Z]+-?[A-Z0-9]+")
"""A rule's number or label in the game's rules ("R15", "G24", "H-TOSS"): read the same in
every language."""
CITED = re.compile(r"(.+) \(([^()]+)\)")
"""A citation and the mark of where it comes from: "the Block (BB2020)"."""


@cache
def rule_citations(game: str) -> frozenset[str]:
    modules = {
        p: parse_python(p.read_text("utf-8")) for p in sorted((GAMES_DIR / game).rglob("*.py"))
    }
    own: dict[tuple[Path, str], list[ast.expr]] = {}  # module-level bindings
    anywhere: dict[str, list[ast.expr]] = {}
    imported: dict[tuple[Path, str], tuple[Path, str]] = {}  # `from m import RULE as X`
    attrs: list[ast.expr] = []  # class-level `rule = ...`
    sites: list[Site] = []
    for path, tree in modules.items():
        for node in tree.body:
            for name, value in _bindings(node):
                own.setdefault((path, name), []).append(value)
                anywhere.setdefault(name, []).append(value)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                source = SRC.joinpath(*node.module.split(".")).with_suffix(".py")
                for a in node.names:
                    imported[(path, a.asname or a.name)] = (source, a.name)
            if isinstance(node, ast.ClassDef):
                attrs += [v for stmt in node.body for n, v in _bindings(stmt) if n == "rule"]
        sites += _calls(tree, path)

    def resolve(expr: ast.expr, path: Path, scope: Scope, depth: int = 0) -> set[str]:
        assert depth < 8, f"{path.name}: {ast.unparse(expr)} is followed too far"
        if isinstance(expr, ast.Constant) and (expr.value is None or isinstance(expr.value, str)):
            return {expr.value} if expr.value else set()
        if isinstance(expr, ast.IfExp):
            return resolve(expr.body, path, scope, depth + 1) | resolve(
                expr.orelse, path, scope, depth + 1
            )
        if isinstance(expr, ast.Attribute) and expr.attr == "rule":
            return {s for v in attrs for s in resolve(v, path, None, depth + 1)}
        if isinstance(expr, ast.Name):
            if scope is not None:
                local = [
                    n.value
                    for n in ast.walk(scope)
                    if isinstance(n, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == expr.id for t in n.targets)
                ]
                if local:
                    return {s for v in local for s in resolve(v, path, scope, depth + 1)}
                params = [a.arg for a in scope.args.args]
                if expr.id in params:
                    return passed(scope.name, params.index(expr.id), expr.id, depth + 1)
            source, name = imported.get((path, expr.id), (path, expr.id))
            values = own.get((source, name)) or anywhere.get(name)
            assert values, f"{path.name}: the rule {expr.id} is bound nowhere"
            return {s for v in values for s in resolve(v, source, None, depth + 1)}
        raise AssertionError(f"{path.name}: a rule citation made by {ast.unparse(expr)!r}")

    def passed(function: str, index: int, param: str, depth: int) -> set[str]:
        """What the callers of `function` pass as its parameter `param`."""
        out: set[str] = set()
        for call, path, scope in sites:
            if _name(call) != function:
                continue
            arg = next((k.value for k in call.keywords if k.arg == param), None)
            if arg is None and len(call.args) > index:
                arg = call.args[index]
            if arg is not None:
                out |= resolve(arg, path, scope, depth)
        return out

    found: set[str] = set()
    for call, path, scope in sites:
        at = RULE_AT.get(_name(call))
        if at is None or len(call.args) < 2:
            continue
        arg = next((k.value for k in call.keywords if k.arg == "rule"), None)
        if arg is None and len(call.args) > at:
            arg = call.args[at]
        if arg is not None:
            found |= resolve(arg, path, scope)
    return frozenset(found)


def cited_in(rule: str, words: dict[str, str]) -> bool:
    """Whether the page (`ruleText` in static/games/words.js) shows a citation in the catalog's
    language: a rule's number as it is, the citation whole, or its text and its mark (each
    part of a mark such as "Right Stuff, BB2020")."""
    if CODE.fullmatch(rule) or rule in words:
        return True
    cited = CITED.fullmatch(rule)
    if not cited:
        return False
    text, mark = cited.groups()
    return text in words and (mark in words or all(m in words for m in mark.split(", ")))


def _name(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def _bindings(node: ast.stmt) -> list[tuple[str, ast.expr]]:
    """`NAME = value`, `NAME: T = value`, `A, B = x, y`."""
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value:
        return [(node.target.id, node.value)]
    if not isinstance(node, ast.Assign):
        return []
    out: list[tuple[str, ast.expr]] = []
    for t in node.targets:
        if isinstance(t, ast.Name):
            out.append((t.id, node.value))
        elif isinstance(t, ast.Tuple) and isinstance(node.value, ast.Tuple):
            pairs = zip(t.elts, node.value.elts, strict=False)
            out += [(n.id, v) for n, v in pairs if isinstance(n, ast.Name)]
    return out


def _calls(tree: ast.Module, path: Path) -> list[Site]:
    """Every call of a module with its innermost enclosing function."""
    out: list[Site] = []
    stack: list[tuple[ast.AST, Scope]] = [(tree, None)]
    while stack:
        node, scope = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            scope = node
        if isinstance(node, ast.Call):
            out.append((node, path, scope))
        stack += [(child, scope) for child in ast.iter_child_nodes(node)]
    return out
