"""What Juggers' designers count in a finished match (`FIGURES` in the package): metas scored
in play and in the shoot-out, the innings played, whether it went to penalties, falls off the
table, injuries, supermoves, heroic actions and fouls."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from tablesports.core.events import Event

NAMES = (
    "metas",
    "innings",
    "shoot_out",
    "penalties",
    "penalty_metas",
    "falls",
    "injuries",
    "supermoves",
    "heroic_actions",
    "fouls",
    "flicks",
)

_COUNTED = {
    "meta": "metas",
    "penalty": "penalties",
    "fall": "falls",
    "supermove": "supermoves",
    "heroic": "heroic_actions",
    "foul": "fouls",
    "flick": "flicks",
}


def figures(state: Any, events: Sequence[Event]) -> dict[str, float]:
    """An injury counts when the roll injures (`injury` events also report a roll that does
    not); a penalty's META is counted apart from the metas of play."""
    kinds = Counter(e.kind for e in events)
    out = {name: float(kinds[kind]) for kind, name in _COUNTED.items()}
    out["innings"] = float(state.inning)
    out["shoot_out"] = float(kinds["penalty"] > 0)
    out["penalty_metas"] = float(sum(state.pen_goals))
    out["injuries"] = float(
        sum(1 for e in events if e.kind == "injury" and e.data.get("injured", True))
    )
    return {name: out[name] for name in NAMES}
