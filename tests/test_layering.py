"""The import rules of CONTRIBUTING.md, checked on the source (nothing is imported): no import
circle anywhere, layers that point down, games that keep to themselves, numpy only in a game's
`tensor.py`. Modules are discovered, so a new game package is checked from its first file."""

from __future__ import annotations

from pathlib import Path

import pytest

import tablesports
from tests.importgraph import (
    a_cycle,
    discover,
    import_graph,
    outside_imports,
    strongly_connected,
)

ROOT = Path(tablesports.__file__).parent
PACKAGE = "tablesports"

# Rank of each layer: a module may import its own layer and those ranked below it, except
# that games and agents never import each other (an agent sees only the protocol).
RANK = {
    "core": 0,
    "games": 1,
    "agents": 1,
    "arena": 2,
    "conformance": 2,
    "cli": 3,
    "web": 3,
    "envs": 3,
}


def layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in RANK else None


def circles(graph: dict[str, set[str]]) -> list[str]:
    """Each import circle, as one concrete path `a -> b -> a` and the size of its knot."""
    return [
        f"{len(knot)} modules, e.g. " + " -> ".join(a_cycle(graph, knot))
        for knot in strongly_connected(graph)
        if len(knot) > 1
    ]


def test_there_is_no_import_circle_under_src() -> None:
    """Deferred imports (inside functions) count: they hide a circle, they do not remove it.
    Imports under `if TYPE_CHECKING:` do not (type names only, never run)."""
    found = circles(import_graph(ROOT, PACKAGE))
    assert not found, "import circles:\n" + "\n".join(found)


def test_layers_import_only_downwards() -> None:
    """cli/web/envs, then arena, then agents and games, then core (type-only imports too)."""
    wrong = []
    for module, targets in import_graph(ROOT, PACKAGE, typing_too=True).items():
        here = layer(module)
        if here is None:
            continue
        for target in sorted(targets):
            there = layer(target)
            if there is None or there == here:
                continue
            if RANK[there] > RANK[here] or {here, there} == {"games", "agents"}:
                wrong.append(f"{module} ({here}) imports {target} ({there})")
    assert not wrong, "imports that point up or across:\n" + "\n".join(wrong)


def test_a_game_imports_no_other_game() -> None:
    wrong = [
        f"{module} imports {target}"
        for module, targets in import_graph(ROOT, PACKAGE, typing_too=True).items()
        if module.startswith(f"{PACKAGE}.games.")
        for target in targets
        if target.startswith(f"{PACKAGE}.games.")
        and target.split(".")[2] != module.split(".")[2]
        and len(target.split(".")) > 2
    ]
    assert not wrong, "\n".join(wrong)


def test_numpy_is_imported_only_by_a_games_tensor_module() -> None:
    wrong = [
        name
        for name, path in discover(ROOT, PACKAGE).items()
        if name.startswith(f"{PACKAGE}.games.")
        and path.name != "tensor.py"
        and "numpy" in outside_imports(path)
    ]
    assert not wrong, "numpy outside tensor.py (the games stay light): " + ", ".join(wrong)


@pytest.fixture
def knotted(tmp_path: Path) -> Path:
    """A small package with a circle through a deferred import, and a type-only back edge."""
    root = tmp_path / "knot"
    (root / "sub").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "sub" / "__init__.py").write_text("")
    (root / "a.py").write_text("from knot.sub import b\n")
    (root / "sub" / "b.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from knot import a\n"
        "def f():\n    from ..sub import c\n    return c\n"
    )
    (root / "sub" / "c.py").write_text(
        "try:\n    from knot import a\nexcept ImportError:\n    a = None\n"
    )
    return root


def test_the_check_finds_a_circle_hidden_in_a_function(knotted: Path) -> None:
    graph = import_graph(knotted, "knot")
    assert graph["knot.a"] == {"knot.sub.b"}
    assert graph["knot.sub.b"] == {"knot.sub.c"}  # the type-only import of a is left out
    assert circles(graph) == ["3 modules, e.g. knot.a -> knot.sub.b -> knot.sub.c -> knot.a"]


def test_type_only_imports_are_seen_when_asked(knotted: Path) -> None:
    graph = import_graph(knotted, "knot", typing_too=True)
    assert graph["knot.sub.b"] == {"knot.a", "knot.sub.c"}
