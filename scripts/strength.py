"""Every game's arena: all its agents in a round robin, a plot and a table (docs/strength/).

    python scripts/strength.py                    # every registered game
    python scripts/strength.py jukem hanniball    # some games
    python scripts/strength.py juggers --games 4  # fewer games per pair
    python scripts/strength.py --out docs/strength  # the committed tables (`make strength`)

For each game the agents are `random`, every bot of the game (`BOTS` in its package) and the
search settings below (MCTS and, where hands are hidden, IS-MCTS), with iteration budgets so
that every game is reproducible. It runs `run_tournament` (games 2k and 2k+1 of a pair share a
seed with the seats swapped) and writes, per game, into `--out DIR` (default `build/strength`
under the current folder: the repository's own `docs/strength/` only when asked, so that a
trial run never rewrites the committed tables),

- `build/strength/GAME.jsonl`: the records (running again resumes: finished games are kept),
- `DIR/GAME.png`: the win-rate matrix and the ratings,
- `DIR/GAME.md`: the table of docs/strength.md (match-up, games, W-D-L, win rate
  with its Wilson 95% interval, score, s/move) for every pair, and the ratings.

One game's ladder of difficulty levels (adjacent levels head to head, resumable, with CPU time
per decision) is `tablesports strength GAME` (`make strength GAME=x`; docs/levels.md).

s/move is each search agent's own mean decision time, measured on its first 40 decisions of
one more game against the game's first bot (not the wall time of the arena, which runs
several games at once).
Runs are `nice`d by the caller (`make strength` does it); `--jobs` defaults to 2. On a
terminal a bar shows the games and moves played and the time left (as `tablesports arena`'s).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from pathlib import Path

from tablesports.agents.registry import make_agent
from tablesports.arena.plot import plot_tournament
from tablesports.arena.tournament import TournamentResult, run_tournament
from tablesports.cli.bars import WorkBar
from tablesports.cli.common import console
from tablesports.core.protocol import CHANCE, Game
from tablesports.core.registry import game_bots, game_ids, load

OUT = Path("build") / "strength"
"""Where the tables and plots go unless `--out` says otherwise: a scratch folder of the
current one (ignored by git), never the committed docs/strength/ unasked."""
RECORDS = Path("build") / "strength"

# The search settings of docs/strength.md, bounded so that a game's arena takes minutes.
SEARCH: dict[str, list[str]] = {
    "jukem": [
        "mcts:iterations=300,rollout=jukem-greedy,rollout_steps=20",
        "ismcts:iterations=300,rollout=jukem-greedy,rollout_steps=20",
        "ismcts:iterations=150,rollout=jukem-greedy,rollout_steps=10,"
        "infer=jukem-greedy,opponent=jukem-greedy",
    ],
    "hanniball": ["mcts:iterations=150,rollout_steps=4,rollout=hanniball-greedy"],
    "bloodbowl": [
        "mcts:iterations=10,rollout_steps=10,rollout=bloodbowl-scripted,"
        "prior=bloodbowl-scripted,widen=2"
    ],
    # the game's own search (a bot of its package, named here with its budget)
    "juggerttg": ["juggerttg-mcts:iterations=8,width=2,lineup=false"],
    "juggers": ["mcts:iterations=10,rollout=juggers-aim,rollout_steps=4"],
}
# Games per pair (even: each seed is played twice, seats swapped).
GAMES: dict[str, int] = {"jukem": 4, "hanniball": 6, "bloodbowl": 2, "juggerttg": 4, "juggers": 4}
DEFAULT_GAMES = 6


def search_of(game_id: str, iterations: int | None = None) -> list[str]:
    """The game's search settings, each `iterations=` lowered to `iterations` when given."""
    search = SEARCH.get(game_id, [])
    if iterations is None:
        return search

    def lowered(found: re.Match[str]) -> str:
        return f"iterations={min(int(found.group(1)), iterations)}"

    return [re.sub(r"iterations=(\d+)", lowered, spec) for spec in search]


def agents_of(game_id: str, iterations: int | None = None) -> list[str]:
    search = search_of(game_id, iterations)
    named = {spec.partition(":")[0] for spec in search}  # a bot listed here with its budget
    bots = [b for b in sorted(game_bots(game_id)) if b not in named]
    return ["random", *bots, *search]


TIMED_MOVES = 40
"""Decisions timed per search agent (from the start of a game against the first bot)."""


