"""IS-MCTS: never looks at what its player cannot see, and still plays well."""

from __future__ import annotations

import pytest

from tablesports.agents.registry import make_agent
from tablesports.agents.search import Node
from tablesports.arena.match import play_match
from tablesports.core.protocol import Action, State
from tablesports.core.registry import load
from tests.agents.toygames import Deal


def kuhn_position(cards: tuple[int, int], bets: tuple[str, ...]) -> State:
    state = load("kuhn").new_initial_state()
    for card in cards:
        state.apply_action(Deal(card))
    for bet in bets:
        state.apply_action(bet)
    return state


def root_visits(agent: object) -> dict[Action, int]:
    root = agent.last_root  # type: ignore[attr-defined]
    assert isinstance(root, Node)
    return {a: child.visits for a, child in root.children.items()}


def search(spec: str, state: State, seed: int) -> tuple[Action, dict[Action, int]]:
    agent = make_agent(spec, state.game, seed)
    action = agent.step(state)
    return action, root_visits(agent)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize(
    ("positions", "bets"),
    [
        # player 0 holds the queen; the opponent's hidden card is the jack or the king
        ([(2, 1), (2, 3)], ()),
        # player 1 holds the queen facing a bet; player 0's hidden card differs
        ([(1, 2), (3, 2)], ("bet",)),
    ],
)
def test_ismcts_choice_does_not_change_when_only_hidden_cards_change(
    seed: int, positions: list[tuple[int, int]], bets: tuple[str, ...]
) -> None:
    results = [search("ismcts:iterations=300", kuhn_position(p, bets), seed) for p in positions]
    assert results[0] == results[1]  # the same action and the very same root statistics


def test_cheating_mcts_does_change_with_hidden_cards() -> None:
    """The check above can fail: MCTS reads the hidden card, calls the jack, folds to the king."""
    call_jack, _ = search("mcts:iterations=400", kuhn_position((1, 2), ("bet",)), 0)
    fold_king, _ = search("mcts:iterations=400", kuhn_position((3, 2), ("bet",)), 0)
    assert (call_jack, fold_king) == ("bet", "pass")


@pytest.mark.parametrize("seed", range(3))
def test_ismcts_hidden_edge_at_pig_does_not_change_its_choice(seed: int) -> None:
    game = load("pig", target=15)
    states = []
    for their_edge in (1, 3):
        state = game.state_from_json(
            {
                "edges": [2, their_edge],
                "banked": [6, 9],
                "turn_total": 5,
                "to_move": 0,
                "rolling": False,
                "rolled_this_turn": True,
                "history": [],
            }
        )
        states.append(state)
    results = [search("ismcts:iterations=200", s, seed) for s in states]
    assert results[0] == results[1]


@pytest.mark.parametrize("seed", range(3))
def test_ismcts_calls_a_bet_with_the_king(seed: int) -> None:
    """Whatever card the bettor holds, the king wins the showdown: calling dominates."""
    assert search("ismcts:iterations=300", kuhn_position((2, 3), ("bet",)), seed)[0] == "bet"


@pytest.mark.parametrize("seed", range(3))
def test_ismcts_folds_the_jack_to_a_bet(seed: int) -> None:
    """Whatever card the bettor holds, the jack loses the showdown: folding loses less."""
    assert search("ismcts:iterations=300", kuhn_position((2, 1), ("bet",)), seed)[0] == "pass"


def test_ismcts_beats_random_at_a_dice_game_with_a_hidden_edge() -> None:
    game = load("pig", target=15)
    wins = 0
    games = 16
    for seed in range(games):
        ismcts = make_agent("ismcts:iterations=150", game, seed)
        rand = make_agent("random", game, seed)
        seats = [ismcts, rand] if seed % 2 == 0 else [rand, ismcts]
        returns = play_match(game, seats, seed).returns
        assert returns is not None
        wins += returns[seed % 2] > 0
    assert wins / games >= 0.75


def test_ismcts_with_the_same_seed_plays_the_same_game() -> None:
    game = load("kuhn")
    for seed in range(5):
        a, b = (
            play_match(
                game,
                [make_agent("ismcts:iterations=50", game), make_agent("random", game)],
                seed,
            )
            for _ in range(2)
        )
        assert a.history == b.history


class FirstLegal:
    """A deterministic opponent model for the tests: always the first legal action."""

    name = "first-legal"

    def __init__(self, game: object = None, seed: int = 0) -> None:
        pass

    def reset(self, seed: int) -> None:
        pass

    def step(self, state: State) -> Action:
        return state.legal_actions()[0]


def test_ismcts_with_an_opponent_model_follows_its_moves_in_the_tree() -> None:
    """With `opponent=AGENT` the opponent's nodes have one child each (the model's move),
    and the search then finds the reply to that model; without it they branch."""
    from tablesports.agents.registry import register_agent, unregister_agent

    register_agent("first-legal", FirstLegal)
    try:
        state = load("ttt").new_initial_state()
        for spec, branching in (
            ("ismcts:iterations=300,opponent=first-legal", False),
            ("ismcts:iterations=300", True),
        ):
            agent = make_agent(spec, state.game, 0)
            agent.step(state)
            root = agent.last_root  # type: ignore[attr-defined]
            widths = [len(child.children) for child in root.children.values() if child.children]
            assert widths
            assert (max(widths) > 1) == branching
            if not branching:  # the one child is the model's move: the first free square
                for action, child in root.children.items():
                    after = state.clone()
                    after.apply_action(action)
                    assert list(child.children) in ([], [after.legal_actions()[0]])
    finally:
        unregister_agent("first-legal")
