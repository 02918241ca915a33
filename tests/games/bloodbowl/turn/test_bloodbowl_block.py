"""The Block and the Blitz (BB2020): block dice by strength and assists, who chooses, the
results, push-backs, chain pushes, the crowd, follow-up, knock-downs and their skills."""

from __future__ import annotations

import pytest

from tablesports.core.errors import IllegalActionError
from tablesports.games.bloodbowl.players import PRONE, RESERVES, STANDING
from tablesports.games.bloodbowl.turn.block import BLOCK_OUTCOMES
from tests.games.bloodbowl.turn.turn_helpers import act, legal_texts, log, position, sq, who


def block_dice_count(s) -> int:  # type: ignore[no-untyped-def]
    return len(s.chance_outcomes()[0][0].faces)


def test_block_dice_probabilities_sum_to_one_and_push_shows_on_two_sides() -> None:
    for outcomes in BLOCK_OUTCOMES.values():
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    one = dict((str(o), p) for o, p in BLOCK_OUTCOMES[1])
    assert one["block dice=push"] == pytest.approx(2 / 6)
    assert one["block dice=pow"] == pytest.approx(1 / 6)


def test_equal_strength_rolls_one_die_and_the_attacker_chooses() -> None:
    s = position("H1 8,7", "A1 9,7")
    act(s, "block 1", "block 9,7")
    assert block_dice_count(s) == 1
    act(s, "block dice=pow")
    assert "choose pow" in legal_texts(s) and "reroll" in legal_texts(s)


def test_a_free_assist_gives_two_dice_a_marked_one_does_not() -> None:
    s = position("H1 8,7", "H2 9,6", "A1 9,7")  # H2 next to A1, Marked by nobody else
    act(s, "block 1", "block 9,7")
    assert block_dice_count(s) == 2
    s = position("H1 8,7", "H2 9,6", "A1 9,7", "A2 10,5")  # A2 Marks H2
    act(s, "block 1", "block 9,7")
    assert block_dice_count(s) == 1


def test_a_stronger_defender_chooses_after_the_attacker_declines_a_reroll() -> None:
    s = position("H1 8,7", "A9 9,7")  # Big Un, ST 4
    act(s, "block 1", "block 9,7", "block dice=skull,pow")
    assert legal_texts(s) == ["no reroll", "reroll"]
    act(s, "no reroll")
    assert s.current_player() == 1 and set(legal_texts(s)) == {"choose skull", "choose pow"}
    events = act(s, "choose skull", "2D6=1+1")
    assert who(s, "H1").stance == PRONE and "Turnover" in log(events)


def test_more_than_twice_as_strong_rolls_three_dice() -> None:
    s = position("H12 8,7", "A12 9,7", rerolls=(0, 0))  # Ogre ST 5 against a Goblin ST 2
    act(s, "block 12", "D6=6", "block 9,7")  # D6=6: Bone Head passed
    assert block_dice_count(s) == 3


def test_pow_pushes_back_then_knocks_down_and_the_attacker_may_follow_up() -> None:
    s = position("H1 8,7", "A1 9,7")
    act(s, "block 1", "block 9,7", "block dice=pow", "choose pow")
    assert set(legal_texts(s)) == {"push to 10,7", "push to 10,6", "push to 10,8"}
    act(s, "push to 10,6")
    assert legal_texts(s) == ["follow up", "stay"]
    act(s, "follow up", "2D6=3+3")
    assert who(s, "H1").square == sq("9,7")
    a1 = who(s, "A1")
    assert a1.square == sq("10,6") and a1.stance == PRONE


def test_both_down_spares_a_player_with_block() -> None:
    s = position("H10 8,7", "A1 9,7")  # human Blitzer has Block, the orc Lineman not
    act(s, "block 10", "block 9,7", "block dice=both-down", "choose both-down", "2D6=1+2")
    assert who(s, "H10").stance == STANDING and who(s, "A1").stance == PRONE
    assert s.stack[-1].name == "team_turn" and s.current_player() == 0  # no turnover


