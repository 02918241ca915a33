"""Agents by name: `random`, the general bots (searches and learned networks), every game's bots.

A spec is a name with optional parameters: `mcts:iterations=2000,c=1.4`. Every agent's
parameters are typed by one pydantic model, its class attribute `Options` (`NoParams` for an
agent without parameters): `make_agent` validates the spec's text values against it, so a bad
value is refused with the parameter's name and what is allowed, and the agent gets typed values.
"""

from __future__ import annotations

from collections.abc import Callable

from pydantic import BaseModel, ConfigDict

from tablesports.core.agent import Agent
from tablesports.core.errors import AgentError, OptionError, TablesportsError
from tablesports.core.protocol import Game, validate_options
from tablesports.core.registry import game_bots, resolve

# General agents work on every game; more are added by name -> "module:Class".
GENERAL_AGENTS: dict[str, str] = {
    "random": "tablesports.agents.random_agent:RandomAgent",
    "mcts": "tablesports.agents.mcts:MCTSAgent",
    "ismcts": "tablesports.agents.ismcts:ISMCTSAgent",
    "ppo": "tablesports.agents.ppo:PPOAgent",  # a trained policy: ppo:path=policy.zip
    "policy": "tablesports.agents.learned:PolicyAgent",  # its numpy export: policy:path=...npz
    "value": "tablesports.agents.value:ValueAgent",  # a learned value: value:path=value.npz
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


class NoParams(BaseModel):
    """The parameters of an agent that takes none."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def agent_factory(name: str, game: Game) -> Callable[..., Agent]:
    """The class (or factory) of the agent `name` for `game`; AgentError lists the known ones."""
    bots = game_bots(game.info.id)
    if name in _extra:
        return _extra[name]
    if name in GENERAL_AGENTS:
        factory: Callable[..., Agent] = resolve(GENERAL_AGENTS[name])
        return factory
    if name in bots:
        factory = resolve(bots[name])
        return factory
    raise AgentError(
        f"unknown agent {name!r} for {game.info.id}; the agents are: "
        + ", ".join(agent_names(game))
    )


def options_model(factory: Callable[..., Agent]) -> type[BaseModel]:
    """The agent's parameter schema: its `Options` model, or `NoParams`."""
    model = getattr(factory, "Options", None)
    if isinstance(model, type) and issubclass(model, BaseModel):
        return model
    return NoParams


def agent_options(spec: str, game: Game) -> tuple[str, BaseModel]:
    """The agent's name and its parameters validated by its schema (OptionError names the bad
    parameter and the allowed ones)."""
    name, params = parse_spec(spec)
    model = options_model(agent_factory(name, game))
    try:
        return name, validate_options(model, params, f"agent {name!r}")
    except OptionError:
        if model is NoParams:
            raise OptionError(f"agent {name!r} takes no parameters (got {params})") from None
        raise


def make_agent(spec: str, game: Game, seed: int = 0) -> Agent:
    """The agent named by `spec`, for `game`, seeded, its parameters typed by its schema."""
    name, params = parse_spec(spec)
    factory = agent_factory(name, game)
    _, options = agent_options(spec, game)
    typed = {key: getattr(options, key) for key in options.model_fields_set}
    try:
        agent = factory(game, seed=seed, **typed)
    except TablesportsError:
        raise
    except TypeError as exc:
        raise AgentError(f"agent {name!r}: bad parameters {params}: {exc}") from None
    agent.name = spec.strip() if params else name
    return agent
