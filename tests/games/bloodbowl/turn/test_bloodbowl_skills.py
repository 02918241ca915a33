"""Skills and traits (BB2020 wording, kept by the 2025 edition), each with its own test;
Block, Dodge, Tackle, Stand Firm, Juggernaut, Frenzy, Dauntless, Mighty Blow, Thick Skull,
Stunty, Regeneration, Dirty Player, Catch, Sure Hands and Pass are tested beside the action
they change (test_bloodbowl_block, _move, _pass, _foul_injury)."""

from __future__ import annotations

from tablesports.games.bloodbowl.players import PRONE, STANDING
from tablesports.games.bloodbowl.rules_data import rosters
from tablesports.games.bloodbowl.skills import check_rosters, skills
from tests.games.bloodbowl.turn.turn_helpers import act, legal_texts, log, position, sq, who


def test_every_roster_skill_is_described() -> None:
    check_rosters()
    used = {s for r in rosters().values() for p in r.positions for s in p.skills}
    assert used <= set(skills())
    assert {"Swarming", "Secret Weapon"} <= set(skills())


def test_loner_must_roll_its_number_to_use_a_team_reroll() -> None:
    # the Ogre (Loner 3+ in 2025, Bone Head) fails a Rush, the team re-roll is lost on a 2
    s = position("H12 5,7")
    act(s, "move 12", "D6=2", "move 12 to 10,7", "move 12 to 11,7 (rush 2+)", "D6=1", "reroll")
    events = act(s, "D6=2")
    assert "the re-roll is lost" in log(events) and s.rerolls[0] == 2
    assert s.stack[-1].name == "armour_injury"  # he falls: no second chance


def test_loner_on_its_number_rerolls() -> None:
    s = position("H12 5,7")  # the human Ogre: Loner (3+)
    act(s, "move 12", "D6=2", "move 12 to 10,7", "move 12 to 11,7 (rush 2+)", "D6=1", "reroll")
    act(s, "D6=3", "D6=5")
    assert who(s, "H12").square == sq("11,7") and who(s, "H12").stance == STANDING


def test_bone_head_on_a_1_ends_the_activation_and_loses_tackle_zones() -> None:
    s = position("H12 5,7", "A1 6,7", rerolls=(0, 0))
    events = act(s, "move 12", "D6=1")
    ogre = who(s, "H12")
    assert "does nothing" in log(events) and ogre.distracted and ogre.square == sq("5,7")
    assert s.stack[-1].name == "team_turn"
    assert s.markers(1, sq("6,7")) == 0  # the orc is not Marked by him


def test_really_stupid_needs_4_plus_or_2_plus_with_a_helpful_team_mate() -> None:
    troll = {
        "name": "Trolls",
        "roster": "orc",
        "edition": "BB2020",
        "rerolls": 0,
        "cheerleaders": 0,
        "assistant_coaches": 0,
        "fan_factor": 0,
        "players": [{"number": 1, "position": "Troll"}, {"number": 2, "position": "Lineman"}],
    }
    s = position("H1 5,7", teams=(troll, "orc"), rerolls=(0, 0))  # type: ignore[arg-type]
    act(s, "move 1", "D6=3")
    assert who(s, "H1").distracted
    s = position("H1 5,7", "H2 5,8", teams=(troll, "orc"))  # type: ignore[arg-type]
    act(s, "move 1", "D6=2")
    assert not who(s, "H1").distracted and s.stack[-1].name == "activation"


def test_animal_savagery_needs_four_plus_on_activation() -> None:
    s = position("H12 5,7", teams=("skaven", "orc"), rerolls=(0, 0))  # the Rat Ogre
    events = act(s, "move 12", "D6=4")
    assert "D6=4 against 4+: success" in log(events) and s.stack[-1].name == "activation"
    assert not who(s, "H12").distracted


