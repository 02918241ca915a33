"""The skills and traits of the second round of issue-19 rosters (BB2020 wording): Animosity
(Underworld Denizens, Chaos Renegades; the 2025 Orcs have none), Stab, Jump Up, Dump-off and
Shadowing (Dark Elves), Leap, Take Root and Strong Arm (Wood Elves), Safe Pair of Hands (the
2025 Wood Elf Thrower), On the Ball (Lizardmen). Shirt numbers follow each published team in
data/teams.toml."""

from __future__ import annotations

from typing import Any

from tablesports.games.bloodbowl.ball import HELD, ON_GROUND
from tablesports.games.bloodbowl.players import PRONE, STANDING
from tablesports.games.bloodbowl.turn.throw_team_mate import throw_modifier
from tests.games.bloodbowl.helpers import play, to_kickoff_event
from tests.games.bloodbowl.turn.turn_helpers import (
    act,
    legal_texts,
    log,
    plain_texts,
    position,
    sq,
    who,
)

# --- Animosity ----------------------------------------------------------------------------


def underworld(*players: str, **kw: Any) -> Any:
    # Underworld Denizens: #1-4 Underworld Goblin Linemen, #7-8 Skaven Clanrats (Animosity
    # towards Underworld Goblin Linemen), #11 Skaven Blitzer
    return position(*players, rerolls=(0, 0), teams=("underworld", "human"), **kw)


def test_animosity_on_a_1_the_hand_off_is_refused_and_the_activation_ends() -> None:
    s = underworld("H7 10,7", "H1 11,7", ball="10,7")
    events = act(s, "hand-off 7", "hand-off to 11,7", "D6=1")
    assert "(Animosity) towards #1 Underworld Goblin Lineman: D6=1: he refuses" in log(events)
    assert s.ball_state == HELD and s.ball == sq("10,7")  # he keeps the ball
    assert not s.turnover and s.stack[-1].name == "team_turn"
    assert "hand-off 8" not in plain_texts(s)  # the Hand-off of the turn is spent


def test_animosity_on_2_plus_the_hand_off_goes_on() -> None:
    s = underworld("H7 10,7", "H1 11,7", ball="10,7")
    events = act(s, "hand-off 7", "hand-off to 11,7", "D6=2")
    assert "D6=2: he goes on" in log(events) and "hands the ball" in log(events)
    assert s.stack[-1].name == "turn_catch"


def test_animosity_is_only_towards_the_team_mates_named() -> None:
    s = underworld("H7 10,7", "H11 11,7", ball="10,7")  # to the Skaven Blitzer: no roll
    events = act(s, "hand-off 7", "hand-off to 11,7")
    assert "Animosity" not in log(events) and s.stack[-1].name == "turn_catch"


def test_animosity_before_a_pass_to_a_square_such_a_team_mate_holds() -> None:
    # the Skaven Thrower (#9) passes to a Goblin Lineman (#2)
    s = underworld("H9 10,7", "H2 13,7", ball="10,7")
    events = act(s, "pass 9", "pass to 13,7", "D6=1")
    assert "he refuses" in log(events) and s.ball == sq("10,7") and not s.turnover


def test_the_2025_orcs_have_no_animosity() -> None:
    # Gouged Eye (2025 roster): #1-4 Linemen hand off to one another with no Animosity roll
    s = position("A1 10,7", "A2 11,7", ball="10,7", team=1)
    events = act(s, "hand-off 1", "hand-off to 11,7")
    assert "Animosity" not in log(events) and s.stack[-1].name == "turn_catch"


def test_animosity_of_all_team_mates_chaos_renegades() -> None:
    # Chaos Renegades: #6 Renegade Human Thrower (Animosity (all team-mates)) to a Lineman
    s = position("H6 10,7", "H1 11,7", ball="10,7", teams=("chaos-renegade", "orc"))
    act(s, "hand-off 6", "hand-off to 11,7")
    assert s.stack[-1].name == "animosity"


# --- Stab ---------------------------------------------------------------------------------


def dark_elves(*players: str, **kw: Any) -> Any:
    # Dark Elves: #1-4 Linemen, #5 Runner (Dump-off), #6-7 Assassins (Shadowing, Stab),
    # #8-9 Blitzers, #10-11 Witch Elves (Dodge, Frenzy, Jump Up)
    return position(*players, rerolls=(0, 0), teams=("dark-elf", "human"), **kw)


