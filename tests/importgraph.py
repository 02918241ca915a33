"""The import graph of a package, read from its source with `ast` (nothing is imported).

An edge a -> b means module a imports module b anywhere in its code: at module level and
inside functions and classes too (a deferred import hides a circle, it does not remove it),
but not under `if TYPE_CHECKING:` (never run; type-only names).
`from x import y` is an edge to `x.y` when that is a module, else to `x`; a package's
`__init__` is its own module (importing `a.b` is not counted as importing `a`).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from tablesports.core.sources import parse_python


def discover(root: Path, package: str) -> dict[str, Path]:
    """Every module under `root` (the directory of `package`), by dotted name."""
    modules: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join([package, *parts])] = path
    return modules


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(node: ast.AST, typing_too: bool) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement below `node`, skipping the bodies of `if TYPE_CHECKING:`."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child
        elif isinstance(child, ast.If) and _is_type_checking(child.test) and not typing_too:
            for other in child.orelse:
                yield from _imports(other, typing_too)
        else:
            yield from _imports(child, typing_too)


def _resolve(module: str, is_package: bool, level: int, target: str | None) -> str:
    if level == 0:
        return target or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join(base + ([target] if target else []))


def imports_of(
    name: str, path: Path, modules: dict[str, Path], typing_too: bool = False
) -> set[str]:
    """The modules of `modules` that `name` imports (with `typing_too`, type-only ones too)."""
    tree = parse_python(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in _imports(tree, typing_too):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(name, is_package, node.level, node.module)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.add(sub if sub in modules else base)
    return {target for target in found if target in modules and target != name}


def import_graph(root: Path, package: str, typing_too: bool = False) -> dict[str, set[str]]:
    modules = discover(root, package)
    return {name: imports_of(name, path, modules, typing_too) for name, path in modules.items()}


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components (iterative), each sorted, largest first."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    components.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = counter
                counter += 1
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph.get(child, ())))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return sorted(components, key=lambda c: (-len(c), c))


def a_cycle(graph: dict[str, set[str]], component: list[str]) -> list[str]:
    """One concrete circle inside a strongly connected component: a -> b -> ... -> a."""
    members = set(component)
    start = component[0]
    # breadth-first from start's successors back to start, within the component
    previous: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(graph[node] & members):
                if child == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(previous[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if child not in previous:
                    previous[child] = node
                    following.append(child)
        frontier = following
    return [start]


def outside_imports(path: Path) -> set[str]:
    """The top-level names of the absolute imports of one file (`numpy`, `ray`, ...),
    type-only ones left out."""
    tree = parse_python(path.read_text(encoding="utf-8"), filename=str(path))
    found: set[str] = set()
    for node in _imports(tree, typing_too=False):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return found
