"""MCTS: finds wins, never throws away a won position, handles chance, refuses bad params."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tablesports.agents.registry import make_agent, register_agent, unregister_agent
from tablesports.arena.match import play_match
from tablesports.core.errors import OptionError
from tablesports.core.protocol import Action, State
from tablesports.core.registry import load

SEEDS = range(4)


@pytest.mark.parametrize("seed", SEEDS)
def test_mcts_takes_a_win_in_one(seed: int) -> None:
    game = load("ttt")
    state = game.from_position("xx.oo....")  # x to move wins on square 2 (o would on 5)
    assert make_agent("mcts:iterations=300", game, seed).step(state) == 2


@pytest.mark.parametrize("seed", SEEDS)
def test_mcts_blocks_the_only_threat(seed: int) -> None:
    game = load("ttt")
    state = game.from_position("oo.x...x.")  # x to move, no win of its own; o threatens 2
    assert make_agent("mcts:iterations=1000", game, seed).step(state) == 2


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("opponent", ["random", "mcts:iterations=300"])
def test_mcts_never_loses_a_won_position(seed: int, opponent: str) -> None:
    """x in a corner, o on the next edge: x has a forced win, and mcts always takes it."""
    game = load("ttt")
    agents = [make_agent("mcts:iterations=2000", game, seed), make_agent(opponent, game, seed)]
    record = play_match(game, agents, seed, start="xo.......")
    assert record.returns == [1.0, -1.0]


def test_mcts_draws_against_itself_from_the_empty_board() -> None:
    game = load("ttt")
    agents = [make_agent("mcts:iterations=2000", game, s) for s in (1, 2)]
    assert play_match(game, agents, 3).returns == [0.0, 0.0]


def test_mcts_with_the_same_seed_plays_the_same_game() -> None:
    game = load("pig", target=12)
    records = [
        play_match(game, [make_agent("mcts:iterations=50", game), make_agent("random", game)], 9)
        for _ in range(2)
    ]
    assert records[0].history == records[1].history


def test_mcts_beats_random_at_a_dice_game() -> None:
    """Chance nodes are sampled: the values are sound enough to beat random at Pig."""
    game = load("pig", target=15)
    score = 0.0
    games = 16
    for seed in range(games):
        mcts = make_agent("mcts:iterations=150", game, seed)
        rand = make_agent("random", game, seed)
        seats = [mcts, rand] if seed % 2 == 0 else [rand, mcts]
        returns = play_match(game, seats, seed).returns
        assert returns is not None
        score += returns[seed % 2] > 0
    assert score / games >= 0.75


def test_mcts_with_a_time_budget_stops_in_time() -> None:
    import time

    game = load("ttt")
    agent = make_agent("mcts:iterations=0,seconds=0.05", game, 0)
    start = time.perf_counter()
    agent.step(game.new_initial_state())
    assert time.perf_counter() - start < 0.5
    assert agent.last_iterations > 0  # type: ignore[attr-defined]


def test_mcts_rollouts_can_follow_another_agent() -> None:
    game = load("ttt")
    agent = make_agent("mcts:iterations=200,rollout=random", game, 0)
    assert agent.step(game.from_position("xx.oo....")) == 2


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("mcts:iterations=-1", ["iterations"]),
        ("mcts:budget=3", ["budget", "iterations", "seconds", "rollout_steps"]),
        ("mcts:iterations=0", ["no budget"]),
        ("ismcts:c=fast", ["'c'"]),
    ],
)
def test_bad_params_name_the_param_and_the_allowed_ones(spec: str, words: list[str]) -> None:
    game = load("ttt")
    with pytest.raises(OptionError) as info:
        make_agent(spec, game, 0)
    for word in words:
        assert word in str(info.value)


class _LastAction:
    """A toy prior: always the last legal action."""

    name = "last"

    def __init__(self, game: object, seed: int = 0) -> None:
        pass

    def reset(self, seed: int) -> None:
        pass

    def step(self, state: State) -> Action:
        return state.legal_actions()[-1]


@pytest.fixture
def last_prior() -> Iterator[None]:
    register_agent("last", _LastAction)
    yield
    unregister_agent("last")


@pytest.mark.usefixtures("last_prior")
def test_mcts_expands_the_prior_choice_first() -> None:
    game = load("ttt")
    agent = make_agent("mcts:iterations=1,prior=last", game, 0)
    agent.step(game.new_initial_state())
    root = agent.last_root  # type: ignore[attr-defined]
    assert list(root.children) == [8]


@pytest.mark.usefixtures("last_prior")
@pytest.mark.parametrize("seed", SEEDS)
def test_mcts_widen_keeps_the_prior_choice_and_k_others(seed: int) -> None:
    game = load("ttt")
    agent = make_agent("mcts:iterations=100,prior=last,widen=2", game, seed)
    agent.step(game.new_initial_state())
    root = agent.last_root  # type: ignore[attr-defined]
    assert 8 in root.children
    assert len(root.children) <= 3
    for child in root.children.values():
        assert child.untried is None or len(child.untried) + len(child.children) <= 3


@pytest.mark.usefixtures("last_prior")
def test_mcts_with_a_prior_still_takes_a_win_in_one() -> None:
    game = load("ttt")
    state = game.from_position("xx.oo....")  # the prior's choice (8) loses; 2 wins
    assert make_agent("mcts:iterations=300,prior=last", game, 0).step(state) == 2


@pytest.mark.parametrize("spec", ["mcts:epsilon=2", "mcts:widen=-1", "ismcts:widen=2"])
def test_bad_prior_and_rollout_params_are_refused(spec: str) -> None:
    with pytest.raises(OptionError):
        make_agent(spec, load("ttt"), 0)


@pytest.mark.usefixtures("last_prior")
def test_ismcts_expands_the_prior_choice_first_and_drops_it_for_a_win() -> None:
    game = load("ttt")
    agent = make_agent("ismcts:iterations=1,prior=last", game, 0)
    agent.step(game.new_initial_state())
    assert list(agent.last_root.children) == [8]  # type: ignore[attr-defined]
    state = game.from_position("xx.oo....")  # the prior's choice (8) loses; 2 wins
    assert make_agent("ismcts:iterations=300,prior=last", game, 0).step(state) == 2
