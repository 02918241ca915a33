"""The seeded match runner."""

from __future__ import annotations

import pytest

import tablesports
from tablesports.agents.random_agent import RandomAgent
from tablesports.arena.match import play_match
from tablesports.core.errors import AgentError
from tablesports.core.protocol import Action, State
from tests.dicegame import HOLD


class AlwaysHold:
    name = "always-hold"

    def reset(self, seed: int) -> None:
        pass

    def step(self, state: State) -> Action:
        return HOLD


def test_the_same_seed_and_agents_give_the_same_game() -> None:
    game = tablesports.load("pig")
    first = play_match(game, [RandomAgent(), RandomAgent()], seed=11)
    again = play_match(game, [RandomAgent(seed=99), RandomAgent(seed=5)], seed=11)
    other = play_match(game, [RandomAgent(), RandomAgent()], seed=12)
    assert first.history == again.history  # agents are re-seeded from the match seed
    assert first.history != other.history
    assert first.returns in ([1.0, -1.0], [-1.0, 1.0])
    assert first.players == ["random", "random"]


def test_an_illegal_agent_action_names_the_agent_the_action_and_the_position() -> None:
    game = tablesports.load("pig")
    with pytest.raises(AgentError) as info:
        play_match(game, [AlwaysHold(), RandomAgent()], seed=0)
    text = str(info.value)
    assert "agent 'always-hold' (seat 0) returned the illegal action hold" in text
    assert "position:\nbanked 0-0" in text


def test_wrong_number_of_agents_is_refused() -> None:
    with pytest.raises(AgentError, match="pig needs 2 agents, got 1"):
        play_match(tablesports.load("pig"), [RandomAgent()], seed=0)
