"""What HanniBall's designers count in a finished game (`FIGURES` in the package): its length,
the shots, ricochets off the Monkey and captures, and the way it ended (a goal, an own goal,
a side left without a legal step, the turn limit, a repetition)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from tablesports.core.events import Event

NAMES = (
    "turns",
    "piece_steps",
    "shots",
    "ricochets",
    "captures",
    "won_by_a_goal",
    "own_goal",
    "won_by_no_legal_step",
    "draw_by_turn_limit",
    "draw_by_repetition",
)


def figures(state: Any, events: Sequence[Event]) -> dict[str, float]:
    kinds = Counter(e.kind for e in events)
    draws = [e.rule for e in events if e.kind == "draw"]
    own = any(e.kind == "goal" and "own goal" in e.text for e in events)
    return {
        # turns in which a step was made: a game ended at a turn's start (the turn limit, a
        # repetition, a side with no step) has already counted the turn it never played
        "turns": float(state.turn if state.used else state.turn - 1),
        "piece_steps": float(kinds["step"]),
        "shots": float(kinds["shot"]),
        "ricochets": float(kinds["ricochet"]),
        "captures": float(kinds["capture"]),
        "won_by_a_goal": float(kinds["goal"] > 0),
        "own_goal": float(own),
        "won_by_no_legal_step": float(kinds["stuck"] > 0),
        "draw_by_turn_limit": float("turn limit" in draws),
        "draw_by_repetition": float("repetition" in draws),
    }
