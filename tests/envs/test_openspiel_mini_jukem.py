"""OpenSpiel's solvers on the mini Jukem (`preset=mini`, docs/rl.md): CFR+, outcome- and
external-sampling MCCFR measured by `exploitability.nash_conv`, and Deep CFR and NFSP (PyTorch)
running on its information-state tensor."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
import torch
from open_spiel.python import policy as policies
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import (
    cfr,
    exploitability,
    external_sampling_mccfr,
    outcome_sampling_mccfr,
)
from open_spiel.python.pytorch import deep_cfr, nfsp

from tablesports.envs import register_openspiel

register_openspiel()


@pytest.fixture(scope="module")
def mini() -> pyspiel.Game:
    return pyspiel.load_game("tablesports_jukem", {"preset": "mini"})


@pytest.fixture(scope="module")
def uniform_nash_conv(mini: pyspiel.Game) -> float:
    value = exploitability.nash_conv(mini, policies.UniformRandomPolicy(mini))
    assert value == pytest.approx(17 / 45)  # docs/rl.md's figure for uniform random
    return float(value)


def test_cfr_plus_average_policy_is_less_exploitable_than_uniform_random_after_two_iterations(
    mini: pyspiel.Game, uniform_nash_conv: float
) -> None:
    solver = cfr.CFRPlusSolver(mini)
    for _ in range(2):
        solver.evaluate_and_update_policy()
    solved = exploitability.nash_conv(mini, solver.average_policy())
    assert solved < uniform_nash_conv / 2


def test_external_sampling_mccfr_is_less_exploitable_than_uniform_random(
    mini: pyspiel.Game, uniform_nash_conv: float
) -> None:
    np.random.seed(3)
    solver = external_sampling_mccfr.ExternalSamplingSolver(mini)
    for _ in range(30):
        solver.iteration()
    assert exploitability.nash_conv(mini, solver.average_policy()) < uniform_nash_conv


def test_outcome_sampling_mccfr_is_less_exploitable_than_uniform_random(
    mini: pyspiel.Game, uniform_nash_conv: float
) -> None:
    np.random.seed(3)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(mini)
    for _ in range(300):
        solver.iteration()
    assert exploitability.nash_conv(mini, solver.average_policy()) < uniform_nash_conv


def test_deep_cfr_trains_on_the_information_state_tensor(mini: pyspiel.Game) -> None:
    torch.manual_seed(1)
    solver = deep_cfr.DeepCFRSolver(
        mini,
        policy_network_layers=(16,),
        advantage_network_layers=(16,),
        num_iterations=1,
        num_traversals=4,
        learning_rate=1e-3,
        batch_size_advantage=8,  # None would train on the whole (mostly empty) reservoir
        batch_size_strategy=8,
        memory_capacity=10_000,
        seed=1,
    )
    _, _, policy_loss = solver.solve()
    assert policy_loss is not None and np.isfinite(float(policy_loss))
    # both players' decisions were met and learnt from through the tensor
    assert len(solver.strategy_buffer) > 0
    assert all(len(memory) > 0 for memory in solver.advantage_buffers)
    state = _first_decision(mini)
    probs = solver.action_probabilities(state)
    assert set(probs) == set(state.legal_actions()) and min(probs.values()) >= 0


def test_nfsp_agents_play_mini_jukem_through_the_rl_environment(mini: pyspiel.Game) -> None:
    torch.manual_seed(2)
    np.random.seed(2)
    env = rl_environment.Environment(mini, seed=2)
    size = env.observation_spec()["info_state"][0]
    assert size == mini.information_state_tensor_size()
    agents = [
        nfsp.NFSP(
            p,
            state_representation_size=size,
            num_actions=env.action_spec()["num_actions"],
            hidden_layers_sizes=[16],
            reservoir_buffer_capacity=100,
            anticipatory_param=0.5,
            min_buffer_size_to_learn=8,
            learn_every=8,
            batch_size=8,
        )
        for p in (0, 1)
    ]
    outcomes = set()
    for _ in range(20):
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            action = agents[player].step(step).action
            assert action in step.observations["legal_actions"][player]
            step = env.step([action])
        for agent in agents:
            agent.step(step)
        outcomes.add(tuple(step.rewards))
    assert outcomes <= {(1.0, -1.0), (-1.0, 1.0), (0.0, 0.0)}
    assert all(len(agent._reservoir_buffer or ()) > 0 for agent in agents)  # average-policy data


def _first_decision(game: pyspiel.Game) -> pyspiel.State:
    state, rng = game.new_initial_state(), random.Random(0)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    return state


def test_the_mini_preset_is_a_pyspiel_parameter_and_a_gymnasium_keyword() -> None:
    import gymnasium

    game = pyspiel.load_game("tablesports_jukem", {"preset": "mini"})
    assert game.adapter.game.deck.size == 5 and game.information_state_tensor_shape() == [1083]
    env = gymnasium.make("tablesports/jukem-v0", preset="mini")
    obs, _ = env.reset(seed=1)
    assert obs["observation"].shape == (8 * 5 + 29,)  # tensor sections of the five cards
