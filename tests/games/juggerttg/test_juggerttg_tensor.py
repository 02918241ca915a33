"""The observation tensor and the action codec (rules.md, "Observation tensor")."""

from __future__ import annotations

import random

import numpy as np

from tablesports.core.protocol import CHANCE
from tablesports.games.juggerttg import tensor
from tablesports.games.juggerttg.board import ROWS
from tests.games.juggerttg.helpers import GAME, h, pos, x


def test_the_tensor_has_the_documented_shape_and_planes() -> None:
    st = pos("r2 wren long k6 E 3/4; b2 bex long m6 W 3/3 down2", "rda=4 init=red active=r2")
    arr = tensor.encode(GAME, st.observation(0), 0)
    assert arr.shape == tensor.tensor_shape(GAME) and arr.dtype == np.float32
    flat = arr.reshape(arr.shape[0], -1)
    assert flat[5, x("k6")] == 1 and flat[8, x("m6")] == 1  # own standing, enemy kneeling
    assert flat[13 + 0, x("k6")] == 1  # facing E
    assert flat[11, x("k6")] == 1  # the loose Jugg on the centre
    assert flat[23, x("k6")] == 1  # the activating hero
    assert flat[29 + 1, 0] == 4 / 5  # RDA
    assert flat[tensor.PHASE_PLANE + tensor.PHASES.index("act"), 0] == 1
    seen_by_blue = tensor.encode(GAME, st.observation(1), 1).reshape(arr.shape[0], -1)
    assert seen_by_blue[6, x("k6")] == 1 and seen_by_blue[7, x("m6")] == 1
    assert h("r2") == 1 and arr.shape[1] == ROWS


def test_every_state_of_a_playout_encodes_and_every_legal_action_has_an_id() -> None:
    codec = GAME.action_codec()
    rng = random.Random(5)
    st = GAME.new_initial_state()
    for _ in range(1500):
        if st.is_terminal():
            break
        arr = tensor.encode(GAME, st.observation(0), 0)
        assert arr.shape == tensor.tensor_shape(GAME)
        if st.current_player() == CHANCE:
            st.apply_action(st.sample_chance(rng))
            continue
        mask = codec.legal_mask(st)
        assert sum(mask) == len(st.legal_actions())
        st.apply_action(rng.choice(st.legal_actions()))


def test_encode_state_gives_the_same_array_as_encode() -> None:
    rng = random.Random(9)
    st = GAME.new_initial_state()
    for step in range(800):
        if st.is_terminal():
            break
        if step % 40 == 0:
            for p in (0, 1):
                a = tensor.encode(GAME, st.observation(p), p)
                assert np.array_equal(a, tensor.encode_state(st, p))
        if st.current_player() == CHANCE:
            st.apply_action(st.sample_chance(rng))
        else:
            st.apply_action(rng.choice(st.legal_actions()))
