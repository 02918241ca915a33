"""Variants of one game played on the same seeds, and their figures compared game by game.

Game i of every variant has seed `seed + i` and the same seating (rotated by i when seats
swap), so the variants meet the same dice, the same shuffles and the same agents' draws for
as long as their rules let them: common random numbers. The games run through
`engines.run_many` as (variant, index) items, interleaved, so a sequential test can look at
the first pairs while the rest are played, and every engine gives the same games.

    >>> run = play_variants([load("jukem"), load("jukem", tiebreak_limit=3)], ["random"] * 2, 500)
    >>> comparison = compare(run, 0, 1)                                # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tablesports.arena import resume
from tablesports.arena.engines import in_order, run_many
from tablesports.arena.match import DEFAULT_MAX_STEPS
from tablesports.arena.paired import Difference, decided, holm, paired, sequential
from tablesports.arena.resume import fingerprint
from tablesports.arena.simulate import (
    GameResult,
    SimulationError,
    _Plan,
    _prepare,
    _Runner,
    agent_labels,
    result_of,
)
from tablesports.arena.stats import outcome_of
from tablesports.arena.work import Meter
from tablesports.core.protocol import Game

COMPARISON = "comparison"
"""The field of `record.meta` naming the comparison (or sweep) a record belongs to."""
VARIANT = "variant"
"""The field of `record.meta` giving the variant's number (0 is A, or the sweep's base)."""


class CompareError(SimulationError):
    """A comparison that cannot run (variants of different games, a bad figure name)."""


@dataclass(frozen=True, slots=True)
class _Plans:
    plans: tuple[_Plan, ...]


def _prepare_all(plans: _Plans) -> list[_Runner]:
    return [_prepare(plan) for plan in plans.plans]


def _variant_of(item: tuple[int, int]) -> int:
    """A game's kind for the progress bar: its variant (variants may differ in pace)."""
    return item[0]


def _play_one(runners: list[_Runner], item: tuple[int, int]) -> tuple[int, GameResult]:
    variant, index = item
    return variant, runners[variant].play(index)


@dataclass(slots=True)
class Run:
    """The games of every variant, by variant then index (only the indices all have played)."""

    games: list[Game]
    agents: list[str]
    seed: int
    results: list[dict[int, GameResult]] = field(default_factory=list)
    stopped: str = ""
    """Why play stopped early (a sequential decision), or empty."""

    def __post_init__(self) -> None:
        if not self.results:
            self.results = [{} for _ in self.games]

    @property
    def labels(self) -> list[str]:
        return agent_labels(self.agents)

    def paired_indices(self, *variants: int) -> list[int]:
        """The games every one of `variants` has played, in order."""
        common = set(self.results[variants[0]])
        for v in variants[1:]:
            common &= set(self.results[v])
        return sorted(common)


def comparison_key(games: Sequence[Game], agents: Sequence[str], seed: int, max_steps: int) -> str:
    """The fingerprint the records of this comparison carry in `meta["comparison"]`."""
    return fingerprint(
        games[0].info.id,
        games[0].info.version,
        [g.options.model_dump() for g in games],
        list(agents),
        seed,
        max_steps,
    )


def read_finished(path: Path, key: str, variants: int, games: int) -> list[dict[int, GameResult]]:
    """The games already in `path` of comparison `key`, per variant (for `--resume`)."""
    found: list[dict[int, GameResult]] = [{} for _ in range(variants)]
    for record in resume.read_finished(path, COMPARISON, key, "comparison", CompareError):
        v, index = record.meta.get(VARIANT), record.meta.get("index")
        if not (
            isinstance(v, int)
            and 0 <= v < variants
            and isinstance(index, int)
            and 0 <= index < games
            and index not in found[v]
        ):
            raise CompareError(
                f"{path}: game {index!r} of variant {v!r} is repeated or out of range; give the "
                "same --games (or more) or another --out file"
            )
        found[v][index] = result_of(record)
    return found


