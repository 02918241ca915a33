"""The cost of one `legal_actions()` call, per game, at a mid-game position (µs, CPU time).

The public method of `core.protocol.State` calls the game's `_legal_actions()` and keeps the
answer; this times that call alone, to compare a change of the protocol before and after:

    PYTHONPATH=src python benchmarks/legal_actions_call.py            # compiled twins if built
    TABLESPORTS_PURE=1 PYTHONPATH=src python benchmarks/legal_actions_call.py
"""

from __future__ import annotations

import random
import time
import timeit

from tablesports.core.registry import load

GAMES = ("jukem", "hanniball", "juggerttg", "bloodbowl")


def position(game_id: str, moves: int = 30, seed: int = 3) -> object:
    state = load(game_id).new_initial_state()
    rng = random.Random(seed)
    for _ in range(moves):
        if state.current_player() < 0:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    while state.current_player() < 0:
        state.apply_action(state.sample_chance(rng))
    return state


def main() -> None:
    for game_id in GAMES:
        state = position(game_id)
        call = state.legal_actions  # type: ignore[attr-defined]
        best = min(timeit.repeat(call, number=5000, repeat=9, timer=time.process_time))
        print(f"{game_id:10} {best / 5000 * 1e6:6.2f} µs per legal_actions()")


if __name__ == "__main__":
    main()
