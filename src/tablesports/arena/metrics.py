"""Game-quality metrics after Ludii's (Browne and Stephenson), as pure functions of recorded
games (`Trace`s), each with its 95% interval; plus what Ludii does not have: the skill gap,
each seat's score and the game's own figures with intervals.

A trace holds what the analysis saw of one game: its result (or None when it was stopped at the
step cap: a timeout), the number of legal actions at each decision, an evaluation of each
decision's position for every seat (`values[i][seat]`, in [-1, 1]) and, for clarity, the
mover's evaluation of the position after each action it could take (`options[i]`).

Intervals: a share of games (completion, drawishness, timeouts, the first seat's wins) gets
Wilson's score interval; every other metric a percentile bootstrap over games (games resampled
with replacement, `RESAMPLES` times, the statistic recomputed), seeded so that the same games
give the same interval. `DEFINITIONS` says which, and the source of each metric;
docs/designers.md, "Game-quality metrics", gives each definition in full.

    >>> estimates = analyse(traces, players=2)                          # doctest: +SKIP
    >>> estimates[0].name, estimates[0].value, estimates[0].low          # doctest: +SKIP
    ('balance', 0.95, 0.8)
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from tablesports.arena.stats import outcome_of, wilson_interval
from tablesports.core.records import Record

RESAMPLES = 2000
"""Bootstrap resamples per interval."""
CLARITY_SHARE = 0.75
"""Ludii's clarity (narrowness) counts the actions above mean + 0.75 (max - mean)."""

WILSON = "Wilson"
BOOTSTRAP = "bootstrap"


@dataclass(frozen=True, slots=True)
class Trace:
    """One analysed game (see the module's docstring)."""

    index: int
    seed: int
    seating: tuple[int, ...]
    """`seating[seat]` is the index of the agent who sat there."""
    returns: tuple[float, ...] | None
    """None: stopped at the step cap (a timeout)."""
    steps: int
    choices: tuple[int, ...] = ()
    values: tuple[tuple[float, ...], ...] = ()
    options: tuple[tuple[float, ...], ...] = ()
    figures: dict[str, float] = field(default_factory=dict)
    record: Record | None = field(default=None, compare=False)
    """The game's record, when the analysis keeps them (`--out`)."""

    @property
    def decisions(self) -> int:
        return len(self.choices)

    def winners(self) -> list[int]:
        """The seats with the best return when one seat alone has it, else [] (a draw or a
        timeout)."""
        if self.returns is None:
            return []
        best = [s for s in range(len(self.returns)) if outcome_of(self.returns, s) > 0]
        return best

    def score(self, seat: int) -> float | None:
        """1 for a win, 1/2 for a draw (a shared best), 0 for a loss; None for a timeout."""
        if self.returns is None:
            return None
        return (outcome_of(self.returns, seat) + 1) / 2


@dataclass(frozen=True, slots=True)
class Definition:
    meaning: str
    """One line for the tables and the report."""
    source: str
    interval: str
    """WILSON or BOOTSTRAP."""
    evaluation: bool = False
    """Needs an evaluation of the positions (the state-evaluation metrics)."""


