"""The data tables, looked up by die roll (built once from data/tables.toml)."""

from __future__ import annotations

from tablesports.games.bloodbowl.rules_data import (
    KickoffEntry,
    Numbers,
    RangeEntry,
    WeatherEntry,
    tables,
)

_T = tables()

NUMBERS: Numbers = _T.numbers
KICKOFF: dict[int, KickoffEntry] = {k.roll: k for k in _T.kickoff}
"""2D6 total -> kick-off event."""
WEATHER: dict[int, WeatherEntry] = {v: w for w in _T.weather for v in range(w.low, w.high + 1)}
"""2D6 total -> weather."""
WEATHER_BY_KEY: dict[str, WeatherEntry] = {w.weather: w for w in _T.weather}
PERFECT = "perfect_conditions"
DIRECTION: dict[int, tuple[int, int]] = {d.roll: (d.dx, d.dy) for d in _T.direction}
"""D8 face -> (dx, dy) on the random direction template."""
ARGUE: dict[int, RangeEntry] = {v: a for a in _T.argue for v in range(a.low, a.high + 1)}
INJURY: dict[int, RangeEntry] = {v: a for a in _T.injury for v in range(a.low, a.high + 1)}
THROW_IN: dict[int, int] = {v: t.turn for t in _T.throw_in for v in range(t.low, t.high + 1)}
"""D6 face -> the sideways step of the throw-in (-1, 0, +1)."""
