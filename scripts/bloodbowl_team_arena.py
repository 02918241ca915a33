"""Every published Blood Bowl team against every other, both scripted bots
(`bloodbowl-scripted`), and a markdown table of results per team (a script that prints
figures; docs/games/bloodbowl-teams.md keeps its output).

    .venv/bin/python scripts/bloodbowl_team_arena.py --games 2 --jobs 2
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from typing import Any

from tablesports.agents.registry import make_agent
from tablesports.arena.engines import run_many
from tablesports.arena.match import play_match
from tablesports.core.records import replay_final
from tablesports.core.registry import load
from tablesports.games.bloodbowl.rules_data import rosters, teams


def prepare(plan: dict[str, Any]) -> dict[str, Any]:
    return {}


def play(context: dict[str, Any], item: tuple[str, str, int]) -> tuple[str, str, int, int]:
    home, away, seed = item
    game = load("bloodbowl", home=home, away=away)
    bots = [make_agent("bloodbowl-scripted", game, seed + i) for i in (0, 1)]
    final: Any = replay_final(play_match(game, bots, seed), game)
    return home, away, final.score[0], final.score[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2, help="matches per ordered pairing")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--teams", nargs="+", metavar="KEY", help="only these teams (default: every published team)"
    )
    args = parser.parse_args()
    keys = list(teams())
    unknown = sorted(set(args.teams or ()) - set(keys))
    if unknown:
        parser.error(f"unknown teams {', '.join(unknown)}: `tablesports teams` lists them")
    keys = [k for k in keys if k in args.teams] if args.teams else keys
    items = [
        (home, away, seed)
        for home in keys
        for away in keys
        if home != away
        for seed in range(args.games)
    ]
    rows: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0, 0])  # W D L TD for, against
    for home, away, h, a in run_many(prepare, play, {}, items, jobs=args.jobs):
        for team, mine, theirs in ((home, h, a), (away, a, h)):
            row = rows[team]
            row[0 if mine > theirs else 1 if mine == theirs else 2] += 1
            row[3] += mine
            row[4] += theirs
    print(f"{len(items)} matches, {args.games} per ordered pairing (each team at home and away)\n")
    print("| team | roster | played | won | drawn | lost | TD for | TD against | points |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    order = sorted(keys, key=lambda k: (-(3 * rows[k][0] + rows[k][1]), -(rows[k][3] - rows[k][4])))
    for key in order:
        w, d, lost, tdf, tda = rows[key]
        name = rosters()[teams()[key].roster].name
        played, points = w + d + lost, 3 * w + d
        print(f"| {key} | {name} | {played} | {w} | {d} | {lost} | {tdf} | {tda} | {points} |")


if __name__ == "__main__":
    main()
