"""IS-MCTS on every registered hidden-information game: hidden cards never change its choice."""

from __future__ import annotations

import random

import pytest

from tablesports.agents.registry import make_agent
from tablesports.agents.search import Node
from tablesports.agents.speed import sample_positions
from tablesports.core.protocol import Action, State
from tablesports.core.registry import game_ids, load


def _hidden_information_games() -> list[str]:
    # every game is loaded: one that fails to load fails this module, it is not left out
    return [g for g in game_ids() if load(g).info.information == "imperfect"]


def _search(state: State, seed: int) -> tuple[Action, dict[Action, int]]:
    agent = make_agent("ismcts:iterations=60", state.game, seed)
    action = agent.step(state)
    root = agent.last_root  # type: ignore[attr-defined]
    assert isinstance(root, Node)
    return action, {a: c.visits for a, c in root.children.items()}


@pytest.mark.parametrize("game_id", _hidden_information_games())
def test_ismcts_choice_depends_only_on_what_its_player_sees(game_id: str) -> None:
    game = load(game_id)
    checked = 0
    for n, state in enumerate(sample_positions(game, 6, seed=11)):
        player = state.current_player()
        # another real state that this player cannot tell from the first one
        others = (state.resample_hidden(player, random.Random(100 * n + k)) for k in range(10))
        other = next((o for o in others if o.to_json() != state.to_json()), None)
        if other is None:
            continue  # nothing hidden here
        assert other.observation(player) == state.observation(player)
        assert _search(state, n) == _search(other, n)
        checked += 1
    assert checked >= 2