def test_stab_breaks_armour_with_an_unmodified_roll() -> None:
    s = dark_elves("H6 10,7", "A1 11,7")  # a human Lineman, AV 9+
    assert "stab 6" in plain_texts(s)
    act(s, "stab 6")
    assert "stab at 11,7 (AV 9+)" in legal_texts(s)
    events = act(s, "stab at 11,7", "2D6=4+5")
    assert "stabs #1 Lineman: armour 2D6=4+5 against AV 9+: broken" in log(events)
    assert who(s, "A1").stance == PRONE and s.stack[-1].name == "armour_injury"


def test_stab_that_does_not_break_armour_does_nothing() -> None:
    s = dark_elves("H6 10,7", "A1 11,7")
    events = act(s, "stab 6", "stab at 11,7", "2D6=4+4")
    assert "holds" in log(events) and who(s, "A1").stance == STANDING
    assert s.stack[-1].name == "team_turn"


def test_after_a_stab_in_a_blitz_the_player_moves_no_further() -> None:
    s = dark_elves("H6 10,7", "A1 11,7")
    act(s, "blitz 6")
    assert "stab at 11,7" in plain_texts(s)
    act(s, "stab at 11,7", "2D6=1+1")
    assert s.stack[-1].name == "team_turn"  # the activation is over


# --- Jump Up ------------------------------------------------------------------------------


def test_jump_up_stands_up_for_free() -> None:
    s = dark_elves("H10 10,7 prone")
    events = act(s, "move 10")
    assert "jumps up" in log(events) and who(s, "H10").stance == STANDING
    assert "move 10 to 17,7" in plain_texts(s)  # all 7 squares of MA left


def test_jump_up_to_block_from_prone_on_an_agility_test_plus_1() -> None:
    s = dark_elves("H10 10,7 prone", "A1 11,7")
    assert "block 10" in plain_texts(s)
    events = act(s, "block 10", "D6=1")
    assert "jump up: D6=1+1 against 2+: failure" in log(events)
    assert who(s, "H10").stance == PRONE and s.stack[-1].name == "team_turn"
    s = dark_elves("H10 10,7 prone", "A1 11,7")
    act(s, "block 10", "D6=2")
    assert who(s, "H10").stance == STANDING and "block 11,7" in plain_texts(s)


# --- Dump-off -----------------------------------------------------------------------------


def test_dump_off_a_quick_pass_before_the_block() -> None:
    # a human Blitzer (#10) blocks the Dark Elf Runner (#5, Dump-off) who holds the ball
    s = position("H10 10,7", "A5 11,7", "A1 13,7", ball="11,7", teams=("human", "dark-elf"))
    act(s, "block 10", "block 11,7")
    assert s.stack[-1].name == "dump_off"
    assert "no dump-off" in legal_texts(s) and "pass to 13,7" in plain_texts(s)
    assert "pass to 16,7" not in plain_texts(s)  # a quick pass only
    events = act(s, "pass to 13,7", "D6=6", "D6=6")  # the pass, the catch
    assert "dumps off" in log(events) and s.ball == sq("13,7") and s.ball_state == HELD
    assert s.stack[-1].name == "block" and not s.turnover  # the block goes on


def test_a_fumbled_dump_off_is_no_turnover_for_the_passing_team() -> None:
    s = position("H10 10,7", "A5 11,7", "A1 13,7", ball="11,7", teams=("human", "dark-elf"))
    events = act(s, "block 10", "block 11,7", "pass to 13,7", "D6=1")
    assert "fumbled" in log(events) or "fumble" in log(events)
    assert not s.turnover


def test_no_dump_off_lets_the_block_go_on() -> None:
    s = position("H10 10,7", "A5 11,7", ball="11,7", teams=("human", "dark-elf"))
    act(s, "block 10", "block 11,7", "no dump-off")
    assert s.stack[-1].name == "block" and s.ball == sq("11,7")


# --- Shadowing ----------------------------------------------------------------------------


