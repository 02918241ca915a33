"""Arm Bar (2025 skill, BSData season-3 .gst): an opponent who Falls Over after a failed
Dodge or Leap out of a square this player Marks takes +1 on his armour or injury roll
(house rule: added where it helps, as Mighty Blow). The player here is given the skill as an
advancement would (`grant`)."""

from __future__ import annotations

from typing import Any

from tests.games.bloodbowl.turn.turn_helpers import act, log, position, who


def grant(s: Any, name: str, skill: str) -> None:
    """Player `name` has gained `skill` (an advancement)."""
    p = who(s, name)
    p.skills = p.skills | {skill}


def failed_dodge(*extra: str, to: str = "9,7") -> tuple[Any, str]:
    # the Reikland Catcher #8 (AV 8+, Dodge) dodges away from the orc Lineman #1 and falls
    s = position("H8 10,7", "A1 11,7", *extra, rerolls=(0, 0))
    grant(s, "A1", "Arm Bar")
    events = act(s, "move 8", f"move 8 to {to}", "D6=1", "D6=1")  # the Dodge re-roll fails
    return s, log(events)


def test_arm_bar_adds_1_to_the_armour_roll_when_that_breaks_it() -> None:
    s, text = failed_dodge()
    assert "Arm Bar: +1" in text and s.stack[-1].name == "armour_injury"
    events = act(s, "2D6=3+4")
    assert "Armour 2D6=3+4 +1 against AV 8+: broken" in log(events)


def test_arm_bar_goes_to_the_injury_roll_when_the_armour_breaks_anyway() -> None:
    s, _ = failed_dodge()
    events = act(s, "2D6=5+5", "2D6=4+3")
    assert "Armour 2D6=5+5 against AV 8+: broken" in log(events)
    assert "Injury 2D6=4+3 +1: #8 Catcher is Knocked Out" in log(events)


def test_no_arm_bar_when_the_fall_is_not_out_of_his_tackle_zone() -> None:
    # the Arm Bar player #2 on 8,8 Marks the square moved to, not the square left
    s = position("H8 10,7", "A1 11,7", "A2 8,8", rerolls=(0, 0))
    grant(s, "A2", "Arm Bar")
    events = act(s, "move 8", "move 8 to 9,7", "D6=1", "D6=1")
    assert "Arm Bar" not in log(events)
    assert "against AV 8+: holds" in log(act(s, "2D6=3+4"))


def test_arm_bar_against_a_failed_leap() -> None:
    # Wood Elf Wardancer #9 leaps out of the orc Lineman's tackle zone and falls
    s = position("H9 10,7", "A1 11,7", rerolls=(0, 0), teams=("wood-elf", "orc"))
    grant(s, "A1", "Arm Bar")
    events = act(s, "move 9", "leap to 8,7", "D6=1")
    assert "Arm Bar: +1" in log(events)
    assert "+1 against AV 8+: broken" in log(act(s, "2D6=3+4"))


def test_arm_bar_with_a_diving_tackle_that_makes_the_dodge_fail() -> None:
    s = position("H8 10,7", "A1 11,7", rerolls=(0, 0))
    grant(s, "A1", "Arm Bar")
    grant(s, "A1", "Diving Tackle")
    events = act(s, "move 8", "move 8 to 9,7", "D6=4", "select 1")
    assert "Arm Bar: +1" in log(events)