LUDII = "Ludii (Browne and Stephenson), metric "
DEFINITIONS: dict[str, Definition] = {
    "balance": Definition(
        "1 - the largest gap between two seats' win rates (1: the seats win equally often)",
        LUDII + "Balance",
        BOOTSTRAP,
    ),
    "first player advantage": Definition(
        "share of the games the first seat (seat 0) won",
        LUDII + "AdvantageP1",
        WILSON,
    ),
    "completion": Definition(
        "share of the games that ended with a winner", LUDII + "Completion", WILSON
    ),
    "drawishness": Definition(
        "share of the games drawn (timeouts left out)", LUDII + "Drawishness", WILSON
    ),
    "timeouts": Definition(
        "share of the games stopped at the step cap without an end", LUDII + "Timeouts", WILSON
    ),
    "duration": Definition(
        "mean decisions a game (players' moves; chance left out)",
        LUDII + "DurationMoves",
        BOOTSTRAP,
    ),
    "duration spread": Definition(
        "standard deviation of the decisions a game", LUDII + "DurationTurnsStdDev", BOOTSTRAP
    ),
    "steps": Definition("mean steps a game, chance outcomes included", "tablesports", BOOTSTRAP),
    "decision moves": Definition(
        "share of a game's decisions with more than one legal action",
        LUDII + "DecisionMoves",
        BOOTSTRAP,
    ),
    "branching factor": Definition(
        "mean legal actions a decision", LUDII + "BranchingFactorAvg", BOOTSTRAP
    ),
    "lead change": Definition(
        "share of a game's moves after which the leader (best evaluation) changed",
        LUDII + "LeadChange",
        BOOTSTRAP,
        True,
    ),
    "stability": Definition(
        "variance of each seat's evaluation over a game, summed over seats (low: steady)",
        LUDII + "Stability",
        BOOTSTRAP,
        True,
    ),
    "drama": Definition(
        "mean gap between the best evaluation and the eventual winner's (0: never behind)",
        LUDII + "Drama (average)",
        BOOTSTRAP,
        True,
    ),
    "decisiveness": Definition(
        "share of the game played before the winner's evaluation tops the best the others "
        "ever had (low: decided early)",
        LUDII + "DecisivenessMoves with DecisivenessThreshold",
        BOOTSTRAP,
        True,
    ),
    "uncertainty": Definition(
        "mean of 1 - (best - second best evaluation)/2 over a game (1: open to the end)",
        "after Browne and Maire 2010, 'uncertainty'; this formula is tablesports'",
        BOOTSTRAP,
        True,
    ),
    "clarity (narrowness)": Definition(
        "share of the actions rated above mean + 0.75 (best - mean) by the mover (low: one "
        "clear best move)",
        LUDII + "ClarityNarrowness",
        BOOTSTRAP,
        True,
    ),
    "clarity (variance)": Definition(
        "variance of the mover's evaluations of its actions at a decision (high: moves differ)",
        LUDII + "ClarityVariance",
        BOOTSTRAP,
        True,
    ),
    "skill gap": Definition(
        "strong agent's score - weak agent's score, seats swapped (0: skill does not matter)",
        "tablesports",
        BOOTSTRAP,
    ),
}
SEAT_SCORE = Definition(
    "the seat's score (win 1, draw 1/2, loss 0) over the games that ended", "tablesports", BOOTSTRAP
)
FIGURE = Definition("the game's own figure (arena.figures), mean a game", "the game", BOOTSTRAP)


@dataclass(frozen=True, slots=True)
class Estimate:
    """A metric's value over the games, its 95% interval, and how many games define it."""

    name: str
    value: float
    low: float
    high: float
    games: int
    method: str
    meaning: str = ""
    source: str = ""

    def to_json(self) -> dict[str, object]:
        def number(x: float) -> float | None:
            return x if math.isfinite(x) else None

        return {
            "value": number(self.value),
            "interval": [number(self.low), number(self.high)],
            "games": self.games,
            "interval_method": self.method,
            "meaning": self.meaning,
            "source": self.source,
        }


# --- one game's metrics ------------------------------------------------------------------------


def leaders(values: Sequence[float]) -> frozenset[int]:
    best = max(values)
    return frozenset(s for s, v in enumerate(values) if v == best)


def lead_change(values: Sequence[Sequence[float]]) -> float | None:
    """Changes of the leader set between consecutive positions, over the number of changes
    that could have happened (Ludii counts the first position as a change too; we do not)."""
    if len(values) < 2:
        return None
    sets = [leaders(v) for v in values]
    changes = sum(1 for a, b in pairwise(sets) if a != b)
    return changes / (len(values) - 1)


def _variance(xs: Sequence[float]) -> float:
    mean = math.fsum(xs) / len(xs)
    return math.fsum((x - mean) ** 2 for x in xs) / len(xs)


def stability(values: Sequence[Sequence[float]]) -> float | None:
    """Each seat's population variance of its evaluation over the game, summed over seats."""
    if not values:
        return None
    return math.fsum(_variance([v[s] for v in values]) for s in range(len(values[0])))


def drama(values: Sequence[Sequence[float]], winners: Sequence[int]) -> float | None:
    """Mean over positions of (best evaluation - the winners' mean evaluation); games with a
    winner only."""
    if not values or not winners:
        return None
    gaps = [max(v) - math.fsum(v[w] for w in winners) / len(winners) for v in values]
    return math.fsum(gaps) / len(gaps)


def decisiveness(values: Sequence[Sequence[float]], winners: Sequence[int]) -> float | None:
    """The share of the positions seen before a winner's evaluation first tops the best any
    other seat ever had (Ludii's threshold); 1 when it never does before the end."""
    if not values or not winners:
        return None
    others = [s for s in range(len(values[0])) if s not in winners]
    threshold = max((v[s] for v in values for s in others), default=-1.0)
    for i, v in enumerate(values):
        if any(v[w] > threshold for w in winners):
            return i / len(values)
    return 1.0


