"""What Jugger TTG's designers count in a finished game (`FIGURES` in the package): points,
Stones (rounds) played, knock-downs and heroes sent off, pins, attacks and the attacks that
miss, Jugg passes and throws, re-rolls, and whether it ended drawn."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from tablesports.core.events import Event

NAMES = (
    "points",
    "stones",
    "knock_downs",
    "heroes_off",
    "pins",
    "attacks",
    "misses",
    "jugg_passes",
    "jugg_throws",
    "rerolls",
    "draw",
)

_COUNTED = {
    "down": "knock_downs",
    "out": "heroes_off",
    "pin": "pins",
    "attack": "attacks",
    "miss": "misses",
    "pass": "jugg_passes",
    "throw": "jugg_throws",
    "reroll": "rerolls",
}


def figures(state: Any, events: Sequence[Event]) -> dict[str, float]:
    kinds = Counter(e.kind for e in events)
    out = {"points": float(sum(state.score)), "stones": float(state.stone)}
    for kind, name in _COUNTED.items():
        out[name] = float(kinds[kind])
    out["draw"] = float(state.returns()[0] == 0)
    return out