def test_shadowing_follows_a_player_who_dodges_away() -> None:
    # a human Lineman (MA 6) dodges away from a Dark Elf Assassin (#6, MA 7, Shadowing)
    s = position("H1 10,7", "A6 11,7", rerolls=(0, 0), teams=("human", "dark-elf"))
    events = act(s, "move 1", "move 1 to 9,7", "D6=6", "D6=5")  # dodge, then 5+7-6 = 6
    assert "(Shadowing) follows #1 Lineman: D6=5+1 = 6 against 6+: he steps into" in log(events)
    assert who(s, "A6").square == sq("10,7") and who(s, "H1").square == sq("9,7")


def test_shadowing_that_falls_short_leaves_him_behind() -> None:
    s = position("H1 10,7", "A6 11,7", rerolls=(0, 0), teams=("human", "dark-elf"))
    events = act(s, "move 1", "move 1 to 9,7", "D6=6", "D6=4")
    assert "he is left behind" in log(events) and who(s, "A6").square == sq("11,7")


# --- Leap, Take Root, Strong Arm ----------------------------------------------------------


def wood_elves(*players: str, **kw: Any) -> Any:
    # Wood Elves: #1-5 Linemen, #6 Thrower, #7-8 Catchers, #9-10 Wardancers (Leap),
    # #11 Loren Forest Treeman (Take Root, Strong Arm, Throw Team-mate)
    return position(*players, rerolls=(0, 0), teams=("wood-elf", "human"), **kw)


def test_leap_over_a_standing_player_on_an_agility_test() -> None:
    s = wood_elves("H9 10,7", "A1 11,7")
    act(s, "move 9")
    # Marked in both squares: -1, made no better than -1 by Leap: AG 2+ at -1 is 3+
    assert "leap to 12,7 (leap 3+)" in legal_texts(s)
    events = act(s, "leap to 12,7", "D6=3")
    assert "leap: D6=3-1 against 2+: success" in log(events)
    assert who(s, "H9").square == sq("12,7") and s.stack[-1].moved == 2  # type: ignore[attr-defined]


def test_a_failed_leap_falls_over_where_he_would_land() -> None:
    s = wood_elves("H9 10,7", "A1 11,7")
    events = act(s, "move 9", "leap to 12,7", "D6=2")
    assert "failure" in log(events) and s.turnover
    assert who(s, "H9").square == sq("12,7") and who(s, "H9").stance == PRONE


def test_leap_unmarked_has_no_modifier_and_rushes_beyond_ma() -> None:
    s = wood_elves("H9 10,7")
    act(s, "move 9", "move 9 to 17,7")  # 7 of MA 8 used
    assert "leap to 19,7 (leap 2+, rush 2+)" in legal_texts(s)
    events = act(s, "leap to 19,7", "D6=2", "D6=2")  # the Rush, then the Leap
    assert "rush" in log(events) and who(s, "H9").square == sq("19,7")


def test_take_root_on_a_1_roots_him_and_he_may_not_move() -> None:
    s = wood_elves("H11 10,7")
    events = act(s, "move 11", "D6=1")
    assert "takes root" in log(events) and who(s, "H11").rooted
    assert not [t for t in plain_texts(s) if t.startswith("move 11 to")]


def test_take_root_on_2_plus_he_moves_as_usual() -> None:
    s = wood_elves("H11 10,7")
    act(s, "move 11", "D6=2")
    assert not who(s, "H11").rooted and "move 11 to 12,7" in plain_texts(s)


def test_a_rooted_player_stays_rooted_until_he_goes_down() -> None:
    # the human Blitzer (#10) blocks the rooted Treeman in the next team turn
    s = wood_elves("H11 10,7", "A10 11,7")
    act(s, "move 11", "D6=1", "end activation", "end turn")
    assert who(s, "H11").rooted
    act(s, "block 10", "block 10,7", "block dice=pow,pow", "choose pow")
    assert who(s, "H11").square == sq("10,7") and who(s, "H11").stance == PRONE
    assert not who(s, "H11").rooted


def test_strong_arm_adds_1_to_the_throw_of_a_team_mate() -> None:
    s = wood_elves("H11 10,7", "H1 11,7")
    treeman, lineman = who(s, "H11"), who(s, "H1")
    # both throw a short pass (-1): the Treeman's is 1 better
    assert throw_modifier(s, treeman, sq("14,7")) == throw_modifier(s, lineman, sq("15,7")) + 1


