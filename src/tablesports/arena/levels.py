"""The difficulty levels of each game's bots (`easy`, `normal`, `hard`, `strongest`): the web
lobby seats a bot by level, and `tablesports analyse` plays the `normal` level by default.
How they were set is in docs/levels.md.
"""

from __future__ import annotations

from tablesports.core.errors import AgentError
from tablesports.core.protocol import Game
from tablesports.core.registry import game_bots

LEVEL_NAMES = ("easy", "normal", "hard", "strongest")
"""Every level name, weakest first; a game offers some of them (a merged level is left out)."""

LEVELS: dict[str, dict[str, str]] = {
    "hanniball": {
        "easy": "hanniball-greedy",
        "normal": "value:net=hanniball,base=hanniball-greedy",
        "hard": "mcts:iterations=150,rollout=hanniball-greedy,rollout_steps=4",
    },
    "jukem": {  # no fair bot beats jukem-counter: strongest is merged with hard (docs/levels.md)
        "easy": "jukem-greedy:red_at=99,yellow_at=99",
        "normal": "jukem-greedy",
        "hard": "jukem-counter",
    },
    "juggers": {  # robust=12 and 25 are no stronger than 5: merged with it (docs/levels.md)
        "easy": "juggers-aim",
        "normal": "juggers-aim:robust=5",
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


def uncapped(spec: str) -> str:
    """The spec without its `seconds=` cap, so that a game depends on its seed only (a cap
    makes a search's depth, and so the game, follow the machine's load)."""
    name, _, params = spec.partition(":")
    kept = [p for p in params.split(",") if p and not p.startswith("seconds=")]
    return name + (":" + ",".join(kept) if kept else "")


def levels(game: Game) -> dict[str, str]:
    found = LEVELS.get(game.info.id)
    if found is not None:
        return found
    bots = list(game_bots(game.info.id))
    heuristic = bots[0] if bots else "random"
    return {"easy": "random", "normal": heuristic, "hard": f"mcts:iterations=400,prior={heuristic}"}


def level_spec(choice: str, game: Game) -> str:
    """The agent spec of a level name (`normal`), or `choice` itself when it names no level;
    a level the game does not offer (Jukem's `strongest`, merged away) is refused by name."""
    choice = choice.strip()
    table = levels(game)
    if choice in LEVEL_NAMES and choice not in table:
        raise AgentError(
            f"{game.info.id} has no level {choice!r}: its levels are {', '.join(table)}"
        )
    return table.get(choice, choice)
