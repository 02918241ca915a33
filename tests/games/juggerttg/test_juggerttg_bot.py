"""The greedy bot: it plays legal moves to the end and beats the random agent."""

from __future__ import annotations

from tablesports.agents.random_agent import RandomAgent
from tablesports.arena.match import play_match
from tablesports.games.juggerttg.bot import GreedyBot
from tests.games.juggerttg.helpers import GAME


def test_the_greedy_bot_beats_random_in_most_of_ten_seeded_games() -> None:
    wins = 0
    for seed in range(10):
        bot, rnd = GreedyBot(GAME, seed), RandomAgent(GAME, seed)
        seats = [bot, rnd] if seed % 2 == 0 else [rnd, bot]
        record = play_match(GAME, seats, seed)
        wins += record.returns[seed % 2] > 0
    assert wins >= 9
