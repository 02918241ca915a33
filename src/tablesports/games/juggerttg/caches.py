"""What depends on a field only and the searches ask again and again: rules/jugg.py's throws
and passes (a hex, a price, the money) and the greedy bot's paths (a target and the heroes'
hexes). One cache of each per field (its hexes out of play) and process, shared by every game
on that field (a server's matches too), each cleared when it reaches its size."""

from __future__ import annotations

from typing import Any

REACH_SIZE = 20_000
"""Lists of throws or passes kept: a few thousand occur (their Acts are the interned ones)."""
PATH_SIZE = 30_000
"""Paths kept, some 500 bytes each (the distances of the mover's neighbours)."""

REACHES: dict[tuple[int, ...], dict[tuple[int, ...], Any]] = {}
PATHS: dict[tuple[int, ...], dict[tuple[int, ...], Any]] = {}


def keep(cache: dict[tuple[int, ...], Any], key: tuple[int, ...], value: Any, size: int) -> None:
    """Store `value`, first emptying a cache that holds `size` entries (bounded memory: the
    searches refill what they still ask for)."""
    if len(cache) >= size:
        cache.clear()
    cache[key] = value