def uncertainty(values: Sequence[Sequence[float]]) -> float | None:
    """Mean over positions of 1 - (best - second best)/2: evaluations in [-1, 1] make it 1
    while the seats are level and 0 once one is sure to win."""
    if not values:
        return None
    gaps = []
    for v in values:
        top = sorted(v, reverse=True)
        gaps.append(1 - (top[0] - top[1]) / 2 if len(top) > 1 else 0.0)
    return math.fsum(gaps) / len(gaps)


def clarity_narrowness(options: Sequence[Sequence[float]]) -> float | None:
    """Per decision with two or more actions rated, the share rated above mean + 0.75 (max -
    mean); their mean over the game."""
    shares = []
    for rated in options:
        if len(rated) < 2:
            continue
        mean = math.fsum(rated) / len(rated)
        threshold = mean + CLARITY_SHARE * (max(rated) - mean)
        shares.append(sum(1 for r in rated if r > threshold) / len(rated))
    return math.fsum(shares) / len(shares) if shares else None


def clarity_variance(options: Sequence[Sequence[float]]) -> float | None:
    """Per decision with two or more actions rated, their population variance; the mean."""
    spreads = [_variance(rated) for rated in options if len(rated) >= 2]
    return math.fsum(spreads) / len(spreads) if spreads else None


def decision_share(choices: Sequence[int]) -> float | None:
    return sum(1 for c in choices if c > 1) / len(choices) if choices else None


def branching(choices: Sequence[int]) -> float | None:
    return math.fsum(choices) / len(choices) if choices else None


def per_game(trace: Trace) -> dict[str, float]:
    """The metrics one game defines, as figures of that game (`compare --metrics`): the
    paired comparison of two variants then works on them game by game."""
    winners = trace.winners()
    found = {
        "duration": float(trace.decisions),
        "decision moves": decision_share(trace.choices),
        "branching factor": branching(trace.choices),
        "lead change": lead_change(trace.values),
        "stability": stability(trace.values),
        "drama": drama(trace.values, winners),
        "decisiveness": decisiveness(trace.values, winners),
        "uncertainty": uncertainty(trace.values),
        "clarity (narrowness)": clarity_narrowness(trace.options),
        "clarity (variance)": clarity_variance(trace.options),
    }
    return {name: value for name, value in found.items() if value is not None}


# --- intervals ---------------------------------------------------------------------------------


def _rng(name: str, seed: int) -> random.Random:
    return random.Random(zlib.crc32(name.encode()) ^ seed)


def bootstrap(
    items: Sequence[object],
    statistic: Callable[[Sequence[object]], float],
    name: str,
    seed: int = 0,
    resamples: int = RESAMPLES,
) -> tuple[float, float]:
    """The percentile 95% interval of `statistic` over `items` resampled with replacement
    (nan, nan with fewer than two items: one game says nothing of the spread)."""
    n = len(items)
    if n < 2:
        return (math.nan, math.nan)
    rng = _rng(name, seed)
    stats = sorted(statistic([items[rng.randrange(n)] for _ in range(n)]) for _ in range(resamples))
    stats = [s for s in stats if math.isfinite(s)]
    if not stats:
        return (math.nan, math.nan)
    low = stats[int(0.025 * (len(stats) - 1))]
    high = stats[math.ceil(0.975 * (len(stats) - 1))]
    return (low, high)


def _mean(xs: Sequence[object]) -> float:
    return math.fsum(float(x) for x in xs) / len(xs) if xs else math.nan  # type: ignore[arg-type]


def _sd(xs: Sequence[object]) -> float:
    if len(xs) < 2:
        return math.nan
    return math.sqrt(_variance([float(x) for x in xs]) * len(xs) / (len(xs) - 1))  # type: ignore[arg-type]


def share(name: str, hits: int, games: int) -> Estimate:
    """A share of the games, with Wilson's interval."""
    d = DEFINITIONS[name]
    low, high = wilson_interval(hits, games) if games else (math.nan, math.nan)
    value = hits / games if games else math.nan
    return Estimate(name, value, low, high, games, WILSON, d.meaning, d.source)


