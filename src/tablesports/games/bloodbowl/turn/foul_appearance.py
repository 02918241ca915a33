"""Foul Appearance (BB2020 trait): a player who declares a Block (alone or in a Blitz) or a
Special action against this player first rolls a D6; on a 1 he cannot perform it and the
action is wasted: his activation ends (he may move no further)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

RULE = "Foul Appearance (BB2020)"


def foul_appearance(s: BloodBowlState, att: Player, dfd: Player, roll: int) -> bool:
    """Log the D6; on a 1 end the attacker's activation and say the action is wasted."""
    wasted = roll == 1
    s.log(
        "foul_appearance",
        f"{att.label()} faces {dfd.label()}'s Foul Appearance: D6={roll}: "
        + ("he cannot bring himself to do it; the action is wasted." if wasted else "he goes on."),
        RULE,
    )
    if wasted:
        end_activation(s)
    return wasted


def end_activation(s: BloodBowlState) -> None:
    """End the activation on the stack at once (without losing tackle zones)."""
    for proc in reversed(s.stack):
        if proc.name == "activation":
            proc.ended = True  # type: ignore[attr-defined]
            proc.path = []  # type: ignore[attr-defined]
            return
