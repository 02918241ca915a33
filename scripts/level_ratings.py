"""Publish a game's level ratings for the lobby: copy them from a ladder's summary.

    tablesports strength jukem --round-robin --games 200 --jobs 2
    python scripts/level_ratings.py build/strength/jukem-ladder.json

writes the game's entry of src/tablesports/arena/level_ratings.json (the other games' entries
are kept). Only a round robin at full length is published: the lobby's ratings compare every
level with every other.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from tablesports.arena.level_ratings import PUBLISHED, GameRatings, Published


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("summary", type=Path, help="a GAME-ladder.json of tablesports strength")
    parser.add_argument("--to", type=Path, default=PUBLISHED, help="the published file")
    args = parser.parse_args(argv)
    summary = json.loads(args.summary.read_text("utf-8"))
    if not summary.get("round_robin"):
        print(f"{args.summary}: not a round robin: rerun with --round-robin", file=sys.stderr)
        return 2
    short = [p for p in summary["pairs"] if p["games"] < summary["games_asked"]]
    if short:
        names = ", ".join(f"{p['lower']} vs {p['higher']} ({p['games']})" for p in short)
        print(f"{args.summary}: unfinished pairs: {names}", file=sys.stderr)
        return 2
    entry = GameRatings(
        game_version=summary["game_version"],
        command=summary["command"],
        date=summary["date"],
        commit=summary["commit"],
        round_robin=True,
        levels={
            r["level"]: {k: r[k] for k in ("spec", "ordinal", "mu", "sigma", "games")}
            for r in summary["ratings"]
        },
    )
    old = Published.model_validate_json(args.to.read_text("utf-8")) if args.to.exists() else None
    games = {**(old.games if old else {}), summary["game"]: entry}
    text = Published(games=dict(sorted(games.items()))).model_dump_json(indent=1)
    args.to.write_text(text + "\n", "utf-8")
    print(f"{args.to}: {summary['game']} levels rated ({len(entry.levels)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