def play_variants(
    games: Sequence[Game],
    agents: Sequence[str],
    count: int,
    seed: int = 0,
    *,
    jobs: int = 1,
    engine: str = "process",
    address: str | None = None,
    max_steps: int = DEFAULT_MAX_STEPS,
    keep_records: bool = False,
    finished: Sequence[dict[int, GameResult]] = (),
    meter: Meter | None = None,
    on_arrival: Callable[[], None] | None = None,
    on_result: Callable[[int, GameResult], None] | None = None,
    stop: Callable[[Run], str] | None = None,
    check_every: int = 100,
    metrics: str = "",
) -> Run:
    """Play games 0 .. count-1 of every variant (seats swapped every game); `meter` hears of
    the moves and games as they are played, per variant (for a progress bar).

    `finished` holds games already played (a resumed run), not played again. `on_arrival` is
    called as each game ends (for a progress bar), `on_result` in order with each new game.
    `stop(run)` is asked every `check_every` indices all variants have played; a non-empty
    answer stops play there (the reason is kept in `run.stopped`). `metrics` names an
    evaluation (`tracing`): each game's quality metrics then join its figures."""
    if not games:
        raise CompareError("no variants to play")
    ids = {g.info.id for g in games}
    if len(ids) > 1:
        raise CompareError(f"the variants must be of one game, got {', '.join(sorted(ids))}")
    if len(agents) != games[0].info.players:
        raise CompareError(
            f"{games[0].info.id} is played by {games[0].info.players} agents, got {len(agents)}"
        )
    if count < 1:
        raise CompareError(f"--games must be 1 or more, got {count}")
    key = comparison_key(games, agents, seed, max_steps)
    plans = _Plans(
        tuple(
            _Plan(
                type(g),
                g.options.model_dump(),
                tuple(agents),
                seed,
                True,
                keep_records,
                max_steps,
                metrics=metrics,
            )
            for g in games
        )
    )
    runners = [_Runner(plan, g) for plan, g in zip(plans.plans, games, strict=True)]
    run = Run(list(games), list(agents), seed)
    for v, done in enumerate(finished):
        run.results[v].update(done)
    todo = [(v, i) for i in range(count) for v in range(len(games)) if i not in run.results[v]]
    place = {item: n for n, item in enumerate(todo)}
    if meter is not None:
        meter.expect({v: sum(1 for w, _ in todo if w == v) for v in range(len(games))}, jobs)

    def arrived(results: Iterator[tuple[int, GameResult]]) -> Iterator[tuple[int, GameResult]]:
        for result in results:
            if on_arrival is not None:
                on_arrival()
            yield result

    played = run_many(
        _prepare_all,
        _play_one,
        plans,
        todo,
        jobs=jobs,
        engine=engine,
        address=address,
        context=runners,
        error=CompareError,
        kind=_variant_of,
        on_report=meter.add if meter is not None else None,
    )
    ordered = in_order(arrived(played), index=lambda r: place[(r[0], r[1].index)])
    complete = 0  # indices 0 .. complete-1 are played by every variant
    try:
        for v, result in ordered:
            if result.record is not None:
                result.record.meta[COMPARISON] = key
                result.record.meta[VARIANT] = v
            run.results[v][result.index] = result
            if on_result is not None:
                on_result(v, result)
            while complete < count and all(complete in r for r in run.results):
                complete += 1
                if stop is not None and complete % check_every == 0:
                    run.stopped = stop(run)
                    if run.stopped:
                        return run
        if stop is not None and complete % check_every:
            run.stopped = stop(run)
        return run
    finally:
        close = getattr(ordered, "close", None)
        if close is not None:
            close()  # on a stop, drop the queued games


# --- the comparison --------------------------------------------------------------------------


