"""Throw Team-mate and Right Stuff (BB2020): the once-a-turn action, the throw's range, the
superb, subpar and fumbled throw, the landing, landing on a player, the crowd, a thrown ball
carrier scoring, and the turnovers. The Orc team here is Gouged Eye with a Troll (#13: Always
Hungry, Really Stupid, Throw Team-mate, PA 5+) and plays at home, towards x = 25."""

from __future__ import annotations

import random
from typing import Any

from tablesports.conformance import Probe, check_action_text_round_trip, check_json_round_trip
from tablesports.games.bloodbowl.players import CASUALTY, PRONE, RESERVES, STANDING
from tablesports.games.bloodbowl.rules_data import teams
from tests.games.bloodbowl.turn.turn_helpers import act, log, plain_texts, position, sq, who


def orcs_with_troll() -> dict[str, Any]:
    team = teams()["orc"].model_dump()
    team["players"] = [*team["players"], {"number": 13, "position": "Troll", "name": ""}]
    return team


def troll_position(*players: str, ball: str | None = None) -> Any:
    return position(*players, ball=ball, rerolls=(0, 0), teams=(orcs_with_troll(), "human"))


def throw(s: Any, target: str, hungry: int = 6) -> None:
    """Declare the Troll's throw of the Goblin (#12) next to him: Really Stupid passes (2+
    with the Goblin beside him), then Always Hungry does not bite."""
    act(s, "throw team-mate 13", "D6=6", f"throw 12 to {target}", f"D6={hungry}")


def test_throw_team_mate_is_an_action_of_a_player_with_the_skill_once_a_turn() -> None:
    s = troll_position("H13 10,7", "H12 11,7", "H5 4,4")
    assert "throw team-mate 13" in plain_texts(s)
    assert not any(t.startswith("throw team-mate 5") for t in plain_texts(s))
    act(s, "throw team-mate 13", "D6=6", "end activation")
    assert "throw team-mate 13" not in plain_texts(s)


def test_a_team_mate_is_thrown_a_quick_or_short_pass_only() -> None:
    s = troll_position("H13 10,7", "H12 11,7")
    act(s, "throw team-mate 13", "D6=6")
    targets = [t for t in plain_texts(s) if t.startswith("throw 12 to ")]
    assert "throw 12 to 16,7" in targets and "throw 12 to 12,4" in targets
    assert "throw 12 to 17,7" not in targets  # 7 squares: a long pass
    assert "throw 12 to 11,7" not in targets  # his own square


def test_only_a_standing_right_stuff_team_mate_next_to_him_can_be_thrown() -> None:
    s = troll_position("H13 10,7", "H12 12,7", "H1 9,7")  # the Goblin two squares away
    act(s, "throw team-mate 13", "D6=6")  # Really Stupid: 2+ beside the lineman
    assert not any(t.startswith("throw ") for t in plain_texts(s))
    act(s, "move 13 to 11,7")
    assert "throw 12 to 15,7" in plain_texts(s)
    s = troll_position("H13 10,7", "H12 11,7 prone")
    assert "throw team-mate 13" not in plain_texts(s)  # no Standing Right Stuff player


def test_the_throw_is_a_passing_test_with_the_range_modifier() -> None:
    s = troll_position("H13 10,7", "H12 11,7")
    throw(s, "14,7")
    events = act(s, "D6=5")  # PA 5+; four squares is a short pass, -1
    assert "throw: D6=5-1 against 5+: failure" in log(events) and "subpar" in log(events)


def test_a_passed_throw_is_superb_and_flies_to_the_target_square() -> None:
    s = troll_position("H13 10,7", "H12 11,7")
    throw(s, "13,7")  # three squares: a quick pass
    events = act(s, "D6=5", "D6=3")  # superb; the Goblin (AG 3+) lands on 3
    assert "superb" in log(events) and "landing: D6=3 against 3+: success" in log(events)
    g = who(s, "H12")
    assert g.square == sq("13,7") and g.stance == STANDING and not s.turnover
    assert s.stack[-1].name == "team_turn"  # the Troll's action is over; the turn goes on
    assert "move 12" in plain_texts(s)  # the Goblin may still take his own action


def test_a_failed_throw_is_subpar_and_scatters_three_times_from_the_target() -> None:
    s = troll_position("H13 10,7", "H12 11,7")
    throw(s, "13,7")
    events = act(s, "D6=3")  # 3 against 5+, above 1: subpar
    assert "subpar" in log(events)
    act(s, "D8=5", "D8=5", "D8=7", "D6=4")  # 14,7 15,7 15,8, then lands
    assert who(s, "H12").square == sq("15,8") and who(s, "H12").stance == STANDING


def test_a_natural_one_is_a_fumbled_throw_and_he_scatters_once_from_his_square() -> None:
    s = troll_position("H13 10,7", "H12 11,7")
    throw(s, "13,7")
    events = act(s, "D6=1")
    assert "fumbled" in log(events)
    act(s, "D8=2", "D6=4")  # one square up: 11,6
    assert who(s, "H12").square == sq("11,6") and not s.turnover


