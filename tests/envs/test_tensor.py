"""The observation tensor contract, on every game package: shape, dtype, the fast path, and
that only what the player may see goes in."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tablesports.core.errors import TablesportsError
from tablesports.core.registry import game_tensor, load
from tests.envs.helpers import GAMES, positions


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_tensor_module_and_a_finite_codec(game_id: str) -> None:
    tensor = game_tensor(game_id)  # its error says what to add when tensor.py is missing
    game = load(game_id)
    shape = tensor.tensor_shape(game)
    assert isinstance(shape, tuple) and shape and all(isinstance(d, int) and d > 0 for d in shape)
    codec = game.action_codec()
    assert codec is not None, f"{game_id}: action_codec() must return a finite ActionCodec"
    assert codec.num_actions > 0


@pytest.mark.parametrize("game_id", GAMES)
def test_rules_page_documents_the_observation_tensor(game_id: str) -> None:
    assert "## Observation tensor" in load(game_id).rules_page(), (
        f"{game_id}: document the tensor's shape and slots in rules.md, section "
        "'## Observation tensor'"
    )


@pytest.mark.parametrize("game_id", GAMES)
def test_encode_gives_float32_of_the_shape_and_encode_state_the_same_array(game_id: str) -> None:
    tensor = game_tensor(game_id)
    game = load(game_id)
    shape = tensor.tensor_shape(game)
    fast = getattr(tensor, "encode_state", None)
    for state in positions(game_id):
        for player in range(game.info.players):
            slow = tensor.encode(game, state.observation(player), player)
            assert slow.dtype == np.float32 and slow.shape == shape
            assert np.isfinite(slow).all()
            if fast is not None:
                np.testing.assert_array_equal(fast(state, player), slow)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_legal_action_has_an_id(game_id: str) -> None:
    codec = load(game_id).action_codec()
    assert codec is not None
    for state in positions(game_id, games=1):
        for action in state.legal_actions():
            assert codec.decode(codec.encode(action)) == action


@pytest.mark.parametrize("game_id", GAMES)
def test_tensor_is_unchanged_when_only_hidden_information_changes(game_id: str) -> None:
    """`resample_hidden(p)` redraws only what p cannot see: p's tensor must not move. In a game
    with hidden information the redraw must change something p cannot see (the other
    player's tensor), or this test would prove nothing."""
    tensor = game_tensor(game_id)
    game = load(game_id)
    rng = random.Random(1)
    changed = 0
    for state in positions(game_id, games=3, every=3):
        for player in range(game.info.players):
            other = state.resample_hidden(player, rng)
            mine = tensor.encode(game, state.observation(player), player)
            np.testing.assert_array_equal(
                tensor.encode(game, other.observation(player), player), mine
            )
            rival = (player + 1) % game.info.players
            before = tensor.encode(game, state.observation(rival), rival)
            after = tensor.encode(game, other.observation(rival), rival)
            changed += not np.array_equal(before, after)
    if game.info.information == "imperfect":
        assert changed, f"{game_id}: resample_hidden never changed hidden information"


def test_a_game_without_tensor_module_gets_a_message_saying_what_to_add(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import importlib

    real = importlib.import_module

    def without_tensor(name: str, package: str | None = None) -> object:
        if name == "tablesports.games.jukem.tensor":
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", without_tensor)
    with pytest.raises(TablesportsError, match=r"add src/tablesports/games/jukem/tensor\.py"):
        game_tensor("jukem")
