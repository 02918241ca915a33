"""Which bots a web client may seat, and how hard they think: the server's choice, not the client's.

A client names a difficulty level (`easy`, `normal`, `hard`), which the server maps per game to
an agent and a budget, or a plain spec limited to the general searches and the game's own bots.
Nothing a client sends names a file or loads code: `ppo` (which unpickles a policy file) and any
agent registered in code only are never seated from here; the agents a search consults
(`rollout`, `prior`, `opponent`) are `none`, `random` or the game's heuristic; iterations and
seconds are capped by the server's settings, and a game's own bot plays with its defaults.
"""

from __future__ import annotations

from pydantic import BaseModel

from tablesports.agents.registry import agent_options
from tablesports.core.errors import TablesportsError
from tablesports.core.protocol import Game
from tablesports.core.registry import game_bots
from tablesports.web.settings import ServerSettings

LEVELS: dict[str, dict[str, str]] = {
    "hanniball": {
        "easy": "hanniball-greedy",
        "normal": "mcts:iterations=150,rollout=hanniball-greedy,rollout_steps=4",
        "hard": "mcts:iterations=400,seconds=3,rollout=hanniball-greedy,rollout_steps=4",
        "strongest": "mcts:iterations=1200,seconds=5,rollout=hanniball-greedy,rollout_steps=4",
    },
    "jukem": {
        "easy": "random",
        "normal": "ismcts:iterations=150,rollout=jukem-greedy,rollout_steps=10,"
        "infer=jukem-greedy,opponent=jukem-greedy",
        "hard": "ismcts:iterations=400,seconds=3,rollout=jukem-greedy,rollout_steps=10,"
        "infer=jukem-greedy,opponent=jukem-greedy,prior=jukem-greedy,margin=0.15",
        "strongest": "ismcts:iterations=1500,seconds=5,rollout=jukem-greedy,rollout_steps=10,"
        "infer=jukem-greedy,opponent=jukem-greedy,prior=jukem-greedy,margin=0.15",
    },
    "juggers": {  # the arena rates every robust aim level with the others: see docs/levels.md
        "easy": "juggers-aim",
        "normal": "juggers-aim:robust=5",
        "hard": "juggers-aim:robust=12",
        "strongest": "juggers-aim:robust=25",
    },
    "juggerttg": {
        "easy": "juggerttg-greedy",
        "normal": "juggerttg-mcts",
        "hard": "juggerttg-mcts:iterations=16,width=3,seconds=2",
        "strongest": "juggerttg-mcts:iterations=32,width=4,seconds=3",
    },
    "bloodbowl": {
        "easy": "bloodbowl-runner",
        "normal": "bloodbowl-planner",
        "hard": "bloodbowl-planner:rollouts=12,width=6,seconds=3",
        "strongest": "bloodbowl-planner:rollouts=24,width=8,horizon=2,seconds=5",
    },
}
"""Difficulty levels per game, `normal` the lobby's default: each game's best bot that answers
within a second or two; their ratings are in docs/levels.md (a game not listed: random, its
heuristic, MCTS over it)."""

GENERAL = ("random", "mcts", "ismcts")
AGENT_FIELDS = ("rollout", "prior", "opponent")
"""Parameters of the searches that name another agent."""


class BotRefused(TablesportsError):
    """A bot a web client may not seat; the message says what is allowed."""


def levels(game: Game) -> dict[str, str]:
    found = LEVELS.get(game.info.id)
    if found is not None:
        return found
    bots = list(game_bots(game.info.id))
    heuristic = bots[0] if bots else "random"
    return {"easy": "random", "normal": heuristic, "hard": f"mcts:iterations=400,prior={heuristic}"}


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
    spec = table.get(choice, choice)
    name, options = check_stored(spec, game)
    given = options.model_fields_set
    if choice not in table and name not in GENERAL and given:
        raise BotRefused(
            f"{name} plays with its own settings here (got {sorted(given)}); "
            f"for a stronger bot choose a level: {', '.join(table)}"
        )
    return _capped(name, options, settings)


def check_stored(spec: str, game: Game) -> tuple[str, BaseModel]:
    """The spec's name and typed parameters, if a web seat may play it at all: an agent the web
    offers, consulting only `none`, `random` or the game's heuristic (BotRefused otherwise)."""
    name, options = agent_options(spec, game)  # unknown agent or bad value: a clear error
    allowed = web_agents(game)
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
