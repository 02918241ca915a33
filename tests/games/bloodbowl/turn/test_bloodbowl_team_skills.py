"""The skills and traits the issue-19 rosters brought (BB2020 wording): Nerves of Steel
(Elven Union), Claws and Foul Appearance (Necromantic Horror), Horns and Unchannelled Fury
(Chaos Chosen), Decay (Tomb Kings). Shirt numbers follow each published team in
data/teams.toml."""

from __future__ import annotations

from typing import Any

from tablesports.games.bloodbowl.players import CASUALTY, STANDING
from tests.games.bloodbowl.turn.test_bloodbowl_special_actions import vomit
from tests.games.bloodbowl.turn.test_bloodbowl_throw_team_mate import orcs_with_troll
from tests.games.bloodbowl.turn.turn_helpers import (
    act,
    legal_texts,
    log,
    plain_texts,
    position,
    sq,
    who,
)


def test_nerves_of_steel_ignores_being_marked_when_catching() -> None:
    # Elven Union: #7 Thrower (PA 2+), #8 Catcher (AG 2+, Nerves of Steel) Marked by A1
    s = position("H7 10,7", "H8 13,7", "A1 14,7", ball="10,7", teams=("elven-union", "orc"))
    act(s, "pass 7", "pass to 13,7", "D6=6")
    events = act(s, "D6=2")  # no -1 for A1; +1 for Diving Catch in the target square (2025)
    assert "catch: D6=2+1 against 2+: success" in log(events)


def test_without_nerves_of_steel_the_marker_counts() -> None:
    s = position("H7 10,7", "H1 13,7", "A1 14,7", ball="10,7", teams=("elven-union", "orc"))
    act(s, "pass 7", "pass to 13,7", "D6=6")
    events = act(s, "D6=2")
    assert "catch: D6=2-1 against 2+: failure" in log(events)


def necro_block(*players: str) -> Any:
    return position(*players, rerolls=(0, 0), teams=("necromantic", "human"))


def test_claws_break_armour_on_8_whatever_the_av() -> None:
    # the Werewolf (#8, Claws, Frenzy) knocks down an Ogre (#12, AV 10+) with a POW
    s = necro_block("H8 10,7", "A12 11,7")
    act(s, "block 8", "block 11,7", "block dice=pow,pow", "choose pow", "push to 12,7")
    events = act(s, "2D6=4+4")  # 8: below AV 10, but Claws break it
    assert "Claws" in log(events) and "broken" in log(events)
    assert s.stack[-1].name == "armour_injury"  # the injury roll comes next


def test_claws_need_8_before_modifiers() -> None:
    s = necro_block("H8 10,7", "A12 11,7")
    act(s, "block 8", "block 11,7", "block dice=pow,pow", "choose pow", "push to 12,7")
    events = act(s, "2D6=3+4")
    assert "holds" in log(events) and who(s, "A12").stance != STANDING


def test_foul_appearance_on_a_1_wastes_the_block() -> None:
    # a human Blitzer (#10) blocks the Wraith (#7, Foul Appearance)
    s = position("H10 10,7", "A7 11,7", rerolls=(0, 0), teams=("human", "necromantic"))
    events = act(s, "blitz 10", "blitz 11,7", "D6=1")
    assert "the action is wasted" in log(events)
    assert who(s, "A7").stance == STANDING and s.stack[-1].name == "team_turn"
    assert "move 10" not in plain_texts(s)  # his activation is over


def test_foul_appearance_on_2_plus_lets_the_block_go_on() -> None:
    s = position("H10 10,7", "A7 11,7", rerolls=(0, 0), teams=("human", "necromantic"))
    act(s, "block 10", "block 11,7", "D6=2")
    assert s.stack[-1].name == "block"
    assert str(s.chance_outcomes()[0][0]).startswith("block dice=")  # the block is rolled


def test_horns_add_1_st_in_a_blitz_only() -> None:
    # a Beastman (#1, ST 3, Horns) against an orc Lineman (ST 3)
    s = position("H1 10,7", "A1 11,7", teams=("chaos-chosen", "orc"))
    act(s, "block 1")
    assert "block 11,7 (1 die)" in legal_texts(s)
    s = position("H1 10,7", "A1 11,7", teams=("chaos-chosen", "orc"))
    act(s, "blitz 1")
    assert "blitz 11,7 (2 dice, you choose)" in legal_texts(s)


def minotaur(*players: str) -> Any:
    return position("H11 10,7", *players, rerolls=(0, 0), teams=("chaos-chosen", "orc"))


def test_unchannelled_fury_on_a_failure_ends_the_activation_keeping_tackle_zones() -> None:
    s = minotaur("A1 12,7")
    events = act(s, "move 11", "D6=3")  # 3 against 4+, no bonus for a Move
    assert "rages" in log(events) and s.stack[-1].name == "team_turn"
    assert not who(s, "H11").distracted  # he keeps his tackle zones


