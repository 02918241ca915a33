"""PENALTY cards, the HEADER's extra turn and the unstoppable JUKEM."""

from __future__ import annotations

import pytest

from tablesports.core.errors import ActionParseError, IllegalActionError
from tablesports.games.jukem.state import PENALTY, PLAY

from .helpers import DEAD, GAME, act, draw_until_decision, ids, legal, position

ATTACK = "PASS-1 PASS-2 HEADER-1 FLOP-1 JUKEM-1"


def test_pass_header_and_flop_are_setup_plays_that_form_the_possession() -> None:
    state = position(f"turn 0; hand0 {ATTACK}; hand1 {DEAD}")
    act(state, "play PASS-1", "draw PASS-9", "pass", "play FLOP-1")
    assert ids(state, state.poss[0]) == ["PASS-1", "FLOP-1"]


def test_defender_decides_whether_to_play_a_penalty() -> None:
    state = position(f"turn 0; hand0 {ATTACK}; hand1 RED-1 {DEAD[:-7]}")
    act(state, "play PASS-1")
    assert state.phase == PENALTY and state.current_player() == 1
    assert legal(state) == {"penalty RED-1", "no penalty"}
    act(state, "no penalty")
    assert ids(state, state.poss[0]) == ["PASS-1"]


def test_the_defender_is_asked_after_every_answerable_play_holding_an_answer_or_not() -> None:
    # Being asked must not say what is in the hand: with YELLOW-1 (a FLOP's answer only) the
    # defender is asked after a PASS as a holder of a RED card would be, and may only decline
    state = position(f"turn 0; hand0 {ATTACK}; hand1 YELLOW-1 {DEAD[:-7]}")
    state.apply_action(GAME.parse_action("play PASS-1"))
    assert state.phase == PENALTY and state.current_player() == 1
    assert legal(state) == {"no penalty"}
    holder = position(f"turn 0; hand0 {ATTACK}; hand1 RED-1 {DEAD[:-7]}")
    holder.apply_action(GAME.parse_action("play PASS-1"))
    assert holder.current_player() == 1 and legal(holder) == {"penalty RED-1", "no penalty"}
    assert state.observation(0) == holder.observation(0)  # the player sees the same either way


def test_a_jukem_play_asks_no_one() -> None:
    state = position(f"turn 0; hand0 {ATTACK}; hand1 RED-1 {DEAD[:-7]}")
    state.apply_action(GAME.parse_action("play JUKEM-1 PASS-1"))
    assert state.phase != PENALTY and state.current_player() != 1


def test_yellow_penalty_removes_the_last_play() -> None:
    state = position(
        f"turn 0; possession0 PASS-3 PASS-4; hand0 {ATTACK}; hand1 YELLOW-2 {DEAD[:-7]}"
    )
    events = act(state, "play PASS-1", "penalty YELLOW-2")
    assert ids(state, state.poss[0]) == ["PASS-3", "PASS-4"]
    assert "PASS-1 removed" in events[-1].text


def test_yellow_penalty_against_the_flop_only_answers_a_flop() -> None:
    state = position(f"turn 0; hand0 {ATTACK}; hand1 YELLOW-1 RED-1 SAVE-1 SAVE-2 SAVE-3")
    act(state, "play PASS-1")
    assert legal(state) == {"penalty RED-1", "no penalty"}
    with pytest.raises(IllegalActionError, match="answers only a FLOP; the last play is PASS-1"):
        act(state, "penalty YELLOW-1")
    assert state.phase == PENALTY
    state = position(f"turn 0; hand0 {ATTACK}; hand1 YELLOW-1 RED-1 SAVE-1 SAVE-2 SAVE-3")
    act(state, "play FLOP-1")
    assert "penalty YELLOW-1" in legal(state)


def test_red_penalty_removes_the_entire_possession() -> None:
    state = position(
        f"turn 0; possession0 PASS-3 PASS-4 HEADER-2; hand0 {ATTACK}; hand1 RED-1 {DEAD[:-7]}"
    )
    act(state, "play HEADER-1", "penalty RED-1")
    assert state.poss[0] == []


