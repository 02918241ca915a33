"""The `jukem-greedy` bot: sensible choices, no peeking, and it beats the random agent."""

from __future__ import annotations

import random

from tablesports.agents.registry import make_agent
from tablesports.arena.match import play_match
from tablesports.core.protocol import CHANCE
from tablesports.games.jukem.bot import GreedyAgent

from .helpers import DEAD, GAME, act, position


def test_greedy_shoots_when_it_can_with_the_jukem_first() -> None:
    bot = GreedyAgent(GAME)
    state = position(
        "turn 0; possession0 PASS-1 PASS-2 PASS-3; hand0 SHOT-3a PASS-4 HEADER-1 JUKEM-1 SAVE-9"
    )
    assert str(bot.step(state)) == "shot JUKEM-1 SHOT-3a"


def test_greedy_saves_with_the_save_that_blocks_most_of_the_shots_it_could_face() -> None:
    bot = GreedyAgent(GAME)
    state = position(
        "turn 0; possession0 PASS-1 PASS-2 PASS-3 PASS-4; hand0 SHOT-3a; "
        "hand1 SAVE-2 SAVE-7 PASS-10 PASS-11 PASS-12"
    )
    act(state, "shot SHOT-3a")
    # ready for 4: SHOT-3a (ball in box 2), SHOT-4a (2 5) or SHOT-4b (4 5); SAVE-7 (X in 2 4 5
    # 6) blocks all three, SAVE-2 (X in 2 3 5 6) only the first two
    assert str(bot.step(state)) == "save SAVE-7"


def test_greedy_penalises_a_long_possession_with_the_red_card() -> None:
    bot = GreedyAgent(GAME)
    state = position(
        f"turn 0; possession0 PASS-1 PASS-2 PASS-3 PASS-4; hand0 PASS-5; hand1 RED-1 {DEAD[:-7]}"
    )
    act(state, "play PASS-5")
    assert str(bot.step(state)) == "penalty RED-1"


def test_greedy_keeps_the_red_card_for_a_short_possession() -> None:
    bot = GreedyAgent(GAME)
    state = position(f"turn 0; hand0 PASS-5; hand1 RED-1 {DEAD[:-7]}")
    act(state, "play PASS-5")
    assert str(bot.step(state)) == "no penalty"


def test_greedy_decides_only_from_what_its_seat_may_see() -> None:
    rng = random.Random(7)
    for seed in range(15):
        state = GAME.new_initial_state()
        chance = random.Random(seed)
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_legal(state.sample_chance(chance))
                continue
            bot = GreedyAgent(GAME, seed=seed)
            choice = str(bot.step(state))
            twin = state.resample_hidden(player, rng)
            assert str(GreedyAgent(GAME, seed=seed).step(twin)) == choice
            state.apply_legal(bot.step(state))


def test_greedy_beats_random_in_most_seeded_matches() -> None:
    wins = 0
    for seed in range(100):
        seat = seed % 2
        agents = [make_agent("jukem-greedy", GAME), make_agent("random", GAME)]
        if seat:
            agents.reverse()
        record = play_match(GAME, agents, seed)
        assert record.returns is not None
        wins += record.returns[seat] > 0
    assert wins >= 85  # 93.0% over seeds 0-999 (rules.md)
