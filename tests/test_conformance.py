"""The conformance suite, run on every registered game (and the test dice game `pig`).

`TABLESPORTS_PLAYOUTS` sets the random playouts per game (200 by default; thousands when asked);
a tenth of them (at least 5) are probed deeply at a dozen states each, and every state of a few
(`COPIED_PLAYOUTS`) is read back from JSON, cloned and pickled.
"""

from __future__ import annotations

import os
import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablesports import conformance as c
from tablesports.core.protocol import Action
from tablesports.core.registry import game_ids, load

PLAYOUTS = int(os.environ.get("TABLESPORTS_PLAYOUTS", "200"))
DEEP = max(5, PLAYOUTS // 10)
GAMES = game_ids()  # the conftest registers the test game "pig"


@cache
def probes_of(game_id: str) -> list[c.Probe]:
    game = load(game_id)
    return [p for seed in range(DEEP) for p in c.probes(game, seed)]


@cache
def strangers_of(game_id: str) -> list[Action]:
    """Actions legal somewhere in the game: good candidates for illegal ones elsewhere."""
    seen: dict[str, Action] = {}
    for probe in probes_of(game_id):
        for action in c._moves_here(probe.state)[:50]:
            seen.setdefault(str(action), action)
    rng = random.Random(0)
    actions = list(seen.values())
    rng.shuffle(actions)
    return actions[:60]


@pytest.mark.parametrize("game_id", GAMES)
def test_random_playouts_end(game_id: str) -> None:
    c.check_playouts_end(load(game_id), range(PLAYOUTS))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_legal_action_applies(game_id: str) -> None:
    for probe in probes_of(game_id):
        c.check_legal_actions_apply(probe)


@pytest.mark.parametrize("game_id", GAMES)
def test_illegal_actions_raise_and_change_nothing(game_id: str) -> None:
    for probe in probes_of(game_id):
        c.check_illegal_actions_raise(probe, strangers_of(game_id))


@pytest.mark.parametrize("game_id", GAMES)
def test_clone_is_independent(game_id: str) -> None:
    for probe in probes_of(game_id):
        c.check_clone_is_independent(probe)


@pytest.mark.parametrize("game_id", GAMES)
def test_json_round_trip_is_exact(game_id: str) -> None:
    for probe in probes_of(game_id):
        c.check_json_round_trip(probe)


@pytest.mark.parametrize("game_id", GAMES)
def test_action_text_round_trips(game_id: str) -> None:
    for probe in probes_of(game_id):
        c.check_action_text_round_trip(probe)


@pytest.mark.parametrize("game_id", GAMES)
def test_action_codec_and_evaluation(game_id: str) -> None:
    for probe in probes_of(game_id):
        c.check_codec(probe)
        c.check_evaluate(probe)


@pytest.mark.parametrize("game_id", GAMES)
def test_record_round_trip_and_replay(game_id: str) -> None:
    game = load(game_id)
    for seed in range(3):
        c.check_record_round_trip(game, seed)


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_same_game(game_id: str) -> None:
    game = load(game_id)
    for seed in range(3):
        c.check_same_seed_same_game(game, seed)


@pytest.mark.parametrize("game_id", GAMES)
def test_observation_never_shows_hidden_information(game_id: str) -> None:
    game = load(game_id)
    rng = random.Random(1)
    varied = [c.check_no_hidden_information_leaks(p, rng) for p in probes_of(game_id)]
    for probe in probes_of(game_id):
        c.check_action_views_do_not_leak(probe)
    if game.info.information == "imperfect":
        assert any(varied), f"{game_id}: resample_hidden never changed any hidden information"


# --- every state copies, chance draws as it says, doctored records (issue 32, items 10-12) --

COPIED_PLAYOUTS = max(2, PLAYOUTS // 50)
"""Playouts of which every state is read back from JSON, cloned and pickled. Every state costs
about a millisecond (a Jugger TTG playout has some 5,000), so not all `PLAYOUTS` are: 4 at the
default 200, 2 at 50; the probes above copy a dozen states of each of `DEEP` playouts too."""
CHANCE_PLAYOUTS = 10
"""Playouts whose chance nodes (a dozen each, 400 draws at each) test `sample_chance`."""


@pytest.mark.parametrize("game_id", GAMES)
def test_every_reachable_state_reads_back_clones_and_pickles(game_id: str) -> None:
    game = load(game_id)
    for seed in range(COPIED_PLAYOUTS):
        c.check_every_state_copies(game, seed)


@pytest.mark.parametrize("game_id", GAMES)
def test_sample_chance_draws_what_chance_outcomes_say(game_id: str) -> None:
    game = load(game_id)
    fit = c.check_chance_sampling(game, range(CHANCE_PLAYOUTS))
    if game.info.chance == "none":
        assert fit.nodes == 0, f"{game_id} says it has no chance, yet reached chance nodes"
    elif game.info.chance == "explicit":
        assert fit.nodes > 0, f"{game_id}: no chance node of two outcomes or more was reached"


@pytest.mark.parametrize("game_id", GAMES)
def test_doctored_records_are_refused(game_id: str) -> None:
    c.check_doctored_records_are_refused(load(game_id), 0)


# --- state validation (`Game.check_state`) -----------------------------------------------------

MUTATION_EXAMPLES = max(30, PLAYOUTS // 2)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_game_validates_states_and_accepts_every_reachable_one(game_id: str) -> None:
    c.check_has_state_check(load(game_id))
    for probe in probes_of(game_id):
        c.check_reachable_states_pass(probe)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_mutated_state_is_rejected_with_a_state_error_or_playable(game_id: str) -> None:
    """Hypothesis picks a reachable state, a field of its JSON and a wrong value for it."""
    game = load(game_id)
    c.check_has_state_check(game)
    states = [p.state.to_json() for p in probes_of(game_id)]
    outcomes: list[str] = []

    @settings(
        max_examples=MUTATION_EXAMPLES,
        deadline=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
    )
    @given(st.data())
    def mutate(data: st.DataObject) -> None:
        state = data.draw(st.sampled_from(states), label="state")
        path = data.draw(st.sampled_from(list(c.json_paths(state))), label="field")
        value = state
        for key in path:
            value = value[key]
        new = data.draw(st.sampled_from(c.mutants(value)), label="value")
        outcomes.append(c.check_mutation(game, state, path, new))

    mutate()
    assert "rejected" in outcomes, f"{game_id}: no mutation was ever rejected"
