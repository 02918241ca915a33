"""Blood Bowl's Gymnasium env against botbowl's gym env, on one machine in one run.

Optional, never run in CI: botbowl (github.com/njustesen/botbowl) is not on PyPI and pins old
releases (gym 0.26, numpy 1.24), so it lives in a venv of its own, never in the project's:

    python3.11 -m venv /tmp/botbowl-venv
    /tmp/botbowl-venv/bin/pip install 'numpy<2' untangle==1.2.1 gym==0.26.2 python-interface \
        stopit more-itertools cython setuptools flask jinja2 requests tabulate
    (cd /tmp/botbowl && /tmp/botbowl-venv/bin/python setup.py build_ext --inplace)
    python benchmarks/botbowl_side_by_side.py --botbowl-python /tmp/botbowl-venv/bin/python \
        --botbowl-src /tmp/botbowl --seconds 5 --rounds 3

Both sides: a learner picking uniformly among the legal ids of its mask, the other team played
by the library's random bot, learner steps per CPU-second of the process that steps the env (a
busy machine's other work counts less), rounds alternating so that the load falls on both.
botbowl: `BotBowlEnv()` (11 a side, its default teams; `away_agent="random"`), with its Cython
pathfinder; ours: `tablesports/bloodbowl-v0` with `opponent="random"` (human against orc).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

from tablesports.envs.bench import bench_gym

BOTBOWL = """
import json, random, sys, time, warnings
warnings.simplefilter("ignore")
import numpy as np
from botbowl import BotBowlEnv
env = BotBowlEnv(seed=0)
rng = random.Random(0)
_, _, mask = env.reset()
steps = episodes = 0
start = time.process_time()
while time.process_time() - start < float(sys.argv[1]):
    legal = np.flatnonzero(mask)
    (_, _, mask), _, done, _ = env.step(int(legal[rng.randrange(len(legal))]))
    steps += 1
    if done:
        episodes += 1
        _, _, mask = env.reset()
print(json.dumps([steps / (time.process_time() - start), episodes]))
"""


def botbowl(python: str, src: str, seconds: float) -> tuple[float, int]:
    env = {**os.environ, "PYTHONPATH": src}
    out = subprocess.run(
        [python, "-c", BOTBOWL, str(seconds)],
        capture_output=True,
        text=True,
        env=env,
        cwd=src,
        check=True,
    ).stdout
    rate, episodes = json.loads(out.strip().splitlines()[-1])
    return float(rate), int(episodes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--botbowl-python", required=True, help="the botbowl venv's python")
    parser.add_argument("--botbowl-src", required=True, help="botbowl's source folder")
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per side/round")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if args.seconds <= 0 or args.rounds < 1:
        parser.error("--seconds takes a positive number, --rounds a whole number of at least 1")
    ours_all, theirs_all = [], []
    for k in range(args.rounds):
        ours = bench_gym("bloodbowl", args.seconds, seed=k)
        theirs, episodes = botbowl(args.botbowl_python, args.botbowl_src, args.seconds)
        ours_all.append(ours.steps_per_second)
        theirs_all.append(theirs)
        print(
            f"round {k + 1}: tablesports {ours.steps_per_second:,.0f} steps/s "
            f"({ours.episodes} games), botbowl {theirs:,.0f} steps/s ({episodes} games): "
            f"{ours.steps_per_second / theirs:.1f}×",
            flush=True,
        )
    ratio = sum(ours_all) / sum(theirs_all)
    print(
        f"mean: tablesports {sum(ours_all) / len(ours_all):,.0f}, botbowl "
        f"{sum(theirs_all) / len(theirs_all):,.0f} steps per CPU-second: {ratio:.1f}×"
    )


if __name__ == "__main__":
    sys.exit(main())
