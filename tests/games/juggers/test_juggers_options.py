"""Each swappable house rule of data/house_rules.toml is an option: one test per option that it
changes what it should (notation positions, forced chance), and that a bad value is refused."""

from __future__ import annotations

import pytest

from tablesports.core.errors import OptionError
from tablesports.core.registry import load
from tablesports.games.juggers.actions import Toss

from .helpers import GATE, flick, kinds, position, roll, roll_all

A_TURN = "actions=0"
B_TURN = "actions=1"
NEAR_GOAL = "at=A1:1000,400;A2:1080,360;A3:1080,440;B1:700,100"
"""A1 one short flick from a meta, between A2 and A3."""


def test_r2_the_innings_option_ends_the_match_after_that_many_innings() -> None:
    fields = (GATE, A_TURN, "inning=3 half=1 first=A score=0,1")
    short = position(*fields, innings=3)
    flick(short, "flick 1 at 180 strength 0.2")  # a foul ends the third inning's last attack
    roll_all(short)
    assert short.is_terminal() and short.returns() == [-1.0, 1.0]
    nine = position(*fields)
    flick(nine, "flick 1 at 180 strength 0.2")
    roll_all(nine)
    assert not nine.is_terminal() and nine.inning == 4


def test_h_morale_the_options_set_the_starting_morale_and_the_cap() -> None:
    assert load("juggers", starting_morale=10).new_initial_state().morale == [10, 10]
    capped = position(NEAR_GOAL, A_TURN, "morale=6,6", morale_cap=7)
    flick(capped, "flick 1 at 0 strength 0.6")  # a meta: +3, but no more than the cap
    assert capped.score == [1, 0] and capped.morale[0] == 7


def test_h_morale_a_starting_morale_above_the_cap_is_refused() -> None:
    with pytest.raises(OptionError, match="starting_morale 12 is above morale_cap 10"):
        load("juggers", starting_morale=12, morale_cap=10)


def test_r25_the_heroic_morale_option_sets_what_a_heroic_action_gives() -> None:
    state = position(NEAR_GOAL, A_TURN, "morale=6,6", heroic_morale=5)
    flick(state, "flick 1 at 0 strength 0.6")
    assert state.score == [1, 0] and state.morale[0] == 11


def test_r26_the_excite_discount_option_sets_how_much_cheaper_supermoves_are() -> None:
    state = position(GATE, A_TURN, "morale=20,6", excite_discount=5)
    state.apply_action(state.parse_action("super 1"))  # ferro, charisma 20
    flick(state, "flick 1 at 0 strength 0.4")
    events = roll(state, "excited")
    assert "5 morale cheaper" in events[0].text
    assert state.super_cost(1) == 0  # lince's Dead Eye: 5 morale, less 5
    assert state.super_cost(2) == 0 and state.super_cost(3) == 0  # never below 0


def test_h_market_the_budget_option_sets_the_denari_of_the_draft() -> None:
    state = load("juggers", budget=100).new_initial_state()
    assert state.budget == [100, 100]
    state.apply_action(Toss(1))
    state.apply_action(state.parse_action("choose pick"))
    for pick in ("tempesta", "lince", "ferro"):  # B: 70, A: 65, B: 60 (over the 30 left)
        state.apply_action(state.parse_action(f"pick {pick}"))
    assert state.budget == [100 - 65, 100 - 70]
    assert state.paid[4] and not state.paid[5]  # R27: ferro joins B without its supermove


def test_h_fall_an_attackers_fall_ends_the_attack_unless_the_option_says_no() -> None:
    fields = ("at=A1:300,400;A2:500,350;A3:500,700;B1:500,600", B_TURN, "morale=6,6")
    ends = position(*fields)
    flick(ends, "flick 1 at 90 strength 0.6")  # B1 knocks A3 off the table
    roll_all(ends)
    assert ends.turn == 2
    goes_on = position(*fields, fall_ends_attack=False)
    flick(goes_on, "flick 1 at 90 strength 0.6")
    assert goes_on.pos[2] is None and goes_on.hp[2] == 2  # it fell and lost a life point
    roll_all(goes_on)
    assert goes_on.turn == 1 and goes_on.current_player() == 0  # A attacks on with two coins
    events = flick(goes_on, "flick 1 at 0 strength 0.3")  # H-SHORT: two on the table, any flick
    assert goes_on.turn == 1 and "foul" not in kinds(events)


@pytest.mark.parametrize(
    ("option", "value", "allowed"),
    [
        ("innings", 0, "greater than or equal to 1"),
        ("innings", 31, "less than or equal to 30"),
        ("morale_cap", -1, "greater than or equal to 0"),
        ("heroic_morale", 31, "less than or equal to 30"),
        ("excite_discount", "lots", "valid integer"),
        ("budget", 1001, "less than or equal to 1000"),
        ("fall_ends_attack", "maybe", "valid boolean"),
    ],
)
def test_a_bad_option_value_is_refused_with_what_is_allowed(
    option: str, value: object, allowed: str
) -> None:
    with pytest.raises(OptionError, match=f"option '{option}': .*{allowed}"):
        load("juggers", **{option: value})
