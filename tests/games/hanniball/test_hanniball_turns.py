"""Rule tests: turns, the ricochet, goals, and the house rules that end a game."""

from __future__ import annotations

import pytest

from tablesports.core.errors import IllegalActionError
from tablesports.games.hanniball.actions import END
from tests.games.hanniball.helpers import GAME, from_square, notation, play, position, texts

KEEPERS = "Me1 me15"


# --- turns ----------------------------------------------------------------------------------
def test_white_starts_and_has_at_most_two_steps_on_the_first_turn() -> None:
    state = GAME.new_initial_state()
    assert state.current_player() == 0
    play(state, "b4-c6", "d4-e6")
    assert state.current_player() == 1
    assert (state.used, state.limit) == (0, 4)


def test_a_turn_has_at_most_four_steps() -> None:
    state = position(f"{KEEPERS} He6 Hb4 lb10", ball="b10")
    play(state, "e6-f8", "f8-g10", "g10-h12", "b4-c6")
    assert state.current_player() == 1


def test_a_turn_may_end_after_one_step() -> None:
    state = position(f"{KEEPERS} He6 lb10", ball="b10")
    assert "end" not in texts(state)  # a turn is at least one step
    play(state, "e6-f8", "end")
    assert state.current_player() == 1


def test_end_is_illegal_while_the_position_equals_the_turns_start() -> None:
    state = play(position(f"{KEEPERS} He6 lb10", ball="b10"), "e6-f8", "f8-e6")
    assert "end" not in texts(state)
    with pytest.raises(IllegalActionError, match="must change the position"):
        state.apply_action(END)


def test_the_last_step_may_not_restore_the_turns_start() -> None:
    state = play(position(f"{KEEPERS} He6 lb10", ball="b10"), "e6-f8", "f8-e6", "e6-f8")
    assert "f8-e6" not in texts(state)
    assert "f8-g10" in texts(state)
    with pytest.raises(IllegalActionError, match="restore the position"):
        play(state, "f8-e6")
    assert state.ball_square() == "b10" and state.used == 3  # the rejected step changed nothing


def test_a_last_step_shot_that_restores_the_start_is_illegal() -> None:
    # White's first turn (two steps): the Lion passes to the Horse, which may not pass back
    state = GAME.from_position(notation(f"{KEEPERS} Le6 He7 lb10", ball="e6", turn=1))
    play(state, "e6*e7")
    assert "e7*e6" not in texts(state)
    assert "e7*e8" in texts(state)


# --- the ricochet -------------------------------------------------------------------------------
def test_a_shot_onto_a_monkey_ricochets_where_the_shooter_chooses() -> None:
    state = position("Me1 md13 Le11 lb10", ball="e11")
    play(state, "e11*d13")  # the Lion's knight-jump shot lands on Black's Monkey
    assert state.pending and state.current_player() == 0  # White, the shooter, chooses
    choices = from_square(state, "d13", "^")
    # any straight line, up to five squares, never into a goal
    assert {"d14", "d12", "d8", "a13", "i13", "a10", "h9", "e14", "c14"} <= choices
    assert "d15" not in choices and "d7" not in choices and "f15" not in choices
    play(state, "d13^d8")
    assert not state.pending and state.ball_square() == "d8" and state.used == 1


def test_a_ricochet_off_ones_own_monkey_is_also_the_shooters_choice() -> None:
    state = play(position("Me3 me15 Lg4 lb10", ball="g4"), "g4*e3")
    assert state.pending and state.current_player() == 0
    assert "e3^e8" in texts(state)


def test_a_shot_onto_a_monkey_standing_in_its_goal_is_a_ricochet_not_a_goal() -> None:
    state = play(position("Me1 me15 He14 lb10", ball="e14"), "e14*e15")
    assert not state.is_terminal()
    assert state.pending
    assert all(not t.endswith("15") for t in texts(state))  # never into the goal


def test_a_ricochet_that_lands_on_a_piece_gives_it_control() -> None:
    state = play(position("Me1 md13 Le11 hd10 lb10", ball="e11"), "e11*d13", "d13^d10")
    assert state.holder() == "Black Horse"


def test_a_ricochet_as_the_turns_last_step_must_change_the_position() -> None:
    # White's first turn: pass to the Horse, which shoots onto Black's Monkey; sending the
    # ricochet back to the Lion would restore the start
    state = GAME.from_position(notation("Me1 me13 Le11 Hf12 lb10", ball="e11", turn=1))
    play(state, "e11*f12", "f12*e13")
    assert state.pending and state.used == 2
    assert "e13^e11" not in texts(state)
    assert "e13^e12" in texts(state)


# --- goals ----------------------------------------------------------------------------------
def test_shooting_the_ball_into_the_opponents_goal_wins() -> None:
    state = play(position("Me1 mc14 Ld14 lb10", ball="d14"), "d14*d15")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


