"""`juggerttg-mcts`: legal moves to the end, the same move under the same seed, and the
clearly better move where the greedy bot's is worse."""

from __future__ import annotations

import random

import pytest

from tablesports.agents.registry import make_agent
from tablesports.core.errors import OptionError
from tablesports.core.protocol import CHANCE
from tablesports.core.registry import load
from tablesports.games.juggerttg.actions import Act
from tablesports.games.juggerttg.bot import GreedyBot
from tablesports.games.juggerttg.game import JuggerGame
from tablesports.games.juggerttg.search import MCTSBot
from tests.games.juggerttg.helpers import GAME, pos

SHORT = load("juggerttg", max_stones=2)
"""Two Stones: playouts and the game end soon, so a whole game is quick to search."""


def test_the_search_plays_only_legal_moves_through_a_whole_game() -> None:
    agent = make_agent("juggerttg-mcts:iterations=3,width=2", SHORT, 5)
    assert isinstance(agent, MCTSBot)
    bot = GreedyBot(SHORT, 5)
    st = SHORT.new_initial_state()
    rng = random.Random(5)
    while not st.is_terminal():
        p = st.current_player()
        if p == CHANCE:
            st.apply_action(st.sample_chance(rng))
            continue
        action = agent.step(st) if p == 0 else bot.step(st)
        assert action in st.legal_actions()
        st.apply_action(action)
    assert agent.searched > 0  # it did search, not only pass the bot's moves on


def test_the_same_seed_gives_the_same_move_and_the_same_tree() -> None:
    st = pos(
        "r2 wren long k6 E 3/4; b2 bex long l6 W 3/3; b3 dov long m7 W 3/3",
        "rda=4 init=red active=r2",
    )
    runs = []
    for _ in range(2):
        agent = MCTSBot(GAME, seed=3, iterations=12, width=3)
        action = agent.step(st)
        assert agent.last_root is not None
        stats = sorted((str(a), n.visits, n.value) for a, n in agent.last_root.children.items())
        runs.append((action, stats))
    assert runs[0] == runs[1]
    assert sum(v for _, v, _ in runs[0][1]) == 12


def test_a_bad_option_is_refused_with_the_known_ones() -> None:
    with pytest.raises(OptionError, match="iterations"):
        make_agent("juggerttg-mcts:budget=3", GAME, 0)


# Blue's Qwik b8 carries the Jugg next to red's Mal (c6) and acts after red at this RDA:
# it scores unless red's r2 knocks it down now. The greedy bot pins the kneeling b3 first
# (its rule: pin what is down), which leaves r2 1 FP, too few to attack.
LAST_STAND = pos(
    "r2 arlo long e6 W 2/0 exhausted; b3 dov long d5 E 3/3 down2; b8 mave qwik d6 E 3/3 carrier; "
    "r8 nils qwik k1 E 4/3",
    "rda=3 init=red active=r2 jugg=carried tpp=0/0",
    "",
)


def greedy_value(st: object, action: str, games: int) -> float:
    """Red's mean return over greedy-vs-greedy playouts after `action` (seeds 0..games-1)."""
    bot = GreedyBot(GAME, 0)
    total = 0.0
    for seed in range(games):
        s = LAST_STAND.clone()
        s.apply_action(s.parse_action(action))
        rng = random.Random(seed)
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                s.apply_action(s.sample_chance(rng))
            else:
                s.apply_action(bot.step(s))
        total += s.returns()[0]
    return total / games


def test_the_search_attacks_the_carrier_where_the_bot_pins() -> None:
    assert str(GreedyBot(GAME, 0).step(LAST_STAND)) == "pin b3"
    # the attack is clearly the better move: played out by the bot, it wins far more often
    assert greedy_value(LAST_STAND, "attack b8", 20) > greedy_value(LAST_STAND, "pin b3", 20) + 0.5
    for seed in range(3):
        choice = MCTSBot(GAME, seed=seed, iterations=24, width=3).step(LAST_STAND)
        assert choice.kind in ("attack", "talent") and str(choice).endswith("b8")


def test_playouts_cut_off_after_a_stone_are_scored_by_the_evaluation() -> None:
    # stones=1: a playout stops once the next Stone is over and `evaluate` scores it; the
    # carrier's fall is still worth far more than the pin
    agent = MCTSBot(GAME, seed=0, iterations=24, width=3, stones=1)
    choice = agent.step(LAST_STAND)
    assert choice.kind in ("attack", "talent") and str(choice).endswith("b8")
    assert agent.last_root is not None
    values = {str(a): n.value / n.visits for a, n in agent.last_root.children.items()}
    assert all(-1.0 <= v <= 1.0 for v in values.values())
    assert values[str(choice)] > values["pin b3"] + 0.5


def _searched_game(cold: bool) -> tuple[list[Act], list[list[Act]]]:
    """A game of two small searches to its end (two Stones): the moves, and the legal actions
    at each decision; `cold` empties the game's caches of throws, passes and paths first."""
    game = load("juggerttg", max_stones=2)
    assert isinstance(game, JuggerGame)
    agents = [make_agent("juggerttg-mcts:iterations=4,width=2", game, s) for s in (1, 2)]
    st = game.new_initial_state()
    rng = random.Random(3)
    listed: list[list[Act]] = []
    while not st.is_terminal():
        p = st.current_player()
        if p == CHANCE:
            st.apply_action(st.sample_chance(rng))
            continue
        if cold:
            game.reach_cache.clear()
            game.path_cache.clear()
        listed.append(list(st.legal_actions()))
        st.apply_action(agents[p].step(st))
    return [a for _, a in st.history], listed


def test_the_caches_of_throws_passes_and_paths_change_no_move() -> None:
    # the searches ask the same throws and paths again and again; what they are told from the
    # caches is what they would have worked out afresh
    warm, cold = _searched_game(cold=False), _searched_game(cold=True)
    assert warm == cold
    assert any(a.kind in ("throw", "pass") for legal in warm[1] for a in legal)
