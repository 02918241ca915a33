"""Jukem's state check (`check_state`): an impossible state read from JSON or the notation is
refused with a StateError naming the field, the value and what is allowed."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tablesports.core.errors import StateError
from tablesports.core.protocol import CHANCE
from tablesports.core.registry import load

GAME = load("jukem")


def _mid_game() -> dict[str, Any]:
    state = GAME.new_initial_state()
    rng = random.Random(4)
    for _ in range(40):
        p = state.current_player()
        state.apply_action(state.sample_chance(rng) if p == CHANCE else state.legal_actions()[0])
    return state.to_json()


def _refused(data: dict[str, Any], *fragments: str) -> None:
    with pytest.raises(StateError) as caught:
        GAME.state_from_json(data)
    for fragment in fragments:
        assert fragment in str(caught.value)


def test_a_card_in_two_places_is_refused() -> None:
    data = _mid_game()
    data["discard"].append(data["hands"][0][0])
    _refused(data, "impossible jukem state", "a card is in one place only")


def test_a_missing_card_is_refused() -> None:
    data = _mid_game()
    lost = data["pile"].pop()
    _refused(data, "every card in one place", lost)


def test_negative_or_oversized_scores_and_counters_are_refused() -> None:
    data = _mid_game()
    _refused({**data, "score": [-1, 0]}, "score is -1")
    _refused({**data, "half": 9}, "half is 9", "tie-break deals up to 5")
    _refused({**data, "passes": 3}, "passes is 3")
    _refused({**data, "ready": "x"}, "ready is 'x'")


def test_a_winner_who_is_no_player_or_before_the_end_is_refused() -> None:
    data = _mid_game()
    _refused({**data, "winner": 2}, "winner is 2", "only after the last tie-break deal")
    _refused({**data, "winner": 3}, "winner is 3", "0, 1, or 2 for a drawn match")
    _refused({**data, "winner": 0}, "a winner exactly when the phase is over")


def test_a_hand_too_big_is_refused_by_the_notation_and_the_json_alike() -> None:
    data = _mid_game()
    while len(data["hands"][0]) < 6:
        data["hands"][0].append(data["pile"].pop())
    _refused(data, "hand0 is 6", "at most 5 cards")
