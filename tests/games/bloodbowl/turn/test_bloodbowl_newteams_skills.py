"""The skills of the 2025 Imperial Nobility roster (2025 wording, bloodbowl-S3.gst): Wrestle,
Fend, Pro and Give and Go. Shirt numbers follow the published team in data/teams.toml:
#1-4, #12 Imperial Retainers (Fend), #5-7 Bodyguards (Stand Firm, Wrestle), #8 Imperial
Thrower (Give and Go, Pass, Pro), #9-10 Noble Blitzers (Block, Catch, Pro), #11 Ogre. The
orcs: #1-4 Linemen, #5 Thrower, #6-8 Blitzers (Block), #9-11 Big Uns; the humans: #1-6
Linemen, #7 Thrower, #8-9 Catchers, #10-11 Blitzers (Block)."""

from __future__ import annotations

from typing import Any

from tablesports.games.bloodbowl.ball import HELD
from tablesports.games.bloodbowl.players import PRONE, STANDING
from tests.games.bloodbowl.turn.turn_helpers import (
    act,
    legal_texts,
    log,
    plain_texts,
    position,
    sq,
    who,
)


def nobles(*players: str, rerolls: tuple[int, int] = (0, 0), **kw: Any) -> Any:
    kw.setdefault("teams", ("imperial-nobility", "orc"))
    return position(*players, rerolls=rerolls, **kw)


# --- Wrestle ------------------------------------------------------------------------------


def test_wrestle_on_both_down_places_both_players_prone_without_armour_rolls() -> None:
    s = nobles("H5 10,7", "A1 11,7")  # a Bodyguard blocks an Orc Lineman: one die
    act(s, "block 5", "block 11,7", "block dice=both-down", "choose both-down")
    assert legal_texts(s) == ["use wrestle", "no wrestle"]
    events = act(s, "use wrestle")
    assert "#5 Bodyguard uses Wrestle" in log(events)
    assert who(s, "H5").stance == PRONE and who(s, "A1").stance == PRONE
    assert "armour" not in log(events) and not s.turnover  # Placed Prone, not Knocked Down
    assert s.stack[-1].name == "team_turn"


def test_wrestle_declined_both_down_knocks_down_the_players_without_block() -> None:
    s = nobles("H5 10,7", "A1 11,7")
    act(s, "block 5", "block 11,7", "block dice=both-down", "choose both-down")
    events = act(s, "no wrestle")
    assert "is knocked down" in log(events) and s.turnover  # the Bodyguard has no Block
    assert s.stack[-1].name == "armour_injury"


def test_wrestle_may_be_used_by_the_target_of_the_block() -> None:
    # an Orc Blitzer (Block) blocks a Bodyguard: the Both Down would knock only him down
    s = position("H6 10,7", "A5 11,7", rerolls=(0, 0), teams=("orc", "imperial-nobility"))
    act(s, "block 6", "block 11,7", "block dice=both-down", "choose both-down")
    assert s.current_player() == 1 and legal_texts(s) == ["use wrestle", "no wrestle"]
    act(s, "use wrestle")
    assert who(s, "H6").stance == PRONE and who(s, "A5").stance == PRONE
    assert not s.turnover  # the active player did not hold the ball


def test_wrestle_the_active_ball_carrier_placed_prone_is_a_turnover() -> None:
    s = nobles("H5 10,7", "A1 11,7", ball="10,7")
    act(s, "block 5", "block 11,7", "block dice=both-down", "choose both-down")
    events = act(s, "use wrestle")
    assert s.turnover and "lost the ball" in log(events)
    assert s.stack[-1].name == "bounce" and s.ball_state != HELD


def test_without_wrestle_both_down_asks_nobody() -> None:
    s = nobles("H9 10,7", "A1 11,7")  # a Noble Blitzer (Block, no Wrestle)
    events = act(s, "block 9", "block 11,7", "block dice=both-down", "choose both-down")
    assert "Wrestle" not in log(events) and who(s, "H9").stance == STANDING
    assert who(s, "A1").stance == PRONE


# --- Fend ---------------------------------------------------------------------------------


def test_fend_forbids_the_follow_up() -> None:
    # an Orc Blitzer pushes an Imperial Retainer back
    s = position("H6 10,7", "A1 11,7", rerolls=(0, 0), teams=("orc", "imperial-nobility"))
    act(s, "block 6", "block 11,7", "block dice=push", "choose push", "push to 12,7")
    assert s.current_player() == 1 and legal_texts(s) == ["use fend", "no fend"]
    events = act(s, "use fend")
    assert "(Fend): #6 Blitzer may not follow up" in log(events)
    assert "follow up" not in legal_texts(s) and who(s, "H6").square == sq("10,7")


