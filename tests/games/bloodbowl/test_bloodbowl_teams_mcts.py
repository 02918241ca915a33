"""MCTS (the general agent) plays every published team: it decides through the set-up, the
kick-off and the first team turns without an illegal action (a whole match would be slow
here; the scripted bot plays whole matches with every team in its own tests)."""

from __future__ import annotations

import random

import pytest

from tablesports.agents.registry import make_agent
from tablesports.core.protocol import CHANCE
from tablesports.core.registry import load
from tablesports.games.bloodbowl.rules_data import teams


@pytest.mark.parametrize("home", list(teams()))
def test_mcts_makes_legal_decisions_with_every_team(home: str) -> None:
    game = load("bloodbowl", home=home, away="orc")
    state = game.new_initial_state()
    agent = make_agent("mcts:iterations=3", game, 0)
    rng = random.Random(0)
    decisions = 0
    while decisions < 20 and not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(agent.step(state))  # apply_action raises on an illegal one
            decisions += 1
    assert decisions == 20
