"""The mini Jukem's exploitability curve (docs/rl.md): CFR+, outcome-sampling and
external-sampling MCCFR from OpenSpiel, each measured by `exploitability.nash_conv` at
checkpoints, against uniform random.

    python scripts/mini_jukem_curve.py                     print the table only
    python scripts/mini_jukem_curve.py --out docs/img      also write mini_jukem_curve.png
                                                            and mini_jukem_curve.json there

Nothing is written without --out. The exploitability is `nash_conv / 2` (two players).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python import policy as policies
from open_spiel.python.algorithms import (
    cfr,
    exploitability,
    external_sampling_mccfr,
    outcome_sampling_mccfr,
)

from tablesports.envs import register_openspiel

CHECKPOINTS = {
    "CFR+": [1, 2, 3, 5, 8, 12, 20],
    "external-sampling MCCFR": [10, 30, 100, 300, 1000, 3000],
    "outcome-sampling MCCFR": [100, 1000, 3000, 10000],
}


def _exploitability(game: pyspiel.Game, policy: Any) -> float:
    return float(exploitability.nash_conv(game, policy)) / 2


def curve(game: pyspiel.Game, name: str, marks: list[int], seed: int) -> list[dict[str, float]]:
    """Exploitability after each checkpoint's number of iterations, and the time spent."""
    np.random.seed(seed)
    solver: Any
    if name == "CFR+":
        solver = cfr.CFRPlusSolver(game)
        step, average = solver.evaluate_and_update_policy, solver.average_policy
    elif name.startswith("external"):
        solver = external_sampling_mccfr.ExternalSamplingSolver(game)
        step, average = solver.iteration, solver.average_policy
    else:
        solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
        step, average = solver.iteration, solver.average_policy
    rows, done, spent = [], 0, 0.0
    for mark in marks:
        start = time.process_time()
        while done < mark:
            step()
            done += 1
        spent += time.process_time() - start
        value = _exploitability(game, average())
        rows.append({"iterations": mark, "exploitability": value, "seconds": round(spent, 1)})
        print(f"{name:26} {mark:>7} {value:.5f} {spent:8.1f} s", flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="folder for mini_jukem_curve.png and .json")
    parser.add_argument("--seed", type=int, default=1, help="numpy seed of the MCCFR samples")
    args = parser.parse_args(argv)
    register_openspiel()
    game = pyspiel.load_game("tablesports_jukem", {"preset": "mini"})
    start = time.process_time()
    uniform = _exploitability(game, policies.UniformRandomPolicy(game))
    timed = time.process_time() - start
    infostates = len(cfr.CFRPlusSolver(game)._info_state_nodes)
    print(f"information states: {infostates}; uniform random: exploitability {uniform:.5f} "
          f"(nash_conv {2 * uniform:.5f}, {timed:.1f} s)")  # fmt: skip
    curves = {name: curve(game, name, marks, args.seed) for name, marks in CHECKPOINTS.items()}
    print("\n| algorithm | iterations | exploitability | CPU seconds |\n|---|---:|---:|---:|")
    for name, rows in curves.items():
        for row in rows:
            print(f"| {name} | {row['iterations']:,} | {row['exploitability']:.4f} | "
                  f"{row['seconds']:.1f} |")  # fmt: skip
    if args.out is None:
        return 0
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    args.out.mkdir(parents=True, exist_ok=True)
    fig, ax = plt.subplots(figsize=(7, 4.2), dpi=110)
    for name, rows in curves.items():
        ax.plot([r["iterations"] for r in rows], [r["exploitability"] for r in rows], "o-",
                label=name)  # fmt: skip
    ax.axhline(uniform, color="grey", linestyle=":", label="uniform random")
    ax.axhline(0.01, color="black", linestyle="--", linewidth=0.8, label="0.01")
    ax.set(xscale="log", yscale="log", xlabel="iterations", ylabel="exploitability (nash_conv / 2)",
           title=f"Mini Jukem (preset=mini, {infostates} information states)")  # fmt: skip
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(args.out / "mini_jukem_curve.png")
    data = {"information_states": infostates, "uniform": uniform, "curves": curves}
    (args.out / "mini_jukem_curve.json").write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {args.out / 'mini_jukem_curve.png'} and mini_jukem_curve.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
