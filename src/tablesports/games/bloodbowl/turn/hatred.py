"""Hatred (X) (2025 trait): in a Block against a player with the keyword X ("Hatred
(Troll)"), this player may re-roll a single Player Down (skull) block die (`hatred reroll`,
offered beside the dice, as Brawler's re-roll of a Both Down). A Blitz's block is a Block
Action performed too (2025 wording "performs a Block Action"), so it counts. The keywords are
in data/keywords.toml."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from tablesports.core.errors import DataFileError
from tablesports.games.bloodbowl.rules_data import _package_file

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player

RULE = "Hatred (2025)"
PREFIX = "Hatred ("


@cache
def keywords() -> dict[str, frozenset[str]]:
    """Each keyword with the position names whose players carry it."""
    data = _package_file("keywords.toml")
    for key, names in data.items():
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise DataFileError(
                f"keywords.toml: entry {key!r} must be a list of position names, not {names!r}"
            )
    return {k: frozenset(v) for k, v in data.items()}


def hates(att: Player, dfd: Player) -> bool:
    """`att` has Hatred of a keyword `dfd` carries."""
    name = dfd.position.name
    return any(
        skill.startswith(PREFIX) and name in keywords().get(skill[len(PREFIX) : -1], ())
        for skill in att.skills
    )