def seconds_per_move(game: Game, spec: str, opponent: str, seed: int) -> float:
    """The mean decision time of `spec` over its first `TIMED_MOVES` decisions of a game
    against `opponent`."""
    agents = [make_agent(spec, game, seed), make_agent(opponent, game, seed + 1)]
    state = game.new_initial_state()
    rng = random.Random(seed)
    spent, moves = 0.0, 0
    while not state.is_terminal() and moves < TIMED_MOVES:
        player = state.current_player()
        if player == CHANCE:
            state.apply_legal(state.sample_chance(rng))
            continue
        started = time.perf_counter()
        action = agents[player].step(state)
        if player == 0:
            spent += time.perf_counter() - started
            moves += 1
        state.apply_action(action)
    return spent / max(moves, 1)


def table(result: TournamentResult, timing: dict[str, float], command: str, wall: str) -> str:
    rows = [
        f"# {result.game}: the arena of all agents",
        "",
        f"Generated by `{command}` ({len(result.records)} games; games 2k and 2k+1 of a pair",
        "share a seed with the seats swapped). Win rate of the first agent against the second;",
        "s/move is the search agent's mean decision time over its first 40 decisions of one more",
        f"game against the game's first bot. {wall}",
        "",
        "| game | match-up | games | W-D-L | win rate [95%] | score | s/move |",
        "|---|---|---|---|---|---|---|",
    ]
    n = len(result.agents)
    for i in range(n):
        for j in range(i + 1, n):
            t = result.pairs[i, j]
            if not t.games:
                continue
            a, b = result.agents[i], result.agents[j]
            if b in timing and a not in timing:  # a search agent's row reads from its side
                a, b, t = b, a, result.pairs[j, i]
            low, high = t.win_interval
            score = (t.wins + 0.5 * t.draws) / t.games
            s = timing.get(a)
            rows.append(
                f"| {result.game} | `{a}` vs `{b}` | {t.games} | {t.wins}-{t.draws}-{t.losses}"
                f" | {t.win_rate:.0%} [{low:.0%}, {high:.0%}] | {score:.0%}"
                f" | {f'{s:.2g}' if s is not None else ''} |"
            )
    rows += ["", "Ratings (openskill, Plackett-Luce):", ""]
    rows += ["| rank | agent | ordinal | mu | sigma |", "|---|---|---|---|---|"]
    for rank, r in enumerate(result.ratings, 1):
        rows.append(f"| {rank} | `{r.agent}` | {r.ordinal:.1f} | {r.mu:.1f} | {r.sigma:.2f} |")
    return "\n".join(rows) + "\n"


def run_game(
    game_id: str, games: int | None, jobs: int, seed: int, out: Path, iterations: int | None = None
) -> None:
    game = load(game_id)
    agents = agents_of(game_id, iterations)
    per_pair = games or GAMES.get(game_id, DEFAULT_GAMES)
    out.mkdir(parents=True, exist_ok=True)
    RECORDS.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    # the bar of `arena` (on a terminal only): games, moves, and the time left per pairing
    with WorkBar(console(stderr=True), f"{game_id}: strength") as meter:
        result = run_tournament(
            game, agents, per_pair, seed, jobs=jobs, out=RECORDS / f"{game_id}.jsonl", meter=meter
        )
    arena_time = time.perf_counter() - started
    bots = sorted(game_bots(game_id))
    timing = {
        spec: seconds_per_move(game, spec, bots[0] if bots else "random", seed)
        for spec in agents
        if spec in search_of(game_id, iterations) or spec.startswith(("mcts", "ismcts"))
    }
    plot_tournament(result, out / f"{game_id}.png")
    command = f"python scripts/strength.py {game_id} --games {per_pair} --seed {seed}"
    total = time.perf_counter() - started
    wall = (
        f"Wall time: {arena_time:.0f} s for the {result.played} games played in this run"
        f" ({jobs} job(s), {result.resumed} games read back), {total:.0f} s with the timing."
    )
    (out / f"{game_id}.md").write_text(table(result, timing, command, wall))
    print(
        f"{game_id}: {result.played} games played ({result.resumed} read back) in "
        f"{arena_time:.0f} s, {total:.0f} s with the timing game; wrote {out / game_id}.md "
        f"and .png (records: {RECORDS / game_id}.jsonl)",
        flush=True,
    )


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--games", dest="per_pair", type=int, default=None, help="per pair")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        help=f"folder for GAME.md and GAME.png (default: {OUT}; docs/strength for the "
        "committed tables)",
    )
    parser.add_argument(
        "--iterations",
        type=int,
        default=None,
        help="lower every search agent's iterations to this (a quick trial of the script)",
    )
    args = parser.parse_args(argv)
    known = game_ids()
    chosen = args.games or known
    unknown = [g for g in chosen if g not in known]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; the games are: {', '.join(known)}")
    for game_id in chosen:
        run_game(game_id, args.per_pair, args.jobs, args.seed, args.out or OUT, args.iterations)


if __name__ == "__main__":
    main(sys.argv[1:])
