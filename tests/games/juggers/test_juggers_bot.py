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

    from tablesports.core.errors import OptionError

    with pytest.raises(OptionError, match=r"unknown option 'colour' \(the options are: strengths"):
        AimBot(None, colour=1)


def test_r22_the_bot_sends_its_most_precise_living_jugger_to_the_penalty() -> None:
    from .helpers import flick, roll_all

    at = "at=A1:300,400;A2:500,350;A3:500,450;B1:900,400"
    state = position(at, "hp=B4:0", "inning=9 half=1 first=A")
    flick(state, "flick 1 at 180 strength 0.2")  # a foul ends the last attack: penalties
    roll_all(state)
    assert state.phase == "shooter" and state.current_player() == 1
    # vespa (B4, spread 2 degrees) has no life left: scheggia (B2, 2.5) is the next best
    assert str(AimBot(state.game).step(state)) == "shooter 2"
