"""Hail Mary Pass (2025 skill, BSData season-3 .gst): a Pass aimed at any square of the
pitch, tested as a Long Bomb, an Accurate result counting as Inaccurate, and no interference.
The thrower here is given the skill as an advancement would (`grant`)."""

from __future__ import annotations

from typing import Any

from tests.games.bloodbowl.turn.turn_helpers import act, log, plain_texts, position, who


def grant(s: Any, name: str, skill: str) -> None:
    """Player `name` has gained `skill` (an advancement)."""
    p = who(s, name)
    p.skills = p.skills | {skill}


def thrower(*extra: str, weather: str = "perfect_conditions") -> Any:
    # the Reikland Thrower #7 (PA 2+, Pass) holds the ball on 10,7
    s = position("H7 10,7", *extra, ball="10,7", rerolls=(0, 0), weather=weather)
    grant(s, "H7", "Hail Mary Pass")
    return s


def test_hail_mary_pass_may_aim_at_any_square() -> None:
    s = thrower()
    act(s, "pass 7")
    texts = plain_texts(s)
    assert "hail mary to 25,0" in texts and "pass to 25,0" not in texts  # beyond a Long Bomb
    assert "hail mary to 11,7" in texts and "pass to 11,7" in texts  # both, within range
    assert sum(t.startswith("hail mary to") for t in texts) == 26 * 15 - 1


def test_hail_mary_pass_is_tested_as_a_long_bomb_and_accurate_counts_as_inaccurate() -> None:
    s = thrower()
    events = act(s, "pass 7", "hail mary to 24,2", "D6=5")
    assert "throws a Hail Mary Pass to 24,2" in log(events)
    assert "D6=5-3 against 2+: success" in log(events)
    assert "inaccurate at best" in log(events) and s.stack[-1].name == "flight_scatter"


def test_hail_mary_pass_failing_by_much_is_wildly_inaccurate() -> None:
    s = thrower()
    events = act(s, "pass 7", "hail mary to 24,2", "D6=3", "D6=3")  # 3-3 = 0 after Pass
    assert "wildly inaccurate" in log(events)


def test_hail_mary_pass_cannot_be_interfered_with() -> None:
    # the orc Lineman on 15,7 stands under the path: a pass may be interfered with, not this
    s = thrower("A1 15,7")
    act(s, "pass 7", "pass to 20,7", "D6=6")
    assert s.stack[-1].name == "pass_action" and s.current_player() == 1
    s = thrower("A1 15,7")
    act(s, "pass 7", "hail mary to 20,7", "D6=6")
    assert s.stack[-1].name == "flight_scatter"


def test_no_hail_mary_pass_in_a_blizzard_or_without_the_skill() -> None:
    s = thrower(weather="blizzard")
    act(s, "pass 7")
    assert not any(t.startswith("hail mary to") for t in plain_texts(s))
    s = position("H7 10,7", ball="10,7", rerolls=(0, 0))
    act(s, "pass 7")
    assert not any(t.startswith("hail mary to") for t in plain_texts(s))
