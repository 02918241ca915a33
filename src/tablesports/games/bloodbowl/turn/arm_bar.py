"""Arm Bar (2025 skill): when an opponent Falls Over after a failed Dodge or Leap out of a
square this player Marks, +1 to the fallen player's armour roll or injury roll, after the
roll. House rule: it is always used and added where it helps, as Mighty Blow is (to the
armour roll if that breaks the armour, else to the injury roll): using it never hurts the
team that has it, and which of several such players used it only counts for Star Player
Points, which this program does not keep."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.games.bloodbowl.turn.common import marking

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

SKILL = "Arm Bar"
RULE = "Arm Bar (2025)"
BONUS = 1


def arm_barred(s: BloodBowlState, p: Player) -> bool:
    """An opponent with Arm Bar Marks the square `p` is leaving."""
    return marking(s, p.team, p.square, SKILL) > 0


def add_arm_bar(s: BloodBowlState, p: Player) -> None:
    """+1 to the armour or injury roll of `p`, whose roll is now on the stack."""
    for proc in reversed(s.stack):
        if proc.name == "armour_injury" and getattr(proc, "pid", -1) == p.pid:
            proc.bonus += BONUS  # type: ignore[attr-defined]
            s.log("arm_bar", f"Arm Bar: +1 to the armour or injury roll of {p.label()}.", RULE)
            return
