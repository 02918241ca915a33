"""Each level's published openskill rating, which the lobby shows beside the level's name.

`level_ratings.json` (beside this module, shipped in the package) holds, per game, the ratings
of one `tablesports strength GAME --round-robin` run as `scripts/level_ratings.py` copied them
from its `GAME-ladder.json`: the game's version, the command, date and commit, and each
level's spec, ordinal (mu - 3 sigma), mu, sigma and games. A rating counts only while it
still describes the level: same game version, same spec (without its `seconds=` cap) as
`arena.levels` gives now; a level rebuilt since shows no rating until the ladder is rerun.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from tablesports.arena.levels import levels, uncapped
from tablesports.core.errors import TablesportsError
from tablesports.core.protocol import Game

PUBLISHED = Path(__file__).with_name("level_ratings.json")


class LevelRating(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    spec: str = Field(min_length=1, max_length=400)
    ordinal: float
    mu: float
    sigma: float = Field(ge=0)
    games: int = Field(ge=1)


class GameRatings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    game_version: int = Field(ge=1)
    command: str = Field(max_length=1000)
    date: str = Field(max_length=40)
    commit: str = Field(max_length=80)
    round_robin: bool
    levels: dict[str, LevelRating]


class Published(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    games: dict[str, GameRatings]


@functools.cache
def published(path: Path = PUBLISHED) -> Published:
    """The published ratings file, checked; a broken file is an error naming what is wrong."""
    if not path.exists():
        return Published(games={})
    try:
        return Published.model_validate(json.loads(path.read_text("utf-8")))
    except (ValueError, ValidationError) as exc:
        raise TablesportsError(f"{path}: not a level ratings file ({exc})") from None


def level_ratings(game: Game, path: Path = PUBLISHED) -> dict[str, LevelRating]:
    """The published rating of each level of `game` that still plays as it was measured."""
    found = published(path).games.get(game.info.id)
    if found is None or found.game_version != game.info.version:
        return {}
    now = {name: uncapped(spec) for name, spec in levels(game).items()}
    return {
        name: rating
        for name, rating in found.levels.items()
        if name in now and now[name] == rating.spec
    }
