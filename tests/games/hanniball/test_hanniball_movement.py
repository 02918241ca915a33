"""Rule tests: how each piece moves and shoots, and where a piece may move."""

from __future__ import annotations

from tablesports.games.hanniball.board import name_to_index
from tests.games.hanniball.helpers import from_square, play, position

# Kings on a1-like corners keep each side's pieces few; ball placed where a test needs it.
KEEPERS = "Me1 me15"


def test_horse_moves_like_a_chess_knight() -> None:
    state = position(f"{KEEPERS} He6 lb10", ball="b10", side="w")
    assert from_square(state, "e6", "-") == {"f8", "g7", "g5", "f4", "d4", "c5", "c7", "d8"}


def test_horse_jump_is_blocked_only_when_both_intermediate_squares_are_occupied() -> None:
    # e6-f8 passes e7 and f7: both occupied (by either colour) blocks it
    state = position(f"{KEEPERS} He6 Ee7 hf7 lb10", ball="b10")
    assert "f8" not in from_square(state, "e6", "-")
    # one of the two occupied is not enough
    state = position(f"{KEEPERS} He6 Ee7 lb10", ball="b10")
    assert "f8" in from_square(state, "e6", "-")


def test_horse_can_always_jump_from_the_last_rank_to_a_goal_corner() -> None:
    # b2-d1 passes c2 and c1; c1 does not exist, so c2 alone never blocks it
    state = position("Mf2 me15 Hb2 Lc2 lb10", ball="b10")
    assert "d1" in from_square(state, "b2", "-")


def test_horse_shoots_to_a_neighbouring_square() -> None:
    state = position(f"{KEEPERS} He6 lb10", ball="e6")
    assert from_square(state, "e6", "*") == {"e7", "f7", "f6", "f5", "e5", "d5", "d6", "d7"}


def test_elephant_moves_one_square_in_any_direction() -> None:
    state = position(f"{KEEPERS} Ee6 lb10", ball="b10")
    assert from_square(state, "e6", "-") == {"e7", "f7", "f6", "f5", "e5", "d5", "d6", "d7"}


def test_elephant_shoots_a_knight_jump_away_without_restriction() -> None:
    # e7 and f7 are occupied, yet the Elephant's shot to f8 flies
    state = position(f"{KEEPERS} Ee6 He7 hf7 lb10", ball="e6")
    assert from_square(state, "e6", "*") == {"f8", "g7", "g5", "f4", "d4", "c5", "c7", "d8"}


def test_lion_moves_and_shoots_as_a_horse_or_an_elephant() -> None:
    state = position(f"{KEEPERS} Le6 lb10", ball="e6")
    king = {"e7", "f7", "f6", "f5", "e5", "d5", "d6", "d7"}
    knight = {"f8", "g7", "g5", "f4", "d4", "c5", "c7", "d8"}
    assert from_square(state, "e6", "-") == king | knight
    assert from_square(state, "e6", "*") == king | knight


def test_lion_jump_is_blocked_like_the_horse() -> None:
    state = position(f"{KEEPERS} Le6 Ee7 hf7 lb10", ball="b10")
    moves = from_square(state, "e6", "-")
    assert "f8" not in moves
    assert "d8" in moves  # d8 passes e7 and d7: only one occupied


def test_monkey_moves_as_a_lion_inside_its_goal_area_and_goal() -> None:
    state = position("Md2 me15 lb10", ball="b10")
    # as a Lion from d2: c1, b1, b3 do not exist or lie outside the goal area (b3, c4, e4)
    assert from_square(state, "d2", "-") == {"c2", "c3", "d3", "e3", "e2", "d1", "e1", "f3", "f1"}


def test_monkey_shoots_straight_up_to_five_squares_landing_outside_its_goal_area() -> None:
    state = position("Me2 me15 lb10", ball="e2")
    # north: e3 is in the goal area, e4-e7 outside; east: f2, g2 in, h2, i2 out; south-east
    # and south are its goal (f1, e1): a Monkey never shoots into its own goal area or goal
    assert from_square(state, "e2", "*") == {
        *("e4", "e5", "e6", "e7"),
        *("g4", "h5", "i6"),
        *("h2", "i2"),
        *("b2", "a2"),
        *("c4", "b5", "a6"),
    }


def test_monkey_shot_flies_over_pieces() -> None:
    state = position("Me2 Ee3 Ee4 Ee5 me15 lb10", ball="e2")
    assert {"e6", "e7"} <= from_square(state, "e2", "*")


def test_monkey_that_controls_the_ball_never_leaves_it_behind() -> None:
    state = position("Me2 me15 lb10", ball="e2")
    assert from_square(state, "e2", "~") == set()
    assert from_square(state, "e2", "-")  # it may move with the ball


def test_a_piece_that_controls_the_ball_moves_with_it() -> None:
    state = play(position(f"{KEEPERS} Ee6 lb10", ball="e6"), "e6-e7")
    assert state.ball_square() == "e7"


def test_a_piece_that_controls_the_ball_may_leave_it_behind() -> None:
    state = play(position(f"{KEEPERS} Ee6 lb10", ball="e6"), "e6~e7")
    assert state.ball_square() == "e6"
    assert state.board[state.ball] == 0  # the ball lies free


def test_only_the_piece_that_controls_the_ball_shoots() -> None:
    state = position(f"{KEEPERS} Ee6 He4 lb10", ball="e6")
    assert from_square(state, "e4", "*") == set()
    assert from_square(state, "e4", "~") == set()


def test_a_piece_cannot_move_onto_its_own_piece_or_an_opponent_without_the_ball() -> None:
    state = position(f"{KEEPERS} Ee6 He7 hf7 lb10", ball="b10")
    moves = from_square(state, "e6", "-")
    assert "e7" not in moves  # own Horse
    assert "f7" not in moves  # Black Horse without the ball


def test_moving_onto_the_free_ball_takes_control_of_it() -> None:
    state = play(position(f"{KEEPERS} Ee6 lb10", ball="e7"), "e6-e7")
    assert state.ball_square() == "e7"
    assert state.holder() == "White Elephant"


def test_moving_onto_an_opponent_that_controls_the_ball_captures_it() -> None:
    state = position(f"{KEEPERS} Ee6 hf7 lb10", ball="f7")
    assert "f7" in from_square(state, "e6", "-")
    play(state, "e6-f7")
    assert state.holder() == "White Elephant"
    assert state.ball_square() == "f7"
    assert sorted(state.pieces[1]) == sorted([name_to_index("e15"), name_to_index("b10")])


def test_shoot_to_an_opponent_then_capture_it_in_the_same_turn() -> None:
    state = position(f"{KEEPERS} Le6 Eg6 hf7 lb10", ball="e6")
    play(state, "e6*f7")
    assert state.holder() == "Black Horse"  # the ball gives control to a piece of either side
    play(state, "g6-f7")
    assert state.holder() == "White Elephant"
    assert state.to_move == 0  # still White's turn: two steps used


def test_a_ball_that_lands_on_a_piece_gives_it_control() -> None:
    state = play(position(f"{KEEPERS} Le6 Ee7 lb10", ball="e6"), "e6*e7")
    assert state.holder() == "White Elephant"


def test_a_ball_that_lands_on_an_empty_square_lies_free() -> None:
    state = play(position(f"{KEEPERS} Le6 lb10", ball="e6"), "e6*g7")
    assert state.holder() is None
    assert state.ball_square() == "g7"