def test_unchannelled_fury_gets_2_for_a_block() -> None:
    s = minotaur("A1 11,7")
    events = act(s, "block 11", "D6=2")  # 2 + 2 = 4
    assert "success" in log(events) and s.stack[-1].name == "activation"


def test_decay_rolls_two_casualties_and_the_worse_applies() -> None:
    # the Troll's vomit on a Tomb Guardian (#10, Decay, Regeneration, AV 10+)
    s = position(
        "H13 10,7", "H1 9,7", "A10 11,7", rerolls=(0, 0), teams=(orcs_with_troll(), "tomb-kings")
    )
    vomit(s, "11,7", 6)
    act(s, "2D6=5+5", "2D6=6+5", "D16=2")  # broken; a casualty; Badly Hurt
    assert s.stack[-1].describe(s).startswith("Decay casualty roll")
    events = act(s, "D16=15")  # Dead: the worse
    assert "Casualty D16=15" in log(events)
    act(s, "D6=1")  # Regeneration fails
    assert who(s, "A10").box == CASUALTY


def black_orcs(*players: str) -> Any:
    # Thunder Valley Greenskins: #6-#11 Black Orcs (ST 4, Brawler, Grab)
    return position(*players, rerolls=(0, 0), teams=("black-orc", "orc"))


def test_brawler_rerolls_one_both_down_die_in_a_block() -> None:
    s = black_orcs("H6 10,7", "A1 11,7")
    act(s, "block 6", "block 11,7", "block dice=skull,both-down")
    assert "brawler reroll" in legal_texts(s)
    events = act(s, "brawler reroll", "block dice=pow")
    assert "re-rolls a Both Down: pow" in log(events)
    assert sorted(legal_texts(s)) == ["choose pow", "choose skull"]  # once only


def test_brawler_is_not_for_a_blitz() -> None:
    s = black_orcs("H6 10,7", "A1 11,7")
    act(s, "blitz 6", "blitz 11,7", "block dice=skull,both-down")
    assert "brawler reroll" not in legal_texts(s)


def test_grab_pushes_into_any_empty_square_next_to_the_target() -> None:
    s = black_orcs("H6 10,7", "A1 11,7")
    act(s, "block 6", "block 11,7", "block dice=push,push", "choose push")
    assert "push to 11,6" in legal_texts(s) and "push to 12,8" in legal_texts(s)
    assert len(legal_texts(s)) == 7  # every empty square around him, not only the three


def test_grab_is_for_a_block_only_and_sidestep_cancels_it() -> None:
    s = black_orcs("H6 10,7", "A1 11,7")
    act(s, "blitz 6", "blitz 11,7", "block dice=push,push", "choose push")
    assert sorted(legal_texts(s)) == ["push to 12,6", "push to 12,7", "push to 12,8"]
    s = position("H6 10,7", "A10 11,7", rerolls=(0, 0), teams=("black-orc", "elven-union"))
    act(s, "block 6", "block 11,7", "block dice=push,push", "choose push")  # a Sidestep Blitzer
    assert sorted(legal_texts(s)) == ["push to 12,6", "push to 12,7", "push to 12,8"]
    assert s.current_player() == 0  # the attacking coach chooses, as for any push


def high_elves(*players: str, **kw: Any) -> Any:
    # Caledor Dragons: #7 Thrower (PA 2+, Pass, Safe Pass, Cloud Burster), #8-9 Catchers
    return position(*players, rerolls=(0, 0), teams=("high-elf", "orc"), **kw)


def test_safe_pass_keeps_a_fumbled_ball_without_a_turnover() -> None:
    s = high_elves("H7 10,7", "H8 14,7", ball="10,7")
    events = act(s, "pass 7", "pass to 14,7", "D6=1", "D6=1")  # fumbled, and the Pass re-roll
    assert "Safe Pass" in log(events) and s.ball_state == "held" and s.ball == sq("10,7")
    assert not s.turnover and s.stack[-1].name == "team_turn"


def test_cloud_burster_makes_a_successful_interference_with_a_long_pass_roll_again() -> None:
    s = high_elves("H7 5,7", "H8 14,7", "A1 9,7", ball="5,7")  # nine squares: a long pass
    act(s, "pass 7", "pass to 14,7", "D6=6", "interfere 1")
    events = act(s, "D6=6")  # deflected, but Cloud Burster
    assert "must be re-rolled" in log(events) and s.stack[-1].name == "pass_action"
    events = act(s, "D6=2")  # the re-roll fails: the pass goes on
    assert "failure" in log(events) and s.stack[-1].name == "turn_catch"


def test_cloud_burster_is_for_long_passes_only() -> None:
    s = high_elves("H7 10,7", "H8 14,7", "A1 12,7", ball="10,7")  # a short pass
    act(s, "pass 7", "pass to 14,7", "D6=6", "interfere 1")
    events = act(s, "D6=6")
    assert "deflected" in log(events) and "re-rolled" not in log(events)
