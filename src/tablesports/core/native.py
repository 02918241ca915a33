"""Compiled twins of the hottest pure-Python modules, used only when built from the same text.

The Python module stays the source of truth. `make native` (`scripts/native.py`, run by
`make test` and `make bench`) copies it to `_<name>_native.py` beside it with the digest of its
text, compiles the copy with mypyc and keeps only the compiled extension. On import, the module
calls `use_native(globals())`: when the twin was built from its very text, the twin's functions
and classes replace its own. An edited module whose twin was not rebuilt stays pure Python
(never a stale twin), and `TABLESPORTS_PURE=1` turns the twins off, to compare or to debug.
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

PURE_ENV = "TABLESPORTS_PURE"


def twin_name(module: str) -> str:
    """`a.b.paths` -> `a.b._paths_native`."""
    package, _, name = module.rpartition(".")
    return f"{package}._{name}_native"


def digest(path: str | Path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _twin(module: str, path: str) -> tuple[Any, str]:
    """(the twin module or None, its status: compiled, stale, not built, or off)."""
    if os.environ.get(PURE_ENV):
        return None, f"off ({PURE_ENV} is set)"
    try:
        twin = importlib.import_module(twin_name(module))
    except ImportError:
        return None, "not built (`make native` builds it; it needs gcc)"
    if getattr(twin, "NATIVE_SOURCE", None) != digest(path):
        return None, "stale: the module changed since its twin was built (`make native`)"
    return twin, "compiled"


def use_native(namespace: dict[str, Any]) -> bool:
    """Replace a module's functions and classes by its compiled twin's, if it is current.

    Called at the end of the module with `globals()`; does nothing for other modules (the twin
    itself runs the same text) or when the twin is missing, stale or turned off."""
    module = namespace["__name__"]
    if module not in NATIVE_MODULES:
        return False
    twin, _ = _twin(module, namespace["__file__"])
    if twin is None:
        return False
    for key, value in vars(twin).items():
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
