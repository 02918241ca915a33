"""A designer's report: one HTML page with the tables, the figures as PNG, the exact command,
the versions and the seeds, so that anyone can play the same games again.

    >>> write_report(Path("out"), page)                                # doctest: +SKIP
    PosixPath('out/index.html')
"""

from __future__ import annotations

import html
import math
import platform
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablesports.arena.paired import Difference
from tablesports.core.errors import TablesportsError
from tablesports.core.protocol import Game
from tablesports.core.versions import provenance


class ReportError(TablesportsError):
    """The report cannot be written (a folder that cannot be made, matplotlib missing)."""


@dataclass(slots=True)
class Table:
    heading: str
    columns: list[str]
    rows: list[list[str]]
    note: str = ""


@dataclass(slots=True)
class Page:
    title: str
    command: str
    facts: dict[str, str]
    """Versions, seeds, agents, options: shown as a list under the command."""
    tables: list[Table] = field(default_factory=list)
    images: list[tuple[str, str]] = field(default_factory=list)
    """(caption, file name in the report's folder)."""


def versions(game: Game) -> dict[str, str]:
    """The report's facts that pin down its games (`core.versions.provenance`), and Python's."""
    return {**provenance(game), "Python": platform.python_version()}


def _pyplot():  # type: ignore[no-untyped-def]
    try:
        import matplotlib

        matplotlib.use("Agg")  # files only: no display needed
        import matplotlib.pyplot as plt
    except ImportError:
        raise ReportError("plots need matplotlib: pip install 'tablesports[arena]'") from None
    return plt


def plot_differences(
    diffs: list[Difference], sds: dict[str, float], title: str, path: Path
) -> Path:
    """A forest plot: each figure's difference B - A with its 95% interval, in units of the
    figure's standard deviation under A (so goals and casualties share one axis)."""
    plt = _pyplot()
    shown = [d for d in diffs if sds.get(d.name, 0) > 0 and math.isfinite(d.low)]
    fig, ax = plt.subplots(figsize=(8, 0.32 * len(shown) + 2.2), constrained_layout=True)
    for y, d in enumerate(reversed(shown)):
        sd = sds[d.name]
        colour = SIGNIFICANT if d.significant else NOT_SIGNIFICANT
        ax.plot([d.low / sd, d.high / sd], [y, y], color=colour, linewidth=2)
        ax.plot([d.diff / sd], [y], "o", color=colour)
    ax.axvline(0, color="black", linewidth=0.8)
    ax.set_yticks(range(len(shown)), [d.name.replace("_", " ") for d in reversed(shown)])
    ax.set_xlabel("B - A, in standard deviations of A (95% interval)")
    _legend(ax)
    ax.set_title(_wrapped(title, 90), fontsize=9)  # a long title wraps, never clipped
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


SIGNIFICANT, NOT_SIGNIFICANT = "tab:red", "tab:blue"


def _legend(ax: Any, base: bool = False) -> None:
    from matplotlib.lines import Line2D

    handles = [
        Line2D([], [], color=SIGNIFICANT, marker="o", label="significant (Holm, 5%)"),
        Line2D([], [], color=NOT_SIGNIFICANT, marker="o", label="not significant"),
    ]
    if base:
        handles.append(Line2D([], [], color="black", marker="s", linestyle="--", label="base"))
    ax.legend(handles=handles, loc="best", fontsize=8)


def _wrapped(text: str, width: int) -> str:
    import textwrap

    return "\n".join(textwrap.wrap(text, width)) or text


def figure_file(name: str) -> str:
    """A figure's plot file: named by the figure ("piece steps" -> piece-steps.png)."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "figure"
    return f"{slug}.png"


def plot_sweep_figure(
    name: str,
    labels: list[str],
    base: float,
    diffs: list[Difference],
    path: Path,
    *,
    axis: tuple[str, list[float], float | None] | None = None,
) -> Path:
    """One figure over the sweep: each variant's mean with the 95% interval of its difference
    from the base (drawn around the variant's mean). `axis` (an option, the variants' numbers
    and the base's, for a sweep of one numeric option) puts them on a number line, the base a
    point of it; otherwise one labelled place a variant and the base a dashed line."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=(max(5.0, 0.9 * len(labels) + 2), 3.6), constrained_layout=True)
    xs: list[float] = axis[1] if axis is not None else [float(i) for i in range(len(labels))]
    for x, d in zip(xs, diffs, strict=True):
        colour = SIGNIFICANT if d.significant else NOT_SIGNIFICANT
        if math.isfinite(d.low):
            ax.plot([x, x], [d.a + d.low, d.a + d.high], color=colour, linewidth=2)
        ax.plot([x], [d.b], "o", color=colour)
    if axis is not None and axis[2] is not None:
        ax.plot([axis[2]], [base], "s", color="black")
    ax.axhline(base, color="black", linewidth=0.8, linestyle="--")
    if axis is not None:
        ax.set_xlabel(axis[0].replace("_", " "))
    else:
        ax.set_xticks(xs, labels, fontsize=8, rotation=20 if len(labels) > 4 else 0)
    ax.set_ylabel(name.replace("_", " "))
    ax.set_title(f"{name.replace('_', ' ')}: variants against the base", fontsize=10)
    _legend(ax, base=True)
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 70em; color: #222; }
pre { background: #f4f4f4; padding: .8em; white-space: pre-wrap; }
table { border-collapse: collapse; margin: .5em 0 1.5em; font-size: .9em; }
th, td { border: 1px solid #ccc; padding: .25em .6em; text-align: right; }
th:first-child, td:first-child { text-align: left; }
tr.significant td { background: #fde8e8; font-weight: 600; }
figure { display: inline-block; margin: .5em; }
img { max-width: 100%; border: 1px solid #ddd; }
"""


def _table(table: Table) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in table.columns)
    rows = []
    for row in table.rows:
        mark = ' class="significant"' if row and row[-1].strip() == "yes" else ""
        cells = "".join(f"<td>{html.escape(c)}</td>" for c in row)
        rows.append(f"<tr{mark}>{cells}</tr>")
    note = f"<p>{html.escape(table.note)}</p>" if table.note else ""
    return (
        f"<h2>{html.escape(table.heading)}</h2>{note}"
        f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def render(page: Page) -> str:
    facts = "".join(
        f"<li><b>{html.escape(k)}</b>: {html.escape(v)}</li>" for k, v in page.facts.items()
    )
    images = "".join(
        f'<figure><img src="{html.escape(src)}" alt="{html.escape(cap)}">'
        f"<figcaption>{html.escape(cap)}</figcaption></figure>"
        for cap, src in page.images
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(page.title)}</title><style>{_STYLE}</style></head><body>"
        f"<h1>{html.escape(page.title)}</h1>"
        f"<h2>Command</h2><pre>{html.escape(page.command)}</pre>"
        f"<ul>{facts}</ul>"
        + "".join(_table(t) for t in page.tables)
        + (f"<h2>Plots</h2>{images}" if images else "")
        + "</body></html>\n"
    )


def write_report(folder: Path, page: Page) -> Path:
    """Write `index.html` in `folder` (the images are already there)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "index.html"
        path.write_text(render(page), encoding="utf-8")
    except OSError as exc:
        raise ReportError(f"cannot write the report in {folder}: {exc.strerror}") from None
    return path


def report_folder(folder: Path) -> Path:
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ReportError(f"cannot make the report folder {folder}: {exc.strerror}") from None
    return folder
