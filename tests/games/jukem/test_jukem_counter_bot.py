"""The `jukem-counter` bot: it counts the cards it has seen, reads the opponent's choices, and
never looks at a card its seat may not see."""

from __future__ import annotations

import random

import pytest

from tablesports.agents.registry import make_agent
from tablesports.core.errors import OptionError
from tablesports.core.protocol import CHANCE
from tablesports.games.jukem.bot import GreedyAgent
from tablesports.games.jukem.bot_counter import CounterAgent
from tablesports.games.jukem.state import JukemState

from .helpers import GAME, act, position

# Every SAVE with an X in box 2 (all of them but SAVE-4, SAVE-8 and SAVE-9): SHOT-3a's one
# ball is in box 2, so once these are seen nothing can block it.
SAVES_ON_BOX_2 = "SAVE-1 SAVE-2 SAVE-3 SAVE-5 SAVE-6 SAVE-7"


def late_in_the_half(placed: str) -> JukemState:
    """`placed`, with every card it does not name in the discard pile."""
    listed = set(placed.replace(";", " ").split())
    discard = " ".join(c for c in GAME.deck.ids if c not in listed)
    return position(f"{placed}; discard {discard}")


def test_counter_keeps_the_jukem_when_every_save_that_could_block_the_shot_is_seen() -> None:
    state = position(
        "turn 0; possession0 PASS-1 PASS-2 PASS-3; hand0 SHOT-3a JUKEM-1 PASS-4 HEADER-1 RED-1; "
        f"hand1 PASS-10 PASS-11 PASS-12 PASS-13 PASS-14; discard {SAVES_ON_BOX_2}"
    )
    assert str(GreedyAgent(GAME).step(state)) == "shot JUKEM-1 SHOT-3a"
    assert str(CounterAgent(GAME).step(state)) == "shot SHOT-3a"


def test_counter_shoots_the_jukem_shot_when_a_save_may_block_it() -> None:
    state = position(
        "turn 0; possession0 PASS-1 PASS-2 PASS-3; hand0 SHOT-3a JUKEM-1 PASS-4 HEADER-1 RED-1; "
        "hand1 PASS-10 PASS-11 PASS-12 PASS-13 PASS-14"
    )
    assert str(CounterAgent(GAME).step(state)) == "shot JUKEM-1 SHOT-3a"


def test_counter_shoots_the_jukem_shot_when_the_half_is_ending() -> None:
    state = late_in_the_half(  # every SAVE in the discard pile
        "turn 0; possession0 PASS-1 PASS-2 PASS-3; hand0 SHOT-3a JUKEM-1 PASS-4 HEADER-1 RED-1; "
        "hand1 PASS-10 PASS-11 PASS-12 PASS-13 PASS-14; pile PASS-20 PASS-21 PASS-22 PASS-23"
    )
    assert str(CounterAgent(GAME).step(state)) == "shot JUKEM-1 SHOT-3a"
    assert str(CounterAgent(GAME, jukem_pile=3).step(state)) == "shot SHOT-3a"


def test_counter_substitutes_a_save_that_blocks_no_shot_still_unseen() -> None:
    # SAVE-9 (Xs in 3 5 6) blocks only SHOT-5b, which is in the discard pile; the bot holds
    # SHOT-5a; the other SHOT cards have a ball outside 3 5 6
    state = position(
        "turn 0; hand0 SAVE-9 YELLOW-2 SAVE-1 SHOT-5a RED-1; discard SHOT-5b; "
        "hand1 PASS-10 PASS-11 PASS-12 PASS-13 PASS-14"
    )
    # the heuristic keeps SAVE-9 (a SAVE is worth more than a YELLOW card to it)
    assert str(GreedyAgent(GAME).step(state)) == "substitute YELLOW-2"
    assert str(CounterAgent(GAME).step(state)) == "substitute SAVE-9"


