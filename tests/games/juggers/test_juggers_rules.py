"""One test (or a few) per numbered rule of rules.md, from notation positions with forced chance."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tablesports.core.errors import IllegalActionError
from tablesports.core.registry import load
from tablesports.games.juggers.actions import Flick, Noise, Place, Shooter, Sub, Super, Toss
from tablesports.games.juggers.game import JuggersGame
from tablesports.games.juggers.phases import NOISE, PLACE, PLAY, ROLL, SHOOTER
from tablesports.games.juggers.state import JuggersState

from .helpers import GATE, STRAIGHT, flick, kinds, position, roll, roll_all

A_TURN = "actions=0"
B_TURN = "actions=1"


def unchanged(state: JuggersState, text: str, reason: str) -> None:
    before = state.to_json()
    with pytest.raises(IllegalActionError, match=reason):
        state.apply_action(state.parse_action(text))
    assert state.to_json() == before


# --- R1-R5: innings, turns, placement, alternation -----------------------------------------


def test_r1_r2_innings_of_two_turns_both_teams_attack_at_most_nine() -> None:
    import random

    game = load("juggers")
    rng = random.Random(4)
    state = game.new_initial_state()
    attacks: dict[int, list[int]] = {}
    while not state.is_terminal():
        if state.phase == PLAY and state.actions == 0:
            attacks.setdefault(state.inning, [])
            if state.attacker not in attacks[state.inning]:
                attacks[state.inning].append(state.attacker)
        if state.current_player() < 0:
            state.apply_action(state.sample_chance(rng))
        else:
            moves = state.legal_actions()
            state.apply_action(moves[rng.randrange(len(moves))])
        assert state.inning <= 9
    assert sorted(attacks) == list(range(1, 10))
    assert all(sorted(teams) == [0, 1] for teams in attacks.values())


def test_r3_the_team_that_did_not_pick_first_attacks_first_in_every_inning() -> None:
    state = load("juggers").new_initial_state()
    state.apply_action(Toss(0))
    state.apply_action(state.parse_action("choose pick"))  # A picks first, so B attacks first
    for _ in range(8):
        state.apply_action(state.legal_actions()[0])
    assert (state.inning, state.half, state.attacker) == (1, 0, 1)
    later = position("inning=5 half=0 first=A")
    assert later.attacker == 1
    assert position("inning=5 half=1 first=A").attacker == 0


def test_r4_attacker_places_three_then_defender_two_on_their_own_half() -> None:
    state = position("phase=place")
    assert (state.phase, state.current_player()) == (PLACE, 0)
    unchanged(state, "place 1 at h4", "own half")
    for cell, j in (("a1", 1), ("b2", 2), ("c3", 3)):
        assert state.current_player() == 0
        state.apply_action(state.parse_action(f"place {j} at {cell}"))
    assert state.current_player() == 1
    unchanged(state, "place 1 at c4", "own half")
    state.apply_action(state.parse_action("place 1 at k4"))
    state.apply_action(state.parse_action("place 2 at k5"))
    assert (state.phase, state.current_player()) == (PLAY, 0)  # R5: the attacker acts first
    assert sum(p is not None for p in state.pos[:4]) == 3
    assert sum(p is not None for p in state.pos[4:]) == 2


def test_r5_actions_alternate_attacker_first() -> None:
    state = position(GATE, A_TURN)
    assert state.current_player() == 0
    flick(state, "flick 1 at 0 strength 0.4")  # passes between A2 and A3
    roll_all(state)
    assert state.current_player() == 1
    flick(state, "flick 2 at 270 strength 0.2")
    roll_all(state)
    assert state.current_player() == 0


# --- R6-R8: the flick ------------------------------------------------------------------------


def test_r6_r7_a_flick_is_one_impulse_with_execution_noise_as_a_chance_node() -> None:
    state = position(GATE, A_TURN)
    state.apply_action(state.parse_action("flick 1 at 0 strength 0.4"))
    assert state.phase == NOISE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 15
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert max(outcomes, key=lambda o: o[1])[0] == STRAIGHT
    # the noise bucket turns the flick by whole spreads: ferro's precision is 3 degrees
    wide = state.clone()
    events = wide.apply_action(Noise(2, 0))
    assert events[0].data["angle"] == pytest.approx(6.0)
    assert events[0].data["strength"] == pytest.approx(0.4)
    straight = state.clone()
    straight.apply_action(STRAIGHT)
    assert wide.chance_outcomes()[0][0] != straight.chance_outcomes()[0][0]


def test_r6_bad_flicks_are_refused_with_the_range() -> None:
    state = position(GATE, A_TURN)
    for text in ("flick 1 at 400 strength 0.5", "flick 1 at 10 strength 1.5"):
        with pytest.raises(IllegalActionError, match=r"angle|strength"):
            state.apply_action(state.parse_action(text))


def test_r8_an_off_centre_flick_is_legal_anywhere_on_the_rim() -> None:
    state = position(GATE, A_TURN)
    events = flick(state, "flick 1 at 0 strength 0.4 offset -1")
    assert "flick" in kinds(events)


# --- R9, R11 and H-ATT: who flicks what ----------------------------------------------------


def test_r9_the_attacker_flicks_only_its_own_jugger_on_the_table() -> None:
    state = position(GATE, A_TURN)
    unchanged(state, "flick 4 at 0 strength 0.5", "not on the table")


def test_h_att_a_flick_between_two_team_mates_keeps_the_attack() -> None:
    state = position(GATE, A_TURN)
    events = flick(state, "flick 1 at 0 strength 0.4")
    assert "foul" not in kinds(events)
    assert state.phase == PLAY and state.current_player() == 1 and state.turn == 1


def test_h_att_a_flick_that_misses_the_gap_ends_the_attack() -> None:
    state = position(GATE, A_TURN)
    events = flick(state, "flick 1 at 180 strength 0.2")
    assert "foul" in kinds(events)
    roll_all(state)
    assert state.turn == 2 and state.attacker == 1 and state.phase == PLACE


def test_h_att_free_option_lifts_the_restriction() -> None:
    state = position(GATE, A_TURN, attacker_restriction="free")
    events = flick(state, "flick 1 at 180 strength 0.2")
    assert "foul" not in kinds(events) and state.turn == 1


def test_r11_the_defender_flicks_in_any_direction() -> None:
    state = position(GATE, B_TURN)
    events = flick(state, "flick 1 at 123 strength 0.3")
    assert "foul" not in kinds(events)
    assert state.current_player() == 0 and state.turn == 1


# --- R10: the meta ------------------------------------------------------------------------------

NEAR_GOAL = "at=A1:1000,400;A2:1080,360;A3:1080,440;B1:700,100"


def test_r10_the_flicked_jugger_wholly_inside_the_posts_scores_a_meta() -> None:
    state = position(NEAR_GOAL, A_TURN)
    events = flick(state, "flick 1 at 0 strength 0.6")
    assert "meta" in kinds(events)
    assert state.score == [1, 0]
    roll_all(state)
    assert state.turn == 2  # H-END: a meta ends the attack


def test_r10_a_coin_stopping_astride_the_posts_line_is_no_meta() -> None:
    state = position(NEAR_GOAL, A_TURN)  # 0.33 slides ~167 mm: the coin stops on the line
    events = flick(state, "flick 1 at 0 strength 0.33")
    assert "meta" not in kinds(events) and state.score == [0, 0]
    x = state.pos[0][0] if state.pos[0] else 0.0
    line = state.game.table.width - state.game.table.goal_line
    assert abs(x - line) < state.game.table.coin_radius  # astride the line, between the posts


def test_r10_a_coin_flicked_away_from_the_goal_is_no_meta() -> None:
    state = position(
        "at=A1:1165,400;A2:600,100;A3:600,700;B1:700,400", A_TURN, attacker_restriction="free"
    )
    events = flick(state, "flick 1 at 180 strength 0.2")
    assert "meta" not in kinds(events) and state.score == [0, 0]


def test_r10_a_team_mate_knocked_in_is_no_meta() -> None:
    state = position(
        "at=A1:1000,400;A2:1100,400;A3:600,100;B1:700,700", A_TURN, attacker_restriction="free"
    )
    events = flick(state, "flick 1 at 0 strength 0.6")
    assert "meta" not in kinds(events) and state.score == [0, 0]


def test_r10_a_coin_on_a_post_is_no_meta() -> None:
    state = position("at=A1:1000,438;A2:1080,400;A3:1080,480;B1:700,100", A_TURN)
    events = flick(state, "flick 1 at 0 strength 0.6")
    assert "meta" not in kinds(events) and state.score == [0, 0]


def test_h_goal_a_coin_that_stops_wholly_inside_a_goal_is_caught_there() -> None:
    """A coin that is not a meta (here the defender's own) and rests wholly inside a goal is
    out of play for the turn: no fall, no life lost, no injury roll (house rule H-GOAL)."""
    state = position("at=A1:300,400;A2:500,350;A3:500,450;B1:1100,400;B2:900,100", B_TURN)
    events = flick(state, "flick 1 at 0 strength 0.236")  # slides ~85 mm: to x ~ 1185
    assert "caught" in kinds(events) and "fall" not in kinds(events)
    assert state.pos[4] is None and state.hp[4] == 4 and state.phase == PLAY
    assert state.score == [0, 0]


def test_r10_the_defender_cannot_score() -> None:
    state = position("at=A1:1000,700;A2:1080,600;A3:1080,700;B1:200,400;B2:900,100", B_TURN)
    events = flick(state, "flick 1 at 180 strength 0.6")
    assert "meta" not in kinds(events) and state.score == [0, 0]


# --- R12-R16: falls, life points, injuries --------------------------------------------------


def test_r14_a_fall_after_a_valid_flick_costs_one_life_point() -> None:
    state = position(GATE, B_TURN)
    before = state.hp[4]
    events = flick(state, "flick 1 at 90 strength 1")
    assert "fall" in kinds(events)
    assert state.hp[4] == before - 1 and state.pos[4] is None


def test_r14_a_fall_after_a_foul_flick_costs_no_life_point() -> None:
    state = position(GATE, A_TURN)
    events = flick(state, "flick 1 at 90 strength 1")
    assert "foul" in kinds(events) and "fall" in kinds(events)
    assert state.hp[0] == 4
    assert state.phase == ROLL  # the injury roll still comes: "ogni volta che un Jugger cade"


def test_r15_the_injury_roll_is_missed_with_stamina_percent_chance() -> None:
    state = position(GATE, B_TURN)
    flick(state, "flick 1 at 90 strength 1")  # mastino, stamina 70
    outcomes = dict((str(o), p) for o, p in state.chance_outcomes())
    assert outcomes == {"unhurt": pytest.approx(0.70), "injured": pytest.approx(0.30)}
    roll(state, "injured")
    assert state.injured_until[4] == 2


def test_r15_an_injured_jugger_is_placed_but_not_flicked_until_the_end_of_the_next_turn() -> None:
    state = position(GATE, A_TURN, "inning=2 turn=3", "injured=A1:4")
    unchanged(state, "flick 1 at 0 strength 0.4", "injured")
    nxt = position(GATE, A_TURN, "inning=3 turn=5", "injured=A1:4")
    flick(nxt, "flick 1 at 0 strength 0.4")  # turn 5: healed
    placing = position("phase=place", "inning=2 half=1 first=A turn=4", "injured=A1:4")
    placing.apply_action(placing.parse_action("place 1 at c4"))  # still placeable
    assert placing.pos[0] is not None


# --- R17-R18: substitution -------------------------------------------------------------------


def test_r17_r18_one_substitution_per_turn_and_it_costs_the_action() -> None:
    state = position(GATE, A_TURN)
    state.apply_action(state.parse_action("sub out 1 in 4"))
    assert state.pos[3] == (300.0, 400.0) and state.pos[0] is None
    assert state.current_player() == 1  # the action is spent
    flick(state, "flick 1 at 270 strength 0.2")
    roll_all(state)
    assert "sub out 2 in 1" not in [str(a) for a in state.legal_actions()]
    unchanged(state, "sub out 2 in 1", "one substitution per turn")


# --- R20-R22: life points ---------------------------------------------------------------------


def test_r22_a_jugger_without_life_points_is_not_fielded() -> None:
    state = position("phase=place", "hp=A1:0")
    unchanged(state, "place 1 at c4", "life points")
    state2 = position(GATE, A_TURN, "hp=A4:0")
    assert not any(str(a).startswith("sub") for a in state2.legal_actions())


# --- R23-R26: supermoves, morale, heroic actions, excitement ------------------------------------


def test_r23_r24_a_supermove_is_declared_before_its_flick_and_paid_in_morale() -> None:
    state = position(GATE, A_TURN, "morale=6,6")
    state.apply_action(state.parse_action("super 1"))  # ferro's Anvil Drop, 6 morale
    assert state.morale[0] == 0
    assert {a.jugger for a in state.legal_actions()} == {1}  # type: ignore[attr-defined]
    unchanged(state, "flick 2 at 0 strength 0.5", "declared")
    flick(state, "flick 1 at 0 strength 0.4")
    assert state.phase == ROLL and state.rolls[0][0] == "excite"


def test_r23_no_supermove_off_the_table() -> None:
    unchanged(position(GATE, A_TURN), "super 4", "on the table")


def test_r24_a_supermove_needs_enough_morale() -> None:
    unchanged(position(GATE, A_TURN, "morale=5,6"), "super 1", "costs 6 morale")


def test_r25_a_meta_is_a_heroic_action_worth_three_morale() -> None:
    state = position(NEAR_GOAL, A_TURN, "morale=6,6")
    flick(state, "flick 1 at 0 strength 0.6")
    assert state.morale[0] == 9


def test_r26_excitement_rolls_on_charisma_and_makes_team_mates_supermoves_cheaper() -> None:
    state = position(GATE, A_TURN, "morale=20,6")
    state.apply_action(state.parse_action("super 1"))  # ferro, charisma 20
    flick(state, "flick 1 at 0 strength 0.4")
    outcomes = dict((str(o), p) for o, p in state.chance_outcomes())
    assert outcomes == {"excited": pytest.approx(0.20), "calm": pytest.approx(0.80)}
    roll(state, "excited")
    assert state.excited_until[0] == -1  # not the user itself
    assert state.super_cost(1) == 5 - 3 and state.super_cost(0) == 6
    state.turn = 2
    assert state.super_cost(1) == 2  # still the next turn
    state.turn = 3
    assert state.super_cost(1) == 5


# --- R27, R35: the draft --------------------------------------------------------------------


def test_r35_the_draft_alternates_and_a_character_joins_one_team_only() -> None:
    state = load("juggers").new_initial_state()
    state.apply_action(Toss(1))
    state.apply_action(state.parse_action("choose pick"))
    state.apply_action(state.parse_action("pick lince"))
    assert state.current_player() == 0
    unchanged(state, "pick lince", "not among the legal")
    state.apply_action(state.parse_action("pick tempesta"))
    assert state.budget == [200 - 70, 200 - 65]


def test_r27_a_jugger_drafted_over_budget_has_no_supermove() -> None:
    state = position(GATE, A_TURN, "unpaid=A1")
    unchanged(state, "super 1", "over budget")


# --- R28-R33: the end of the match and the penalties ------------------------------------------


def test_r28_r29_after_nine_innings_the_most_mete_wins() -> None:
    state = position(GATE, A_TURN, "inning=9 half=1 first=A score=0,1")
    assert state.attacker == 0
    flick(state, "flick 1 at 180 strength 0.2")  # a foul ends the last attack
    roll_all(state)
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]


def test_r28_the_match_ends_when_both_teams_have_fewer_than_three_to_field() -> None:
    state = position(GATE, A_TURN, "hp=A4:0;B3:0;B4:0;B1:1", "score=1,0")
    flick(state, "flick 1 at 180 strength 0.2")
    roll_all(state)
    assert not state.is_terminal()  # A still has three
    # A3 and A4 have no life left (so are off the table); A1 falls off and the attack ends
    two_each = "at=A1:300,400;A2:500,350;B1:900,400;B2:1000,300"
    state2 = position(two_each, A_TURN, "hp=A4:0;A3:0;B3:0;B4:0", "score=1,0")
    flick(state2, "flick 1 at 270 strength 1")
    roll_all(state2)
    assert state2.is_terminal() and state2.returns() == [1.0, -1.0]


def _shoot(state: JuggersState, scores: bool) -> None:
    state.apply_action(state.parse_action("shooter 2"))
    flick(
        state,
        "flick 2 at 0 strength 0.7"
        if state.current_player() == 0
        else "flick 2 at 180 strength 0.7",
    ) if scores else flick(state, "flick 2 at 90 strength 0.2")


def _to_penalties(at: str = GATE, *fields: str, **options: Any) -> JuggersState:
    state = position(at, A_TURN, "inning=9 half=1 first=A", *fields, **options)
    flick(state, "flick 1 at 180 strength 0.2")
    roll_all(state)
    assert state.phase == SHOOTER  # R30: a tie goes to penalties
    return state


def test_r30_r31_r32_five_penalties_each_then_the_most_mete() -> None:
    state = _to_penalties()
    assert state.current_player() == 1  # B attacked first in every inning, so B shoots first
    _shoot(state, True)
    assert state.pen_goals == [0, 1] and state.pos == [None] * 8
    for _ in range(9):
        assert not state.is_terminal()
        _shoot(state, False)
    assert state.pen_shots == [5, 5] and state.is_terminal()
    assert state.returns() == [-1.0, 1.0]


def test_r22_only_a_jugger_with_life_takes_a_penalty() -> None:
    state = _to_penalties("at=A1:300,400;A2:500,350;A3:500,450;B1:900,400", "hp=B2:0")
    assert state.current_player() == 1
    assert [str(a) for a in state.legal_actions()] == ["shooter 1", "shooter 3", "shooter 4"]
    unchanged(state, "shooter 2", "with life left")


def test_h_pen_none_a_team_with_nobody_alive_chooses_among_all_four() -> None:
    state = _to_penalties("at=A1:300,400;A2:500,350;A3:500,450", "hp=B1:0;B2:0;B3:0;B4:0")
    assert state.current_player() == 1
    assert len(state.legal_actions()) == 4
    _shoot(state, True)
    assert state.pen_goals == [0, 1]


def test_r33_sudden_death_goes_on_until_one_leads_never_drawn() -> None:
    state = _to_penalties()
    for _ in range(2 * 60):  # past the 50 rounds at which a match used to be drawn
        _shoot(state, False)
    assert not state.is_terminal() and state.pen_shots == [60, 60]
    assert load("juggers").info.max_game_length is None  # no bound: "a oltranza"


def test_the_sudden_death_cap_option_draws_after_that_many_rounds() -> None:
    state = _to_penalties(sudden_death_cap=2)
    for _ in range(2 * 7):
        _shoot(state, False)
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert state.reason.startswith("penalties capped")


def test_the_rl_adapters_cap_the_sudden_death_unless_told() -> None:
    from tablesports.envs.adapter import GameAdapter

    assert load("juggers").house.sudden_death_cap is None
    bounded = GameAdapter("juggers").game
    assert isinstance(bounded, JuggersGame) and bounded.house.sudden_death_cap == 50
    assert bounded.info.max_game_length is not None
    chosen = GameAdapter("juggers", sudden_death_cap=3).game
    assert isinstance(chosen, JuggersGame) and chosen.house.sudden_death_cap == 3


def test_r33_still_tied_sudden_death_until_one_leads_after_equal_shots() -> None:
    state = _to_penalties()
    for _ in range(10):
        _shoot(state, False)
    assert not state.is_terminal()
    _shoot(state, True)  # B scores the sixth; A must answer
    assert not state.is_terminal()
    _shoot(state, True)
    assert not state.is_terminal()
    _shoot(state, False)
    _shoot(state, True)
    assert state.is_terminal() and state.pen_shots == [7, 7] and state.returns() == [1.0, -1.0]


# --- H-END: the end of an attack ------------------------------------------------------------


def test_h_end_the_attack_ends_after_twelve_attacker_actions() -> None:
    state = position(GATE, "actions=22")
    flick(state, "flick 1 at 0 strength 0.4")  # the attacker's twelfth action, valid
    roll_all(state)
    assert state.turn == 1 and state.current_player() == 1
    flick(state, "flick 1 at 270 strength 0.2")
    roll_all(state)
    assert state.turn == 2 and state.attacker == 1


def test_h_end_a_defender_with_nothing_on_the_table_passes() -> None:
    state = position("at=A1:300,400;A2:500,350;A3:500,450", B_TURN)
    assert [str(a) for a in state.legal_actions()] == ["pass"]
    state.apply_action(state.parse_action("pass"))
    assert state.current_player() == 0 and state.actions == 2
    unchanged(state, "pass", "only when no flick")


def test_r25_h_hero_knocking_an_opponent_off_with_a_valid_flick() -> None:
    fields = ("at=A1:300,400;A2:500,350;A3:500,700;B1:500,600", B_TURN, "morale=6,6")
    state = position(*fields, hero_clean_defence=False)
    events = flick(state, "flick 1 at 90 strength 0.6")
    assert [e.data["slot"] for e in events if e.kind == "fall"] == [2]
    assert state.morale == [6, 9] and state.pos[4] is not None
    roll_all(state)
    assert state.turn == 2  # H-END 3: an attacker's fall ends the attack


def test_r25_h_hero_the_defence_ends_an_attack_without_a_meta() -> None:
    state = position(GATE, A_TURN, "morale=6,6")
    flick(state, "flick 1 at 180 strength 0.2")
    roll_all(state)
    assert state.turn == 2 and state.morale == [6, 9]
    off = position(GATE, A_TURN, "morale=6,6", hero_clean_defence=False)
    flick(off, "flick 1 at 180 strength 0.2")
    roll_all(off)
    assert off.morale == [6, 6]


# --- bad values in hand-built actions (the library API, not the text parser) -------------------


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Flick("1", 0.0, 0.5), "jugger is '1': it must be a whole number"),  # type: ignore[arg-type]
        (Flick(None, 0.0, 0.5), "jugger is None"),  # type: ignore[arg-type]
        (Flick(1.5, 0.0, 0.5), "jugger is 1.5"),  # type: ignore[arg-type]
        (Flick(True, 0.0, 0.5), "jugger is True"),
        (Flick(9, 0.0, 0.5), "numbered 1 to 4"),
        (Flick(1, "x", 0.5), "angle is 'x': it must be a number"),  # type: ignore[arg-type]
        (Flick(1, float("nan"), 0.5), "the angle is 0 to under 360"),
        (Super(9), "numbered 1 to 4, not 9"),
        (Super(0), "numbered 1 to 4, not 0"),
        (Super("1"), "jugger is '1'"),  # type: ignore[arg-type]
        (Sub(1, 9), "numbered 1 to 4, not 9"),
        (Shooter(9), "numbered 1 to 4"),
        (Place(1, 99, 99), "row 0 to 7"),
        (Place(1, "a", 1), "col is 'a'"),  # type: ignore[arg-type]
        (Toss(7), "not among the legal actions"),
        (object(), "not among the legal actions"),
    ],
)
def test_a_hand_built_action_of_bad_values_is_illegal_and_changes_nothing(
    action: Any, reason: str
) -> None:
    for state in (position(GATE, A_TURN), position("phase=place")):
        before = state.to_json()
        with pytest.raises(IllegalActionError, match=re.escape(reason)):
            state.apply_action(action)
        assert state.to_json() == before
