"""Paired differences between two variants played on the same seeds, and the tests on them.

Game i of variant A and game i of variant B share their seed and seating (common random
numbers), so `d_i = b_i - a_i` cancels much of the luck both share. For each figure:

- the mean difference `mean(d)` and its 95% interval `mean(d) ± t(0.975, n-1) · sd(d)/sqrt(n)`
  (Student's t on the paired differences, as in `scipy.stats.ttest_rel`);
- the two-sided p-value of the same t test;
- Holm's step-down correction over all the figures compared (`holm`): sort the p-values,
  the k-th smallest (k = 0, 1, ...) is significant while p <= alpha / (m - k). It keeps the
  chance of any false "significant" among the m figures at most alpha (Holm 1979).

The sequential test (`msprt`) is a mixture sequential probability ratio test (Robbins 1970;
Johari, Pekelis and Walsh, "Always valid inference", 2017): with a normal mixture N(0, tau²)
over the mean difference and the variance sigma² estimated from the differences,

    Lambda_n = sqrt(sigma² / (sigma² + n tau²)) · exp(n² tau² dbar² / (2 sigma² (sigma² + n tau²)))

and the figure is decided (the difference is not 0) once Lambda_n >= 1/alpha. Under no
difference, Lambda_n is a martingale, so by Ville's inequality the chance that it ever
reaches 1/alpha is at most alpha, however often it is looked at (with a known sigma; the
estimated sigma makes it approximate, so no look is made before `MIN_GAMES` games).

A strongly skewed difference (a rare large gain: lognormal) breaks that approximation: the
sample mean and the estimated sigma move together, and A/A runs of a lognormal (sigma 1.5)
difference decide far more often than 5% (`benchmarks/sprt_false_alarms.py`). Waiting for
Cochran's rule, n >= 25 g1² (g1 the skewness of the differences; Boos and Hughes-Oliver 2000),
brings them back near 5%, but it also stalls clear effects whose differences are skewed (a
turn limit that ends most games: g1 ~ 3, hundreds of pairs). So the test is left as it is and
`needed_pairs` is a warning: `compare` says when a decision came before Cochran's rule was met.

Once a run stops early, the fixed-n interval and p-value of the table are no longer what they
claim (the stop chose a moment when the difference looked large). `sequential` gives what holds
at any stopping time instead: the always-valid p-value min(1, 1/Lambda_n) and the confidence
sequence {theta : Lambda_n(theta) < 1/alpha}, the mixture's own interval (wider).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace

ALPHA = 0.05
MIN_GAMES = 30
"""No sequential look before this many pairs: the variance estimate needs some games."""
TAU_RATIO = 0.1
"""The mixture's spread tau, as a share of sigma: tuned to differences of about a tenth of a
standard deviation (smaller ones still decide, later)."""


def _t_quantile(p: float, df: int) -> float:
    try:
        from scipy import stats  # type: ignore[import-untyped]
    except ImportError:  # the normal quantile: close for the hundreds of games compared
        from statistics import NormalDist

        return NormalDist().inv_cdf(p)
    return float(stats.t.ppf(p, df))


def _t_two_sided(t: float, df: int) -> float:
    try:
        from scipy import stats
    except ImportError:
        from statistics import NormalDist

        return 2 * (1 - NormalDist().cdf(abs(t)))
    return float(2 * stats.t.sf(abs(t), df))


@dataclass(frozen=True, slots=True)
class Difference:
    """One figure of variants A and B over the games both report it."""

    name: str
    games: int
    a: float
    b: float
    low: float
    high: float
    p: float
    significant: bool = False

    @property
    def diff(self) -> float:
        return self.b - self.a

    def to_json(self) -> dict[str, object]:
        return {
            "figure": self.name,
            "games": self.games,
            "a": self.a,
            "b": self.b,
            "difference": self.diff,
            "interval": [self.low, self.high],
            "p": self.p,
            "significant": self.significant,
        }


def mean_sd(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = math.fsum(values) / n
    if n < 2:
        return mean, 0.0
    return mean, math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))


def paired(name: str, a: Sequence[float], b: Sequence[float], level: float = 0.95) -> Difference:
    """The paired comparison of `a[i]` and `b[i]` (the same games, one per variant)."""
    if len(a) != len(b):
        raise ValueError(f"{name}: {len(a)} games of A against {len(b)} of B")
    n = len(a)
    mean_a = math.fsum(a) / n if n else 0.0
    mean_b = math.fsum(b) / n if n else 0.0
    d, sd = mean_sd([y - x for x, y in zip(a, b, strict=True)])
    if n < 2:
        return Difference(name, n, mean_a, mean_b, -math.inf, math.inf, 1.0)
    se = sd / math.sqrt(n)
    if se == 0:  # every pair differs by the same amount: no doubt left, or no difference
        return Difference(name, n, mean_a, mean_b, d, d, 1.0 if d == 0 else 0.0)
    half = _t_quantile(0.5 + level / 2, n - 1) * se
    return Difference(name, n, mean_a, mean_b, d - half, d + half, _t_two_sided(d / se, n - 1))


def holm(differences: Sequence[Difference], alpha: float = ALPHA) -> list[Difference]:
    """The same differences, each marked significant or not after Holm's correction."""
    m = len(differences)
    order = sorted(range(m), key=lambda i: differences[i].p)
    significant = [False] * m
    for k, i in enumerate(order):
        if differences[i].p > alpha / (m - k):
            break
        significant[i] = True
    return [replace(diff, significant=s) for diff, s in zip(differences, significant, strict=True)]


