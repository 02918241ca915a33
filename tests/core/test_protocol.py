"""The protocol's shared behaviour, on the test dice game."""

from __future__ import annotations

import json

import pytest

import tablesports
from tablesports.core.chance import D3, D6
from tablesports.core.errors import ActionParseError, IllegalActionError, OptionError
from tablesports.core.protocol import CHANCE, ActionCodec
from tests.dicegame import HOLD, ROLL, PigGame


def dealt() -> tablesports.State:
    state = PigGame().new_initial_state()
    state.apply_action(D3.roll(2))
    state.apply_action(D3.roll(3))
    return state


def test_an_illegal_action_raises_with_the_reason_and_changes_nothing() -> None:
    state = dealt()
    before = json.dumps(state.to_json())
    with pytest.raises(IllegalActionError, match="not among the legal actions: roll"):
        state.apply_action(HOLD)  # no roll yet this turn
    assert json.dumps(state.to_json()) == before


def test_a_player_move_at_a_chance_node_is_refused() -> None:
    state = dealt()
    state.apply_action(ROLL)
    assert state.current_player() == CHANCE
    with pytest.raises(IllegalActionError, match="chance node"):
        state.apply_action(HOLD)


def test_forcing_a_die_by_applying_the_outcome() -> None:
    state = dealt()
    state.apply_action(ROLL)
    events = state.apply_action(D6.roll(5))
    assert events[0].data == {"roll": 5}
    assert state.to_json()["turn_total"] == 5
    assert state.history[-1] == (CHANCE, D6.roll(5))


def test_unknown_and_bad_options_name_the_option_and_what_is_allowed() -> None:
    with pytest.raises(OptionError, match=r"unknown option 'targte' \(the options are: target\)"):
        PigGame(targte=10)
    with pytest.raises(OptionError, match="option 'target': Input should be greater than"):
        PigGame(target=1)


def test_parse_error_lists_the_legal_actions() -> None:
    state = dealt()
    with pytest.raises(ActionParseError, match="legal now: roll"):
        state.parse_action("jump")


def test_codec_gives_ids_and_a_legal_mask() -> None:
    codec = ActionCodec([ROLL, HOLD])
    state = dealt()
    assert codec.num_actions == 2
    assert codec.decode(codec.encode(HOLD)) == HOLD
    assert codec.legal_mask(state) == [True, False]
    with pytest.raises(IllegalActionError, match="ids run from 0 to 1"):
        codec.decode(2)


def test_errors_survive_pickling_for_worker_processes() -> None:
    import pickle

    from tablesports.core.errors import UnknownGameError

    error = pickle.loads(pickle.dumps(IllegalActionError("hold", "roll first")))
    assert str(error) == "illegal action hold: roll first" and error.reason == "roll first"
    unknown = pickle.loads(pickle.dumps(UnknownGameError("chess", ["jukem", "pig"])))
    assert str(unknown) == "unknown game 'chess'; the games are: jukem, pig"
