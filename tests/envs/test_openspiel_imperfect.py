"""OpenSpiel's imperfect-information interfaces on Jukem (as OpenSpiel's own tests check
leduc_poker): observers by `IIGObservationType`, information states, `resample_from_infostate`,
OpenSpiel's ISMCTS bot and outcome-sampling MCCFR; the draft variant of Jugger TTG; every
option as a parameter; each game's own `max_chance_outcomes`."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr
from open_spiel.python.observation import INFO_STATE_OBS_TYPE, make_observation

from tablesports.core.registry import load
from tablesports.envs import register_openspiel
from tablesports.envs.adapter import GameAdapter
from tests.envs.helpers import GAMES

register_openspiel()
SMALL_DECK = str(Path(__file__).parent / "data" / "jukem_small_deck.toml")
PRIVATE = pyspiel.PrivateInfoType


def _kind(public: bool, private: pyspiel.PrivateInfoType) -> pyspiel.IIGObservationType:
    return pyspiel.IIGObservationType(
        public_info=public, perfect_recall=False, private_info=private
    )


def _first_decision(game: pyspiel.Game, seed: int = 0) -> pyspiel.State:
    """Jukem after the dealer and the deal: player to move, both hands dealt."""
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node() or state.inner.phase < 2:  # type: ignore[attr-defined]
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def _hand(game: pyspiel.Game, state: pyspiel.State, player: int) -> np.ndarray:
    flat = game.adapter.observe(state.inner, player).reshape(-1)
    where = dict(game.adapter.describe_observation())["my hand"]
    return flat[where]


def test_jukem_observers_differ_by_iig_observation_type_as_the_information_sets_do() -> None:
    game = pyspiel.load_game("tablesports_jukem")
    state = _first_decision(game)
    # a state player 1 cannot tell from this one: player 0's hand dealt anew
    other = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert not np.array_equal(_hand(game, state, 0), _hand(game, other, 0))

    default = make_observation(game)
    default.set_from(state, 0)
    assert list(default.dict) == ["observation"]
    np.testing.assert_array_equal(default.tensor, state.observation_tensor(0))

    public = make_observation(game, _kind(public=True, private=PRIVATE.NONE))
    assert list(public.dict) == ["public"]
    public.set_from(state, 0)
    seen = public.tensor.copy()
    public.set_from(other, 0)
    np.testing.assert_array_equal(public.tensor, seen)  # no private information
    assert public.string_from(state, 0) == public.string_from(other, 0)
    assert seen.size + _hand(game, state, 0).size * 2 == default.tensor.size

    private = make_observation(game, _kind(public=False, private=PRIVATE.SINGLE_PLAYER))
    assert list(private.dict) == ["private"]
    private.set_from(state, 0)
    mine = private.tensor.copy()
    np.testing.assert_array_equal(mine[: mine.size // 2], _hand(game, state, 0))
    private.set_from(other, 0)
    assert not np.array_equal(private.tensor, mine)
    private.set_from(other, 1)  # player 1's own hand is the same in both
    kept = private.tensor.copy()
    private.set_from(state, 1)
    np.testing.assert_array_equal(private.tensor, kept)

    everyone = make_observation(game, _kind(public=True, private=PRIVATE.ALL_PLAYERS))
    assert list(everyone.dict) == ["public", "private_0", "private_1"]
    everyone.set_from(state, 0)
    np.testing.assert_array_equal(
        everyone.dict["private_1"][: mine.size // 2], _hand(game, state, 1)
    )


def test_jukem_information_state_is_perfect_recall_and_hides_what_the_player_did_not_see() -> None:
    game = pyspiel.load_game("tablesports_jukem")
    assert game.get_type().provides_information_state_string
    assert game.get_type().provides_information_state_tensor
    state = _first_decision(game, seed=3)
    other = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.information_state_string(1) == state.information_state_string(1)
    assert other.information_state_string(0) != state.information_state_string(0)
    assert state.information_state_string(0) != state.observation_string(0)
    np.testing.assert_array_equal(
        other.information_state_tensor(1), state.information_state_tensor(1)
    )
    assert not np.array_equal(other.information_state_tensor(0), state.information_state_tensor(0))
    info = make_observation(game, INFO_STATE_OBS_TYPE)
    assert info.tensor is not None and info.tensor.shape == tuple(
        game.information_state_tensor_shape()
    )
    info.set_from(state, 1)
    np.testing.assert_array_equal(info.tensor, state.information_state_tensor(1))
    assert info.string_from(state, 1) == state.information_state_string(1)
    # two histories to the same position differ in perfect recall only
    a, b = game.new_initial_state(), game.new_initial_state()
    a.apply_action(0)
    b.apply_action(1)
    assert a.information_state_string(0) != b.information_state_string(0)


@pytest.mark.parametrize("game_id", [g for g in GAMES if load(g).info.information == "perfect"])
def test_a_perfect_information_games_information_state_is_its_history(game_id: str) -> None:
    """OpenSpiel's convention (tic_tac_toe, connect_four): the string is `history_str()`; the
    tensor is the observation tensor, which shows the whole position."""
    game = pyspiel.load_game(f"tablesports_{game_id}")
    kind = game.get_type()
    assert kind.provides_information_state_string and kind.provides_information_state_tensor
    state = game.new_initial_state()
    assert state.information_state_string(0) == ""
    rng = random.Random(1)
    for _ in range(6):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        for p in range(game.num_players()):
            assert state.information_state_string(p) == state.history_str()
            np.testing.assert_array_equal(
                state.information_state_tensor(p), state.observation_tensor(p)
            )
    assert game.information_state_tensor_shape() == game.observation_tensor_shape()


def test_jukem_information_states_match_what_the_player_can_tell_apart_over_random_play() -> None:
    """Over random play: a resample (a state the player cannot tell from this one) has the same
    string; two states whose current observations differ for the player have different ones."""
    game = pyspiel.load_game("tablesports_jukem", {"deck": SMALL_DECK})
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    seen: dict[str, str] = {}
    rng = random.Random(5)
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            for p in range(2):
                info = state.information_state_string(p)
                other = state.resample_from_infostate(p, sampler)
                assert other.information_state_string(p) == info
                now = state.observation_string(p)
                assert seen.setdefault(info, now) == now  # one information state, one picture
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(seen) > 50


def test_jukem_information_state_tensor_is_one_to_one_with_the_string_and_hides_the_hand() -> None:
    """Over random play of the mini Jukem, at every decision and for each player: a resample
    (the opponent's hand and the pile dealt anew) gives the same tensor, so it shows nothing
    the player did not see; one string has one tensor and one tensor one string, so it recalls
    as much as the perfect-recall string does (the order of the steps, the cards drawn)."""
    game = pyspiel.load_game("tablesports_jukem", {"preset": "mini"})
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    by_string: dict[str, bytes] = {}
    by_tensor: dict[bytes, str] = {}
    hands_changed = 0
    rng = random.Random(6)
    for _ in range(40):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            for p in range(2):
                tensor = np.asarray(state.information_state_tensor(p))
                other = state.resample_from_infostate(p, sampler)
                np.testing.assert_array_equal(other.information_state_tensor(p), tensor)
                hands_changed += other.inner.hands[1 - p] != state.inner.hands[1 - p]
                info, key = state.information_state_string(p), tensor.tobytes()
                assert by_string.setdefault(info, key) == key
                assert by_tensor.setdefault(key, info) == info
            state.apply_action(rng.choice(state.legal_actions()))
    assert hands_changed > 20 and len(by_string) > 100


def test_openspiels_ismcts_bot_plays_jukem_with_resample_from_infostate() -> None:
    game = pyspiel.load_game("tablesports_jukem", {"deck": SMALL_DECK})
    bot = ismcts.ISMCTSBot(
        game=game,
        evaluator=mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(1)),
        uct_c=2.0,
        max_simulations=20,
        random_state=np.random.RandomState(2),
    )
    state = game.new_initial_state()
    rng = random.Random(4)
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
    assert decisions > 0 and sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_outcome_sampling_mccfr_runs_on_a_small_jukem_deck() -> None:
    np.random.seed(7)
    game = pyspiel.load_game("tablesports_jukem", {"deck": SMALL_DECK})
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(100):
        solver.iteration()
    policy = solver.average_policy()
    state = _first_decision(game)
    probs = policy.action_probabilities(state)
    assert set(probs) == set(state.legal_actions())
    assert abs(sum(probs.values()) - 1) < 1e-9
    assert len(solver._infostates) > 10


def test_jugger_ttg_draft_is_imperfect_and_passes_pyspiels_random_sim_test() -> None:
    game = pyspiel.load_game("tablesports_juggerttg", {"teams": "draft", "max_stones": 3})
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.get_type().provides_information_state_string
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    pick = pyspiel.load_game("tablesports_juggerttg")
    assert pick.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION


@pytest.mark.parametrize("game_id", GAMES)
def test_every_option_is_a_pyspiel_parameter(game_id: str) -> None:
    spec = pyspiel.load_game(f"tablesports_{game_id}").get_type().parameter_specification
    assert set(spec) == set(load(game_id).Options.model_fields)


def test_options_whose_default_is_none_are_set_through_load_game() -> None:
    game = pyspiel.load_game("tablesports_hanniball", {"max_defenders": 2})
    assert game.adapter.game.options.max_defenders == 2
    game = pyspiel.load_game("tablesports_juggers", {"sudden_death_cap": 5})
    assert game.adapter.game.options.sudden_death_cap == 5
    game = pyspiel.load_game("tablesports_jukem", {"deck": SMALL_DECK})
    assert game.adapter.game.deck.size == 7


def test_options_with_a_house_default_keep_their_pyspiel_type() -> None:
    game = pyspiel.load_game("tablesports_juggers", {"shot_free": True, "starting_morale": 4})
    options = game.adapter.game.options
    assert options.shot_free is True and options.starting_morale == 4
    assert options.hero_score is True  # left out: the house rule, its default
    with pytest.raises(pyspiel.SpielError, match="Wrong type for parameter shot_free"):
        pyspiel.load_game("tablesports_juggers", {"shot_free": "yes"})


@pytest.mark.parametrize("game_id", GAMES)
def test_max_chance_outcomes_is_the_games_own_bound(game_id: str) -> None:
    game = pyspiel.load_game(f"tablesports_{game_id}")
    bound = game.max_chance_outcomes()
    assert bound == GameAdapter(game_id).max_chance_outcomes()
    assert bound != 1024
    state, rng, seen = game.new_initial_state(), random.Random(1), 0
    for _ in range(3000):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert len(outcomes) <= bound
            seen = max(seen, len(outcomes))
            state.apply_action(rng.choice(outcomes)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert (bound == 0) == (seen == 0)
