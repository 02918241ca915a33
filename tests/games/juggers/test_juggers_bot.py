"""The aiming bot: it beats random, it scores penalties, it keeps to legal actions."""

from __future__ import annotations

from tablesports.agents.random_agent import RandomAgent
from tablesports.arena.match import play_match
from tablesports.core.records import replay_final
from tablesports.core.registry import load
from tablesports.games.juggers.bot import AimBot
from tablesports.games.juggers.state import JuggersState

from .helpers import GATE, position


def test_the_bot_beats_random_from_either_seat() -> None:
    game = load("juggers")
    for seed in range(2):
        seat = seed % 2
        agents: list[object] = [RandomAgent(game, seed), RandomAgent(game, seed)]
        agents[seat] = AimBot(game, seed)
        record = play_match(game, agents, seed)
        assert record.returns is not None and record.returns[seat] == 1.0, seed
        final = replay_final(record, game)
        assert isinstance(final, JuggersState) and final.score[seat] >= 1, "no meta in play"


def test_the_bot_finds_the_pass_between_its_team_mates() -> None:
    state = position(GATE)
    bot = AimBot(state.game)
    action = bot.step(state)
    state.apply_action(action)
    state.apply_action(state.chance_outcomes()[7][0])  # the straight noise
    events = state.apply_action(state.chance_outcomes()[0][0])
    assert "foul" not in [e.kind for e in events]


def test_the_robust_bot_weighs_every_noise_outcome() -> None:
    state = position(GATE)
    bot = AimBot(state.game, robust=2)
    action = bot.step(state)
    assert state.is_legal(action)


def test_the_bot_refuses_unknown_parameters() -> None:
    import pytest

    with pytest.raises(TypeError, match="known: strengths, robust"):
        AimBot(None, colour=1)
