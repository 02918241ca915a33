"""Random picks of a player: a chance outcome `pick N`, uniform over the candidates."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tablesports.games.bloodbowl.actions import Pick
from tablesports.games.bloodbowl.players import Player


def pick_outcomes(players: Sequence[Player]) -> list[tuple[Any, float]]:
    if not players:
        return []
    p = 1.0 / len(players)
    return [(Pick(q.number), p) for q in sorted(players, key=lambda q: q.number)]
