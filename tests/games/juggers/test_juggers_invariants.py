"""`JuggersGame.check_state`: impossible states, from the notation or from JSON, are rejected
with a `StateError` naming the field, the value and what is allowed."""

from __future__ import annotations

from typing import Any

import pytest

from tablesports.core.errors import NotationError, StateError
from tablesports.core.protocol import TERMINAL
from tablesports.core.registry import load

from .helpers import GATE, TEAMS, position

GAME = load("juggers")


def start_json(*fields: str) -> dict[str, Any]:
    """The JSON of a legal position (team A to flick, A1 behind the gap), to spoil."""
    return position(GATE, *fields).to_json()


def rejected(data: dict[str, Any], field: str, allowed: str) -> StateError:
    with pytest.raises(StateError) as info:
        GAME.state_from_json(data)
    assert info.value.field == field, str(info.value)
    assert allowed in info.value.allowed, str(info.value)
    return info.value


def test_legal_positions_and_the_start_pass_the_check() -> None:
    GAME.check_state(GAME.new_initial_state())
    GAME.check_state(position(GATE, "inning=3 half=1 first=A actions=2 turn=6 score=1,2"))
    again = GAME.state_from_json(start_json())
    assert again.to_json() == start_json()


def test_r35_a_character_is_drafted_once() -> None:
    data = start_json()
    data["chars"][5] = data["chars"][0]
    error = rejected(data, "chars", "drafted once")
    assert "A1" in str(error)


def test_r2_no_inning_beyond_the_ninth() -> None:
    with pytest.raises(StateError, match="inning is 10; 1 to the 9 innings"):
        GAME.from_position(f"{TEAMS} {GATE} inning=10")


def test_the_turn_counts_no_more_turns_than_the_innings_have_begun() -> None:
    data = start_json()
    data["turn"] = 7  # inning 1, its first turn
    rejected(data, "turn", "1 to 1")


def test_r10_one_meta_at_most_per_attack() -> None:
    with pytest.raises(StateError, match="score is 2; 0 to 1: one meta at most per attack"):
        GAME.from_position(f"{TEAMS} {GATE} score=2,0")


def test_r24_morale_is_never_negative_nor_over_the_cap() -> None:
    data = start_json()
    data["morale"] = [6, 21]
    rejected(data, "morale", "0 to the cap 20")
    data["morale"] = [-1, 6]
    rejected(data, "morale", "0 to the cap 20")


def test_r22_a_jugger_without_life_is_not_on_the_table() -> None:
    with pytest.raises(StateError, match=r"pos A1 .*no life left"):
        GAME.from_position(f"{TEAMS} {GATE} hp=A1:0")


def test_life_points_are_at_most_the_characters() -> None:
    data = start_json()
    data["hp"][0] = 99
    rejected(data, "hp A1", "0 to the character's life")


def test_a_coin_stands_on_the_table_and_on_a_place_of_its_own() -> None:
    data = start_json()
    data["pos"][0] = [5000.0, 400.0]
    rejected(data, "pos A1", "a point on the table")
    data = start_json()
    data["pos"][4] = data["pos"][0]
    rejected(data, "pos B1", "a place of its own, clear of other coins; A1 is at")


def test_coins_that_overlap_are_rejected() -> None:
    data = start_json()  # A1 stands at (300, 400)
    data["pos"][4] = [320.0, 400.0]  # 20 mm apart: the discs (25.75 mm wide) overlap
    rejected(data, "pos B1", "clear of other coins; A1 is at (300.0, 400.0)")
    data["pos"][4] = [300.0 + 2 * GAME.table.coin_radius, 400.0]  # touching: a real table
    GAME.state_from_json(data)


def test_a_coin_on_a_post_is_rejected() -> None:
    t = GAME.table
    post = (t.width - t.goal_line, t.height / 2 + t.mouth / 2 + t.post_radius)
    data = start_json()
    data["pos"][4] = list(post)  # B1 centred on a post of the goal at x = width
    rejected(data, "pos B1", "clear of the posts")
    data["pos"][4] = [post[0], post[1] + t.post_radius + t.coin_radius - 2.0]  # overlapping
    rejected(data, "pos B1", "clear of the posts")


def test_h_goal_a_coin_resting_wholly_inside_a_goal_is_rejected() -> None:
    t = GAME.table
    for x in (t.width - t.goal_line / 2, t.goal_line / 2):  # the middle of each goal mouth
        data = start_json()
        data["pos"][4] = [x, t.height / 2]
        rejected(data, "pos B1", "not wholly inside a goal")
    data["pos"][4] = [t.width - t.goal_line, t.height / 2]  # astride the posts' line: on the table
    GAME.state_from_json(data)


