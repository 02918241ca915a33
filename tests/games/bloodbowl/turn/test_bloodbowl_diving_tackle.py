"""Diving Tackle (2025 skill, BSData season-3 .gst): -2 to the Agility test of an opponent
Dodging or Leaping out of the diver's tackle zone, after the roll and its re-rolls; the
diver is Placed Prone in the square left. The divers here are given the skill as an
advancement would (`grant`), on the default teams (human home, orc away)."""

from __future__ import annotations

from typing import Any

from tablesports.games.bloodbowl.players import PRONE, STANDING
from tests.games.bloodbowl.turn.turn_helpers import act, legal_texts, log, position, sq, who


def grant(s: Any, name: str, skill: str) -> None:
    """Player `name` has gained `skill` (an advancement)."""
    p = who(s, name)
    p.skills = p.skills | {skill}


def test_diving_tackle_is_offered_after_a_passed_dodge_and_can_turn_it_into_a_fall() -> None:
    # the Catcher (#8, AG 3+) dodges from 10,7 away from the orc Lineman #1 on 11,7
    s = position("H8 10,7", "A1 11,7", rerolls=(0, 0))
    grant(s, "A1", "Diving Tackle")
    act(s, "move 8", "move 8 to 9,7 (dodge 3+)", "D6=4")
    assert s.stack[-1].name == "diving_tackle"
    assert set(legal_texts(s)) == {"selection done", "select 1"}
    events = act(s, "select 1")  # 4 - 2 = 2: the dodge fails after all
    assert "(Diving Tackle) dives" in log(events) and "failure" in log(events)
    catcher, diver = who(s, "H8"), who(s, "A1")
    assert catcher.square == sq("9,7") and catcher.stance == PRONE
    assert diver.square == sq("10,7") and diver.stance == PRONE  # in the square left
    assert s.turnover


def test_diving_tackle_on_a_dodge_that_still_passes_lands_in_the_square_left() -> None:
    s = position("H8 10,7", "A1 11,7", rerolls=(0, 0))
    grant(s, "A1", "Diving Tackle")
    act(s, "move 8", "move 8 to 9,7 (dodge 3+)", "D6=6", "select 1")
    catcher, diver = who(s, "H8"), who(s, "A1")
    assert catcher.square == sq("9,7") and catcher.stance == STANDING
    assert diver.square == sq("10,7") and diver.stance == PRONE
    assert not s.turnover and s.stack[-1].name == "activation"


def test_diving_tackle_may_be_declined() -> None:
    s = position("H8 10,7", "A1 11,7", rerolls=(0, 0))
    grant(s, "A1", "Diving Tackle")
    act(s, "move 8", "move 8 to 9,7 (dodge 3+)", "D6=4", "selection done")
    assert who(s, "H8").square == sq("9,7") and who(s, "A1").square == sq("11,7")
    assert who(s, "A1").stance == STANDING


def test_diving_tackle_comes_after_the_re_rolls() -> None:
    # the Catcher's Dodge skill re-rolls the 1 first; the dive is offered on the 3 after it
    s = position("H8 10,7", "A1 11,7", rerolls=(0, 0))
    grant(s, "A1", "Diving Tackle")
    act(s, "move 8", "move 8 to 9,7 (dodge 3+)", "D6=1")
    assert s.stack[-1].name == "dodge"
    act(s, "D6=3")
    assert s.stack[-1].name == "diving_tackle"
    act(s, "select 1")
    assert who(s, "H8").stance == PRONE and s.turnover  # no re-roll is left to him


def test_diving_tackle_only_one_of_two_divers_and_only_those_marking_the_square_left() -> None:
    s = position("H8 10,7", "A1 11,7", "A2 10,8", "A3 8,7", rerolls=(0, 0))
    for name in ("A1", "A2", "A3"):
        grant(s, name, "Diving Tackle")
    act(s, "move 8", "move 8 to 9,6 (dodge 4+)", "D6=6")
    # A3 on 8,7 marks the square moved to, not the square left: he may not dive
    assert set(legal_texts(s)) == {"selection done", "select 1", "select 2"}
    act(s, "select 2")
    assert who(s, "A2").square == sq("10,7") and who(s, "A1").square == sq("11,7")


def test_no_diving_tackle_without_the_skill_or_a_tackle_zone() -> None:
    s = position("H8 10,7", "A1 11,7", rerolls=(0, 0))
    act(s, "move 8", "move 8 to 9,7 (dodge 3+)", "D6=4")
    assert s.stack[-1].name == "activation"  # an orc Lineman without the skill
    s = position("H8 10,7", "A1 11,7 prone", "A2 9,8", rerolls=(0, 0))
    grant(s, "A1", "Diving Tackle")
    act(s, "move 8", "move 8 to 8,7 (dodge 3+)", "D6=4")
    assert s.stack[-1].name == "activation"  # prone: no tackle zone, no dive


def test_diving_tackle_against_a_leap() -> None:
    # Wood Elf Wardancer #9 (Leap, AG 2+) leaps from 10,7 to 8,7 out of the Lineman's zone
    s = position("H9 10,7", "A1 11,7", rerolls=(0, 0), teams=("wood-elf", "orc"))
    grant(s, "A1", "Diving Tackle")
    act(s, "move 9", "leap to 8,7", "D6=3")
    assert s.stack[-1].name == "diving_tackle"
    act(s, "select 1")  # leap: -1 (marked), Leap makes it 0; 3 - 2 = 1 < 2: he falls
    assert who(s, "H9").square == sq("8,7") and who(s, "H9").stance == PRONE
    assert who(s, "A1").square == sq("10,7") and who(s, "A1").stance == PRONE
