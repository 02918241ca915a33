"""RL adapters: every registered game behind Gymnasium, PettingZoo and OpenSpiel.

A face (like the CLI): it uses the protocol, each game's `tensor.py` and its `action_codec()`,
and the agents registry; nothing imports it. Each library is imported only when its adapter is
used, from the extras `rl` (gymnasium, pettingzoo, numpy) and `openspiel` (open-spiel, shimmy).

    from tablesports.envs import gym_env, aec_env, register_openspiel

Importing this package registers every game with Gymnasium (when it is installed) as
`tablesports/<game>-v0`, so that `gymnasium.make("tablesports/hanniball-v0", opponent=...,
**options)` works with Gymnasium's default wrappers, and `gymnasium.make_vec(..., num_envs=N)`
gives `tablesports.envs.vector.TablesportsVectorEnv` (or, with `vectorization_mode="sync"` or
`"async"`, Gymnasium's own vector envs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tablesports.envs.gym import TablesportsEnv
    from tablesports.envs.pettingzoo import TablesportsAEC


def gym_env(game_id: str, opponent: str = "random", **options: Any) -> TablesportsEnv:
    """A `gymnasium.Env` for one learner seat; the other seats are played by `opponent`."""
    from tablesports.envs.gym import TablesportsEnv

    return TablesportsEnv(game_id, opponent=opponent, **options)


def aec_env(game_id: str, **options: Any) -> TablesportsAEC:
    """A PettingZoo AEC env of the game, one agent per seat (`player_0`, `player_1`, ...)."""
    from tablesports.envs.pettingzoo import TablesportsAEC

    return TablesportsAEC(game_id, **options)


def register_openspiel(game_id: str | None = None) -> list[str]:
    """Register the game (every game when None) with `pyspiel`; returns the short names
    (`tablesports_<id>`) that `pyspiel.load_game` takes."""
    from tablesports.envs.openspiel import register

    return register(game_id)


def register_gymnasium() -> list[str]:
    """Register every game with Gymnasium as `tablesports/<game>-v0` (done on import when
    Gymnasium is installed); returns the ids."""
    import gymnasium

    from tablesports.core.registry import game_ids

    ids = []
    for game_id in game_ids():
        env_id = f"tablesports/{game_id}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(
                env_id,
                entry_point="tablesports.envs.gym:TablesportsEnv",
                # make_vec's default (no vectorization_mode): one process, no wrappers
                vector_entry_point="tablesports.envs.vector:TablesportsVectorEnv",
                kwargs={"game_id": game_id},
            )
        ids.append(env_id)
    return ids


try:
    import gymnasium as _gymnasium  # noqa: F401
except ImportError:  # the `rl` extra is not installed: nothing to register
    pass
else:
    register_gymnasium()


__all__ = ["aec_env", "gym_env", "register_gymnasium", "register_openspiel"]