def msprt(diffs: Sequence[float], alpha: float = ALPHA, tau_ratio: float = TAU_RATIO) -> float:
    """The mixture likelihood ratio Lambda_n of the paired differences (see the module); the
    difference is decided when it reaches `1 / alpha`. Returned as its logarithm."""
    n = len(diffs)
    dbar, sd = mean_sd(diffs)
    if n < 2:
        return -math.inf
    if sd == 0:
        return math.inf if dbar != 0 else -math.inf
    s2 = sd * sd
    t2 = (tau_ratio * sd) ** 2
    return 0.5 * math.log(s2 / (s2 + n * t2)) + (n * n * t2 * dbar * dbar) / (
        2 * s2 * (s2 + n * t2)
    )


def skewness(values: Sequence[float]) -> float:
    """The sample skewness g1 (the third central moment over the second's 3/2 power); 0 for
    fewer than 3 values or none that differ."""
    n = len(values)
    if n < 3:
        return 0.0
    mean = math.fsum(values) / n
    m2 = math.fsum((v - mean) ** 2 for v in values) / n
    if m2 == 0:
        return 0.0
    return math.fsum((v - mean) ** 3 for v in values) / n / m2**1.5


def needed_pairs(diffs: Sequence[float]) -> int:
    """The pairs the normal approximation needs: `MIN_GAMES`, or 25 g1² for skewed differences
    (Cochran's rule). A decision before them is flagged, not refused (see the module)."""
    return max(MIN_GAMES, math.ceil(25 * skewness(diffs) ** 2))


def decided(diffs: Sequence[float], alpha: float = ALPHA) -> bool:
    """Whether the sequential test has decided that the mean difference is not 0."""
    return len(diffs) >= MIN_GAMES and msprt(diffs, alpha) >= math.log(1 / alpha)


def sequential(
    name: str, a: Sequence[float], b: Sequence[float], alpha: float = ALPHA
) -> Difference:
    """Like `paired`, with what stays valid after a data-dependent stop: the mixture's
    confidence sequence as the interval and min(1, 1/Lambda_n) as the p-value."""
    fixed = paired(name, a, b, 1 - alpha)
    diffs = [y - x for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    dbar, sd = mean_sd(diffs)
    if n < 2 or sd == 0:
        return fixed
    s2 = sd * sd
    t2 = (TAU_RATIO * sd) ** 2
    spread = s2 + n * t2
    # Lambda_n(theta) < 1/alpha  <=>  |dbar - theta| < half
    half = math.sqrt(
        2 * s2 * spread * (math.log(1 / alpha) - 0.5 * math.log(s2 / spread)) / (n * n * t2)
    )
    p = min(1.0, math.exp(-msprt(diffs, alpha)))
    return replace(fixed, low=dbar - half, high=dbar + half, p=p)