def test_stumble_is_a_push_against_dodge_but_not_with_tackle() -> None:
    s = position("H1 8,7", "A12 9,7")  # Goblin: Dodge
    act(s, "block 1", "block 9,7", "block dice=stumble,stumble", "choose stumble")
    act(s, "push to 10,7", "stay")
    assert who(s, "A12").stance == STANDING
    s = position("H9 8,7", "A12 9,7", teams=("dwarf", "orc"))  # Dwarf Blitzer: Tackle
    act(s, "block 9", "block 9,7", "block dice=stumble,stumble", "choose stumble")
    act(s, "push to 10,7", "stay", "2D6=1+2")
    assert who(s, "A12").stance == PRONE


def test_no_empty_square_means_a_chain_push() -> None:
    s = position("H1 8,7", "A1 9,7", "A2 10,6", "A3 10,7", "A4 10,8")
    act(s, "block 1", "block 9,7", "block dice=push", "choose push")
    assert set(legal_texts(s)) == {"push to 10,6", "push to 10,7", "push to 10,8"}
    events = act(s, "push to 10,7", "push to 11,7")
    assert "chain push" in log(events)
    assert who(s, "A3").square == sq("11,7") and who(s, "A1").square == sq("10,7")


def test_pushed_off_the_pitch_the_crowd_injures_without_an_armour_roll() -> None:
    s = position("H1 8,1", "A1 8,0")
    events = act(s, "block 1", "block 8,0", "block dice=push", "choose push")
    assert "pushed into the crowd" in log(events)  # the only way: no choice to make
    events = act(s, "2D6=3+3")
    assert "Armour" not in log(events)
    a1 = who(s, "A1")
    assert a1.square < 0 and a1.box == RESERVES  # Stunned in the crowd: to the reserves


def test_a_ball_carrier_pushed_into_the_crowd_gets_a_throw_in() -> None:
    s = position("H1 8,1", "A1 8,0", ball="8,0")
    act(s, "block 1", "block 8,0", "block dice=push", "choose push", "2D6=3+3")
    assert s.stack[-1].name == "throw_in"


def test_stand_firm_is_not_pushed() -> None:
    s = position("H12 9,7", "A1 8,7", team=1, teams=("dwarf", "orc"))  # the Deathroller
    act(s, "block 1", "block 9,7", "block dice=push,push,push", "no reroll", "choose push")
    assert who(s, "H12").square == sq("9,7") and who(s, "A1").square == sq("8,7")


def test_blitz_moves_then_blocks_once_and_only_one_blitz_a_turn() -> None:
    s = position("H10 2,7", "H11 2,9", "A1 9,7")
    act(s, "blitz 10", "move 10 to 8,7")
    assert "blitz 9,7 (1 die)" in legal_texts(s)
    act(s, "blitz 9,7", "block dice=push", "choose push", "push to 10,7", "follow up")
    assert who(s, "H10").square == sq("9,7")
    assert not any(t.startswith("blitz") for t in legal_texts(s))
    act(s, "end activation")
    assert "blitz 11" not in legal_texts(s)
    with pytest.raises(IllegalActionError, match="one blitz action a turn"):
        act(s, "blitz 11")


def test_a_block_action_does_not_move() -> None:
    s = position("H1 8,7", "A1 9,7")
    act(s, "block 1")
    assert not any(t.startswith("move") for t in legal_texts(s))


def test_mighty_blow_breaks_armour_it_would_not_otherwise() -> None:
    s = position("H12 8,7", "A1 9,7", rerolls=(0, 0))  # Ogre: Mighty Blow (+1); orc AV 10
    act(s, "block 12", "D6=6", "block 9,7", "block dice=push,pow", "choose pow")
    events = act(s, "push to 10,7", "stay", "2D6=4+5")
    assert "broken" in log(events)


def test_juggernaut_turns_both_down_into_a_push_on_a_blitz() -> None:
    s = position("H12 5,7", "A1 9,7", teams=("dwarf", "orc"), rerolls=(0, 0))
    act(s, "blitz 12", "move 12 to 8,7", "blitz 9,7", "block dice=both-down,both-down,pow")
    act(s, "choose both-down", "push to 10,7", "stay")
    assert who(s, "H12").stance == STANDING and who(s, "A1").stance == STANDING
    assert who(s, "A1").square == sq("10,7")


