"""CPU time a decision of two bots, over the first decisions of one seeded game: what a level
costs, and what a speed change saves (the same moves, so the same positions, before and after).

    python benchmarks/decision_time.py juggerttg juggerttg-mcts \
        juggerttg-mcts:iterations=16,width=3 --decisions 120 --seed 0

Every call of an agent's `step` counts, forced ones too; chance is drawn with `random.Random(seed)`.
The last line is a digest of the moves: two runs that print the same one played the same game.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import time

from tablesports.agents.registry import make_agent
from tablesports.core.protocol import CHANCE
from tablesports.core.registry import load


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("seat0", help="the agent spec of seat 0")
    parser.add_argument("seat1", help="the agent spec of seat 1")
    parser.add_argument("--decisions", type=int, default=120, help="steps of either seat")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    game = load(args.game)
    agents = [
        make_agent(spec, game, args.seed + n) for n, spec in enumerate((args.seat0, args.seat1))
    ]
    times: list[list[float]] = [[], []]
    state = game.new_initial_state()
    rng = random.Random(args.seed)
    while not state.is_terminal() and sum(map(len, times)) < args.decisions:
        player = state.current_player()
        if player == CHANCE:
            state.apply_legal(state.sample_chance(rng))
            continue
        started = time.process_time()
        action = agents[player].step(state)
        times[player].append(time.process_time() - started)
        state.apply_legal(action)
    for n, spec in enumerate((args.seat0, args.seat1)):
        spent = times[n]
        if spent:
            print(
                f"seat {n} {spec}: {len(spent)} decisions, CPU s a decision mean "
                f"{sum(spent) / len(spent):.3f} max {max(spent):.3f}, total {sum(spent):.1f}"
            )
    moves = "".join(f"{p}:{a};" for p, a in state.history)
    digest = hashlib.sha256(moves.encode()).hexdigest()[:16]
    print(f"moves digest {digest} ({len(state.history)} steps)")


if __name__ == "__main__":
    main()
