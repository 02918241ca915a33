"""The `hanniball-greedy` bot: it scores when it can, avoids own goals, and beats random."""

from __future__ import annotations

from tablesports.agents.registry import make_agent
from tablesports.arena.match import play_match
from tablesports.games.hanniball.bot import GreedyBot
from tests.games.hanniball.helpers import GAME, position


def test_greedy_shoots_when_a_goal_is_possible() -> None:
    state = position("Me1 mc14 Ld13 lb10", ball="d13")
    action = GreedyBot(GAME, seed=1).step(state)
    child = state.clone()
    child.apply_action(action)
    assert child.is_terminal() and child.returns() == [1.0, -1.0]


def test_greedy_never_puts_the_ball_into_its_own_goal() -> None:
    state = position("Md3 me15 He2 lb10", ball="e2")
    for seed in range(10):
        action = GreedyBot(GAME, seed=seed).step(state)
        assert str(action) not in ("e2*e1", "e2*d1", "e2*f1")


def test_greedy_captures_an_opponent_holding_the_ball() -> None:
    state = position("Me1 me15 Ee6 hf7 lb10", ball="f7")
    assert str(GreedyBot(GAME, seed=0).step(state)) == "e6-f7"


def test_greedy_is_found_by_name() -> None:
    assert make_agent("hanniball-greedy", GAME, seed=3).name == "hanniball-greedy"


def test_greedy_beats_random_in_seeded_games() -> None:
    games, wins = 60, 0
    for seed in range(games):
        seat = seed % 2
        agents = [make_agent("random", GAME, seed), make_agent("random", GAME, seed)]
        agents[seat] = make_agent("hanniball-greedy", GAME, seed)
        record = play_match(GAME, agents, seed)
        assert record.returns is not None
        wins += record.returns[seat] > 0
    assert wins >= 0.95 * games
