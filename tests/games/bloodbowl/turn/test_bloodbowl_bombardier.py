"""Bombardier (2025 skill): the Throw Bomb Special action, once a turn and without moving; the
bomb thrown as a pass; the explosion where it comes to rest (the player in its square hit, 4+
for each player next to it; Knocked Down, or an armour roll when already down); a fumble
exploding in the thrower's square; a catch forcing a throw again; a drop exploding. The Goblin
team plays at home (#7 the Bomma, PA 4+) against the humans (AV 9+)."""

from __future__ import annotations

from tablesports.games.bloodbowl.players import PRONE, STANDING
from tests.games.bloodbowl.turn.turn_helpers import (
    act,
    goblins,
    legal_texts,
    log,
    plain_texts,
    who,
)


def test_throw_bomb_is_a_special_action_once_a_turn_without_moving() -> None:
    s = goblins("H7 10,7", "A1 14,7", "H1 2,2")
    assert "throw bomb 7" in plain_texts(s) and "throw bomb 1" not in plain_texts(s)
    act(s, "throw bomb 7")
    assert "bomb at 14,7 (short pass 5+)" in legal_texts(s)  # 4 squares: -1
    assert not any(t.startswith("move 7") for t in legal_texts(s))


def test_an_accurate_bomb_on_an_empty_square_hits_the_players_next_to_it_on_4_plus() -> None:
    s = goblins("H7 10,7", "A1 14,7", "A2 14,8", "H1 2,2")
    act(s, "throw bomb 7")
    events = act(s, "bomb at 13,7", "D6=6")  # accurate; it lands on the empty 13,7
    assert "explodes at 13,7" in log(events)
    events = act(s, "D6=4", "D6=3")  # #1 at 14,7 hit, #2 at 14,8 spared
    assert "hit" in log(events) and "spared" in log(events)
    assert who(s, "A1").stance == PRONE and who(s, "A2").stance == STANDING
    events = act(s, "2D6=1+1")  # the armour roll of the knocked-down #1
    assert "holds" in log(events)
    assert not s.turnover and s.stack[-1].name == "team_turn"
    assert "throw bomb 7" not in plain_texts(s)


def test_a_bomb_on_a_prone_player_explodes_and_rolls_his_armour() -> None:
    s = goblins("H7 10,7", "A1 13,7 prone", "H1 2,2")
    events = act(s, "throw bomb 7", "bomb at 13,7", "D6=6", "2D6=5+5")
    assert "explodes at 13,7" in log(events) and "Armour 2D6=5+5 against AV 9+: broken" in log(
        events
    )


def test_a_standing_player_under_the_bomb_tries_to_catch_it_and_must_throw_it_again() -> None:
    s = goblins("H7 10,7", "A1 13,7", "H1 2,2")
    events = act(s, "throw bomb 7", "bomb at 13,7", "D6=6", "D6=5")  # A1 catches (AG 3+)
    assert "catches the bomb" in log(events)
    assert s.current_player() == 1 and s.stack[-1].name == "bomb_rethrow"
    assert "bomb at 10,7 (quick pass 4+)" in legal_texts(s)  # the human Lineman's PA 4+
    events = act(s, "bomb at 10,7", "D6=6", "D6=1")  # accurate at the Bomma, who drops it
    assert "explodes at 10,7" in log(events)
    assert who(s, "H7").stance == PRONE and s.turnover  # the thrower knocked down


def test_a_dropped_bomb_explodes_in_the_catchers_square() -> None:
    s = goblins("H7 10,7", "A1 13,7", "H1 2,2")
    events = act(s, "throw bomb 7", "bomb at 13,7", "D6=6", "D6=2")  # the catch fails
    assert "explodes at 13,7" in log(events)
    assert who(s, "A1").stance == PRONE


def test_a_fumbled_bomb_explodes_in_the_throwers_square() -> None:
    s = goblins("H7 10,7", "A1 14,7", "H1 2,2")
    events = act(s, "throw bomb 7", "bomb at 14,7", "D6=1")
    assert "fumbled" in log(events) and "explodes at 10,7" in log(events)
    assert who(s, "H7").stance == PRONE and s.turnover


def test_an_inaccurate_bomb_scatters_three_times_from_the_target() -> None:
    s = goblins("H7 10,7", "A1 20,2", "H1 2,2")
    events = act(s, "throw bomb 7", "bomb at 13,7", "D6=3")  # 3 < 4: inaccurate
    assert "inaccurate" in log(events)
    events = act(s, "D8=5", "D8=5", "D8=5")  # three times to the right (+1, 0)
    assert "explodes at 16,7" in log(events)