def test_animal_savagery_adds_two_when_declaring_a_block_or_blitz() -> None:
    s = position("H12 5,7", "A1 6,7", teams=("skaven", "orc"), rerolls=(0, 0))
    events = act(s, "block 12", "D6=2")
    assert "D6=2+2 against 4+: success" in log(events) and s.stack[-1].name == "activation"
    s = position("H12 5,7", "A1 6,7", teams=("skaven", "orc"), rerolls=(0, 0))
    events = act(s, "move 12", "D6=3")  # no bonus for a Move
    assert "D6=3 against 4+: failure" in log(events)


def test_animal_savagery_without_a_team_mate_to_lash_out_at_loses_the_action() -> None:
    s = position("H12 5,7", "H1 7,7", teams=("skaven", "orc"), rerolls=(0, 0))
    act(s, "move 12", "D6=3")
    assert who(s, "H12").distracted and s.stack[-1].name == "team_turn"
    assert "move 1" in legal_texts(s) and not s.turnover


def test_animal_savagery_lashes_out_at_a_standing_team_mate_who_is_knocked_down() -> None:
    s = position(
        "H12 5,7", "H1 6,7", "H2 4,6", "H3 5,8 prone", teams=("skaven", "orc"), rerolls=(0, 0)
    )
    act(s, "move 12", "D6=1")
    assert legal_texts(s) == ["lash out at 1", "lash out at 2"]  # not the Prone #3
    events = act(s, "lash out at 2")
    assert "knocked down" in log(events) and who(s, "H2").stance == PRONE
    act(s, "2D6=1+2")  # the armour holds
    assert not s.turnover and s.stack[-1].name == "activation"  # he goes on with his Move
    assert not who(s, "H12").distracted


def test_animal_savagery_lashing_out_at_the_ball_carrier_is_a_turnover() -> None:
    s = position("H12 5,7", "H1 6,7", ball="6,7", teams=("skaven", "orc"), rerolls=(0, 0))
    events = act(s, "move 12", "D6=2", "lash out at 1")
    assert "Turnover" in log(events) and s.stack[-1].name == "armour_injury"


def test_break_tackle_helps_the_first_dodge_of_an_activation() -> None:
    # the Deathroller: Break Tackle, ST 7 (+2), AG 5+; two orcs mark the square he dodges to
    s = position("H12 8,7", "A1 9,6", "A2 9,8", teams=("dwarf", "orc"), rerolls=(0, 0))
    act(s, "move 12")
    assert "move 12 to 9,7 (dodge 5+)" in legal_texts(s)  # AG 5+ -2 +2
    events = act(s, "move 12 to 9,7", "D6=4")
    assert "D6=4 against 5+: failure" in log(events)  # the modifiers cancel out


def test_prehensile_tail_makes_dodging_away_harder() -> None:
    # the Rat Ogre (Prehensile Tail) marks human #10: dodging away takes -1 more
    s = position("H10 8,7", "A12 9,7", teams=("human", "skaven"))
    act(s, "move 10")
    assert "move 10 to 7,7 (dodge 4+)" in legal_texts(s)


def test_no_hands_never_picks_up_the_ball() -> None:
    s = position("H12 5,7", "A1 20,7", ball="6,7", teams=("dwarf", "orc"))  # Deathroller
    assert "pass 12" not in legal_texts(s) and "hand-off 12" not in legal_texts(s)
    act(s, "move 12", "move 12 to 6,7")
    assert s.stack[-1].name == "bounce"  # the ball bounces off him


def test_every_skill_a_roster_uses_is_carried_out_in_full() -> None:
    used = {s for r in rosters().values() for p in r.positions for s in p.skills}
    assert {n for n in used if skills()[n].status != "full"} == set()
    for name in ("Right Stuff", "Throw Team-mate", "Always Hungry", "Projectile Vomit"):
        assert skills()[name].status == "full"


def test_a_prone_player_stands_up_and_a_failed_stand_up_with_low_ma_wastes_the_action() -> None:
    s = position("H12 5,7 prone", teams=("dwarf", "orc"))  # Deathroller MA 4: stands freely
    act(s, "move 12")
    assert who(s, "H12").stance == STANDING
    assert who(s, "H12").stance != PRONE
