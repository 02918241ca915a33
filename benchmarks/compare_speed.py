"""`compare` against `simulate`, in CPU seconds of this process, so that a busy machine's other
work does not count: the same number of random-against-random games each way.

    python benchmarks/compare_speed.py --games 1000 --reps 3 jukem
"""

from __future__ import annotations

import argparse
import time

from tablesports.arena.compare import play_variants
from tablesports.arena.simulate import simulate
from tablesports.core.registry import load

AGENTS = ["random", "random"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="jukem")
    parser.add_argument("--games", type=int, default=1000, help="games each way (even)")
    parser.add_argument("--reps", type=int, default=3)
    args = parser.parse_args()
    for _ in range(args.reps):
        started = time.process_time()
        simulate(load(args.game), AGENTS, args.games)
        alone = time.process_time() - started
        started = time.process_time()
        play_variants([load(args.game), load(args.game)], AGENTS, args.games // 2)
        paired = time.process_time() - started
        print(
            f"{args.game}: simulate {args.games / alone:.0f} games/s, "
            f"compare {args.games / paired:.0f} games/s (CPU time)",
            flush=True,
        )


if __name__ == "__main__":
    main()