def test_frenzy_must_follow_up_and_block_again() -> None:
    s = position("H11 8,7", "A1 9,7", teams=("dwarf", "orc"))  # Troll Slayer: Frenzy
    act(s, "block 11", "block 9,7", "block dice=push", "choose push", "push to 10,7")
    assert who(s, "H11").square == sq("9,7")  # followed up by himself
    assert s.stack[-1].name == "block"
    act(s, "block dice=pow", "choose pow", "push to 11,7", "2D6=1+1")
    assert who(s, "A1").stance == PRONE


def test_dauntless_may_match_a_stronger_opponent() -> None:
    s = position("H11 8,7", "A9 9,7", teams=("dwarf", "orc"))  # Troll Slayer ST 3, Big Un 4
    act(s, "block 11", "block 9,7", "D6=1")
    assert block_dice_count(s) == 2  # 1 + 3 does not beat 4: ST 3 against 4
    s = position("H11 8,7", "A9 9,7", teams=("dwarf", "orc"))
    act(s, "block 11", "block 9,7", "D6=2")
    assert block_dice_count(s) == 1  # 2 + 3 beats 4: ST 4 against 4


def test_cheering_fans_gives_an_extra_assist_to_the_first_block_only() -> None:
    s = position("H1 8,7", "A1 9,7", "H2 5,5", "A2 6,5")
    s.cheering[0] = True
    act(s, "block 1", "block 9,7")
    assert block_dice_count(s) == 2
    act(s, "block dice=push,push", "choose push", "push to 10,7", "stay", "block 2", "block 6,5")
    assert block_dice_count(s) == 1


def test_a_stand_firm_player_stops_a_chain_push() -> None:
    # orc #1 pushes dwarf #1 back into the Deathroller (Stand Firm): the chain stops
    s = position(
        "A1 8,7", "H1 9,7", "H12 10,7", "H2 10,6", "H3 10,8", team=1, teams=("dwarf", "orc")
    )
    act(s, "block 1", "block 9,7", "block dice=push", "choose push")
    events = act(s, "push to 10,7")
    assert "stands firm" in log(events)
    assert who(s, "H1").square == sq("9,7") and who(s, "H12").square == sq("10,7")


def test_frenzy_blocks_again_only_when_the_target_was_pushed_back() -> None:
    # both have Block: Both Down knocks nobody down and pushes nobody: no second block
    s = position("H11 8,7", "A6 9,7", teams=("dwarf", "orc"))  # Troll Slayer, orc Blitzer
    act(s, "block 11", "block 9,7", "block dice=both-down", "choose both-down")
    assert s.stack[-1].name == "activation" or s.stack[-1].name == "team_turn"
    assert who(s, "A6").square == sq("9,7")


def test_frenzy_in_a_blitz_the_second_block_costs_a_square_of_movement() -> None:
    s = position("H11 5,7", "A1 9,7", teams=("dwarf", "orc"))  # Troll Slayer MA 5
    act(s, "blitz 11", "move 11 to 8,7")  # 3 squares; the first block makes 4
    act(s, "blitz 9,7", "block dice=push", "choose push", "push to 10,7")
    assert s.stack[-1].name == "block"  # the second block, for the fifth square
    act(s, "block dice=push", "choose push", "push to 11,7")
    top = next(p for p in reversed(s.stack) if p.name == "activation")
    assert top.moved == 5


def test_frenzy_in_a_blitz_rushes_for_the_second_block_once_his_ma_is_spent() -> None:
    s = position("H11 4,7", "A1 9,7", teams=("dwarf", "orc"), rerolls=(0, 0))
    act(s, "blitz 11", "move 11 to 8,7")  # 4 squares; the block is the fifth (MA 5)
    act(s, "blitz 9,7", "block dice=push", "choose push", "push to 10,7")
    assert s.stack[-1].name == "rush"  # the second block needs a Rush
    events = act(s, "D6=1")
    assert "Turnover" in log(events) and who(s, "H11").stance == PRONE
