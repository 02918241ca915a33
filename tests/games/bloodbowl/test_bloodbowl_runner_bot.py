"""The plain `bloodbowl-runner` bot: legal moves only, and it scores against random play."""

from __future__ import annotations

from tablesports.agents.registry import make_agent
from tablesports.arena.match import play_match
from tablesports.core.records import replay_final
from tests.games.bloodbowl.helpers import GAME


def test_runner_bot_scores_touchdowns_and_beats_random_play() -> None:
    touchdowns = wins = 0
    for seed in range(12):
        bot, rnd = make_agent("bloodbowl-runner", GAME, seed), make_agent("random", GAME, seed)
        seat = seed % 2
        agents = [bot, rnd] if seat == 0 else [rnd, bot]
        record = play_match(GAME, agents, seed)  # raises on an illegal action
        final = replay_final(record, GAME)
        touchdowns += final.score[seat]
        assert final.score[seat] >= final.score[1 - seat]
        wins += final.score[seat] > final.score[1 - seat]
    assert touchdowns >= 6 and wins >= 6