# --- Safe Pair of Hands -------------------------------------------------------------------


def test_safe_pair_of_hands_puts_the_ball_down_next_to_him() -> None:
    # an orc Blitzer (#6) knocks down the Wood Elf Thrower (#6, 2025) who holds the ball
    s = position(
        "A6 10,7",
        "H6 11,7",
        ball="11,7",
        team=1,
        rerolls=(0, 0),
        teams=("wood-elf", "orc"),
    )
    act(s, "block 6", "block 11,7", "block dice=pow", "choose pow", "push to 12,7", "stay")
    assert s.stack[-1].name == "safe_pair_of_hands"
    assert "ball at 13,7" in legal_texts(s) and "ball at 11,7" in legal_texts(s)
    events = act(s, "ball at 13,7")
    assert "puts the ball down on 13,7" in log(events)
    assert s.ball == sq("13,7") and s.ball_state == ON_GROUND
    assert s.stack[-1].name == "armour_injury"  # no bounce; his armour roll next


# --- On the Ball --------------------------------------------------------------------------


def test_on_the_ball_moves_three_squares_when_an_opponent_passes() -> None:
    # Lizardmen: #5-6 Chameleon Skinks (On the Ball); a human Thrower passes
    s = position("H7 10,7", "H8 14,7", "A5 16,3", ball="10,7", teams=("human", "lizardmen"))
    act(s, "pass 7", "pass to 14,7")
    assert s.stack[-1].name == "on_the_ball"
    assert legal_texts(s) == ["selection done", "select 5"]
    act(s, "select 5")
    moves = [t for t in plain_texts(s) if t.startswith("move 5 to")]
    assert "move 5 to 16,6" in moves and "move 5 to 16,7" not in moves  # 3 squares, no Rush
    act(s, "move 5 to 15,6", "end activation")
    assert who(s, "A5").square == sq("15,6") and s.stack[-1].name == "pass_test"


def test_on_the_ball_at_the_kick_off_for_an_open_receiving_player() -> None:
    s = to_kickoff_event(away="lizardmen")  # the lizardmen receive (wedge: #5 at 14,9)
    assert s.stack[-1].name == "on_the_ball" and "select 5" in legal_texts(s)
    play(s, "select 5")
    moves = [t for t in plain_texts(s) if t.startswith("move 5 to")]
    assert "move 5 to 14,12" in moves and "move 5 to 12,9" not in moves  # own half only
    play(s, "move 5 to 15,11", "end activation")
    assert s.player(1, 5).square == sq("15,11")
    assert s.stack[-1].name == "kickoff_event"


# --- Hit and Run, Defensive (Amazons) -----------------------------------------------------


def amazons(*players: str, **kw: Any) -> Any:
    # Amazons: #6 Python Warrior Thrower, #7-8 Piranha Warrior Blitzers (Hit and Run, Jump
    # Up), #9-10 Jaguar Warrior Blockers (Defensive)
    return position(*players, rerolls=(0, 0), teams=("amazon", "human"), **kw)


def test_hit_and_run_moves_one_free_square_away_after_the_block() -> None:
    s = amazons("H7 10,7", "A1 11,7", "A2 11,9")
    act(s, "block 7", "block 11,7", "block dice=push", "choose push", "push to 12,7", "stay")
    assert s.stack[-1].name == "hit_and_run"
    moves = [t for t in legal_texts(s) if t.startswith("move 7 to")]
    # not 10,8 (next to A2), 11,6, 11,7 or 11,8 (next to A1, pushed to 12,7)
    assert moves == ["move 7 to 9,6", "move 7 to 10,6", "move 7 to 9,7", "move 7 to 9,8"]
    events = act(s, "move 7 to 9,6")
    assert "slips away to 9,6" in log(events) and who(s, "H7").square == sq("9,6")
    assert s.stack[-1].name == "team_turn"


def test_hit_and_run_may_be_declined() -> None:
    s = amazons("H7 10,7", "A1 11,7")
    act(s, "block 7", "block 11,7", "block dice=push", "choose push", "push to 12,7", "stay")
    act(s, "end activation")
    assert who(s, "H7").square == sq("10,7") and s.stack[-1].name == "team_turn"


