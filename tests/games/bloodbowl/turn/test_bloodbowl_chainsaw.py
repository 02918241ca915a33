"""Chainsaw (2025 trait): the Chainsaw Attack Special action, its kick-back on a 1, the armour
roll +3, the chainsaw in a Blitz and in a Foul, and +3 to any armour roll against him once he
is down. The Goblin team plays at home (#8 the Loony, Chainsaw, No Ball, Secret Weapon)
against the humans (#1 a Lineman, AV 9+)."""

from __future__ import annotations

from tablesports.games.bloodbowl.players import PRONE, STANDING
from tests.games.bloodbowl.turn.turn_helpers import (
    act,
    dice,
    goblins,
    legal_texts,
    log,
    plain_texts,
    position,
    sq,
    who,
)


def test_chainsaw_is_a_special_action_next_to_a_standing_opponent() -> None:
    s = goblins("H8 10,7", "A1 11,7", "H1 2,2")
    assert "chainsaw 8" in plain_texts(s)
    assert "chainsaw 1" not in plain_texts(s)  # a Goblin Lineman has no chainsaw
    s = goblins("H8 10,7", "A1 11,7 prone")
    assert "chainsaw 8" not in plain_texts(s)  # nobody Standing next to him


def test_chainsaw_attack_on_2_or_more_rolls_armour_plus_three() -> None:
    s = goblins("H8 10,7", "A1 11,7")
    act(s, "chainsaw 8")
    assert "chainsaw at 11,7 (2+, AV 9+ at +3)" in legal_texts(s)
    assert not any(t.startswith("move 8") for t in legal_texts(s))  # he does not move
    events = act(s, "chainsaw at 11,7", "D6=2", "2D6=3+3")  # 6 + 3 = 9: broken
    assert "armour 2D6=3+3 +3 against AV 9+: broken" in log(events)
    assert who(s, "A1").stance == PRONE
    events = act(s, "2D6=1+2")  # the injury roll: Stunned
    assert "Injury" in log(events) and who(s, "A1").stance == "stunned"
    assert s.stack[-1].name == "team_turn" and not s.turnover  # the action is over


def test_chainsaw_armour_that_holds_does_nothing() -> None:
    s = goblins("H8 10,7", "A1 11,7")
    events = act(s, "chainsaw 8", "chainsaw at 11,7", "D6=6", "2D6=2+3")  # 5 + 3 = 8 < 9
    assert "holds" in log(events)
    assert who(s, "A1").stance == STANDING and not s.turnover


def test_chainsaw_kicks_back_on_a_1_knocking_him_down_with_armour_plus_three() -> None:
    s = goblins("H8 10,7", "A1 11,7")
    events = act(s, "chainsaw 8", "chainsaw at 11,7", "D6=1")
    assert "kicks back" in log(events)
    assert who(s, "H8").stance == PRONE and s.turnover
    events = act(s, "2D6=2+3")  # his own armour roll: 5 + 3 = 8 breaks AV 8+
    assert "Armour 2D6=2+3 +3 against AV 8+: broken" in log(events)


def test_chainsaw_in_place_of_a_blitz_block_ends_the_activation() -> None:
    s = goblins("H8 8,7", "A1 11,7")
    act(s, "blitz 8", "move 8 to 10,7")
    assert "chainsaw at 11,7 (2+, AV 9+ at +3)" in legal_texts(s)
    act(s, "chainsaw at 11,7", "D6=4", "2D6=1+2")
    assert s.stack[-1].name == "team_turn"  # no more movement after it
    assert "blitz 8" not in plain_texts(s)


def test_chainsaw_with_a_foul_adds_three_to_the_fouls_armour_roll() -> None:
    s = goblins("H8 10,7", "A1 11,7 prone")
    act(s, "foul 8")
    assert "chainsaw foul 11,7 (2+, armour +3)" in legal_texts(s)
    assert "foul 11,7" in plain_texts(s)  # or a plain Foul, as he wishes
    events = act(s, "chainsaw foul 11,7", "D6=3", "2D6=2+4")  # 6 + 3 = 9: broken
    assert "Armour 2D6=2+4 +3 against AV 9+: broken" in log(events)


def test_a_chainsaw_foul_kicks_back_too() -> None:
    s = goblins("H8 10,7", "A1 11,7 prone")
    events = act(s, "foul 8", "chainsaw foul 11,7", "D6=1")
    assert "kicks back" in log(events) and s.turnover and who(s, "H8").stance == PRONE


def test_a_blocked_chainsaw_player_takes_armour_plus_three() -> None:
    # the human blocks the Loony down: +3 to the armour roll against him
    s = position("H1 10,7", "A8 11,7", rerolls=(0, 0), teams=("human", "goblin"))
    events = act(
        s,
        "block 1",
        "block 11,7",
        dice("pow", "pow"),
        "choose pow",
        "push to 12,7",
        "stay",
        "2D6=1+4",
    )
    assert "Armour 2D6=1+4 +3 against AV 8+: broken" in log(events)
    assert who(s, "A8").square == sq("12,7")
