"""The arguments the benchmark scripts share: the games to measure and how many repetitions."""

from __future__ import annotations

import argparse
from collections.abc import Iterable


def parser(doc: str, games: Iterable[str], reps: int) -> argparse.ArgumentParser:
    """A parser with `games` (default: all of them) and `--reps` (default `reps`)."""
    games = list(games)
    p = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    p.add_argument("games", nargs="*", default=games, help=f"of {', '.join(games)}")
    p.add_argument("--reps", type=int, default=reps, help=f"repetitions (default {reps})")
    return p


def parse(p: argparse.ArgumentParser, games: Iterable[str]) -> argparse.Namespace:
    """The arguments, with a clear error for an unknown game or a count under 1."""
    args = p.parse_args()
    known = list(games)
    unknown = [g for g in args.games if g not in known]
    if unknown:
        p.error(f"unknown game {', '.join(unknown)}; allowed: {', '.join(known)}")
    if args.reps < 1:
        p.error("--reps takes a whole number of at least 1")
    return args
