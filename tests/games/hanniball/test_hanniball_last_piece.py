"""A side whose last piece is captured (the seed: a piece that moves onto an opponent holding
the ball removes it): play reaches that position, so the state check accepts it, the side left
without pieces loses when its turn comes, and the record of such a game replays."""

from __future__ import annotations

import pytest

from tablesports.core.errors import StateError
from tablesports.core.records import record_of, replay
from tablesports.games.hanniball.state import HanniBallState
from tests.games.hanniball.helpers import GAME, notation, play, position

LAST = "Me1 Ee5 ee6"
"""White's Elephant on e5 next to Black's last piece, an Elephant holding the ball on e6."""


def test_capturing_the_last_piece_mid_turn_is_a_position_play_reaches() -> None:
    state = play(position(LAST, "e6"), "e5-e6")
    assert state.pieces[1] == [] and not state.is_terminal()
    GAME.check_state(state)  # White goes on with its turn: a reachable, live position
    again = GAME.state_from_json(state.to_json())
    assert again.to_json() == state.to_json()


def test_a_side_left_without_pieces_loses_when_its_turn_comes() -> None:
    state = play(position(LAST, "e6"), "e5-e6", "end")
    assert state.is_terminal() and state.returns() == [1.0, -1.0]
    assert state.reason == "Black has no legal step"
    GAME.check_state(state)
    again = GAME.state_from_json(state.to_json())
    assert again.returns() == [1.0, -1.0]


def test_a_game_ended_by_capturing_the_last_piece_replays() -> None:
    start = notation(LAST, "e6")
    state = GAME.from_position(start)
    assert isinstance(state, HanniBallState)
    play(state, "e5-e6", "e6-e7", "end")
    record = record_of(state, ["a", "b"], start=start)
    steps = list(replay(record, GAME))
    assert len(steps) == 3 and steps[-1].state.returns() == [1.0, -1.0]


def test_a_live_side_to_move_without_pieces_is_refused() -> None:
    # only a capture removes a piece, in the other side's turn; at its own turn it has lost
    lost = GAME.from_position(notation("Me1 Ee5", "e5", "b"))
    assert lost.returns() == [1.0, -1.0]  # read from the notation, it is over: Black is stuck
    with pytest.raises(StateError, match="Black to move without pieces"):
        GAME.state_from_json({**lost.to_json(), "outcome": None})


def test_a_turn_start_after_the_mover_lost_every_piece_is_refused() -> None:
    # Black has just played, so it has pieces: White at the start of its turn cannot face none
    with pytest.raises(StateError, match="the side that just played has pieces"):
        GAME.from_position(notation("Me1 Ee5", "e5", "w"))