def test_r4_at_most_three_coins_of_a_team_on_the_table() -> None:
    data = start_json()
    data["pos"][3] = [100.0, 100.0]
    data["played"][3] = True
    rejected(data, "pos", "at most 3 of team A's")


def test_h_end_the_attacker_acts_on_even_actions() -> None:
    data = start_json("actions=1")
    data["to_move"] = data["attacker"]
    rejected(data, "to_move", "the attacker on even actions")


def test_r15_an_injury_lasts_to_the_end_of_the_next_turn_at_most() -> None:
    with pytest.raises(StateError, match="injured_until A2 is 5; -1 to turn 2"):
        GAME.from_position(f"{TEAMS} {GATE} injured=A2:5")


def test_rolls_wait_only_in_the_roll_phase() -> None:
    data = start_json()
    data["rolls"] = [["injury", 3]]
    rejected(data, "rolls", "exactly in the roll phase")


def test_a_flick_in_flight_only_between_the_flick_and_its_settling() -> None:
    data = start_json()
    data["flick"] = [0, 0.0, 0.5, 0.0, False]
    rejected(data, "flick", "exactly while its noise and settling are due")


def test_r31_penalty_goals_no_more_than_penalties_taken() -> None:
    data = start_json()
    data["pen_goals"] = [1, 0]
    rejected(data, "pen_goals", "0 up to the penalties taken")


def test_a_winner_only_once_the_match_is_over() -> None:
    data = start_json()
    data["winner"] = 0
    rejected(data, "winner", "-1 until the match is over")


def _over(score: list[int], winner: int) -> dict[str, Any]:
    data = start_json()
    data.update(phase="over", to_move=TERMINAL, score=score, winner=winner, reason="more mete")
    data["pos"] = [None] * 8
    return data


def test_r29_the_result_names_the_team_with_more_mete() -> None:
    GAME.state_from_json(_over([1, 0], 0))  # the real result is accepted
    rejected(_over([1, 0], 1), "winner", "0: the team with more mete")
    rejected(_over([1, 0], 2), "winner", "-1 (none), 0 (A) or 1 (B)")


def test_a_field_of_the_wrong_type_is_named() -> None:
    data = start_json()
    data["paid"][2] = 2
    rejected(data, "paid", "true or false")
    data = start_json()
    data["subs"] = "0,0"
    rejected(data, "subs", "one whole number per team")


def test_a_settling_flicks_result_is_read_or_rejected_never_a_crash() -> None:
    state = position(GATE)
    state.apply_action(state.parse_action("flick 1 at 0 strength 0.4"))
    state.apply_action(state.chance_outcomes()[0][0])
    data = state.to_json()
    assert GAME.state_from_json(data).to_json() == data
    data["result"] = data["result"][::-1]  # the settle text is no longer first
    with pytest.raises(NotationError, match="settle action's text"):
        GAME.state_from_json(data)
    data = state.to_json()
    data["result"][1] = [0]  # A1, the flicked coin, both settled and fallen
    rejected(data, "result fallen", "is no more")


def test_r30_a_tie_goes_to_penalties() -> None:
    rejected(_over([0, 0], -1), "score", "a winner on mete")


def test_r32_r33_penalties_end_level_after_five_each() -> None:
    shot_out = _over([0, 0], 0)
    shot_out.update(pen_shots=[5, 5], pen_goals=[2, 1], reason="penalties 2-1")
    GAME.state_from_json(shot_out)
    shot_out["pen_shots"] = [5, 4]
    rejected(shot_out, "pen_shots", "level, 5 or more each")
    shot_out.update(pen_shots=[60, 60], pen_goals=[1, 1], winner=-1)
    rejected(shot_out, "pen_shots", "ending on a lead")  # no draw "a oltranza" (R33)
    capped = load("juggers", sudden_death_cap=55)
    assert capped.state_from_json(shot_out).returns() == [0.0, 0.0]  # drawn at the cap


def test_r22_a_penalty_taker_without_life_is_rejected() -> None:
    data = position("hp=B2:0", "inning=9 half=1 first=A").to_json()
    data.update(phase="shooter", attacker=-1, pos=[None] * 8, to_move=1)
    GAME.state_from_json(data)
    t = GAME.table
    data["pos"][5] = [t.width / 2, t.height / 2]
    data.update(phase="shoot", shooter=5)
    rejected(data, "shooter", "a Jugger with life left")


@pytest.mark.parametrize("data", [[], None, "state", 5])
def test_a_state_that_is_not_a_json_object_is_named(data: Any) -> None:
    with pytest.raises(NotationError, match="a JSON object of its fields"):
        GAME.state_from_json(data)


def test_a_missing_field_is_rejected_not_filled_in() -> None:
    data = start_json("score=1,0")
    del data["score"]
    with pytest.raises(NotationError, match="no score"):
        GAME.state_from_json(data)
