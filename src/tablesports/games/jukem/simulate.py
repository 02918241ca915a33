"""Goal figures of many simulated matches, for tuning the deck (the figures in rules.md).

    python -m tablesports.games.jukem.simulate --matches 10000 --agents random,random
    python -m tablesports.games.jukem.simulate --matches 10000 --agents greedy,greedy
    python -m tablesports.games.jukem.simulate --deck my-deck.toml

Agents are `random` (uniform over the legal actions) and `greedy` (the jukem-greedy bot). The
loop is its own, so that a game package does not import the arena.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Callable

from tablesports.core.protocol import CHANCE, Action, State
from tablesports.games.jukem.bot import GreedyAgent
from tablesports.games.jukem.game import JukemGame
from tablesports.games.jukem.state import JukemState

Chooser = Callable[[State], Action]


def _chooser(name: str, game: JukemGame, seed: int) -> Chooser:
    if name == "greedy":
        return GreedyAgent(game, seed=seed).step
    if name == "random":
        rng = random.Random(seed)

        def pick(state: State) -> Action:
            actions = state.legal_actions()
            return actions[rng.randrange(len(actions))]

        return pick
    raise SystemExit(f"unknown agent {name!r}: random or greedy")


def play(game: JukemGame, agents: tuple[str, str], seed: int) -> JukemState:
    rng = random.Random(seed)
    choosers = [_chooser(name, game, seed * 2 + seat + 1) for seat, name in enumerate(agents)]
    state = game.new_initial_state()
    assert isinstance(state, JukemState)
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_legal(state.sample_chance(rng))
        else:
            state.apply_legal(choosers[player](state))
    return state


def report(game: JukemGame, agents: tuple[str, str], matches: int, seed: int = 0) -> str:
    totals: Counter[int] = Counter()
    regular: Counter[int] = Counter()
    halves: Counter[str] = Counter()
    wins = [0, 0, 0]
    goals_first = goals_second = goals = 0
    tiebreaks = comebacks = led = 0
    start = time.perf_counter()
    for i in range(matches):
        s = play(game, agents, seed + i)
        first = s.first_half or [0, 0]
        total = sum(s.score)
        tiebreak_goal = 1 if s.half >= 3 and s.winner < 2 else 0
        totals[total] += 1
        regular[total - tiebreak_goal] += 1
        goals += total
        goals_first += sum(first)
        goals_second += total - tiebreak_goal - sum(first)
        tiebreaks += s.half >= 3
        leader = (first[0] > first[1]) - (first[0] < first[1])
        led += leader != 0
        if leader and s.winner in (0, 1) and (1 if s.winner == 0 else -1) != leader:
            comebacks += 1
        wins[s.winner if s.winner in (0, 1) else 2] += 1
        halves[f"{first[0]}-{first[1]}"] += 1
    elapsed = time.perf_counter() - start
    lines = [
        f"{matches} matches, {agents[0]} (player 0) vs {agents[1]} (player 1), seeds {seed}..",
        f"goals per match: mean {goals / matches:.2f} "
        f"(first half {goals_first / matches:.2f}, second half {goals_second / matches:.2f})",
        "goals in the two halves: "
        + ", ".join(f"{k}: {100 * v / matches:.1f}%" for k, v in sorted(regular.items())),
        "goals in a match, with the tie-break goal: "
        + ", ".join(f"{k}: {100 * v / matches:.1f}%" for k, v in sorted(totals.items())),
        f"tied after two halves: {100 * tiebreaks / matches:.1f}%; of the matches with a "
        f"half-time leader, won by the side behind: {100 * comebacks / max(1, led):.1f}%",
        f"wins: player 0 {wins[0]}, player 1 {wins[1]}, draws {wins[2]}",
        f"{matches / elapsed:.0f} matches per second",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--agents", default="random,random")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--deck", default=None)
    args = parser.parse_args(argv)
    names = tuple(args.agents.split(","))
    if len(names) != 2:
        raise SystemExit("--agents takes two names, like random,greedy")
    game = JukemGame(deck=args.deck)
    print(report(game, (names[0], names[1]), args.matches, args.seed))


if __name__ == "__main__":
    main()
