"""A match drawn after its last tie-break deal ends in a state the game accepts (issue 43
finding 10): with `tiebreak_deals` the match can end level, the end state's winner is 2
(drawn), and its record replays and verifies."""

from __future__ import annotations

import pytest

import tablesports
from tablesports.arena.match import play_match
from tablesports.core.errors import StateError
from tablesports.core.records import record_of, replay_final
from tablesports.core.verify import verify

DRAWN_SEED = 24
"""Two random players, dealt by move number from seed 24, one tie-break deal: a draw."""


def drawn_match() -> tablesports.State:
    game = tablesports.load("jukem", tiebreak_deals=1)
    ends: list[tablesports.State] = []
    play_match(game, ["random", "random"], DRAWN_SEED, chance="by-move", on_end=ends.append)
    return ends[0]


def test_a_match_level_after_its_last_tie_break_deal_is_drawn_and_replays() -> None:
    state = drawn_match()
    assert state.returns() == [0.0, 0.0] and state.winner == 2  # type: ignore[attr-defined]
    state.game.check_state(state)  # the end of a drawn match is a possible state
    record = record_of(state, ["random", "random"], DRAWN_SEED, chance="by-move")
    assert replay_final(record).returns() == [0.0, 0.0]
    assert verify(record).outcomes > 100


def test_a_drawn_winner_is_refused_where_no_drawn_match_can_be() -> None:
    state = drawn_match()
    state.score = [state.score[0] + 1, state.score[1]]  # type: ignore[attr-defined]
    with pytest.raises(StateError, match="drawn"):
        state.game.check_state(state)
