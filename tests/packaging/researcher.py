"""The researcher's walk through docs/rl.md, run by a fresh venv's Python (tests/packaging):
for every game, what the `rl` extra promises, or what the `openspiel` extra does.

    python researcher.py rl          gymnasium.make, reset, masked steps, rgb_array; PettingZoo
    python researcher.py openspiel   pyspiel.load_game, a masked playout, Shimmy's wrapper

Prints one JSON line a game: what it saw (the shapes, the steps played)."""

from __future__ import annotations

import json
import sys

STEPS = 40  # masked steps a game: past Juggers Fallout's first flick and Blood Bowl's kick-off


def rl(game_id: str) -> dict[str, object]:
    import gymnasium
    import numpy as np

    import tablesports.envs  # noqa: F401  (registers tablesports/<game>-v0)
    from tablesports.envs import aec_env

    env = gymnasium.make(f"tablesports/{game_id}-v0", render_mode="rgb_array")
    obs, _ = env.reset(seed=0)
    steps = 0
    for _ in range(STEPS):
        legal = np.flatnonzero(obs["action_mask"])
        obs, _, done, truncated, _ = env.step(int(legal[0]))
        steps += 1
        if done or truncated:
            obs, _ = env.reset()
    frame = env.render()
    assert frame.ndim == 3 and frame.shape[2] == 3 and frame.dtype == np.uint8, frame.shape
    aec = aec_env(game_id)
    aec.reset(seed=0)
    for _ in range(STEPS):
        agent = aec.agent_selection
        seen, _, done, truncated, _ = aec.last()
        aec.step(None if done or truncated else int(np.flatnonzero(seen["action_mask"])[0]))
        if not aec.agents:
            break
    return {"game": game_id, "steps": steps, "frame": list(frame.shape), "last": agent}


def openspiel(game_id: str) -> dict[str, object]:
    import pyspiel
    from shimmy import OpenSpielCompatibilityV0

    from tablesports.envs import register_openspiel

    register_openspiel()
    game = pyspiel.load_game(f"tablesports_{game_id}")
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal() and steps < STEPS:
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(state.legal_actions()[0])
        steps += 1
    tensor = state.observation_tensor(0) if not state.is_terminal() else []
    env = OpenSpielCompatibilityV0(game_name=f"tablesports_{game_id}")
    env.reset(seed=0)
    return {"game": game_id, "steps": steps, "tensor": len(tensor), "agents": env.agents}


if __name__ == "__main__":
    from tablesports import game_ids

    walk = {"rl": rl, "openspiel": openspiel}[sys.argv[1]]
    for gid in game_ids():
        print(json.dumps(walk(gid)), flush=True)
