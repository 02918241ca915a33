"""`sample_chance(rng)` draws the outcome `sample_outcome(chance_outcomes(), rng)` would: the
same draw, the same outcome and the same use of the RNG, though a die's outcomes are not listed
(the Gym env, random play and rollouts draw every roll with it)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tablesports.core.chance import sample_outcome
from tablesports.core.errors import IllegalActionError
from tablesports.core.protocol import CHANCE
from tablesports.core.registry import load


@pytest.mark.parametrize(
    ("home", "away"),
    [
        ("human", "orc"),
        ("wood-elf", "dark-elf"),
        ("vampire", "norse"),
        ("snotling", "chaos-dwarf"),
    ],
)
def test_sample_chance_draws_the_listed_outcome_with_the_same_draw(home: str, away: str) -> None:
    game = load("bloodbowl", home=home, away=away)
    rng = random.Random(7)
    state = game.new_initial_state()
    kinds: Counter[str] = Counter()
    while sum(kinds.values()) < 1500:
        if state.is_terminal():
            state = game.new_initial_state()
        elif state.current_player() != CHANCE:
            state.apply_legal(state.sample_legal(rng))
            continue
        seed = rng.random()
        quick, listed = random.Random(seed), random.Random(seed)
        drawn = state.sample_chance(quick)
        outcome = sample_outcome(state.chance_outcomes(), listed)
        assert drawn == outcome and str(drawn) == str(outcome)
        assert quick.random() == listed.random()  # the RNG used alike
        kinds[state.stack[-1].name] += 1
        state.apply_legal(drawn)
    # dice of several kinds (D6 tests, 2D6 armour, ...) and listed outcomes (block dice) tried
    assert {"rush", "armour_injury", "block"} <= set(kinds), kinds


def test_sample_chance_off_a_chance_node_says_so() -> None:
    state = load("bloodbowl").new_initial_state()
    while state.current_player() == CHANCE:
        state.apply_legal(state.sample_chance(random.Random(1)))
    with pytest.raises(IllegalActionError, match="not a chance node"):
        state.sample_chance(random.Random(1))