def outcome_rows(run: Run, v: int, indices: Sequence[int]) -> dict[str, list[float]]:
    """The win rates as figures (1 for a win, else 0): each agent's, the draws and seat 0's."""
    rows: dict[str, list[float]] = {f"wins of {label}": [] for label in run.labels}
    rows["draws"] = []
    rows["first seat wins"] = []
    for i in indices:
        r = run.results[v][i]
        for agent, label in enumerate(run.labels):
            seat = r.seating.index(agent)
            rows[f"wins of {label}"].append(float(outcome_of(r.returns, seat) > 0))
        rows["draws"].append(float(all(outcome_of(r.returns, s) == 0 for s in range(2))))
        rows["first seat wins"].append(float(outcome_of(r.returns, 0) > 0))
    return rows


def figure_pairs(run: Run, a: int, b: int) -> dict[str, tuple[list[float], list[float]]]:
    """Every figure (win rates first, then the game's own): its values in the games where both
    variants report it, A's and B's, in game order. Named as the tables print them, in words
    ("goals in the two halves", as "wins of random #1"): one scheme in tables, CSV and JSON."""
    indices = run.paired_indices(a, b)
    rows_a, rows_b = outcome_rows(run, a, indices), outcome_rows(run, b, indices)
    out = {name: (rows_a[name], rows_b[name]) for name in rows_a}
    names: list[str] = []
    for i in indices:
        for name in (*run.results[a][i].figures, *run.results[b][i].figures):
            if name not in names:
                names.append(name)
    for name in names:
        xs, ys = [], []
        for i in indices:
            fa, fb = run.results[a][i].figures, run.results[b][i].figures
            if name in fa and name in fb:
                xs.append(fa[name])
                ys.append(fb[name])
        out[figure_label(name)] = (xs, ys)
    return out


def compare(
    run: Run, a: int = 0, b: int = 1, alpha: float = 0.05, primary: str | None = None
) -> list[Difference]:
    """Every figure of variant `b` against variant `a`, marked significant after Holm.

    A run the sequential test stopped early on figure `primary` gets always-valid intervals and
    p-values (`paired.sequential`): the fixed-n ones would claim more than they hold after a
    stop the data chose. The primary figure is then tested alone at `alpha` and the others,
    Holm over them, only once it is significant (a fixed-sequence gatekeeping: the chance of
    any false "significant" stays at most `alpha`)."""
    pairs = figure_pairs(run, a, b)
    if not run.stopped or primary is None:
        return holm([paired(name, xs, ys) for name, (xs, ys) in pairs.items()], alpha)
    first = figure_name(pairs, primary)
    diffs = {name: sequential(name, xs, ys, alpha) for name, (xs, ys) in pairs.items()}
    head = replace(diffs[first], significant=diffs[first].p <= alpha)
    rest = [d for name, d in diffs.items() if name != first]
    rest = holm(rest, alpha) if head.significant else rest
    by_name = {d.name: d for d in (head, *rest)}
    return [by_name[name] for name in pairs]


def figure_label(name: str) -> str:
    """A game's figure (goals_in_the_two_halves) as every output names it, in words."""
    return name.replace("_", " ")


def figure_name(pairs: dict[str, Any], figure: str) -> str:
    """`figure` as the pairs name it: "piece steps" or piece_steps (the records' spelling)."""
    name = next((n for n in pairs if n == figure_label(figure)), figure)
    if name not in pairs:
        known = ", ".join(pairs)
        raise CompareError(f"no figure {figure!r} in these games; the figures are: {known}")
    return name


def until_decided(figure: str, a: int = 0, b: int = 1) -> Callable[[Run], str]:
    """A `stop` for `play_variants`: stop once the sequential test decides `figure` (see
    `paired.msprt`); the answer says at how many games."""

    def stop(run: Run) -> str:
        pairs = figure_pairs(run, a, b)
        xs, ys = pairs[figure_name(pairs, figure)]
        diffs = [y - x for x, y in zip(xs, ys, strict=True)]
        if decided(diffs):
            return f"{figure} decided after {len(diffs)} games per variant"
        return ""

    return stop


def options_text(options: dict[str, Any]) -> str:
    return " ".join(f"{k}={v}" for k, v in options.items()) or "(defaults)"