def test_fend_declined_the_attacker_may_follow_up() -> None:
    s = position("H6 10,7", "A1 11,7", rerolls=(0, 0), teams=("orc", "imperial-nobility"))
    act(s, "block 6", "block 11,7", "block dice=push", "choose push", "push to 12,7")
    act(s, "no fend")
    assert legal_texts(s) == ["follow up", "stay"]
    act(s, "follow up")
    assert who(s, "H6").square == sq("11,7")


def test_fend_not_against_a_blitzing_juggernaut() -> None:
    # the Dwarf Deathroller (#12, Juggernaut) blitzes an Imperial Retainer
    s = position("H12 10,7", "A1 11,7", rerolls=(0, 0), teams=("dwarf", "imperial-nobility"))
    events = act(
        s, "blitz 12", "blitz 11,7", "block dice=push,push,pow", "choose push", "push to 12,7"
    )
    assert "Fend" not in log(events) and legal_texts(s) == ["follow up", "stay"]


# --- Pro ----------------------------------------------------------------------------------


def test_pro_on_3_plus_rerolls_a_failed_dodge() -> None:
    s = nobles("H8 10,7", "A1 11,7")  # the Thrower dodges away, no team re-roll left
    act(s, "move 8", "move 8 to 9,7", "D6=1")
    assert legal_texts(s) == ["no reroll", "use pro"]
    events = act(s, "use pro", "D6=3")
    assert "(Pro): D6=3 against 3+: the die is re-rolled" in log(events)
    act(s, "D6=5")
    assert who(s, "H8").square == sq("9,7") and who(s, "H8").stance == STANDING


def test_pro_on_1_or_2_the_die_stands_and_no_team_reroll_follows() -> None:
    s = nobles("H8 10,7", "A1 11,7", rerolls=(3, 3))
    act(s, "move 8", "move 8 to 9,7", "D6=1")
    assert legal_texts(s) == ["reroll", "no reroll", "use pro"]
    events = act(s, "use pro", "D6=2")
    assert "the die stands" in log(events) and s.turnover
    assert who(s, "H8").stance == PRONE and s.rerolls[0] == 3


def test_pro_only_once_an_activation() -> None:
    s = nobles("H8 10,7", "A1 11,7", "A2 8,6")
    act(s, "move 8", "move 8 to 9,7", "D6=1", "use pro", "D6=4", "D6=4")  # dodged
    act(s, "move 8 to 8,8", "D6=1")  # a second Dodge (out of #2's zone) fails
    assert s.turnover and who(s, "H8").stance == PRONE  # no Pro offered again


def test_pro_rerolls_one_block_die() -> None:
    s = nobles("H9 10,7", "A1 11,7")  # a Noble Blitzer, one die
    act(s, "block 9", "block 11,7", "block dice=skull")
    assert "use pro" in legal_texts(s)
    act(s, "use pro", "D6=5")
    assert legal_texts(s) == ["choose skull"]  # the die to re-roll
    events = act(s, "choose skull", "block dice=pow")
    assert "(Pro) re-rolls a skull: pow" in log(events)
    assert plain_texts(s) == ["choose pow"]  # no team re-roll after Pro


def test_pro_not_for_a_roll_outside_his_own_activation() -> None:
    # a Noble Blitzer hands off to the Thrower (Pro, no Catch), who fails to catch
    s = nobles("H9 10,7", "H8 11,7", ball="10,7", rerolls=(3, 3))
    act(s, "hand-off 9", "hand-off to 11,7", "D6=1")
    assert legal_texts(s) == ["reroll", "no reroll"]


# --- Give and Go --------------------------------------------------------------------------


def test_give_and_go_moves_on_after_a_hand_off() -> None:
    s = nobles("H8 10,7", "H9 11,7", ball="10,7")
    act(s, "hand-off 8", "hand-off to 11,7", "D6=6")  # caught
    assert s.ball == sq("11,7") and s.stack[-1].name == "activation"
    assert "move 8 to 10,3" in plain_texts(s)  # 4 of his 6 squares
    act(s, "move 8 to 10,3")
    assert who(s, "H8").square == sq("10,3")


def test_without_give_and_go_a_hand_off_ends_the_activation() -> None:
    s = nobles("H9 10,7", "H8 11,7", ball="10,7")
    act(s, "hand-off 9", "hand-off to 11,7", "D6=6")
    assert s.stack[-1].name == "team_turn"


