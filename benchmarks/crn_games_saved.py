"""How many games common random numbers save: one real rule change per game, decided by the
sequential test of `compare --until-significant` (a mixture SPRT, 5%), looked at every K games.

Paired on the same seeds (CRN, what `compare` does) against two independent runs (variant B on
seeds a million further on). Prints, per game, the games per variant each needed to decide the
figure's difference, or `>N` when N games did not decide it.

    python benchmarks/crn_games_saved.py --games 300 --every 10 jukem hanniball
"""

from __future__ import annotations

import argparse
import time

from tablesports.arena.compare import Run, play_variants
from tablesports.arena.paired import decided
from tablesports.core.registry import load

CHANGES: dict[str, tuple[dict[str, object], str]] = {
    # game: (B's options, the figure, agents)
    "jukem": ({"deck": "docs/designers/jukem-hand-6.toml"}, "penalties"),
    "hanniball": ({"max_turns": 150}, "shots"),
    "bloodbowl": ({"turns_per_half": 6}, "knocked_out"),
    "juggerttg": ({"skull_faces": 2}, "knock_downs"),
    "juggers": ({"attacker_restriction": "free"}, "injuries"),
}
AGENTS = ["random", "random"]


def first_decision(a: list[float], b: list[float], every: int) -> int | None:
    """The first look (every `every` pairs) at which the difference is decided."""
    diffs = [y - x for x, y in zip(a, b, strict=True)]
    for n in range(every, len(diffs) + 1, every):
        if decided(diffs[:n]):
            return n
    return None


def values(run: Run, v: int, figure: str, n: int) -> list[float]:
    return [run.results[v][i].figures[figure] for i in range(n)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_ids", nargs="+", choices=sorted(CHANGES))
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--every", type=int, default=10)
    args = parser.parse_args()
    for game_id in args.games_ids:
        options, figure = CHANGES[game_id]
        a, b = load(game_id), load(game_id, **options)
        started = time.perf_counter()
        crn = play_variants([a, b], AGENTS, args.games, seed=0)
        apart = play_variants([b], AGENTS, args.games, seed=1_000_000)
        n = args.games
        xs = values(crn, 0, figure, n)
        paired_n = first_decision(xs, values(crn, 1, figure, n), args.every)
        independent_n = first_decision(xs, values(apart, 0, figure, n), args.every)
        change = " ".join(f"{k}={v}" for k, v in options.items())
        shown = [str(k) if k is not None else f">{n}" for k in (paired_n, independent_n)]
        print(
            f"{game_id}: {change}, {figure}: CRN decided at {shown[0]} games per variant, "
            f"independent runs at {shown[1]} ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
