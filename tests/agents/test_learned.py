"""The learned bot the package ships (`hanniball-learned`, agents/learned.py): a small file in the
package, named by the agent alone (no path a caller could give), played with numpy."""

from __future__ import annotations

import pytest

from tablesports.agents.learned import HanniBallLearned
from tablesports.agents.registry import agent_names, make_agent
from tablesports.arena.match import play_match
from tablesports.core.errors import AgentError, OptionError
from tablesports.core.registry import load


def test_hanniball_ppo_ships_a_policy_file_under_two_megabytes() -> None:
    file = HanniBallLearned.policy_file()
    assert file.is_file()
    with file.open("rb") as f:
        assert len(f.read()) < 2_000_000


def test_hanniball_ppo_plays_whole_games_with_legal_moves_on_both_seats() -> None:
    game = load("hanniball", max_turns=30)
    for seat in (0, 1):
        agents = [make_agent("random", game, seed=seat) for _ in range(2)]
        agents[seat] = make_agent("hanniball-learned", game)
        record = play_match(game, agents, seed=seat)  # an illegal move raises AgentError
        assert record.returns is not None
        assert record.players[seat] == "hanniball-learned"


def test_hanniball_ppo_chooses_the_same_move_in_the_same_position() -> None:
    game = load("hanniball")
    state = game.new_initial_state()
    first, second = (
        make_agent("hanniball-learned", game),
        make_agent("hanniball-learned", game, seed=9),
    )
    assert first.step(state) == second.step(state) and state.legal_actions()


def test_hanniball_ppo_is_listed_for_hanniball_only() -> None:
    assert "hanniball-learned" in agent_names(load("hanniball"))
    jukem = load("jukem")
    assert "hanniball-learned" not in agent_names(jukem)
    with pytest.raises(AgentError, match="unknown agent 'hanniball-learned' for jukem"):
        make_agent("hanniball-learned", jukem)


def test_hanniball_ppo_takes_no_path_or_other_parameter() -> None:
    with pytest.raises(OptionError, match="takes no parameters"):
        make_agent("hanniball-learned:path=/etc/passwd", load("hanniball"))
