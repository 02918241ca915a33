"""The conformance suite, run on every registered game (and the test dice game `pig`).

`TABLESPORTS_PLAYOUTS` sets the random playouts per game (200 by default; thousands when asked);
a tenth of them (at least 5) are probed deeply at a dozen states each.
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


# --- state validation (`Game.check_state`) -----------------------------------------------------

GAMES_WITHOUT_STATE_CHECK: set[str] = set()
"""Games merged before their `check_state` was written: they skip the state-validation tests
below, but only while they really lack it (a test asserts so, so that the list cannot go stale).
Every other game, new ones included, fails until it overrides `Game.check_state`. Empty it."""

MUTATION_EXAMPLES = max(30, PLAYOUTS // 2)


def test_the_games_without_a_state_check_really_lack_it() -> None:
    stale = [
        g for g in sorted(GAMES_WITHOUT_STATE_CHECK) if g in GAMES and load(g).has_state_check()
    ]
    assert not stale, f"remove from GAMES_WITHOUT_STATE_CHECK, they have check_state: {stale}"


def _needs_state_check(game_id: str) -> None:
    if game_id in GAMES_WITHOUT_STATE_CHECK:
        pytest.skip(f"{game_id} is listed in GAMES_WITHOUT_STATE_CHECK (no check_state yet)")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_game_validates_states_and_accepts_every_reachable_one(game_id: str) -> None:
    _needs_state_check(game_id)
    c.check_has_state_check(load(game_id))
    for probe in probes_of(game_id):
        c.check_reachable_states_pass(probe)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_mutated_state_is_rejected_with_a_state_error_or_playable(game_id: str) -> None:
    """Hypothesis picks a reachable state, a field of its JSON and a wrong value for it."""
    _needs_state_check(game_id)
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
