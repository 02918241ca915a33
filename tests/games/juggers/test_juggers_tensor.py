"""The RL fast paths give what the slow ones give: `legal_ids` the codec's ids of
`legal_actions()` in order, `encode_state` the array of `encode(observation)`, in every phase."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np

from tablesports.core.registry import load
from tablesports.games.juggers.actions import Flick, Sub
from tablesports.games.juggers.state import JuggersState
from tablesports.games.juggers.tensor import encode, encode_state, legal_ids


def _matches(count: int, seed: int) -> list[JuggersState]:
    """Every state of `count` random matches; a player picks a supermove, a substitution or a
    pass (rare among ~500 flicks) one time in three, so that those phases come up."""
    game = load("juggers")
    rng = random.Random(seed)
    seen: list[JuggersState] = []
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            seen.append(state.clone())
            if state.current_player() < 0:
                state.apply_legal(state.sample_chance(rng))
                continue
            moves = state.legal_actions()
            other = [a for a in moves if not isinstance(a, Flick)]
            pick = other if other and rng.random() < 0.33 else moves
            state.apply_legal(pick[rng.randrange(len(pick))])
        seen.append(state)
    return seen


def test_legal_ids_are_the_codec_ids_of_the_legal_actions_in_order() -> None:
    game = load("juggers")
    codec = game.action_codec()

    def ids_of(actions: list[object]) -> list[int]:
        return [codec.encode(a) for a in actions]

    phases: Counter[str] = Counter()
    for state in _matches(6, seed=11):
        expected = ids_of(state.legal_actions())
        assert legal_ids(state, ids_of).tolist() == expected, state.phase
        if expected:
            phases[state.phase] += 1
            phases["declared"] += state.declared >= 0
            phases["substitution"] += any(isinstance(codec.decode(i), Sub) for i in expected)
    for phase in (
        "choose",
        "draft",
        "place",
        "play",
        "shooter",
        "shoot",
        "declared",
        "substitution",
    ):
        assert phases[phase], f"no {phase} position was met: {phases}"


def test_encode_state_gives_the_array_of_the_observation_in_every_phase() -> None:
    game = load("juggers")
    phases = set()
    for state in _matches(3, seed=12):
        phases.add(state.phase)
        for player in (0, 1):
            fast = encode_state(state, player)
            assert fast.dtype == np.float32
            assert np.array_equal(fast, encode(game, state.observation(player), player))
    assert phases >= {"toss", "draft", "place", "play", "noise", "settle", "shoot", "over"}


def test_legal_ids_offer_only_the_living_penalty_takers() -> None:
    from .helpers import flick, position, roll_all

    at = "at=A1:300,400;A2:500,350;A3:500,450;B1:900,400"
    state = position(at, "hp=B2:0;B4:0", "inning=9 half=1 first=A")
    flick(state, "flick 1 at 180 strength 0.2")  # a foul ends the last attack: penalties
    roll_all(state)
    codec = state.game.action_codec()
    assert codec is not None and state.phase == "shooter"
    expected = [codec.encode(a) for a in state.legal_actions()]
    assert len(expected) == 2  # B1 and B3
    assert legal_ids(state, lambda actions: [codec.encode(a) for a in actions]).tolist() == expected