def test_hit_and_run_is_not_used_after_going_down() -> None:
    s = amazons("H7 10,7", "A1 11,7")
    act(s, "block 7", "block 11,7", "block dice=skull", "choose skull")
    assert s.turnover and all(p.name != "hit_and_run" for p in s.stack[-1:])


def test_defensive_has_nothing_to_stop_while_no_roster_has_guard() -> None:
    # Defensive only takes Guard away; a roster with Guard needs Defensive carried out first
    from tablesports.games.bloodbowl.rules_data import rosters

    used = {k for r in rosters().values() for p in r.positions for k in p.skills}
    assert "Defensive" in used and "Guard" not in used


# --- Hypnotic Gaze, Bloodlust (Vampires) --------------------------------------------------


def vampires(*players: str, **kw: Any) -> Any:
    # Vampires: #1-5, #11-12 Thrall Linemen, #6 Vampire Runner (Bloodlust (2+), Hypnotic
    # Gaze), #7 Vampire Thrower, #8-9 Vampire Blitzers (Bloodlust (3+)), #10 Vargheist
    return position(*players, rerolls=(0, 0), teams=("vampire", "human"), **kw)


def test_hypnotic_gaze_takes_the_targets_tackle_zone() -> None:
    s = vampires("H6 10,7", "A1 11,7")
    act(s, "hypnotic gaze 6", "D6=2")  # Bloodlust 2+ passed
    assert "gaze at 11,7 (AG 2+)" in legal_texts(s)
    events = act(s, "gaze at 11,7", "D6=2")
    assert "hypnotic gaze: D6=2 against 2+: success" in log(events)
    assert who(s, "A1").distracted and s.stack[-1].name == "team_turn"


def test_hypnotic_gaze_is_minus_1_per_other_opponent_marking_him() -> None:
    s = vampires("H6 10,7", "A1 11,7", "A2 9,7")
    act(s, "hypnotic gaze 6", "D6=2")
    assert "gaze at 11,7 (AG 3+)" in legal_texts(s)
    events = act(s, "gaze at 11,7", "D6=2")
    assert "D6=2-1 against 2+: failure" in log(events) and not who(s, "A1").distracted


def test_bloodlust_passed_he_acts_as_usual() -> None:
    s = vampires("H6 10,7")
    events = act(s, "move 6", "D6=2")
    assert "bloodlust: D6=2 against 2+: success" in log(events)
    act(s, "move 6 to 12,7", "end activation")
    assert not s.turnover


def test_bloodlust_plus_1_for_a_block() -> None:
    s = vampires("H8 10,7", "A1 11,7")  # a Vampire Blitzer, Bloodlust (3+)
    events = act(s, "block 8", "D6=2")
    assert "bloodlust: D6=2+1 against 3+: success" in log(events)


def test_bloodlust_failed_a_bitten_thrall_saves_the_turn() -> None:
    s = vampires("H6 10,7", "H1 10,8")
    events = act(s, "move 6", "D6=1")
    assert "thirsts for blood" in log(events) and "bite 1" in legal_texts(s)
    events = act(s, "bite 1", "2D6=6+6")  # a casualty, counted as Badly Hurt
    assert "bites #1 Thrall Lineman" in log(events) and "Badly Hurt" in log(events)
    events = act(s, "no apothecary", "end activation")
    assert "Turnover" not in log(events) and not who(s, "H6").distracted


def test_bloodlust_with_no_bite_is_a_turnover_and_he_loses_his_tackle_zone() -> None:
    s = vampires("H6 10,7")
    events = act(s, "move 6", "D6=1", "end activation")
    assert "Turnover: #6 Vampire Runner found no Thrall to bite" in log(events)
    assert who(s, "H6").distracted and s.current_player() == 1  # the humans' turn