def test_give_and_go_moves_on_after_a_quick_pass() -> None:
    s = nobles("H8 10,7", "H9 13,7", ball="10,7")
    act(s, "pass 8", "pass to 13,7", "D6=6", "D6=6")  # accurate, caught
    assert s.ball == sq("13,7") and "move 8 to 10,5" in plain_texts(s)


def test_give_and_go_not_after_a_short_pass() -> None:
    s = nobles("H8 10,7", "H9 15,7", ball="10,7")
    act(s, "pass 8", "pass to 15,7", "D6=6", "D6=6")
    assert s.ball == sq("15,7") and s.stack[-1].name == "team_turn"


def test_give_and_go_not_after_a_turnover() -> None:
    s = nobles("H8 10,7", "H9 11,7", ball="10,7")
    act(s, "hand-off 8", "hand-off to 11,7", "D6=1", "D6=1")  # dropped, Catch fails again
    events = act(s, "D8=5")  # it bounces to 12,7: no move for #8, the opponents' turn
    assert "Turnover: the ball was not caught" in log(events)
    assert "Gouged Eye turn 1" in log(events) and who(s, "H8").square == sq("10,7")


# --- Timmm-ber! (Halfling: #1-5, #12 Hopefuls, #6-7 Hefties (Fend), #8-9 Catchers, #10-11
# Altern Forest Treemen) ----------------------------------------------------------------------


def halflings(*players: str, **kw: Any) -> Any:
    return position(*players, rerolls=(0, 0), teams=("halfling", "orc"), **kw)


def test_timmm_ber_plus_1_per_open_standing_team_mate_next_to_him() -> None:
    s = halflings("H10 10,7 prone", "H1 10,6", "H2 11,8", "H3 9,7 prone")  # #3 is Prone
    events = act(s, "move 10", "D6=3", "D6=2")  # Take Root's roll, then the stand-up roll
    assert "stand-up: D6=2+2 against 4+: success" in log(events)
    assert who(s, "H10").stance == STANDING


def test_timmm_ber_a_marked_team_mate_does_not_help() -> None:
    s = halflings("H10 10,7 prone", "H1 10,6", "H2 11,8", "A1 12,8")  # #2 is Marked
    events = act(s, "move 10", "D6=3", "D6=2")
    assert "stand-up: D6=2+1 against 4+: failure" in log(events)
    assert who(s, "H10").stance == PRONE


def test_timmm_ber_a_natural_1_still_fails() -> None:
    s = halflings("H10 10,7 prone", "H1 10,6", "H2 11,8", "H3 9,7")
    events = act(s, "move 10", "D6=3", "D6=1")
    assert "stand-up: D6=1+3 against 4+: failure" in log(events)


def test_a_treeman_without_team_mates_stands_up_on_4_plus() -> None:
    s = position("H11 10,7 prone", rerolls=(0, 0), teams=("wood-elf", "orc"))  # no Timmm-ber!
    events = act(s, "move 11", "D6=3", "D6=3")
    assert "stand-up: D6=3 against 4+: failure" in log(events)


def test_fend_of_a_halfling_hefty() -> None:
    s = position("H6 10,7", "A6 11,7", rerolls=(0, 0), teams=("orc", "halfling"))
    act(s, "block 6", "block 11,7", "block dice=push,push", "choose push", "push to 12,7")
    act(s, "use fend")
    assert s.stack[-1].name == "team_turn" and who(s, "H6").square == sq("10,7")


# --- Breathe Fire, Iron Hard Skin (Chaos Dwarf: #1-3, #12 Hobgoblin Linemen, #4 Sneaky Stabba,
# #5-7 Chaos Dwarf Blockers (Iron Hard Skin), #8 Flamesmith, #9-10 Bull Centaurs, #11 Minotaur)


def chaos_dwarfs(*players: str, **kw: Any) -> Any:
    kw.setdefault("teams", ("chaos-dwarf", "orc"))
    return position(*players, rerolls=(0, 0), **kw)


def test_breathe_fire_on_4_plus_the_target_is_placed_prone() -> None:
    s = chaos_dwarfs("H8 10,7", "A1 11,7", ball="11,7")
    act(s, "breathe fire 8")
    assert plain_texts(s) == ["end activation", "fire at 11,7"]
    events = act(s, "fire at 11,7", "D6=4")
    assert "breathes fire at #1 Lineman: D6=4: #1 Lineman is Placed Prone" in log(events)
    assert who(s, "A1").stance == PRONE and "armour" not in log(events)
    assert s.stack[-1].name == "bounce" and not s.turnover  # the ball he held bounces


