"""Python source read as a tree (`ast`), one thread at a time in the whole process.

CPython 3.11's `ast.parse` is not safe in two threads at once: it raised "AST constructor
recursion depth mismatch" in CI runs, once when the web app's phrasebook warm-up (a server
thread) parsed a game's source while a test parsed another in the main thread. Every parse of
ours (the phrasebook, the layering and citation tests) goes through `parse_python`.
"""

from __future__ import annotations

import ast
import threading

_PARSING = threading.Lock()


def parse_python(source: str, filename: str = "<unknown>") -> ast.Module:
    """`ast.parse(source)`, holding the process's one parsing lock."""
    with _PARSING:
        return ast.parse(source, filename=filename)
