"""A grid of variants, each played on the same seeds as the base and compared with it.

    >>> grid = parse_grid(["turns_per_half=4,6,8", "away=orc,human"])
    >>> [options for options in grid][:2]                               # doctest: +SKIP
    [{'turns_per_half': '4', 'away': 'orc'}, {'turns_per_half': '4', 'away': 'human'}]

The base is variant 0 of the run; variant k (from 1) is grid point k-1. Holm's correction
runs over every (variant, figure) pair, so a wide grid does not make chance look like an
effect.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from tablesports.arena.compare import CompareError, Run, figure_pairs
from tablesports.arena.paired import ALPHA, Difference, holm, paired


def parse_grid(params: Sequence[str]) -> list[dict[str, str]]:
    """`KEY=V1,V2,...` items into the grid's points, in order (the last key varies fastest)."""
    if not params:
        raise CompareError("give at least one --param KEY=V1,V2,...")
    axes: list[tuple[str, list[str]]] = []
    for item in params:
        key, eq, values = item.partition("=")
        key = key.strip()
        choices = [v.strip() for v in values.split(",") if v.strip()]
        if not eq or not key or not choices:
            raise CompareError(f"--param takes KEY=V1,V2,... (a game option), got {item!r}")
        if key in (k for k, _ in axes):
            raise CompareError(f"--param {key} is given twice: list all its values in one")
        axes.append((key, choices))
    keys = [k for k, _ in axes]
    grid = itertools.product(*(values for _, values in axes))
    return [dict(zip(keys, point, strict=True)) for point in grid]


def point_label(point: dict[str, str]) -> str:
    return " ".join(f"{k}={v}" for k, v in point.items())


@dataclass(frozen=True, slots=True)
class SweepResult:
    labels: list[str]
    """One per grid point (variants 1, 2, ...)."""
    names: list[str]
    """The figures, in order."""
    base: dict[str, float]
    """Each figure's mean under the base."""
    cells: dict[tuple[int, str], Difference]
    """(grid point, figure) -> that variant against the base."""


def sweep_results(run: Run, points: Sequence[dict[str, str]], alpha: float = ALPHA) -> SweepResult:
    keys: list[tuple[int, str]] = []
    diffs: list[Difference] = []
    names: list[str] = []
    base: dict[str, float] = {}
    for k in range(len(points)):
        for name, (xs, ys) in figure_pairs(run, 0, k + 1).items():
            if name not in names:
                names.append(name)
            d = paired(name, xs, ys)
            base.setdefault(name, d.a)
            keys.append((k, name))
            diffs.append(d)
    marked = holm(diffs, alpha)
    return SweepResult(
        [point_label(p) for p in points],
        names,
        base,
        dict(zip(keys, marked, strict=True)),
    )
