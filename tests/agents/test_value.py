"""`value:path=FILE` (agents/value.py): one step of lookahead over a learned value network, alone
or as a correction to a bot's evaluation (`base=`), or scoring an MCTS's leaves."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from tablesports.agents.registry import make_agent
from tablesports.agents.value import ValueAgent
from tablesports.arena.match import play_match
from tablesports.core.errors import AgentError, OptionError
from tablesports.core.protocol import TERMINAL
from tablesports.core.registry import load
from tablesports.envs.value_train import save_network

FEATURES = 19 * 15 * 9  # HanniBall's tensor


def random_net(path: Path, game_id: str = "hanniball", features: int = FEATURES) -> Path:
    rng = np.random.default_rng(1)
    layers = [
        (rng.normal(0, 0.05, (8, features)).astype(np.float32), np.zeros(8, np.float32)),
        (rng.normal(0, 0.5, (1, 8)).astype(np.float32), np.zeros(1, np.float32)),
    ]
    save_network(path, layers, game_id, "random weights, for a test")
    return path


def ball_net(path: Path) -> Path:
    """A net that values only the ball's rank: plane 8 ('ball'), rank r weighted r / 15."""
    w = np.zeros((1, FEATURES), np.float32)
    for rank in range(15):
        w[0, 8 * 135 + rank * 9 : 8 * 135 + (rank + 1) * 9] = rank / 15
    save_network(path, [(w, np.zeros(1, np.float32))], "hanniball", "the ball's rank")
    return path


def positions_with_a_winning_step(count: int) -> list:
    """Positions from greedy games, just before the step that scored."""
    game = load("hanniball")
    found = []
    for seed in range(40):
        bots = [make_agent("hanniball-greedy", game, seed=seed + s) for s in range(2)]
        state = game.new_initial_state()
        while state.current_player() != TERMINAL:
            before = state.clone()
            state.apply_legal(bots[state.current_player()].step(state))
            if state.current_player() == TERMINAL and state.returns()[before.current_player()] > 0:
                found.append(before)
        if len(found) >= count:
            break
    return found


def test_a_step_that_wins_the_game_is_played_whatever_the_network_says(tmp_path: Path) -> None:
    net = random_net(tmp_path / "v.npz")
    game = load("hanniball")
    states = positions_with_a_winning_step(5)
    assert len(states) >= 5
    agent = make_agent(f"value:path={net}", game)
    for state in states:
        me = state.current_player()
        after = state.clone()
        after.apply_legal(agent.step(state))
        assert after.current_player() == TERMINAL and after.returns()[me] == 1.0


def test_each_step_is_rated_by_the_network_from_the_movers_side(tmp_path: Path) -> None:
    """A net that reads only the ball's rank (plane 8): every step scores tanh(rank / 15) of
    the position it leads to, and the step played is one that scores best."""
    game = load("hanniball")
    agent = make_agent(f"value:path={ball_net(tmp_path / 'b.npz')}", game)
    assert isinstance(agent, ValueAgent)
    state = game.new_initial_state()
    actions = state.legal_actions()
    scores = agent.scores(state, actions)
    for action, score in zip(actions, scores, strict=True):
        child = state.clone()
        child.apply_legal(action)
        assert score == pytest.approx(np.tanh((child.ball // 9) / 15), abs=1e-6)
    chosen = agent.step(state)
    assert scores[actions.index(chosen)] == max(scores)


def test_with_weight_zero_the_value_agent_plays_one_of_its_bases_best_steps(
    tmp_path: Path,
) -> None:
    game = load("hanniball")
    net = random_net(tmp_path / "v.npz")
    agent = make_agent(f"value:path={net},base=hanniball-greedy,weight=0", game)
    greedy = make_agent("hanniball-greedy", game)
    rng = random.Random(3)
    state = game.new_initial_state()
    for _ in range(30):
        if state.current_player() == TERMINAL:
            break
        me = state.current_player()
        best = max(greedy.score(c, me) for c in children(state))
        after = state.clone()
        after.apply_legal(agent.step(state))
        assert greedy.score(after, me) == best
        state.apply_legal(rng.choice(state.legal_actions()))


def children(state):  # type: ignore[no-untyped-def]
    for action in state.legal_actions():
        child = state.clone()
        child.apply_legal(action)
        yield child


def test_the_value_agent_plays_whole_games_alone_with_a_base_and_as_a_search(
    tmp_path: Path,
) -> None:
    net = random_net(tmp_path / "v.npz")
    game = load("hanniball", max_turns=12)
    for spec in (
        f"value:path={net}",
        f"value:path={net},base=hanniball-greedy",
        f"value:path={net},iterations=20,prior=hanniball-greedy,widen=3",
    ):
        record = play_match(game, [make_agent(spec, game), make_agent("random", game)], seed=2)
        assert record.returns is not None and record.players[0] == spec


def test_the_value_agent_says_what_is_wrong(tmp_path: Path) -> None:
    game = load("hanniball")
    # a search over a network that only corrects a bot's score would read it alone
    with pytest.raises(AgentError, match=r"iterations= with base= is not supported"):
        make_agent("value:net=hanniball,base=hanniball-greedy,iterations=60", game)
    with pytest.raises(AgentError, match=r"no network file .*tablesports train"):
        make_agent(f"value:path={tmp_path / 'none.npz'}", game)
    (tmp_path / "text.npz").write_text("not numpy")
    with pytest.raises(AgentError, match="is not a value network file"):
        make_agent(f"value:path={tmp_path / 'text.npz'}", game)
    with pytest.raises(AgentError, match="trained for hanniball, not jukem"):
        make_agent(f"value:path={random_net(tmp_path / 'v.npz')}", load("jukem"))
    small = random_net(tmp_path / "small.npz", features=10)
    with pytest.raises(AgentError, match="reads 10 features but hanniball"):
        make_agent(f"value:path={small}", game)
    with pytest.raises(AgentError, match="base='random' has no evaluation"):
        make_agent(f"value:path={tmp_path / 'v.npz'},base=random", game)
    with pytest.raises(OptionError, match="weight"):
        make_agent(f"value:path={tmp_path / 'v.npz'},weight=-1", game)