def test_a_failed_landing_places_him_prone_with_an_armour_roll_and_no_turnover() -> None:
    s = troll_position("H13 10,7", "H12 11,7", "A1 14,6")
    throw(s, "13,7")
    events = act(s, "D6=5", "D6=3")  # superb; 3 -1 (A1 Marks 13,7) against 3+: failure
    assert "landing: D6=3-1 against 3+: failure" in log(events)
    assert who(s, "H12").stance == PRONE and s.stack[-1].name == "armour_injury"
    act(s, "2D6=1+2")
    assert not s.turnover and s.stack[-1].name == "team_turn"


def test_landing_on_a_player_knocks_him_down_and_the_thrown_player_scatters_on() -> None:
    s = troll_position("H13 10,7", "H12 11,7", "A1 13,7")
    throw(s, "13,7")
    events = act(s, "D6=5")  # superb, onto the lineman
    assert "comes down on" in log(events) and who(s, "A1").stance == PRONE
    act(s, "2D6=1+2", "D8=5")  # the lineman's armour holds; the Goblin scatters to 14,7
    g = who(s, "H12")
    assert g.square == sq("14,7") and g.stance == PRONE  # Placed Prone, no landing test
    assert s.stack[-1].name == "armour_injury"


def test_a_thrown_player_who_scatters_off_the_pitch_goes_into_the_crowd() -> None:
    s = troll_position("H13 10,1", "H12 11,1")
    throw(s, "12,0")
    act(s, "D6=3", "D8=2")  # subpar; the first scatter leaves the pitch
    g = who(s, "H12")
    assert g.square < 0 and s.stack[-1].name == "armour_injury"
    act(s, "2D6=2+3")  # the crowd: an injury roll, Stunned: the reserves
    assert g.box == RESERVES


def test_a_thrown_ball_carrier_who_lands_in_the_end_zone_scores() -> None:
    s = troll_position("H13 20,7", "H12 21,7", ball="21,7")
    throw(s, "24,7")
    act(s, "D6=3", "D8=5", "D8=4", "D8=5")  # subpar: 25,7 24,7 25,7
    assert who(s, "H12").square == sq("25,7") and s.score[0] == 0
    events = act(s, "D6=4")  # lands on his feet, the ball in his hands
    assert "TOUCHDOWN" in log(events) and s.score[0] == 1


def test_a_superb_throw_of_the_ball_carrier_into_the_end_zone_scores() -> None:
    s = troll_position("H13 21,7", "H12 22,7", ball="22,7")
    throw(s, "25,7")
    events = act(s, "D6=6", "D6=4")  # superb; lands on his feet with the ball
    assert "TOUCHDOWN" in log(events) and s.score[0] == 1


def test_a_thrown_ball_carrier_who_fails_his_landing_causes_a_turnover() -> None:
    s = troll_position("H13 10,7", "H12 11,7", ball="11,7")
    throw(s, "13,7")
    events = act(s, "D6=5", "D6=1")
    assert "Turnover" in log(events) and s.stack[-1].name in ("armour_injury", "bounce")


def test_always_hungry_on_a_one_he_tries_to_eat_and_a_team_mate_who_squirms_free_is_fumbled() -> (
    None
):
    s = troll_position("H13 10,7", "H12 11,7")
    act(s, "throw team-mate 13", "D6=6", "throw 12 to 13,7")
    events = act(s, "D6=1")
    assert "tries to eat" in log(events)
    events = act(s, "D6=2")  # he squirms free: a fumbled throw, no Passing test
    assert "fumbled" in log(events) and s.stack[-1].name == "thrown_flight"
    act(s, "D8=7", "D6=4")  # one square down from his square: 11,8
    assert who(s, "H12").square == sq("11,8") and not s.turnover


def test_always_hungry_eats_the_team_mate_on_a_second_one() -> None:
    s = troll_position("H13 10,7", "H12 11,7")
    act(s, "throw team-mate 13", "D6=6", "throw 12 to 13,7")
    events = act(s, "D6=1", "D6=1")
    g = who(s, "H12")
    assert "is eaten" in log(events) and g.box == CASUALTY and g.square < 0
    assert not s.turnover and s.stack[-1].name == "team_turn"


def test_always_hungry_eating_the_ball_carrier_bounces_the_ball_and_is_a_turnover() -> None:
    s = troll_position("H13 10,7", "H12 11,7", ball="11,7")
    act(s, "throw team-mate 13", "D6=6", "throw 12 to 13,7")
    events = act(s, "D6=1", "D6=1")
    assert "Turnover" in log(events) and s.stack[-1].name == "bounce"
    act(s, "D8=5")
    assert s.ball == sq("11,7")


def test_every_state_of_a_throw_round_trips_through_the_notation() -> None:
    """Random throws (random targets, random dice) from a crowded position: each state met
    survives `to_json` and its actions' texts parse back (the conformance checks)."""
    rng = random.Random(5)
    for seed in range(30):
        s = troll_position(
            "H13 10,7", "H12 11,7", "A1 13,7", "A2 12,6", "A3 14,8", "H1 12,8", ball="11,7"
        )
        act(s, "throw team-mate 13", "D6=6")
        aims = [a for a in s.legal_actions() if str(a).startswith("throw ")]
        act(s, rng.choice(aims))
        for step in range(12):
            if s.is_terminal() or s.stack[-1].name == "team_turn":
                break
            probe = Probe(s, seed, step)
            check_json_round_trip(probe)
            check_action_text_round_trip(probe)
            if s.is_chance_node():
                outcomes = s.chance_outcomes()
                s.apply_action(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
            else:
                s.apply_action(rng.choice(s.legal_actions()))
