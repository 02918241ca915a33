"""Paging a long page (the rules) on a terminal, in colour only where the pager shows colour.

Rich pages through `pydoc.pager`: `$MANPAGER` or `$PAGER`, else `less`. `less` shows colour
only with `-R` (or `-r`); without it the codes appear as `ESC[1m` and the like. So the page is
styled when the pager is `less`, with `-R` added to `$LESS` while it runs, and plain otherwise
(`more`, `most`, a pager of the user's own that may not read the codes).
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from rich.console import Console, RenderableType


def pager_settings(environ: Mapping[str, str]) -> tuple[bool, dict[str, str]]:
    """Whether to page with styles, and the environment variables to set while paging."""
    command = environ.get("MANPAGER") or environ.get("PAGER") or "less"
    words = shlex.split(command) or ["less"]
    if os.path.basename(words[0]) != "less":
        return False, {}
    flags = environ.get("LESS", "")
    in_command = any(w.startswith("-") and ("R" in w or "r" in w) for w in words[1:])
    in_less = any(w.startswith("-") and ("R" in w or "r" in w) for w in flags.split())
    if in_command or in_less:
        return True, {}
    return True, {"LESS": f"{flags} -R".strip()}


@contextmanager
def _environment(changes: Mapping[str, str]) -> Iterator[None]:
    saved = {key: os.environ.get(key) for key in changes}
    os.environ.update(changes)
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def page(out: Console, renderable: RenderableType) -> None:
    """`renderable` through the pager on a terminal, else printed."""
    if not out.is_terminal:
        out.print(renderable)
        return
    styles, changes = pager_settings(os.environ)
    with _environment(changes), out.pager(styles=styles):
        out.print(renderable)