def test_breathe_fire_on_2_or_3_nothing_happens_and_the_activation_ends() -> None:
    s = chaos_dwarfs("H8 10,7", "A1 11,7")
    events = act(s, "breathe fire 8", "fire at 11,7", "D6=3")
    assert "nothing happens" in log(events) and who(s, "A1").stance == STANDING
    assert s.stack[-1].name == "team_turn" and not s.turnover


def test_breathe_fire_a_natural_6_knocks_the_target_down() -> None:
    s = chaos_dwarfs("H8 10,7", "A1 11,7")
    events = act(s, "breathe fire 8", "fire at 11,7", "D6=6")
    assert "#1 Lineman is knocked down" in log(events) and s.stack[-1].name == "armour_injury"


def test_breathe_fire_on_a_1_he_is_knocked_down_a_turnover() -> None:
    s = chaos_dwarfs("H8 10,7", "A1 11,7")
    events = act(s, "breathe fire 8", "fire at 11,7", "D6=1")
    assert "caught in his own flames" in log(events) and s.turnover
    assert who(s, "H8").stance == PRONE and who(s, "A1").stance == STANDING


def test_breathe_fire_minus_1_against_strength_5() -> None:
    # against the Big Un (ST 4) a 4 places him Prone; against a Troll (ST 5) a 4 is a 3
    s = chaos_dwarfs("H8 10,7", "A12 11,7", teams=("chaos-dwarf", "human"))  # the Ogre, ST 5
    events = act(s, "breathe fire 8", "fire at 11,7", "D6=4")
    assert "D6=4-1: nothing happens" in log(events)
    s = chaos_dwarfs("H8 10,7", "A12 11,7", teams=("chaos-dwarf", "human"))
    events = act(s, "breathe fire 8", "fire at 11,7", "D6=2")  # 2-1 = 1: he is burnt
    assert "caught in his own flames" in log(events) and s.turnover


def test_breathe_fire_in_place_of_a_blitz_block() -> None:
    s = chaos_dwarfs("H8 10,7", "A1 13,7")
    act(s, "blitz 8", "move 8 to 12,7")
    assert "fire at 13,7" in plain_texts(s)
    act(s, "fire at 13,7", "D6=5")
    assert who(s, "A1").stance == PRONE and s.stack[-1].name == "team_turn"


def test_iron_hard_skin_no_mighty_blow_on_his_armour() -> None:
    # the human Ogre (Mighty Blow) knocks down a Chaos Dwarf Blocker (AV 10): 9+1 would break
    s = position("H12 10,7", "A5 11,7", rerolls=(0, 0), teams=("human", "chaos-dwarf"))
    act(s, "block 12", "D6=4", "block 11,7", "block dice=pow,pow", "choose pow", "push to 12,7")
    events = act(s, "stay", "2D6=4+5")
    assert "broken" not in log(events) and who(s, "A5").stance == PRONE


def test_without_iron_hard_skin_mighty_blow_breaks_the_armour() -> None:
    s = position("H12 10,7", "A9 11,7", rerolls=(0, 0), teams=("human", "orc"))  # a Big Un
    act(s, "block 12", "D6=4", "block 11,7", "block dice=pow,pow", "choose pow", "push to 12,7")
    events = act(s, "stay", "stay", "2D6=4+5")  # the 2025 Big Un's Taunt: his coach says stay
    assert "broken" in log(events)


def test_wrestle_of_a_bretonnian_squire_against_a_blitzer_with_block() -> None:
    # Bretonnian: #1-5, #11-12 Squires (Wrestle); an Orc Blitzer (Block) blocks one
    s = position("H6 10,7", "A1 11,7", rerolls=(0, 0), teams=("orc", "bretonnian"))
    act(s, "block 6", "block 11,7", "block dice=both-down", "choose both-down")
    assert s.current_player() == 1 and legal_texts(s) == ["use wrestle", "no wrestle"]
    act(s, "no wrestle")  # declined: only the Squire (no Block) is knocked down
    assert who(s, "A1").stance == PRONE and who(s, "H6").stance == STANDING


# --- Guard, My Ball, Trickster (Gnome: #1-3, #12 Gnome Linemen (Wrestle), #4-5 Woodland Foxes
# (My Ball), #6-7 Gnome Illusionists (Trickster), #8-9 Gnome Beastmasters (Guard), #10-11
# Altern Forest Treemen) -------------------------------------------------------------------


