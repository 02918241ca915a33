"""RL adapters: every registered game behind Gymnasium, PettingZoo and OpenSpiel.

A face (like the CLI): it uses the protocol, each game's `tensor.py` and its `action_codec()`,
and the agents registry; nothing imports it. Each library is imported only when its adapter is
used, from the extras `rl` (gymnasium, pettingzoo, numpy) and `openspiel` (open-spiel, shimmy).

    from tablesports.envs import gym_env, aec_env, register_openspiel
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


__all__ = ["aec_env", "gym_env", "register_openspiel"]
