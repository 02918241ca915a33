"""Figures of a `bloodbowl-planner` (or any agent) arena run against `bloodbowl-scripted`.

    tablesports arena bloodbowl --agents bloodbowl-planner bloodbowl-scripted --games 200 \
        --jobs 2 --seed 1 --out planner.jsonl
    python scripts/bloodbowl_planner_figures.py planner.jsonl [--wall SECONDS --jobs 2]

Prints W-D-L, the win rate and the score (a draw counts half) with Wilson 95% intervals, the
same for each half of the seats, and, given the run's wall time and processes, the seconds
per decision of the agent (wall time times processes over its decisions with a choice: an
upper bound, since the opponent's moves and the dice are in it).
"""

from __future__ import annotations

import argparse
import json
import math

Z95 = 1.959963984540054


def wilson(p: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion `p` over `n` trials (p may count halves)."""
    if n == 0:
        return (0.0, 1.0)
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("records")
    ap.add_argument("--agent", default="bloodbowl-planner")
    ap.add_argument("--wall", type=float, default=0.0, help="the run's wall time, seconds")
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    tally = {0: [0, 0, 0], 1: [0, 0, 0]}
    moves = 0
    with open(args.records, encoding="utf-8") as f:
        records = [json.loads(line) for line in f if line.strip()]
    for r in records:
        if args.agent not in r["players"]:
            continue
        seat = r["players"].index(args.agent)
        mine, theirs = r["returns"][seat], r["returns"][1 - seat]
        tally[seat][0 if mine > theirs else 1 if mine == theirs else 2] += 1
        moves += sum(1 for who, _ in r["history"] if who == seat)
    for label, seats in (("seat 0", [0]), ("seat 1", [1]), ("all", [0, 1])):
        w, d, lo = (sum(tally[s][i] for s in seats) for i in range(3))
        n = w + d + lo
        if not n:
            continue
        win, score = w / n, (w + d / 2) / n
        wl, wh = wilson(win, n)
        sl, sh = wilson(score, n)
        print(
            f"{label}: {n} games, W-D-L {w}-{d}-{lo}, win rate {win:.1%} [{wl:.1%}, {wh:.1%}], "
            f"score {score:.1%} [{sl:.1%}, {sh:.1%}]"
        )
    print(f"{args.agent} moves (its actions in the records): {moves}")
    if args.wall and moves:
        print(f"s/move (wall x jobs / moves): {args.wall * args.jobs / moves:.3f}")


if __name__ == "__main__":
    main()
