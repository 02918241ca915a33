"""Which bots a web client may seat, and how hard they think: the server's choice, not the client's.

A client names a difficulty level (`easy`, `normal`, `hard`), which the server maps per game to
an agent and a budget, or a plain spec limited to the general searches and the game's own bots.
Nothing a client sends names a file or loads code: `ppo` (which unpickles a policy file) and any
agent registered in code only are never seated from here; the `value` agent is, with a network
named from the package or the server's library (`net=NAME`, agents/nets), never a `path`; the
agents a search consults (`rollout`, `prior`, `opponent`, `base`) are `none`, `random` or the
game's heuristic; iterations and seconds are capped by the server's settings, and a game's own
bot plays with its defaults.
"""

from __future__ import annotations

from pydantic import BaseModel

from tablesports.agents import nets
from tablesports.agents.registry import agent_options
from tablesports.arena.levels import level_spec, levels
from tablesports.core.errors import AgentError, TablesportsError
from tablesports.core.protocol import Game
from tablesports.core.registry import game_bots
from tablesports.web.settings import ServerSettings

GENERAL = ("random", "mcts", "ismcts")
LEARNED = ("value",)
"""Agents a level or a client may seat only with a network named (`net=NAME`: shipped in the
package or in the server's library, agents/nets), never with a file's `path`."""
AGENT_FIELDS = ("rollout", "prior", "opponent", "base")
"""Parameters of the searches that name another agent (the value agent's base)."""


class BotRefused(TablesportsError):
    """A bot a web client may not seat; the message says what is allowed."""


def web_agents(game: Game) -> list[str]:
    """The agents a web client may name: the general searches and the game's own bots."""
    return [*GENERAL, *game_bots(game.info.id)]


def choices(game: Game) -> list[str]:
    """What the lobby offers: the levels first, then the agents by name."""
    return [*levels(game), *web_agents(game)]


def bot_spec(choice: str, game: Game, settings: ServerSettings) -> str:
    """The spec a web seat's bot plays for `choice` (a level or an allowed spec), capped."""
    choice = choice.strip()
    table = levels(game)
    try:
        spec = level_spec(choice, game)  # a level this game merged away is refused by name
    except AgentError as exc:
        raise BotRefused(str(exc)) from None
    name, options = check_stored(spec, game)
    given = options.model_fields_set
    cheap = {"net", "base", "weight", "prior", "margin"}  # no search, every outcome: capped
    if choice not in table and name in LEARNED and given - cheap:
        raise BotRefused(
            f"{name} takes only {', '.join(sorted(cheap))} here (got {sorted(given - cheap)}); "
            f"for a stronger bot choose a level: {', '.join(table)}"
        )
    if choice not in table and name not in GENERAL + LEARNED and given:
        raise BotRefused(
            f"{name} plays with its own settings here (got {sorted(given)}); "
            f"for a stronger bot choose a level: {', '.join(table)}"
        )
    return _capped(name, options, settings)


def check_stored(spec: str, game: Game) -> tuple[str, BaseModel]:
    """The spec's name and typed parameters, if a web seat may play it at all: an agent the web
    offers, consulting only `none`, `random` or the game's heuristic (BotRefused otherwise)."""
    name, options = agent_options(spec, game)  # unknown agent or bad value: a clear error
    allowed = [*web_agents(game), *LEARNED]
    if name in LEARNED and getattr(options, "path", None) is not None:
        raise BotRefused(
            f"bot {name!r} is not offered here with a file's path: name its network "
            f"(net=NAME); the networks for {game.info.id}: "
            f"{', '.join(nets.names(game.info.id)) or '(none)'}"
        )
    if name not in allowed:
        raise BotRefused(
            f"bot {name!r} is not offered here; choose a level ({', '.join(levels(game))}) "
            f"or one of: {', '.join(allowed)}"
        )
    given = options.model_fields_set
    heuristic = [*game_bots(game.info.id)][:1]
    helpers = {"none", "random", *heuristic}
    for key in AGENT_FIELDS:
        value = getattr(options, key, None)
        if key in given and value not in helpers:
            raise BotRefused(
                f"{name}: {key}={value!r} is not offered here; {key} is one of: "
                + ", ".join(sorted(helpers))
            )
    return name, options


def _capped(name: str, options: BaseModel, settings: ServerSettings) -> str:
    """The spec text with iterations and seconds within the server's caps (always a time cap)."""
    params = {key: getattr(options, key) for key in sorted(options.model_fields_set)}
    values = options.model_dump() if name in GENERAL else {}
    if name in LEARNED and options.model_dump().get("iterations"):  # 0: no search, no cap
        values = {"iterations": options.model_dump()["iterations"]}
    if "iterations" in values:
        asked = int(values["iterations"])
        params["iterations"] = min(asked or settings.bot_iterations, settings.bot_iterations)
    if "seconds" in values:
        asked_s = float(values["seconds"])
        params["seconds"] = min(asked_s or settings.bot_seconds, settings.bot_seconds)
    if not params:
        return name
    return name + ":" + ",".join(f"{k}={_text(v)}" for k, v in params.items())


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
