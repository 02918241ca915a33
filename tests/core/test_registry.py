"""Finding games and agents by name; a cheap top-level import."""

from __future__ import annotations

import subprocess
import sys

import pytest

import tablesports
from tablesports.agents.registry import make_agent, parse_spec
from tablesports.core.errors import AgentError, OptionError, UnknownGameError


def test_unknown_game_lists_the_valid_ids() -> None:
    with pytest.raises(UnknownGameError) as info:
        tablesports.load("chess")
    assert "unknown game 'chess'" in str(info.value)
    assert "pig" in str(info.value)


def test_registered_test_game_is_listed_and_loads_with_options() -> None:
    assert "pig" in tablesports.game_ids()
    game = tablesports.load("pig", target=30)
    assert game.info.id == "pig"
    assert game.options_json() == {"target": 30}


def test_importing_tablesports_imports_no_game_and_no_pydantic() -> None:
    code = (
        "import sys, tablesports; "
        "print(any(m.startswith(('tablesports.games.', 'pydantic')) for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_agent_spec_parameters_are_typed() -> None:
    """The spec's values stay text; the agent's options model gives them their types."""
    assert parse_spec("mcts:iterations=2000,c=1.4,rollout=random") == (
        "mcts",
        {"iterations": "2000", "c": "1.4", "rollout": "random"},
    )
    agent = make_agent("mcts:iterations=2000,c=1.4,rollout=random", tablesports.load("pig"))
    options = agent.options  # type: ignore[attr-defined]
    assert (options.iterations, options.c, options.rollout) == (2000, 1.4, "random")
    assert isinstance(options.iterations, int)
    with pytest.raises(AgentError, match="parameters are key=value"):
        parse_spec("mcts:2000")
    with pytest.raises(OptionError, match=r"option 'iterations'.*integer.*'many'"):
        make_agent("mcts:iterations=many", tablesports.load("pig"))


def test_game_bots_type_their_parameters_too() -> None:
    bot = make_agent("jukem-greedy:red_at=5", tablesports.load("jukem"))
    assert bot.red_at == 5  # type: ignore[attr-defined]
    with pytest.raises(OptionError, match=r"unknown option 'reds'.*red_at, yellow_at"):
        make_agent("jukem-greedy:reds=5", tablesports.load("jukem"))
    bot = make_agent("hanniball-greedy:threat=40", tablesports.load("hanniball"))
    assert bot.threat == 40.0  # type: ignore[attr-defined]


def test_unknown_agent_lists_the_agents_for_the_game() -> None:
    game = tablesports.load("pig")
    with pytest.raises(AgentError, match="unknown agent 'alphazero' for pig; the agents are: "):
        make_agent("alphazero", game)
    assert make_agent("random", game).name == "random"
