"""Pro (2025 skill): during his own activation, once, the player may try to re-roll a single
die (`use pro`): a D6, on 3+ the die is re-rolled, on 1-2 it stands; either way no other
re-roll may then be used for that die. Not for armour, injury or casualty rolls, nor a roll
made outside his activation or not on his behalf (Argue the Call...). Here it is offered for
his failed tests (Dodge, Rush, pick-up, Passing test, ... in `turn/common.py`'s `Test`) and for
one die of his block (`turn/block.py`: `use pro`, then `choose FACE` for the die re-rolled).
A die already re-rolled (by a skill or a team re-roll) cannot be re-rolled again."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.turn.actions import SkillUse

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

RULE = "Pro (2025)"
USE_PRO = SkillUse("pro", True)
PRO_ROLL = 3
"""The Pro roll's target: 3+ lets the die be re-rolled."""


def own_activation(s: BloodBowlState, p: Player) -> Any | None:
    """The activation of `p` in progress, or None when `p` is not the active player."""
    for proc in reversed(s.stack):
        if proc.name == "activation":
            return proc if getattr(proc, "pid", -1) == p.pid else None
    return None


def pro_ready(s: BloodBowlState, p: Player) -> bool:
    """`p` has Pro, is being activated and has not tried it this activation."""
    if "Pro" not in p.skills:
        return False
    act = own_activation(s, p)
    return act is not None and not act.pro_used


def try_pro(s: BloodBowlState, p: Player) -> None:
    """Mark Pro tried for this activation."""
    act = own_activation(s, p)
    if act is not None:
        act.pro_used = True


def pro_roll(s: BloodBowlState, p: Player, roll: int) -> bool:
    ok = roll >= PRO_ROLL
    s.log(
        "pro",
        f"{p.label()} (Pro): D6={roll} against {PRO_ROLL}+: "
        f"{'the die is re-rolled' if ok else 'the die stands'}.",
        RULE,
        roll=roll,
    )
    return ok
