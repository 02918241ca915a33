"""Where a value agent leaves its heuristic: ask it at every decision of the heuristic's own games.

    python scripts/value_disagreements.py jukem \
        value:path=runs/jukem-value20k/value.npz jukem-greedy --games 30

The heuristic plays both seats (chance drawn from each game's seed); at every decision with more
than one legal step the agent is asked too, and the step the heuristic played is kept. Prints how
often the two agree and the commonest disagreements by the first word of each step's notation
(`shot` against `play`), which says what the learned evaluation misjudges.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter

from tablesports.agents.registry import make_agent
from tablesports.core.registry import load


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="the game id")
    parser.add_argument("agent", help="the agent asked at every decision (a value spec)")
    parser.add_argument("heuristic", help="the bot that plays both seats")
    parser.add_argument("--games", type=int, default=30, help="games played (default 30)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--top", type=int, default=12, help="disagreements printed")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games must be 1 or more, got {args.games}")
    game = load(args.game)
    asked = make_agent(args.agent, game, args.seed)
    bot = make_agent(args.heuristic, game, args.seed)
    kinds: Counter[tuple[str, str]] = Counter()
    agreed = decisions = 0
    for seed in range(args.seed, args.seed + args.games):
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.current_player() < 0:  # a chance node
                state.apply_legal(state.sample_chance(rng))
                continue
            played = bot.step(state)
            if len(state.legal_actions()) > 1:
                other = asked.step(state)
                decisions += 1
                if str(other) == str(played):
                    agreed += 1
                else:
                    kinds[(str(played).split()[0], str(other).split()[0])] += 1
            state.apply_legal(played)
    print(f"{args.agent} chose {args.heuristic}'s step at {agreed} of {decisions} decisions")
    last = args.seed + args.games - 1
    print(f"({args.games} games of {args.heuristic} against itself, seeds {args.seed}-{last});")
    print("where they differ (the heuristic's step -> the agent's):")
    for (mine, theirs), n in kinds.most_common(args.top):
        print(f"{n:>7}  {mine} -> {theirs}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
