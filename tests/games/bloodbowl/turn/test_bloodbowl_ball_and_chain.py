"""Ball & Chain (2025 trait): his only action; square by square the throw-in template (facing
chosen by his coach) and a D6 move him; no Dodge; a Standing player in the way is blocked, a
Prone one pushed back with an armour roll, the ball bounces; Rushes beyond MA, a failed one
moving him before he Falls Over; knocked down, an injury roll at once (Stunned is KO). The
Goblin team plays at home (#12 the Fanatic, MA 3, ST 7) against the humans."""

from __future__ import annotations

from tablesports.games.bloodbowl.ball import ON_GROUND
from tablesports.games.bloodbowl.players import KO, PRONE, RESERVES, STANDING
from tests.games.bloodbowl.turn.turn_helpers import (
    act,
    dice,
    goblins,
    legal_texts,
    log,
    plain_texts,
    sq,
    who,
)


def test_ball_and_chain_is_his_only_action() -> None:
    s = goblins("H12 10,7", "A1 11,7", "A2 9,9 prone")
    mine = [t for t in plain_texts(s) if t.endswith(" 12")]
    assert mine == ["ball & chain 12"]  # no move, block, blitz nor foul


def test_each_square_the_coach_faces_the_template_and_a_d6_moves_him() -> None:
    s = goblins("H12 10,7", "A1 20,2")
    act(s, "ball & chain 12")
    assert set(legal_texts(s)) == {
        "end activation",
        "chain to 11,7 (D6 direction)",
        "chain to 9,7 (D6 direction)",
        "chain to 10,6 (D6 direction)",
        "chain to 10,8 (D6 direction)",
    }
    act(s, "chain to 11,7", "D6=3")  # straight on
    assert who(s, "H12").square == sq("11,7")
    act(s, "chain to 12,7", "D6=1")  # a diagonal: the throw-in's first turn
    assert who(s, "H12").square in (sq("12,6"), sq("12,8"))


def test_no_dodge_leaving_a_marked_square() -> None:
    s = goblins("H12 10,7", "A1 10,6", "A2 10,8")
    events = act(s, "ball & chain 12", "chain to 11,7", "D6=3")
    assert "dodge" not in log(events).lower() and who(s, "H12").square == sq("11,7")


def test_a_standing_player_in_the_way_is_blocked_without_moving_him() -> None:
    s = goblins("H12 10,7", "A1 11,7")
    events = act(s, "ball & chain 12", "chain to 11,7", "D6=4")
    assert "a Block" in log(events)
    act(s, dice("pow", "pow", "pow"), "choose pow", "push to 12,7", "stay", "2D6=1+1")
    assert who(s, "A1").stance == PRONE and who(s, "H12").square == sq("10,7")


def test_a_prone_player_in_the_way_is_pushed_back_and_rolls_armour() -> None:
    s = goblins("H12 10,7", "A1 11,7 prone")
    events = act(s, "ball & chain 12", "chain to 11,7", "D6=3", "push to 12,7", "2D6=6+5")
    assert "pushed back" in log(events) and "broken" in log(events)
    act(s, "2D6=2+2")  # the injury roll: Stunned
    assert who(s, "H12").square == sq("11,7")


def test_the_ball_in_the_way_bounces_without_a_turnover() -> None:
    s = goblins("H12 10,7", "A1 20,2", ball="11,7")
    act(s, "ball & chain 12", "chain to 11,7", "D6=3", "D8=5")
    assert who(s, "H12").square == sq("11,7") and not s.turnover
    assert s.ball_state == ON_GROUND and s.ball == sq("12,7")


def test_off_the_pitch_into_the_crowd() -> None:
    s = goblins("H12 10,0", "A1 20,2")
    act(s, "ball & chain 12", "chain to 11,0", "D6=1")  # the diagonal towards y = -1
    assert who(s, "H12").square < 0


def test_beyond_ma_he_rushes_and_a_failed_rush_still_moves_him_then_he_falls() -> None:
    s = goblins("H12 10,7", "A1 20,2")
    act(s, "ball & chain 12")
    for x in (11, 12, 13):
        act(s, f"chain to {x},7", "D6=3")
    assert "chain to 14,7 (D6 direction, rush 2+)" in legal_texts(s)
    events = act(s, "chain to 14,7", "D6=1", "D6=3")  # the Rush fails, he moves, falls
    assert who(s, "H12").square == sq("14,7") and who(s, "H12").stance == PRONE
    assert s.turnover and "Armour" not in log(events)
    events = act(s, "2D6=2+3")  # the injury roll at once: Stunned (Stunty table) is KO
    assert who(s, "H12").box == KO


def test_his_movement_ends_after_ma_and_two_rushes() -> None:
    s = goblins("H12 5,7", "A1 20,2")
    act(s, "ball & chain 12")
    for x in range(6, 11):
        act(s, f"chain to {x},7", *(["D6=6"] if x > 8 else []), "D6=3")
    assert legal_texts(s) == ["end activation"]
    assert who(s, "H12").stance == STANDING and who(s, "H12").box != RESERVES
