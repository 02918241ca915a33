"""`sample_legal(rng)` draws the action `legal_actions()[rng.randrange(n)]` would: the same
draw and an equal action with the same text, though an activation's moves are not all made
and a set-up's placements are not listed (random agents and rollouts use it)."""

from __future__ import annotations

import random

import pytest

from tablesports.core.protocol import CHANCE
from tablesports.core.registry import load


@pytest.mark.parametrize(
    ("home", "away"),
    [
        ("human", "orc"),
        ("wood-elf", "dark-elf"),
        ("vampire", "norse"),
        ("lizardmen", "underworld"),
        # the 2025 teams: Fumblerooski and Pogo, Give and Go and Sprint, Ball & Chain, Trickster
        ("elven-union", "goblin"),
        ("imperial-nobility", "halfling"),
        ("snotling", "chaos-dwarf"),
        ("gnome", "old-world-alliance"),
    ],
)
def test_sample_legal_draws_the_listed_action_with_the_same_draw(home: str, away: str) -> None:
    game = load("bloodbowl", home=home, away=away)
    rng = random.Random(5)
    state = game.new_initial_state()
    drawn = moves = places = 0
    while not state.is_terminal() and drawn < 600:
        if state.current_player() == CHANCE:
            state.apply_legal(state.sample_chance(rng))
            continue
        seed = rng.random()
        # first on a copy that has asked nothing yet (no pathfinding kept)
        cold = state.clone()
        for kept in ("_reach", "_moves"):
            cold.__dict__.pop(kept, None)
        quick = cold.sample_legal(random.Random(seed))
        legal = state.legal_actions()
        listed = legal[random.Random(seed).randrange(len(legal))]
        assert quick == listed
        assert str(quick) == str(listed)
        moves += type(quick).__name__ == "MovePath"
        places += type(quick).__name__ == "Place"  # a set-up draws its own
        drawn += 1
        state.apply_legal(quick)
    assert drawn == 600 or state.is_terminal()
    assert moves > 20, "few moves drawn: the activation's parts were hardly tried"
    assert places > 20, "few placements drawn: the set-up's own draw was hardly tried"
