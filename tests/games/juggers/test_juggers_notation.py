"""The notation, the JSON round trip, replays that check the settled positions, the tensor."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablesports.agents.random_agent import RandomAgent
from tablesports.arena.match import play_match
from tablesports.core.errors import NotationError, RecordError
from tablesports.core.records import parse_record, replay_final
from tablesports.core.registry import load
from tablesports.games.juggers.actions import Flick
from tablesports.games.juggers.notation import write_position
from tablesports.games.juggers.tensor import encode, tensor_shape

from .helpers import GATE, position


def test_notation_round_trips() -> None:
    state = position(GATE, "inning=3 half=1 first=A actions=2 turn=6 morale=7,9 score=1,2")
    again = position(*write_position(state).split(" ", 2)[2:])
    assert write_position(again) == write_position(state)
    assert again.pos == state.pos and again.attacker == state.attacker == 0


@pytest.mark.parametrize(
    ("fields", "complaint"),
    [
        ("at=A1:1300,400", "off the table"),
        ("at=C1:100,100", "not a Jugger"),
        ("inning=x", "not a Juggers position"),
        ("colour=red", "fields are key=value"),
    ],
)
def test_bad_notation_says_what_is_wrong(fields: str, complaint: str) -> None:
    with pytest.raises(NotationError, match=complaint):
        position(fields)


def test_an_unknown_character_is_named() -> None:
    with pytest.raises(NotationError, match="no character 'bob'"):
        load("juggers").from_position("A=bob,lince,brace,nebbia B=mastino,scheggia,cenere,vespa")


def test_json_round_trip_in_the_middle_of_a_flick() -> None:
    state = position(GATE)
    state.apply_action(state.parse_action("flick 1 at 0 strength 0.4"))
    state.apply_action(state.chance_outcomes()[3][0])
    game = state.game
    again = game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.chance_outcomes() == state.chance_outcomes()


def test_a_replay_checks_the_settled_positions() -> None:
    game = load("juggers")
    record = play_match(game, [RandomAgent(game, 1), RandomAgent(game, 2)], seed=5)
    assert replay_final(record, game).is_terminal()
    data = record.model_dump()
    for i, (player, text) in enumerate(data["history"]):
        if text.startswith("settle A"):
            slot, _, rest = text[7:].partition(":")
            x, _, tail = rest.partition(",")
            data["history"][i] = (player, f"settle {slot}:{float(x) + 0.001},{tail}")
            break
    else:
        raise AssertionError("no settle in the record")
    with pytest.raises(RecordError, match="does not replay"):
        replay_final(parse_record(data), game)


def test_the_tensor_has_its_shape_and_mirrors_for_team_b() -> None:
    state = position(GATE)
    game = state.game
    a = encode(game, state.observation(0), 0)
    b = encode(game, state.observation(1), 1)
    assert a.shape == b.shape == tensor_shape(game) and a.dtype == np.float32
    # A1 at x=300: first slot for A; for B the same coin is slot 4, mirrored to 1 - 300/1200
    assert a[2] == pytest.approx(300 / 1200)
    assert b[4 * 16 + 2] == pytest.approx(1 - 300 / 1200)
    assert a[128 + 2] == 1.0 and b[128 + 2] == 0.0  # the viewer attacks
    rng = random.Random(0)
    s = game.new_initial_state()
    while not s.is_terminal():
        for p in (0, 1):
            v = encode(game, s.observation(p), p)
            assert v.shape == tensor_shape(game) and np.isfinite(v).all()
        if s.current_player() < 0:
            s.apply_action(s.sample_chance(rng))
        else:
            moves = s.legal_actions()
            s.apply_action(moves[rng.randrange(len(moves))])


def test_the_fast_tensor_path_gives_the_same_array() -> None:
    from tablesports.games.juggers.tensor import encode_state

    game = load("juggers")
    rng = random.Random(2)
    state = game.new_initial_state()
    for _ in range(300):
        if state.is_terminal():
            break
        for p in (0, 1):
            assert np.array_equal(encode_state(state, p), encode(game, state.observation(p), p))
        if state.current_player() < 0:
            state.apply_action(state.sample_chance(rng))
        else:
            moves = state.legal_actions()
            state.apply_action(moves[rng.randrange(len(moves))])


@given(
    jugger=st.integers(1, 4),
    angle=st.floats(0.0, 360.0, exclude_max=True),
    strength=st.floats(0.0, 1.0, exclude_min=True),
    offset=st.floats(-1.0, 1.0),
)
def test_any_flick_text_parses_back_exactly(
    jugger: int, angle: float, strength: float, offset: float
) -> None:
    action = Flick(jugger, angle, strength, offset)
    assert load("juggers").parse_action(str(action)) == action
