"""How often the sequential test of `compare --until-significant` (arena/paired.py) decides
when there is no difference (A/A), for differences of several shapes, looked at every
--check-every pairs up to --games; and how often Cochran's rule (25 x skewness² pairs) would
have flagged those decisions. Prints one line a shape.

    PYTHONPATH=src python benchmarks/sprt_false_alarms.py --runs 400 --games 1000 --every 100
"""

from __future__ import annotations

import argparse
import math
import random

from tablesports.arena.paired import decided, needed_pairs

SHAPES = {
    "normal": lambda r: r.gauss(0, 1),
    "difference of two lognormals (symmetric)": lambda r: (
        r.lognormvariate(0, 1.5) - r.lognormvariate(0, 1.5)
    ),
    "lognormal sigma 1.5, mean 0 (skewed)": lambda r: (
        r.lognormvariate(0, 1.5) - math.exp(1.5**2 / 2)
    ),
    "difference of two Poisson(0.3) counts": lambda r: _poisson(r, 0.3) - _poisson(r, 0.3),
}


def _poisson(r: random.Random, mean: float) -> int:
    k, p, limit = 0, r.random(), math.exp(-mean)
    while p > limit:
        k += 1
        p *= r.random()
    return k


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=400)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--every", type=int, default=100)
    args = parser.parse_args()
    for name, draw in SHAPES.items():
        alarms = flagged = 0
        for run in range(args.runs):
            r = random.Random(run)
            diffs = [draw(r) for _ in range(args.games)]
            for n in range(args.every, args.games + 1, args.every):
                if decided(diffs[:n]):
                    alarms += 1
                    flagged += n < needed_pairs(diffs[:n])
                    break
        print(
            f"{name}: decided {alarms / args.runs:.1%} of {args.runs} A/A runs "
            f"({flagged} of those {alarms} warned by Cochran's rule)"
        )


if __name__ == "__main__":
    main()
