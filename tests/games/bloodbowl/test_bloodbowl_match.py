"""The match (seed): weather, the toss, two halves of eight turns a team with turn markers, a
drive at each half and after every touchdown, the final whistle and its result."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tablesports.core.errors import IllegalActionError
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.ball import HELD, ON_GROUND
from tablesports.games.bloodbowl.game import MAX_GAME_LENGTH
from tablesports.games.bloodbowl.pitch import index
from tablesports.games.bloodbowl.players import PRONE, STANDING, STUNNED
from tests.games.bloodbowl.helpers import (
    AWAY,
    GAME,
    HOME,
    edit,
    last_turns,
    move_player,
    new_match,
    play,
    texts,
    to_first_turn,
    top,
)


@pytest.mark.parametrize(
    ("roll", "weather"),
    [
        ("1+1", "sweltering_heat"),
        ("1+2", "very_sunny"),
        ("2+2", "perfect_conditions"),
        ("4+6", "perfect_conditions"),
        ("5+6", "pouring_rain"),
        ("6+6", "blizzard"),
    ],
)
def test_weather_is_rolled_on_2d6_before_the_match(roll: str, weather: str) -> None:
    s = new_match()
    assert top(s) == "weather"
    play(s, f"2D6={roll}")
    assert s.weather == weather


def test_the_away_coach_calls_the_toss_and_the_winner_chooses() -> None:
    s = new_match()
    play(s, "2D6=3+4")
    assert s.current_player() == AWAY
    play(s, "call tails", "coin=heads")  # wrong call: the home team wins
    assert s.current_player() == HOME
    play(s, "choose kick")
    assert s.kicking == HOME and s.half == 1 and top(s) == "setup"


def test_the_winner_may_receive() -> None:
    s = new_match()
    play(s, "2D6=3+4", "call heads", "coin=heads", "choose receive")
    assert s.kicking == HOME  # the orcs won and receive


def test_a_half_has_eight_turns_a_team() -> None:
    s = to_first_turn()
    turns = [(s.current_player(), s.turn.copy())]
    while s.half == 1:
        play(s, "end turn")
        if top(s) == "team_turn":
            turns.append((s.current_player(), s.turn.copy()))
    assert len(turns) == 16
    assert turns[0] == (AWAY, [0, 1]) and turns[-1] == (HOME, [8, 8])
    assert [t for t, _ in turns] == [AWAY, HOME] * 8


def test_second_half_kicked_off_by_the_other_team_with_fresh_markers_and_rerolls() -> None:
    s = edit(last_turns(to_first_turn()), lambda d: d.update(rerolls=[0, 1]))
    play(s, "end turn")
    assert s.half == 2 and s.turn == [0, 0] and s.rerolls == [3, 3]
    assert s.kicking == AWAY and s.current_player() == AWAY and top(s) == "setup"


def carrier_near_the_end_zone() -> Any:
    """The orcs' turn; orc #11 holds the ball at 1,7, one square from the humans' end zone."""
    s = to_first_turn()

    def change(data: dict[str, Any]) -> None:
        move_player(data, AWAY, 11, 1, 7)
        data["ball"]["square"] = [1, 7]

    return edit(s, change)


def test_standing_in_the_end_zone_with_the_ball_is_a_touchdown() -> None:
    s = carrier_near_the_end_zone()
    events = play(s, "move 11", "move 11 to 0,7")
    assert "TOUCHDOWN" in texts(events)
    assert s.score == [0, 1]


def test_after_a_touchdown_a_new_drive_starts_with_the_scorers_kicking() -> None:
    s = carrier_near_the_end_zone()
    play(s, "move 11", "move 11 to 0,7")
    assert s.drive == 2 and s.half == 1
    assert s.kicking == AWAY and top(s) == "setup" and s.current_player() == AWAY
    assert s.turn == [0, 1]  # the markers carry on through the half
    assert all(p.square < 0 for p in s.players)


def test_no_new_drive_when_the_receivers_have_no_turn_left() -> None:
    s = carrier_near_the_end_zone()
    s = edit(s, lambda d: d.update(turn=[8, 8]))
    play(s, "move 11", "move 11 to 0,7")
    assert s.half == 2 and s.kicking == AWAY  # straight to the second half's kick-off


def test_moving_onto_the_ball_picks_it_up_with_an_agility_test() -> None:
    s = to_first_turn()

    def loose_ball(data: dict[str, Any]) -> None:
        data["ball"] = {"state": "ground", "square": [20, 7]}

    s = edit(s, loose_ball)
    events = play(s, "move 11", "move 11 to 20,7", "D6=4")
    assert "D6=4 against 4+: success" in texts(events)
    assert s.ball_state == HELD and s.ball == index(20, 7)


def test_failed_pick_up_bounces_the_ball_and_ends_the_turn() -> None:
    s = to_first_turn()
    s = edit(s, lambda d: d.update(ball={"state": "ground", "square": [20, 7]}))
    play(s, "move 11", "move 11 to 20,7", "D6=3", "no reroll", "D8=5")
    assert s.ball_state == ON_GROUND and s.ball == index(21, 7)
    assert s.current_player() == HOME  # turnover


def test_ball_bounced_off_the_pitch_is_thrown_in() -> None:
    s = to_first_turn()
    s = edit(
        s,
        lambda d: (
            move_player(d, AWAY, 11, 20, 1),
            d.update(ball={"state": "ground", "square": [20, 0]}),
        ),
    )
    play(s, "move 11", "move 11 to 20,0", "D6=2", "no reroll", "D8=2")
    assert top(s) == "throw_in"
    play(s, "D6=3", "2D6=2+1")  # straight in, 3 squares
    assert s.ball == index(20, 3) and s.ball_state == ON_GROUND


def test_a_failed_dodge_knocks_the_player_down_and_ends_the_turn() -> None:
    s = to_first_turn()
    events = play(
        s,
        "move 2",
        "move 2 to 14,7",
        "D6=1",
        "no reroll",
        "2D6=6+6",
        "2D6=5+5",
        "D16=1",
        "no apothecary",
    )
    orc2 = s.player(AWAY, 2)
    assert "dodge" in texts(events) and "Casualty" in texts(events)
    assert orc2.box == "casualty"
    assert s.current_player() == HOME


def test_stunned_players_turn_prone_at_the_end_of_their_teams_next_turn() -> None:
    s = to_first_turn()
    s = edit(s, lambda d: d["players"][AWAY][4].update(stance="stunned"))
    orc5 = s.player(AWAY, 5)
    assert orc5.stance == STUNNED
    play(s, "end turn", "end turn")  # the humans' turn: still stunned
    assert s.player(AWAY, 5).stance == STUNNED
    play(s, "end turn")  # the end of the orcs' next turn
    assert s.player(AWAY, 5).stance == PRONE
    play(s, "end turn", "move 5")  # the orcs' turn after: he stands up for 3 MA
    assert s.player(AWAY, 5).stance == STANDING


def test_final_whistle_gives_the_result() -> None:
    s = carrier_near_the_end_zone()

    def second_half(data: dict[str, Any]) -> None:
        data["stack"] = [e for e in data["stack"] if e.get("number") != 2]
        next(e for e in data["stack"] if e["proc"] == "half")["number"] = 2
        data.update(half=2, turn=[8, 8])

    s = edit(s, second_half)
    play(s, "move 11", "move 11 to 0,7")
    assert s.is_terminal()
    assert s.returns() == [-1.0, 1.0]
    with pytest.raises(IllegalActionError, match="over"):
        play(s, "end turn")


def test_a_team_with_nobody_to_set_up_concedes_a_touchdown() -> None:
    s = new_match()
    for p in s.players:
        if p.team == HOME:
            p.box = "casualty"
    play(s, "2D6=3+4", "call heads", "coin=heads", "choose receive")
    # house rule: a touchdown and the end of the half, here both halves
    assert s.score == [0, 2] and s.is_terminal() and s.returns() == [-1.0, 1.0]


def test_random_matches_end_through_many_drives() -> None:
    rng = random.Random(3)
    drives = 0
    for _ in range(3):
        s = GAME.new_initial_state()
        steps = 0
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                s.apply_legal(s.sample_chance(rng))
            else:
                actions = s.legal_actions()
                s.apply_legal(actions[rng.randrange(len(actions))])
            steps += 1
            assert steps < MAX_GAME_LENGTH
        drives += s.drive
        assert s.half == 2
    assert drives >= 6


def test_turns_per_half_is_an_option() -> None:
    s = to_first_turn(turns_per_half=2)
    for _ in range(3):
        play(s, "end turn")
    assert s.half == 1 and s.turn == [2, 2]
    play(s, "end turn")
    assert s.half == 2


def test_a_ball_carrier_who_falls_drops_the_ball() -> None:
    s = to_first_turn()  # orc #11, a Big Un (MA 5), holds the ball at 19,7
    play(s, "move 11")
    for x in range(20, 25):
        play(s, f"move 11 to {x},7")
    events = play(s, "move 11 to 25,7", "D6=1", "no reroll", "2D6=1+2")
    assert "falls over" in texts(events)
    assert s.ball_state != HELD and top(s) == "bounce"
    play(s, "D8=2")
    assert s.ball == index(25, 6) and s.ball_state == ON_GROUND
    assert s.current_player() == HOME


def test_evaluation_favours_the_team_ahead_and_with_the_ball() -> None:
    s = to_first_turn()  # the orcs hold the ball
    assert GAME.evaluate(s) == [-0.1, 0.1]
    s = edit(s, lambda d: d.update(score=[2, 0]))
    value = GAME.evaluate(s)
    assert value is not None and value[0] > 0.5 and value[1] == -value[0]


def test_evaluation_counts_players_knocked_down_and_out() -> None:
    s = to_first_turn()
    base = GAME.evaluate(s)
    assert base is not None

    def lay_down(d: dict[str, Any]) -> None:
        humans = [e for e in d["players"][HOME] if "square" in e]
        humans[0]["stance"] = "prone"
        humans[1].pop("square")
        humans[1]["box"] = "ko"
        humans[2].pop("square")
        humans[2]["box"] = "casualty"

    value = GAME.evaluate(edit(s, lay_down))
    assert value is not None
    # one down (0.01), one knocked out (0.03), one casualty (0.05): less than a touchdown
    assert value[0] == pytest.approx(base[0] - 0.09) and value[1] == -value[0]


def test_a_throw_in_that_goes_off_again_is_thrown_in_from_where_it_left() -> None:
    s = to_first_turn()
    s = edit(
        s,
        lambda d: (
            move_player(d, AWAY, 11, 20, 1),
            d.update(ball={"state": "ground", "square": [20, 0]}),
        ),
    )
    play(s, "move 11", "move 11 to 20,0", "D6=2", "no reroll", "D8=2")  # off the top touchline
    play(s, "D6=5", "2D6=6+6")  # diagonally to higher x, 12 squares: past x 25 after five
    assert top(s) == "throw_in" and s.stack[-1].square == index(25, 5)
    play(s, "D6=3", "2D6=1+1")  # from the end line, straight in
    assert s.ball == index(23, 5)
