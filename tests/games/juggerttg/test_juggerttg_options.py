"""The free pick's order (R20 and its house rule) as an option: `pick_order`."""

from __future__ import annotations

import pytest

from tablesports.core.errors import IllegalActionError, OptionError
from tablesports.core.registry import load
from tablesports.games.juggerttg.actions import parse_hero
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


DUEL = "r2 wren long k6 E 3/4; b2 bex long m6 W 3/3"
QWIKS = "r8 nils qwik b1 E 4/3; b8 sami qwik s11 W 4/2"


def duel(**options: object) -> JuggerState:
    """r2 attacks b2, who parries on a tie: the combat ends and r2 is still active."""
    game = load("juggerttg", **options)
    st = game.from_position(f"rda=4 init=red active=r2 / {DUEL}; {QWIKS}")
    assert isinstance(st, JuggerState)
    for text in ("attack b2", "buy 0", "parry", "buy 0", "skulls 2", "skulls 2"):
        st.apply_action(st.parse_action(text))
    assert st.phase == "act" and st.active == parse_hero("r2")
    return st


def test_g24_the_one_attack_per_activation_option_forbids_a_second_attack() -> None:
    house = duel()
    assert "attack b2" in {str(a) for a in house.legal_actions()}  # FP allow a second one
    once = duel(one_attack_per_activation=True)
    legal = {str(a) for a in once.legal_actions()}
    assert "attack b2" not in legal and "done" in legal
    before = once.to_json()
    with pytest.raises(IllegalActionError):
        once.apply_action(once.parse_action("attack b2"))
    assert once.to_json() == before
    once.apply_action(once.parse_action("done"))
    once.apply_action(once.parse_action("activate r8"))  # the next hero may attack again
    assert once.attacked == 0
