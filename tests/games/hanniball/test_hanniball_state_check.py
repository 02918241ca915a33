"""HanniBall's state check: the turn within max_turns, the outcome against the board."""

from __future__ import annotations

from typing import Any

import pytest

from tablesports.core.errors import RecordError, StateError
from tablesports.core.records import Record, replay
from tablesports.core.registry import load

GAME = load("hanniball")


def _start() -> dict[str, Any]:
    return GAME.new_initial_state().to_json()


def test_a_turn_beyond_the_last_is_refused() -> None:
    data = _start()
    fields = data["position"].split()
    fields[3], fields[4] = (
        "0/4",
        "999",
    )  # White moves on odd turns: 999 is White's, past max_turns 200
    with pytest.raises(StateError, match="turn is 999; 1 to 200"):
        GAME.state_from_json({**data, "position": " ".join(fields)})
    with pytest.raises(StateError, match="turn is 999"):
        GAME.from_position(" ".join(fields))


def test_an_outcome_naming_a_player_who_does_not_exist_is_refused() -> None:
    data = _start()
    with pytest.raises(StateError, match=r"outcome.winner is 2; 0 \(White\), 1 \(Black\)"):
        GAME.state_from_json({**data, "outcome": {"winner": 2, "reason": "made up"}})


def test_a_win_without_a_goal_or_a_stuck_loser_is_refused() -> None:
    data = _start()  # White to move, nobody stuck, the ball in play
    with pytest.raises(StateError, match="a win needs a goal"):
        GAME.state_from_json({**data, "outcome": {"winner": 0, "reason": "made up"}})


def test_repetitions_that_should_have_ended_the_game_are_refused() -> None:
    data = _start()
    key = data["repetitions"][0]
    with pytest.raises(StateError, match="repetitions"):
        GAME.state_from_json({**data, "repetitions": [key, key, key]})


def test_a_record_starting_from_an_impossible_position_does_not_replay() -> None:
    fields = GAME.new_initial_state().to_json()["position"].split()
    fields[3], fields[4] = "0/4", "999"
    record = Record(
        game="hanniball",
        game_version=GAME.info.version,
        players=["a", "b"],
        start=" ".join(fields),
        history=[(0, "c2-c3")],
    )
    with pytest.raises(RecordError, match="start position does not load: impossible hanniball"):
        list(replay(record, GAME))