def test_carrying_the_ball_into_the_opponents_goal_wins() -> None:
    state = play(position("Me1 mc14 Hc13 lb10", ball="c13"), "c13-d15")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


def test_shooting_the_ball_into_ones_own_goal_loses() -> None:
    state = play(position("Md3 me15 He2 lb10", ball="e2"), "e2*e1")
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]


def test_carrying_the_ball_into_ones_own_goal_loses() -> None:
    state = play(position("Me2 me15 lb10", ball="e2"), "e2-e1")  # even the keeper
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]


def test_black_wins_by_scoring_in_whites_goal() -> None:
    state = play(position("Md3 me15 hd2 Lb10", ball="d2", side="b"), "d2*e1")
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]


def test_the_opponents_goal_is_a_safe_zone() -> None:
    # a White Horse in Black's goal does not control the ball, so Black cannot capture it; to
    # give it the ball Black must shoot into his own goal, and loses
    state = position("Me1 mg13 Hd15 le14 Lb10", ball="e14", side="b")
    assert "e14-d15" not in texts(state)
    play(state, "e14*d15")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


# --- the end of endless games (house rules) -------------------------------------------------------
def test_the_game_is_drawn_when_the_turn_limit_passes() -> None:
    state = position(f"{KEEPERS} He6 hb10", ball="a8", max_turns=4)
    play(state, "e6-f8", "end", "b10-c12", "end")
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert "turn limit" in state.reason


def test_the_third_occurrence_of_a_position_at_a_turns_start_is_a_draw() -> None:
    state = position(f"{KEEPERS} He6 hb10", ball="a8")
    for _ in range(2):
        play(state, "e6-f8", "end", "b10-c12", "end", "f8-e6", "end", "c12-b10", "end")
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    assert "3 times" in state.reason


def test_repetition_draw_can_be_switched_off() -> None:
    state = position(f"{KEEPERS} He6 hb10", ball="a8", repetition_draw=0)
    for _ in range(2):
        play(state, "e6-f8", "end", "b10-c12", "end", "f8-e6", "end", "c12-b10", "end")
    assert not state.is_terminal()


def test_a_player_without_a_legal_step_loses() -> None:
    # White's only piece, the Monkey on e1, is hemmed in by Black pieces without the ball
    blockers = "hd1 hf1 hd2 hf2 ee2 ec2 eg2 ed3 lf3"
    state = position(f"Me1 me15 {blockers} lb10", ball="b10")
    assert state.is_terminal() and state.returns() == [-1.0, 1.0]
    assert state.legal_actions() == []


def test_anti_clustering_variant_limits_defenders_at_the_end_of_a_turn() -> None:
    defenders = "Lc2 Lg2 Ed3 Ef3"  # four pieces besides the Monkey in the goal area
    state = position(f"{KEEPERS} {defenders} Ee5 lb10", ball="b10", max_defenders=4)
    play(state, "e5-e4")
    assert "e4-e3" in texts(state)  # not the last step: a fifth may come in for now
    play(state, "e4-e3")
    assert "end" not in texts(state)
    play(state, "d3-d4")
    assert "end" in texts(state)
    plain = position(f"{KEEPERS} {defenders} Ee5 lb10", ball="b10")
    play(plain, "e5-e4", "e4-e3")
    assert "end" in texts(plain)


def test_anti_clustering_filters_the_last_step() -> None:
    defenders = "Lc2 Lg2 Ed3 Ef3"
    state = position(f"{KEEPERS} {defenders} Ee4 Hb8 lb10", ball="b10", max_defenders=4)
    play(state, "b8-c6", "c6-b8", "b8-c6")
    assert "e4-e3" not in texts(state) and "e4-e5" in texts(state)
    with pytest.raises(IllegalActionError, match="anti-clustering"):
        play(state, "e4-e3")


# --- the designers' figures ------------------------------------------------------------------
def test_the_turns_figure_of_a_game_ended_by_the_turn_limit_is_the_limit() -> None:
    """Issue 47 finding 4: 201 turns were counted at a limit of 200."""
    import random

    from tablesports.core.registry import load
    from tablesports.games.hanniball.figures import figures

    game = load("hanniball", max_turns=6)
    for seed in range(20):
        rng, state, events = random.Random(seed), game.new_initial_state(), []
        while not state.is_terminal():
            events += state.apply_action(rng.choice(state.legal_actions()))
        if any(e.rule == "turn limit" for e in events):
            assert figures(state, events)["turns"] == 6
            return
    raise AssertionError("no game of 20 reached the turn limit of 6")


def test_the_turns_figure_counts_the_turn_under_way() -> None:
    from tablesports.games.hanniball.figures import figures

    state = position(f"{KEEPERS} He6 lb10", ball="b10")
    turn = state.turn
    events = state.apply_action(state.parse_action("e6-f8"))
    assert figures(state, events)["turns"] == turn  # the turn under way counts
