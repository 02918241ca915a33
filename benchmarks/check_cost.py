"""What `apply_action`'s legality check costs (a script that prints figures, not a test).

The public loop's shape (`legal_actions()`, `chance_outcomes()` and a weighted draw, as
OpenSpiel's loop and `../shared/bench/ts_playouts.py` do) played on the same seeds twice: once
applying with `apply_action` (the check) and once with `apply_legal` (none). The ratio of the
two is the check's cost alone; the rest of the gap between `tablesports bench`'s raw and public
loops is the loop's own chance work (listing and drawing from every outcome).

    .venv/bin/python benchmarks/check_cost.py [GAME ...] [--reps 5]
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import _args  # benchmarks/_args.py, beside this script

import tablesports
from tablesports import CHANCE

GAMES = {"jukem": 400, "hanniball": 40, "bloodbowl": 10, "juggerttg": 4, "juggers": 15}


def steps_per_cpu_second(game: Any, games: int, checked: bool, seed: int) -> float:
    rng = random.Random(seed)
    steps = 0
    start = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        apply: Callable[[Any], Any] = state.apply_action if checked else state.apply_legal
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                outcomes = state.chance_outcomes()
                if outcomes:
                    actions, weights = zip(*outcomes, strict=True)
                    apply(rng.choices(actions, weights)[0])
                else:
                    apply(state.sample_chance(rng))
            else:
                apply(rng.choice(state.legal_actions()))
            steps += 1
    return steps / (time.process_time() - start)


def main() -> None:
    args = _args.parse(_args.parser(__doc__, GAMES, reps=5), GAMES)
    for name in args.games:
        game = tablesports.load(name)
        ratios, checked = [], 0.0
        for r in range(args.reps):
            unchecked = steps_per_cpu_second(game, GAMES[name], False, r)
            checked = steps_per_cpu_second(game, GAMES[name], True, r)
            ratios.append(checked / unchecked)
        ratios.sort()
        print(
            f"{name}: with the check / without, same loop and seeds: median "
            f"{statistics.median(ratios):.2f} (range {ratios[0]:.2f}-{ratios[-1]:.2f}); "
            f"{checked:,.0f} steps per CPU-second checked"
        )


if __name__ == "__main__":
    main()
