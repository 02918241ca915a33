"""Property tests: the game and the reference generator agree everywhere play can go."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tablesports.games.hanniball.bot import GreedyBot
from tablesports.games.hanniball.state import HanniBallState, position_hash
from tests.games.hanniball import reference
from tests.games.hanniball.helpers import GAME


def _key(pos: reference.Pos) -> tuple[object, ...]:
    return (pos.pieces, pos.ball, pos.pending, pos.side, pos.used)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), greed=st.floats(0.0, 1.0))
def test_legal_actions_and_their_results_agree_with_the_reference(seed: int, greed: float) -> None:
    rng = random.Random(seed)
    state = GAME.new_initial_state()
    bot = GreedyBot(GAME, seed=seed)
    for _ in range(120):
        if state.is_terminal():
            break
        ref = reference.read(state.notation())
        actions = state.legal_actions()
        assert sorted(map(str, actions)) == sorted(reference.legal(ref)), state.notation()
        for action in rng.sample(actions, min(8, len(actions))):
            child = state.clone()
            child.apply_legal(action)
            if not child.is_terminal():
                assert _key(reference.read(child.notation())) == _key(
                    reference.apply(ref, str(action))
                ), (state.notation(), str(action))
        action = bot.step(state) if rng.random() < greed else rng.choice(actions)
        state.apply_legal(action)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_incremental_hash_and_piece_lists_match_the_board(seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.new_initial_state()
    while not state.is_terminal():
        state.apply_legal(rng.choice(state.legal_actions()))
        assert isinstance(state, HanniBallState)
        assert state.hash == position_hash(state.board, state.ball)
        for color in (0, 1):
            on_board = [i for i, c in enumerate(state.board) if c and (c - 1) // 4 == color]
            assert sorted(state.pieces[color]) == on_board
        assert GAME.from_position(state.notation()).notation() == state.notation()
