"""Agents by name: `random`, the general bots, and every game's own bots.

A spec is a name with optional parameters: `mcts:iterations=2000,c=1.4`.
"""

from __future__ import annotations

from collections.abc import Callable

from tablesports.core.agent import Agent
from tablesports.core.errors import AgentError, TablesportsError
from tablesports.core.protocol import Game
from tablesports.core.registry import game_bots, resolve

# General agents work on every game; more are added by name -> "module:Class".
GENERAL_AGENTS: dict[str, str] = {
    "random": "tablesports.agents.random_agent:RandomAgent",
    "mcts": "tablesports.agents.mcts:MCTSAgent",
    "ismcts": "tablesports.agents.ismcts:ISMCTSAgent",
    "ppo": "tablesports.agents.ppo:PPOAgent",  # a trained policy: ppo:path=policy.zip
}

_extra: dict[str, Callable[..., Agent]] = {}


def register_agent(name: str, factory: Callable[..., Agent]) -> None:
    """Add an agent by name (known to this process only, not to worker processes)."""
    _extra[name] = factory


def unregister_agent(name: str) -> None:
    _extra.pop(name, None)


def agent_names(game: Game) -> list[str]:
    """Every agent that can play `game`."""
    return sorted(set(GENERAL_AGENTS) | set(_extra) | set(game_bots(game.info.id)))


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """`name:key=value,key=value` -> (name, params). The values stay text: the agent's options
    model (pydantic) converts them to its fields' types and says what is wrong."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key:
            raise AgentError(f"agent spec {spec!r}: parameters are key=value, got {part!r}")
        params[key.strip()] = value.strip()
    return name, params


def make_agent(spec: str, game: Game, seed: int = 0) -> Agent:
    """The agent named by `spec`, for `game`, seeded."""
    name, params = parse_spec(spec)
    bots = game_bots(game.info.id)
    if name in _extra:
        factory: Callable[..., Agent] = _extra[name]
    elif name in GENERAL_AGENTS:
        factory = resolve(GENERAL_AGENTS[name])
    elif name in bots:
        factory = resolve(bots[name])
    else:
        raise AgentError(
            f"unknown agent {name!r} for {game.info.id}; the agents are: "
            + ", ".join(agent_names(game))
        )
    try:
        agent = factory(game, seed=seed, **params)
    except TablesportsError:
        raise
    except TypeError as exc:
        raise AgentError(f"agent {name!r}: bad parameters {params}: {exc}") from None
    agent.name = spec.strip() if params else name
    return agent
