"""Every agent's parameters are typed by one pydantic schema that `make_agent` applies (issue 35
item 12, issue 36 item 4): text values become typed values, a bad one is named with what is
allowed."""

from __future__ import annotations

import pytest

from tablesports.agents.registry import agent_names, agent_options, make_agent
from tablesports.core.errors import OptionError
from tablesports.core.registry import game_ids, load


def test_juggers_aim_robust_takes_a_number_from_the_spec() -> None:
    agent = make_agent("juggers-aim:robust=5,strengths=3", load("juggers"), seed=1)
    assert agent.robust == 5  # type: ignore[attr-defined]
    assert len(agent.levels) == 3  # type: ignore[attr-defined]


def test_juggers_aim_refuses_a_robust_that_is_not_a_number() -> None:
    with pytest.raises(OptionError, match="'robust'"):
        make_agent("juggers-aim:robust=lots", load("juggers"))


def test_ppo_deterministic_false_is_false() -> None:
    name, options = agent_options("ppo:path=policy.zip,deterministic=false", load("jukem"))
    assert name == "ppo"
    assert options.deterministic is False  # type: ignore[attr-defined]


def test_ppo_refuses_a_deterministic_that_is_not_a_boolean_before_opening_a_file() -> None:
    with pytest.raises(OptionError, match=r"'deterministic'.*valid boolean"):
        make_agent("ppo:path=/nonexistent/policy.zip,deterministic=maybe", load("jukem"))


def test_an_agent_without_parameters_refuses_one_by_name() -> None:
    with pytest.raises(OptionError, match="takes no parameters"):
        make_agent("random:speed=3", load("hanniball"))


def test_mcts_names_the_bad_parameter_and_its_type() -> None:
    with pytest.raises(OptionError, match="'iterations'"):
        make_agent("mcts:iterations=many", load("hanniball"))


@pytest.mark.parametrize("game_id", game_ids())
def test_every_agent_of_every_game_has_a_schema_its_defaults_pass(game_id: str) -> None:
    game = load(game_id)
    for name in agent_names(game):
        if name in ("ppo", "policy", "value"):  # each needs a file; checked above and in
            continue  # test_learned.py and test_value.py
        _, options = agent_options(name, game)
        assert options.model_fields_set == set()
