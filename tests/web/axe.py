"""axe-core (the axe.min.js that axe-playwright-python ships) run inside a page.

`serious_violations(page)` injects axe-core into the page, runs it, and returns the violations
whose impact is serious or critical (and those of the rules in `ALSO`), each as
`"rule-id: help (n nodes: selectors)"`, so an assertion failure says what to fix.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

BLOCKING = ("serious", "critical")
ALSO = ("heading-order", "empty-table-header")
"""Moderate rules reported all the same: issue 45 found and fixed them; they stay fixed."""


def axe_source() -> str:
    try:
        import axe_playwright_python
    except ImportError as exc:  # a missing test dependency fails, never skips
        raise AssertionError(
            "axe-playwright-python is missing: pip install -e '.[webtest]' (make test does it)"
        ) from exc
    return (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text()


def serious_violations(page: Any) -> list[str]:
    page.evaluate(axe_source())
    result = page.evaluate("async () => await axe.run(document)")
    out = []
    for v in result["violations"]:
        if v.get("impact") in BLOCKING or v["id"] in ALSO:
            targets = ", ".join(str(n["target"]) for n in v["nodes"][:5])
            out.append(f"{v['id']}: {v['help']} ({len(v['nodes'])} nodes: {targets})")
    return out
