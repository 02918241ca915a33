"""Compiled twins of the hottest pure-Python modules, used only when built from the same text.

The Python module stays the source of truth and runs without its twin. `make native`
(`scripts/native.py`, run by `make test` and `make bench`) builds `_<name>_native` beside it,
of one of two kinds:
- a twin of some functions (`NATIVE_MODULES`): with Cython, from `_<name>_native.pyx`, a C text
  of some of the module's functions (listed in the twin's `NATIVE_NAMES`) doing the same work in
  the same order, which a test compares with the module's own on many positions (else with
  mypyc, from a copy of the module's text). On import, the module calls `use_native(globals())`,
  and the twin's functions replace its own;
- the whole module compiled (`COMPILED_MODULES`): Cython compiles the module's own text as it
  is, and `CompiledFinder` (installed by `tablesports/__init__.py`) imports the compiled module
  in its place, under its name, with the same classes and functions.
Either way a twin is used only when it was built from the texts as they are now (its digest,
in `_<name>_native.sha256`): an edited module whose twin was not rebuilt stays pure Python
(never a stale twin), and `TABLESPORTS_PURE=1` turns the twins off, to compare or debug.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec, PathFinder
from pathlib import Path
from typing import Any

NATIVE_MODULES = ("tablesports.games.bloodbowl.turn.paths",)
"""The modules with a compiled twin: the Blood Bowl pathfinder (a fifth of a search's time)."""

MIRRORED = {
    "tablesports.games.bloodbowl.turn.paths": (
        "tablesports.games.bloodbowl.turn.common",
        "tablesports.games.bloodbowl.turn.actions",
    )
}
"""Per module, the other modules whose code its Cython twin does again in C (the pathfinder
counts tackle zones as `common.tackle_zones` does, and fills a MovePath's fields as its
`__init__` does): their texts are in its digest, so that a change to them leaves the twin
unused until it is rebuilt."""

COMPILED_MODULES = (
    "tablesports.core.chance",
    "tablesports.core.events",
    "tablesports.core.protocol",
    "tablesports.games.bloodbowl.players",
    "tablesports.games.bloodbowl.procedures.base",
    "tablesports.games.bloodbowl.procedures.setup",
    "tablesports.games.bloodbowl.procedures.team_turn",
    "tablesports.games.bloodbowl.procedures.tests_of_skill",
    "tablesports.games.bloodbowl.state",
    "tablesports.games.bloodbowl.turn.activation",
    "tablesports.games.bloodbowl.turn.common",
    "tablesports.games.bloodbowl.turn.injury",
    "tablesports.games.bloodbowl.turn.moving",
    "tablesports.games.bloodbowl.turn.notes",
    "tablesports.games.bloodbowl.turn.team_turn",
    "tablesports.games.hanniball.state",
    "tablesports.games.hanniball.steps",
    "tablesports.games.juggers.physics",
    "tablesports.games.juggers.state",
    "tablesports.games.juggerttg.board",
    "tablesports.games.juggerttg.rules.activation",
    "tablesports.games.juggerttg.rules.base",
    "tablesports.games.juggerttg.rules.combat",
    "tablesports.games.juggerttg.rules.movement",
    "tablesports.games.juggerttg.rules.stones",
    "tablesports.games.juggerttg.rules.table",
    "tablesports.games.jukem.state",
)
"""The modules compiled whole: where a random playout spends its time (py-spy, by file): the
protocol's loop, Blood Bowl's turn and procedures, and each other game's hottest modules. The
public loop runs 1.1 x (Jukem, Blood Bowl) to 1.2 x (HanniBall, Juggers) as fast compiled.
Their tables are made by functions: Cython (3.0 to 3.3.1) leaves a module-level
comprehension's variable holding an uncounted None, so a comprehension that runs again outside
a function (nested, or in a loop) takes a reference from None each time (tests/core/
test_compiled.py checks every module's text)."""

CYTHON_DIRECTIVES = {"language_level": 3, "binding": True, "annotation_typing": False}
"""How the modules are compiled: as Python (functions that introspect as Python's; type hints
are not C types), so that the compiled module does exactly what its text says."""

PURE_ENV = "TABLESPORTS_PURE"


def twin_name(module: str) -> str:
    """`a.b.paths` -> `a.b._paths_native`."""
    package, _, name = module.rpartition(".")
    return f"{package}._{name}_native"


def cython_source(path: str | Path) -> Path:
    """Where the module at `path` keeps its Cython twin's text, if it has one."""
    path = Path(path)
    return path.with_name(f"_{path.stem}_native.pyx")


def digest(module: str, path: str | Path) -> str:
    """The digest a twin of `module` (its text at `path`) carries: of its text, and of its
    Cython twin's text and the modules it mirrors when it has one (of how it is compiled,
    when it is compiled whole)."""
    h = hashlib.sha256(Path(path).read_bytes())
    pyx = cython_source(path)
    if pyx.exists():
        h.update(pyx.read_bytes())
        for other in MIRRORED.get(module, ()):
            h.update(source_path(other).read_bytes())
    if module in COMPILED_MODULES:
        h.update(repr(sorted(CYTHON_DIRECTIVES.items())).encode())
    return h.hexdigest()


def source_path(module: str) -> Path:
    """The Python text of `module` (not its compiled twin's file)."""
    package, _, _ = module.rpartition(".")
    # the package's folders without running its __init__ (which may import compiled modules)
    found = sys.modules.get(package)
    if found is not None:
        where = list(found.__path__)
    else:
        package_spec = importlib.util.find_spec(package)
        if package_spec is None or package_spec.submodule_search_locations is None:
            raise ImportError(f"no package {package}")
        where = list(package_spec.submodule_search_locations)
    spec = PathFinder.find_spec(module, where)
    if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
        raise ImportError(f"no Python text for {module}")
    return Path(spec.origin)


def compiled_file(source: str | Path) -> Path:
    """Where the module at `source` keeps its whole compiled twin (this Python's extension)."""
    source = Path(source)
    return source.with_name(f"_{source.stem}_native{EXTENSION_SUFFIXES[0]}")


def sidecar(source: str | Path) -> Path:
    """Where the digest of the texts a twin was built from is kept."""
    source = Path(source)
    return source.with_name(f"_{source.stem}_native.sha256")


def _compiled(module: str, source: Path | None = None) -> tuple[Path | None, str]:
    """(the whole compiled twin of `module` (its text at `source`, by default where it is
    imported from) or None, its status)."""
    if os.environ.get(PURE_ENV):
        return None, f"off ({PURE_ENV} is set)"
    source = source_path(module) if source is None else source
    built = compiled_file(source)
    stamp = sidecar(source)
    if not built.exists() or not stamp.exists():
        return None, "not built (`make native` builds it; it needs gcc)"
    if stamp.read_text().strip() != digest(module, source):
        return None, "stale: the module changed since its twin was built (`make native`)"
    return built, "compiled"


class CompiledFinder:
    """Imports the modules of `COMPILED_MODULES` from their compiled twins when they are
    current (on `sys.meta_path`, before the usual finders); any other import goes on as usual.
    """

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        if fullname not in COMPILED_MODULES:
            return None
        built, _ = _compiled(fullname)
        if built is None:
            return None
        return importlib.util.spec_from_file_location(
            fullname, built, loader=ExtensionFileLoader(fullname, str(built))
        )


def install() -> None:
    """Put `CompiledFinder` first on `sys.meta_path` (once)."""
    if not any(isinstance(finder, CompiledFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, CompiledFinder())


def _twin(module: str, path: str) -> tuple[Any, str]:
    """(the twin module or None, its status: compiled, stale, not built, or off)."""
    if os.environ.get(PURE_ENV):
        return None, f"off ({PURE_ENV} is set)"
    try:
        twin = importlib.import_module(twin_name(module))
    except ImportError:
        return None, "not built (`make native` builds it; it needs gcc)"
    if getattr(twin, "NATIVE_SOURCE", None) != digest(module, path):
        return None, "stale: the module changed since its twin was built (`make native`)"
    return twin, "compiled"


def use_native(namespace: dict[str, Any]) -> bool:
    """Replace a module's functions and classes by its compiled twin's, if it is current.

    Called at the end of the module with `globals()`; does nothing for other modules (a mypyc
    twin itself runs the same text) or when the twin is missing, stale or turned off."""
    module = namespace["__name__"]
    if module not in NATIVE_MODULES:
        return False
    twin, _ = _twin(module, namespace["__file__"])
    if twin is None:
        return False
    names = getattr(twin, "NATIVE_NAMES", None)
    for key, value in vars(twin).items():
        if names is not None and key not in names:
            continue
        if not key.startswith("__") and key != "NATIVE_SOURCE":
            namespace[key] = value
    return True


def native_status() -> dict[str, str]:
    """Per module with a twin: whether the compiled twin is in use, and why not."""
    out = {}
    for module in NATIVE_MODULES:
        out[module] = _twin(module, str(source_path(module)))[1]
    for module in COMPILED_MODULES:
        status = _compiled(module)[1]
        loaded = sys.modules.get(module)
        if status == "compiled" and loaded is not None and not _is_compiled(loaded):
            # built after this process imported the module (or imported before `install`)
            status = "built, but this process imported its Python text"
        out[module] = status
    return out


def _is_compiled(module: Any) -> bool:
    return str(getattr(module, "__file__", "")).endswith(tuple(EXTENSION_SUFFIXES))
