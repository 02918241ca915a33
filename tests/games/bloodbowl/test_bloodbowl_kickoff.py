"""The kick-off (seed): nominating the kicker, placing the kick, the deviation; the landing:
catch, bounce, touchback."""

from __future__ import annotations

import pytest

from tablesports.core.errors import IllegalActionError
from tablesports.games.bloodbowl.actions import GiveBall, Kicker
from tablesports.games.bloodbowl.ball import HELD, IN_AIR, ON_GROUND
from tablesports.games.bloodbowl.pitch import index
from tablesports.games.bloodbowl.procedures.loose_ball import catch_modifier
from tests.games.bloodbowl.helpers import (
    AWAY,
    HOME,
    SETUPS,
    edit,
    move_player,
    play,
    texts,
    to_kick,
    to_kickoff_event,
    to_setup,
    top,
)

QUIET_EVENT = "2D6=3+4"  # 7: BRILLIANT COACHING, which leaves the pitch alone
COACHING_ROLLS = ("D6=3", "D6=3")


def test_kicker_is_not_on_the_line_nor_in_a_wide_zone() -> None:
    s = to_setup()
    play(s, *SETUPS)
    kickers = {a.number for a in s.legal_actions()}
    assert kickers == {8, 9, 10, 11}  # #1-5 on the line, #6 and #7 in the wide zones
    with pytest.raises(IllegalActionError, match="not on the line of scrimmage"):
        play(s, "kicker 1")
    with pytest.raises(IllegalActionError, match="wide zone"):
        play(s, "kicker 6")


def test_kicker_may_stand_on_the_line_when_nobody_else_can_kick() -> None:
    s = to_setup()
    play(s, "place 1 at 12,5", "place 2 at 12,6", "place 3 at 12,7")
    for n, y in zip(range(4, 12), (0, 1, 13, 14, 4, 8, 9, 10), strict=True):
        play(s, f"place {n} at 12,{y}" if y in (4, 8, 9, 10) else f"place {n} at 11,{y}")
    play(s, "setup done", "formation wedge", "setup done")
    # everyone is on the line or in a wide zone: the line players out of the wide zones kick
    assert {a.number for a in s.legal_actions()} == {1, 2, 3, 8, 9, 10, 11}
    assert Kicker(4) not in s.legal_actions()


def test_kick_is_placed_in_the_opponents_half() -> None:
    s = to_kick()
    targets = s.legal_actions()
    assert len(targets) == 13 * 15 and all(a.x >= 13 for a in targets)
    with pytest.raises(IllegalActionError, match="opponent's half"):
        play(s, "kick at 12,7")
    play(s, "kick at 20,7")
    assert s.ball == index(20, 7) and s.ball_state == IN_AIR


def test_kick_deviates_d8_direction_and_d6_squares() -> None:
    s = to_kick()
    events = play(s, "kick at 20,7", "D8=5", "D6=4")  # 5: straight to the right
    assert s.ball == index(24, 7) and s.ball_state == IN_AIR
    assert "D8=5, D6=4" in texts(events)
    assert top(s) == "kickoff_event"


@pytest.mark.parametrize(
    ("direction", "square"),
    [
        (1, (18, 5)),
        (2, (20, 5)),
        (3, (22, 5)),
        (4, (18, 7)),
        (6, (18, 9)),
        (7, (20, 9)),
        (8, (22, 9)),
    ],
)
def test_deviation_follows_the_d8_template(direction: int, square: tuple[int, int]) -> None:
    s = to_kick()
    play(s, "kick at 20,7", f"D8={direction}", "D6=2")
    assert s.ball == index(*square)


def test_ball_deviating_off_the_pitch_is_a_touchback() -> None:
    s = to_kick()
    play(s, "kick at 24,7", "D8=5", "D6=3", QUIET_EVENT, *COACHING_ROLLS)
    assert top(s) == "touchback"
    assert s.current_player() == AWAY


def test_touchback_gives_the_ball_to_a_standing_player() -> None:
    s = to_kick()
    events = play(s, "kick at 20,1", "D8=2", "D6=3", QUIET_EVENT, *COACHING_ROLLS)
    assert "touchback" in texts(events)
    assert all(isinstance(a, GiveBall) for a in s.legal_actions())
    assert len(s.legal_actions()) == 11
    play(s, "give ball to 8")
    orc8 = s.player(AWAY, 8)
    assert orc8 is not None and s.ball == orc8.square and s.ball_state == HELD
    assert top(s) == "team_turn" and s.current_player() == AWAY