def test_penalised_cards_and_the_penalty_go_to_the_discard_pile() -> None:
    state = position(f"turn 0; possession0 PASS-3; hand0 {ATTACK}; hand1 RED-1 {DEAD[:-7]}")
    act(state, "play PASS-1", "penalty RED-1")
    assert ids(state, state.discard) == ["PASS-3", "PASS-1", "RED-1"]


def test_after_a_penalty_both_players_replenish_and_the_turn_ends() -> None:
    state = position(f"turn 0; hand0 {ATTACK}; hand1 RED-1 {DEAD[:-7]}")
    act(state, "play PASS-1", "penalty RED-1")
    assert state.queue == [0, 1]
    act(state, "draw PASS-20", "draw PASS-21")
    assert [len(h) for h in state.hands] == [5, 5]
    assert state.current_player() == 1 and state.phase == PLAY


def test_header_gives_another_turn_after_drawing_up_to_five() -> None:
    state = position(f"turn 0; hand0 {ATTACK}; hand1 {DEAD}")
    events = act(state, "play HEADER-1")
    assert any(e.kind == "header" for e in events)
    act(state, "draw PASS-22")
    assert state.current_player() == 0 and len(state.hands[0]) == 5


def test_a_play_and_a_header_tell_who_played_what_in_every_game() -> None:
    """The events of plays are made once per game: each step still hands out its own list."""
    for turn in (0, 1):
        hands = f"hand{turn} {ATTACK}; hand{1 - turn} {DEAD}"
        state = position(f"turn {turn}; {hands}")
        events = act(state, "play HEADER-1")
        assert [(e.kind, e.text, e.data, e.rule) for e in events] == [
            ("play", f"player {turn} plays HEADER-1", {}, None),
            ("header", f"player {turn} takes another turn (HEADER)", {}, "header"),
        ]
        events.clear()  # the caller's list: the next play's events are whole
        again = position(f"turn {turn}; {hands}")
        assert act(again, "play HEADER-1")[0].text == f"player {turn} plays HEADER-1"


def test_header_turn_is_over_when_the_opponent_plays_a_penalty() -> None:
    state = position(f"turn 0; hand0 {ATTACK}; hand1 YELLOW-2 {DEAD[:-7]}")
    act(state, "play HEADER-1", "penalty YELLOW-2")
    draw_until_decision(state)
    assert state.current_player() == 1


def test_header_not_penalised_when_the_defender_declines_gives_another_turn() -> None:
    state = position(f"turn 0; hand0 {ATTACK}; hand1 YELLOW-2 {DEAD[:-7]}")
    act(state, "play HEADER-1", "no penalty")
    draw_until_decision(state)
    assert state.current_player() == 0


def test_jukem_is_played_immediately_before_an_offensive_card() -> None:
    state = position(f"turn 0; hand0 {ATTACK}; hand1 {DEAD}")
    assert "play JUKEM-1 PASS-1" in legal(state)
    with pytest.raises(ActionParseError, match="immediately before an offensive card"):
        GAME.parse_action("play JUKEM-1")
    with pytest.raises(ActionParseError, match="not a JUKEM card"):
        GAME.parse_action("play PASS-2 PASS-1")


def test_jukem_alone_is_not_a_play() -> None:
    state = position(f"turn 0; hand0 JUKEM-1 SAVE-6 SAVE-7 SAVE-8 SAVE-9; hand1 {DEAD}")
    assert not any(a.startswith("play") for a in legal(state))


def test_jukem_makes_the_play_unblockable() -> None:
    state = position(f"turn 0; possession0 PASS-3 PASS-4; hand0 {ATTACK}; hand1 RED-1 {DEAD[:-7]}")
    events = act(state, "play JUKEM-1 PASS-1")
    assert state.phase != PENALTY
    assert ids(state, state.poss[0]) == ["PASS-3", "PASS-4", "PASS-1"]
    assert events[0].kind == "jukem"


def test_jukem_card_goes_to_the_discard_pile_and_is_not_a_setup_play() -> None:
    state = position(f"turn 0; hand0 {ATTACK}; hand1 {DEAD}")
    act(state, "play JUKEM-1 HEADER-1")
    assert ids(state, state.discard) == ["JUKEM-1"]
    assert ids(state, state.poss[0]) == ["HEADER-1"]
