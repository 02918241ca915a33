"""What Blood Bowl's designers count in a finished match (`FIGURES` in the package):
touchdowns, casualties and knock-outs, turnovers, passes, blocks by the number of block dice,
the rolls that decide a turn (dodges, rushes, re-rolls) and each kick-off result."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from tablesports.core.events import Event

KICKOFF_EVENTS = (
    "get_the_ref",
    "time_out",
    "solid_defence",
    "high_kick",
    "cheering_fans",
    "brilliant_coaching",
    "changing_weather",
    "quick_snap",
    "charge",
    "dodgy_snack",
    "pitch_invasion",
)
"""The kick-off table's results (data/tables.toml), in the order of their 2D6 rolls."""

NAMES = (
    "touchdowns",
    "touchdown_margin",
    "draw",
    "casualties",
    "knocked_out",
    "knocked_down",
    "turnovers",
    "passes",
    "blocks",
    "blocks_1_die",
    "blocks_2_dice",
    "blocks_3_dice",
    "dodges",
    "rushes",
    "rerolls",
    "touchbacks",
    *(f"kickoff_{name}" for name in KICKOFF_EVENTS),
)


def figures(state: Any, events: Sequence[Event]) -> dict[str, float]:
    """Counts of events. A block is counted once, when its face is chosen (`block`), by the
    number of dice of its last roll (a re-roll logs `block_dice` again)."""
    kinds = Counter(e.kind for e in events)
    dice: Counter[int] = Counter()
    last = 0
    for e in events:
        if e.kind == "block_dice":
            last = len(e.data.get("faces", ()))
        elif e.kind == "block":
            dice[last] += 1
    kickoffs = Counter(e.data.get("event") for e in events if e.kind == "kickoff_event")
    home, away = state.score
    out = {
        "touchdowns": float(home + away),
        "touchdown_margin": float(abs(home - away)),
        "draw": float(home == away),
        "casualties": float(kinds["casualty"]),
        "knocked_out": float(
            sum(1 for e in events if e.kind == "injury" and e.data.get("result") == "ko")
        ),
        "knocked_down": float(kinds["knocked_down"]),
        "turnovers": float(kinds["turnover"]),
        "passes": float(kinds["pass"]),
        "blocks": float(kinds["block"]),
        "blocks_1_die": float(dice[1]),
        "blocks_2_dice": float(dice[2]),
        "blocks_3_dice": float(dice[3]),
        "dodges": float(kinds["dodge"]),
        "rushes": float(kinds["rush"]),
        "rerolls": float(kinds["reroll"]),
        "touchbacks": float(kinds["touchback"]),
    }
    for name in KICKOFF_EVENTS:
        out[f"kickoff_{name}"] = float(kickoffs[name])
    return out
