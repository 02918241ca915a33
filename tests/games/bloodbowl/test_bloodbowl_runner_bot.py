"""The plain `bloodbowl-runner` bot: legal moves only, and it scores against random play."""

from __future__ import annotations

from tests.games.bloodbowl.helpers import bot_against_random


def test_runner_bot_scores_touchdowns_and_beats_random_play() -> None:
    wins, touchdowns = bot_against_random("bloodbowl-runner", 12)
    assert touchdowns >= 6 and wins >= 6