def test_touchback_with_no_standing_player_puts_the_ball_on_an_empty_square() -> None:
    s = to_kick()
    play(s, "kick at 24,7", "D8=5", "D6=3")

    def all_prone(data: dict) -> None:
        for entry in data["players"][AWAY]:
            if "square" in entry:
                entry["stance"] = "prone"

    s = edit(s, all_prone)
    play(s, QUIET_EVENT, *COACHING_ROLLS)
    actions = s.legal_actions()
    assert actions and all(str(a).startswith("ball at") for a in actions)
    assert all(a.x >= 13 for a in actions)
    assert len(actions) == 13 * 15 - 11
    play(s, "ball at 20,3")
    assert s.ball == index(20, 3) and s.ball_state == ON_GROUND


def test_ball_landing_on_an_empty_square_bounces() -> None:
    s = to_kickoff_event("20,7", 2, 1)  # lands at 20,6, empty
    events = play(s, QUIET_EVENT, *COACHING_ROLLS, "D8=5")
    assert "bounces" in texts(events)
    assert s.ball == index(21, 6) and s.ball_state == ON_GROUND


def test_bounce_into_the_kicking_half_is_a_touchback() -> None:
    s = to_kickoff_event("13,3", 7, 1)  # lands at 13,4
    play(s, QUIET_EVENT, *COACHING_ROLLS, "D8=4")  # bounces left, over the line
    assert top(s) == "touchback"


def test_player_under_the_ball_catches_with_an_agility_test() -> None:
    s = to_kickoff_event("19,8", 2, 1)  # lands on orc #11, a Big Un (AG 4+), -1 kick-off
    events = play(s, QUIET_EVENT, *COACHING_ROLLS, "D6=5")
    assert "D6=5-1 against 4+: success" in texts(events)
    assert s.ball_state == HELD and s.ball == index(19, 7)


def test_failed_catch_bounces() -> None:
    s = to_kickoff_event("19,8", 2, 1)
    events = play(s, QUIET_EVENT, *COACHING_ROLLS, "D6=4", "D8=2")
    assert "D6=4-1 against 4+: failure" in texts(events)
    assert s.ball == index(19, 6) and s.ball_state == ON_GROUND


def test_catch_takes_minus_one_per_marking_opponent_and_in_pouring_rain() -> None:
    s = to_kickoff_event("19,8", 2, 1)

    def crowd(data: dict) -> None:
        move_player(data, HOME, 9, 18, 7)
        move_player(data, HOME, 10, 20, 8)
        data["weather"] = "pouring_rain"

    s = edit(s, crowd)
    orc = s.player(AWAY, 11)
    assert orc is not None
    assert catch_modifier(s, orc.pid) == -1 - 2 - 1
    events = play(s, QUIET_EVENT, *COACHING_ROLLS, "D6=5")
    assert "D6=5-4 against 4+: failure" in texts(events)


def test_natural_six_always_catches() -> None:
    s = to_kickoff_event("19,8", 2, 1)

    def crowd(data: dict) -> None:
        for n, (x, y) in zip((8, 9, 10), ((18, 7), (20, 8), (18, 6)), strict=True):
            move_player(data, HOME, n, x, y)

    s = edit(s, crowd)
    play(s, QUIET_EVENT, *COACHING_ROLLS, "D6=6")
    assert s.ball_state == HELD


def test_catch_skill_rerolls_a_failed_catch() -> None:
    s = to_kickoff_event("16,8", 2, 1, home="orc", away="human")  # on human #8, a Catcher
    events = play(s, QUIET_EVENT, *COACHING_ROLLS, "D6=1", "D6=5")
    assert "re-rolls the catch (Catch skill)" in texts(events)
    assert s.ball_state == HELD


def test_prone_player_under_the_ball_cannot_catch() -> None:
    s = to_kickoff_event("19,8", 2, 1)
    s = edit(s, lambda d: d["players"][AWAY][10].update(stance="prone"))
    play(s, QUIET_EVENT, *COACHING_ROLLS)
    assert top(s) == "bounce"


def test_receiving_team_takes_the_first_turn() -> None:
    s = to_kickoff_event("19,8", 2, 1)
    play(s, QUIET_EVENT, *COACHING_ROLLS, "D6=5")
    assert top(s) == "team_turn" and s.current_player() == AWAY
    assert s.turn == [0, 1]
    play(s, "end turn")
    assert s.current_player() == HOME and s.turn == [1, 1]


def test_pitch_drawing_in_render_marks_the_line_of_scrimmage() -> None:
    s = to_kickoff_event()
    picture = s.render()
    assert "H2  | A2" in picture
    assert "now: rolling 2D6 on the kick-off event table" in picture


def test_kick_deviating_into_the_kicking_half_is_a_touchback() -> None:
    s = to_kick()
    play(s, "kick at 14,7", "D8=4", "D6=3", QUIET_EVENT, *COACHING_ROLLS)  # to 11,7
    assert top(s) == "touchback" and s.current_player() == AWAY


def test_high_kick_square_already_taken_moves_nobody() -> None:
    s = to_kickoff_event("19,8", 2, 1)  # the ball will land on orc #11
    events = play(s, "2D6=1+4")
    assert "No Open player" in texts(events)
    assert top(s) == "catch"