def test_counter_plays_red_on_three_plays_when_the_shot_for_them_is_likely_held() -> None:
    """Three plays allow SHOT-3a next turn. With six cards unseen, four of them in the
    shooter's hand, SHOT-3a is held with chance 4/6: the RED card goes now. With SHOT-3a seen
    in the discard pile, nothing can shoot at three plays: the RED card is kept, as
    `jukem-greedy` keeps it (it plays RED from four plays on)."""
    hands = "hand0 PASS-6 SHOT-3a PASS-7 PASS-8 PASS-9; hand1 RED-1 SAVE-1 SAVE-2 SAVE-3 SAVE-4"
    likely = late_in_the_half(f"turn 0; possession0 PASS-1 PASS-2; {hands}; pile PASS-10 PASS-11")
    act(likely, "play PASS-6")
    assert str(GreedyAgent(GAME).step(likely)) == "no penalty"
    assert str(CounterAgent(GAME).step(likely)) == "penalty RED-1"
    seen = late_in_the_half(
        "turn 0; possession0 PASS-1 PASS-2; hand0 PASS-6 PASS-12 PASS-7 PASS-8 PASS-9; "
        "hand1 RED-1 SAVE-1 SAVE-2 SAVE-3 SAVE-4; pile PASS-10 PASS-11"
    )
    act(seen, "play PASS-6")
    assert str(CounterAgent(GAME).step(seen)) == "no penalty"


def test_counter_options_are_checked_with_a_clear_error() -> None:
    with pytest.raises(OptionError, match=r"jukem_risk.*less than or equal to 1"):
        make_agent("jukem-counter:jukem_risk=2", GAME)
    with pytest.raises(OptionError, match=r"unknown option 'peek'.*jukem_risk"):
        make_agent("jukem-counter:peek=1", GAME)
    agent = make_agent("jukem-counter:red_threat=0.5,jukem_pile=6", GAME)
    assert isinstance(agent, CounterAgent)
    assert agent.options.red_threat == 0.5 and agent.options.jukem_pile == 6


def dealt(theirs: list[str]) -> JukemState:
    """A match from its start: player 0 deals; player 1 plays first."""
    state = GAME.new_initial_state()
    assert isinstance(state, JukemState)
    act(state, "dealer 0")
    mine = ["PASS-1", "PASS-2", "SHOT-3a", "SAVE-9", "JUKEM-1"]
    for m, t in zip(mine, theirs, strict=True):
        act(state, f"draw {t}", f"draw {m}")
    return state


def test_counter_decides_the_same_when_only_the_opponents_hidden_cards_differ() -> None:
    """Two matches whose opponent was dealt different cards (the history's hidden draws
    differ too) but made the same public plays: the counter's choice is the same."""
    choices, beliefs = set(), []
    for theirs in (
        ["PASS-10", "PASS-11", "SAVE-1", "SAVE-2", "SAVE-3"],
        ["PASS-10", "PASS-11", "RED-1", "SAVE-5", "SHOT-4a"],
    ):
        state = dealt(theirs)
        act(state, "play PASS-10", "draw HEADER-5")  # the opponent plays; player 0 did not
        act(state, "play PASS-1", "draw PASS-3")  # not penalised: no YELLOW-2 over there
        act(state, "play PASS-11", "draw HEADER-6")
        bot = CounterAgent(GAME)
        choices.add(str(bot.step(state)))
        beliefs.append(bot.held(state, 0))
    assert len(choices) == 1
    assert beliefs[0] == beliefs[1]
    yellow, red = GAME.deck.index["YELLOW-2"], GAME.deck.index["RED-1"]
    assert beliefs[0][yellow] < beliefs[0][red] / 3  # the unpenalised PASS is evidence


def test_counter_decides_only_from_what_its_seat_may_see() -> None:
    rng = random.Random(11)
    for seed in range(4):
        state = GAME.new_initial_state()
        chance = random.Random(seed)
        bot = CounterAgent(GAME, seed=seed)
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_legal(state.sample_chance(chance))
                continue
            choice = str(bot.step(state))
            twin = state.resample_hidden(player, rng)
            assert str(CounterAgent(GAME, seed=seed).step(twin)) == choice
            state.apply_legal(GAME.parse_action(choice))