def test_bloodlust_no_pass_before_the_bite_and_no_touchdown() -> None:
    s = vampires("H7 10,7", "H1 10,8", "H2 23,7", ball="10,7")  # the Thrower holds the ball
    act(s, "pass 7", "D6=1")
    assert not [t for t in plain_texts(s) if t.startswith("pass to")]
    act(s, "bite 1", "2D6=1+1")
    assert "pass to 23,7" in plain_texts(s)
    s = vampires("H6 22,7", ball="22,7")
    act(s, "move 6", "D6=1", "move 6 to 25,7")
    assert s.score == [0, 0] and who(s, "H6").square == sq("25,7")
    events = act(s, "end activation", "D8=1")  # the ball bounces
    assert "Turnover" in log(events) and s.ball_state != HELD and s.score == [0, 0]


# --- Drunkard, Pick-me-up, Strip Ball, Disturbing Presence (Norse) ------------------------


def norse(*players: str, **kw: Any) -> Any:
    # Norse: #1-4, #12 Raider Linemen (Block, Drunkard, Thick Skull), #5 Beer Boar
    # (Pick-me-up), #6-7 Berserkers, #8-9 Valkyries (Strip Ball), #10 Ulfwerener, #11 Yhetee
    # (Disturbing Presence)
    kw.setdefault("teams", ("norse", "human"))
    return position(*players, rerolls=(0, 0), **kw)


def test_drunkard_is_minus_1_to_rush() -> None:
    s = norse("H1 10,7")
    act(s, "move 1")
    assert "move 1 to 17,7 (rush 3+)" in legal_texts(s)  # 7 squares of MA 6
    events = act(s, "move 1 to 17,7", "D6=2")
    assert "rush: D6=2-1 against 2+: failure" in log(events)


def test_strip_ball_a_push_back_makes_the_carrier_drop_the_ball() -> None:
    s = norse("H8 10,7", "A7 11,7", ball="11,7")  # a Valkyrie blocks the human Thrower
    events = act(
        s, "block 8", "block 11,7", "block dice=push", "choose push", "push to 12,7", "stay"
    )
    assert "strips the ball from #7 Thrower" in log(events)
    events = act(s, "D8=1")  # it bounces from 12,7, where he was pushed
    assert "bounces (D8=1) to 11,6" in log(events)  # D8=1: up and left of 12,7
    assert s.ball_state != HELD and who(s, "A7").stance == STANDING


def test_without_strip_ball_a_push_back_keeps_the_ball() -> None:
    s = norse("H1 10,7", "A7 11,7", ball="11,7")  # a Raider Lineman
    act(s, "block 1", "block 11,7", "block dice=push", "choose push", "push to 12,7", "stay")
    assert s.ball_state == HELD and s.ball == sq("12,7")


def test_pick_me_up_stands_prone_team_mates_up_at_the_end_of_the_opponents_turn() -> None:
    # the humans move; the Beer Boar (#5) stands near two Prone Raiders (one far away)
    s = position(
        "H10 2,2",
        "A5 10,7",
        "A1 12,7 prone",
        "A2 20,7 prone",
        rerolls=(0, 0),
        teams=("human", "norse"),
    )
    events = act(s, "end turn")
    assert s.stack[-1].name == "pick_me_up"
    events = act(s, "D6=5")
    assert "Pick-me-up for #1 Norse Raider Lineman: D6=5: he is helped to his feet" in log(events)
    assert who(s, "A1").stance == STANDING and who(s, "A2").stance == PRONE


def test_pick_me_up_on_4_or_less_he_stays_down() -> None:
    s = position("H10 2,2", "A5 10,7", "A1 12,7 prone", rerolls=(0, 0), teams=("human", "norse"))
    act(s, "end turn", "D6=4")
    assert who(s, "A1").stance == PRONE


def test_disturbing_presence_minus_1_to_a_catch_within_three_squares() -> None:
    # a human catch (#8, AG 3+) three squares from the Yhetee (#11)
    s = position("H7 10,7", "H8 14,7", "A11 17,7", ball="10,7", teams=("human", "norse"))
    act(s, "pass 7", "pass to 14,7", "D6=6")
    events = act(s, "D6=3")
    assert "catch: D6=3-1 against 3+: failure" in log(events)
    s = position("H7 10,7", "H8 14,7", "A11 18,7", ball="10,7", teams=("human", "norse"))
    act(s, "pass 7", "pass to 14,7", "D6=6")
    assert "catch: D6=3 against 3+: success" in log(act(s, "D6=3"))