def mean_of(
    name: str,
    values: Sequence[float | None],
    seed: int = 0,
    definition: Definition | None = None,
    statistic: Callable[[Sequence[object]], float] = _mean,
) -> Estimate:
    """The mean (or `statistic`) of per-game values, the games where a value is undefined
    (None) left out, with a bootstrap interval."""
    d = definition or DEFINITIONS[name]
    kept = [v for v in values if v is not None]
    value = statistic(kept) if kept else math.nan
    low, high = bootstrap(kept, statistic, name, seed)
    return Estimate(name, value, low, high, len(kept), BOOTSTRAP, d.meaning, d.source)


# --- the metrics of many games -----------------------------------------------------------------


def balance(traces: Sequence[Trace], players: int) -> float:
    """1 - the largest difference between two seats' win rates (Ludii: over all the games)."""
    if not traces:
        return math.nan
    wins = [0] * players
    for t in traces:
        for s in t.winners():
            wins[s] += 1
    rates = [w / len(traces) for w in wins]
    return 1 - max(abs(a - b) for i, a in enumerate(rates) for b in rates[i + 1 :])


def outcome_metrics(traces: Sequence[Trace], players: int, seed: int = 0) -> list[Estimate]:
    n = len(traces)
    ended = [t for t in traces if t.returns is not None]
    d = DEFINITIONS["balance"]
    low, high = bootstrap(traces, lambda ts: balance(ts, players), "balance", seed)  # type: ignore[arg-type]
    out = [
        Estimate("balance", balance(traces, players), low, high, n, BOOTSTRAP, d.meaning, d.source)
    ]
    out.append(share("first player advantage", sum(1 for t in traces if 0 in t.winners()), n))
    out.append(share("completion", sum(1 for t in traces if t.winners()), n))
    out.append(share("drawishness", sum(1 for t in ended if not t.winners()), n))
    out.append(share("timeouts", n - len(ended), n))
    for seat in range(players):
        out.append(mean_of(f"seat {seat} score", [t.score(seat) for t in traces], seed, SEAT_SCORE))
    return out


def length_metrics(traces: Sequence[Trace], seed: int = 0) -> list[Estimate]:
    decisions = [float(t.decisions) for t in traces]
    return [
        mean_of("duration", decisions, seed),
        mean_of("duration spread", decisions, seed, statistic=_sd),
        mean_of("steps", [float(t.steps) for t in traces], seed),
        mean_of("decision moves", [decision_share(t.choices) for t in traces], seed),
        mean_of("branching factor", [branching(t.choices) for t in traces], seed),
    ]


def evaluation_metrics(traces: Sequence[Trace], seed: int = 0) -> list[Estimate]:
    out = [
        mean_of("lead change", [lead_change(t.values) for t in traces], seed),
        mean_of("stability", [stability(t.values) for t in traces], seed),
        mean_of("drama", [drama(t.values, t.winners()) for t in traces], seed),
        mean_of("decisiveness", [decisiveness(t.values, t.winners()) for t in traces], seed),
        mean_of("uncertainty", [uncertainty(t.values) for t in traces], seed),
    ]
    if any(t.options for t in traces):
        out.append(
            mean_of("clarity (narrowness)", [clarity_narrowness(t.options) for t in traces], seed)
        )
        out.append(
            mean_of("clarity (variance)", [clarity_variance(t.options) for t in traces], seed)
        )
    return out


def figure_metrics(traces: Sequence[Trace], seed: int = 0) -> list[Estimate]:
    """Each of the game's own figures: its mean over the games that define it."""
    names: list[str] = []
    for t in traces:
        names += [n for n in t.figures if n not in names]
    return [mean_of(name, [t.figures.get(name) for t in traces], seed, FIGURE) for name in names]


def skill_gap(traces: Sequence[Trace], strong: int = 0, seed: int = 0) -> Estimate:
    """The strong agent's score minus the weak one's, per game (+1, 0 or -1), meaned: the
    games of a strong agent (`strong`, an index in the seating) against a weak one."""
    gaps: list[float | None] = []
    for t in traces:
        seat = t.seating.index(strong)
        score = t.score(seat)
        gaps.append(None if score is None else 2 * score - 1)
    return mean_of("skill gap", gaps, seed)


def analyse(traces: Sequence[Trace], players: int, seed: int = 0) -> list[Estimate]:
    """Every metric of these games (the state-evaluation ones when the traces have values)."""
    out = outcome_metrics(traces, players, seed) + length_metrics(traces, seed)
    if any(t.values for t in traces):
        out += evaluation_metrics(traces, seed)
    return out
