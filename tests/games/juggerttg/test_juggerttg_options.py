"""The free pick's order (R20 and its house rule) as an option: `pick_order`."""

from __future__ import annotations

import pytest

from tablesports.core.errors import OptionError
from tablesports.core.registry import load
from tablesports.games.juggerttg.game import JuggerState


def pickers(st: JuggerState) -> list[int]:
    """Who picked each hero, taking the first hero offered each time."""
    order = []
    while st.phase == "recruit":
        order.append(st.current_player())
        st.apply_action(st.legal_actions()[0])
    return order


def test_r20_the_free_pick_alternates_by_default() -> None:
    st = load("juggerttg").new_initial_state()
    assert pickers(st) == [0, 1] * 5


def test_r20_the_pick_order_option_lets_red_pick_its_whole_team_first() -> None:
    st = load("juggerttg", pick_order="whole-team").new_initial_state()
    assert pickers(st) == [0] * 5 + [1] * 5
    assert st.phase in ("field", "qwik") and st.current_player() == 0  # red lines up first
    long = load("juggerttg", pick_order="whole-team", length="long").new_initial_state()
    assert pickers(long) == [0] * 8 + [1] * 8


def test_the_pick_order_is_refused_for_a_draft_and_out_of_its_values() -> None:
    with pytest.raises(OptionError, match=r"the draft .* has its own order"):
        load("juggerttg", teams="draft", pick_order="whole-team")
    with pytest.raises(OptionError, match="option 'pick_order': Input should be 'alternate'"):
        load("juggerttg", pick_order="blue-first")


def to_initiative(st: JuggerState) -> JuggerState:
    while st.phase != "init-roll":
        st.apply_action(st.legal_actions()[0])
    return st


def test_r31_g10_the_initiative_option_rolls_dice_by_will_instead_of_reflex() -> None:
    game = load("juggerttg", initiative="will")
    st = to_initiative(game.new_initial_state())
    field = [k for k in range(8) if st.card[k] >= 0]
    will = max(game.heroes[st.card[k]].will for k in field)
    reflex = max(game.heroes[st.card[k]].reflex for k in field)
    assert will != reflex  # the two values give different rolls here
    assert len(st.chance_outcomes()) == will + 1  # 0 to `will` skulls
    house = to_initiative(load("juggerttg").new_initial_state())
    assert len(house.chance_outcomes()) == reflex + 1
    with pytest.raises(OptionError, match="option 'initiative': Input should be 'reflex'"):
        load("juggerttg", initiative="agility")