def against_gnomes(*players: str, **kw: Any) -> Any:
    return position(*players, rerolls=(0, 0), teams=("orc", "gnome"), **kw)


def test_guard_assists_though_marked_by_another_opponent() -> None:
    # an Orc Blitzer (ST 3) blocks a Gnome Lineman (ST 2); a Beastmaster next to the Blitzer
    # is Marked by an Orc Lineman too, yet assists: 3 against 3, one die
    s = against_gnomes("H6 10,7", "A1 11,7", "A8 11,8", "H1 12,9")
    act(s, "block 6", "block 11,7")
    assert "block dice=pow" in [str(o) for o, _ in s.chance_outcomes()]
    assert all(len(o.faces) == 1 for o, _ in s.chance_outcomes())


def test_without_guard_a_marked_team_mate_gives_no_assist() -> None:
    s = against_gnomes("H6 10,7", "A1 11,7", "A2 11,8", "H1 12,9")  # a Gnome Lineman
    act(s, "block 6", "block 11,7")
    assert all(len(o.faces) == 2 for o, _ in s.chance_outcomes())  # 3 against 2


def test_guard_stopped_by_a_defensive_opponent_in_his_opponents_turn() -> None:
    # the gnomes' turn: a Gnome Lineman (ST 2) blocks an Eagle Warrior (ST 3); the Beastmaster
    # #8 next to her is Marked by a Jaguar Warrior (#9, Defensive): no assist, two dice
    s = position(
        "H1 10,7", "H8 10,8", "A1 11,7", "A9 9,9", rerolls=(0, 0), teams=("gnome", "amazon")
    )
    act(s, "block 1", "block 11,7")
    assert all(len(o.faces) == 2 for o, _ in s.chance_outcomes())
    # an Eagle Warrior (no Defensive) Marking him does not stop his Guard: 3 against 3
    s = position(
        "H1 10,7", "H8 10,8", "A1 11,7", "A2 9,9", rerolls=(0, 0), teams=("gnome", "amazon")
    )
    act(s, "block 1", "block 11,7")
    assert all(len(o.faces) == 1 for o, _ in s.chance_outcomes())


def test_my_ball_no_pass_nor_hand_off_for_a_woodland_fox() -> None:
    s = against_gnomes("A4 10,7", "A1 12,7", ball="10,7", team=1)
    texts = plain_texts(s)
    assert "move 4" in texts and "pass 4" not in texts and "hand-off 4" not in texts
    s = against_gnomes("A1 10,7", "A4 12,7", ball="10,7", team=1)
    assert "hand-off 1" in plain_texts(s)  # a Gnome Lineman holding it may hand it off


def test_trickster_reappears_next_to_the_blocker_before_the_dice() -> None:
    s = against_gnomes("H6 10,7", "A6 11,7")
    act(s, "block 6", "block 11,7")
    options = legal_texts(s)
    assert s.current_player() == 1 and "no trickster" in options
    assert "trickster to 10,6" in options and "trickster to 11,7" not in options
    events = act(s, "trickster to 10,6")
    assert "(Trickster) reappears at 10,6" in log(events) and who(s, "A6").square == sq("10,6")
    act(s, "block dice=push,pow", "choose pow")  # the block goes on against his new square
    assert "push to 10,5" in legal_texts(s)  # pushed away from the Blitzer at 10,7


def test_trickster_declined_the_block_goes_on_where_he_stands() -> None:
    s = against_gnomes("H6 10,7", "A6 11,7")
    act(s, "block 6", "block 11,7", "no trickster")
    assert who(s, "A6").square == sq("11,7") and s.current_player() < 0  # the block dice


def test_trickster_placed_on_the_ball_picks_it_up() -> None:
    s = against_gnomes("H6 10,7", "A6 11,7", ball="10,8")
    act(s, "block 6", "block 11,7", "trickster to 10,8")
    events = act(s, "D6=4")  # AG 3+, -1 for the Blitzer Marking him
    assert "pick-up: D6=4-1 against 3+: success" in log(events)
    assert s.ball_state == HELD and s.ball == sq("10,8")


def test_trickster_failing_the_pick_up_is_no_turnover() -> None:
    s = against_gnomes("H6 10,7", "A6 11,7", ball="10,8")
    act(s, "block 6", "block 11,7", "trickster to 10,8", "D6=2", "D8=8")
    assert not s.turnover and s.ball_state != HELD
