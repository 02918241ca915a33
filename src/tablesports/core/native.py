"""Compiled twins of the hottest pure-Python modules, used only when built from the same text.

The Python module stays the source of truth and runs without its twin. `make native`
(`scripts/native.py`, run by `make test` and `make bench`) builds `_<name>_native` beside it:
- with Cython, from `_<name>_native.pyx` when the module has one: a C text of some of its
  functions (listed in the twin's `NATIVE_NAMES`), doing the same work in the same order, which
  a test compares with the module's own on many positions;
- else with mypyc, from a copy of the module's text.
Either way the twin carries the digest of the texts it was built from. On import, the module
calls `use_native(globals())`: when its twin was built from the texts as they are now, the
twin's functions replace its own. An edited module whose twin was not rebuilt stays pure
Python (never a stale twin), and `TABLESPORTS_PURE=1` turns the twins off, to compare or debug.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
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
    Cython twin's text and the modules it mirrors when it has one."""
    h = hashlib.sha256(Path(path).read_bytes())
    pyx = cython_source(path)
    if pyx.exists():
        h.update(pyx.read_bytes())
        for other in MIRRORED.get(module, ()):
            spec = importlib.util.find_spec(other)
            assert spec is not None and spec.origin is not None, other
            h.update(Path(spec.origin).read_bytes())
    return h.hexdigest()


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
        spec = importlib.util.find_spec(module)
        assert spec is not None and spec.origin is not None
        out[module] = _twin(module, spec.origin)[1]
    return out
