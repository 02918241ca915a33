"""`apply_action` keeps the last legal list to check by identity: it must accept and reject
exactly what the rules do, whatever happened to the state since the list was made."""

from __future__ import annotations

import copy as copying
import json
import random

import pytest

import tablesports
from tablesports.core.chance import D3, D6
from tablesports.core.errors import IllegalActionError
from tablesports.core.events import Event
from tablesports.core.protocol import CHANCE, State
from tests.dicegame import HOLD, ROLL, PigGame, PigState


def ttt() -> State:
    return tablesports.load("ttt").new_initial_state()


def snapshot(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def test_an_action_legal_before_a_move_is_rejected_after_it() -> None:
    state = ttt()
    centre = state.legal_actions()[4]
    state.apply_action(centre)
    before = snapshot(state)
    with pytest.raises(IllegalActionError):
        state.apply_action(centre)  # the same object, from the earlier list
    assert snapshot(state) == before
    assert not state.is_legal(centre)


def test_a_move_made_with_apply_legal_forgets_the_list_too() -> None:
    state = ttt()
    corner = state.legal_actions()[0]
    state.apply_legal(corner)
    with pytest.raises(IllegalActionError):
        state.apply_action(corner)


def test_a_clone_never_uses_its_originals_list() -> None:
    state = ttt()
    legal = state.legal_actions()
    copy = state.clone()
    copy.apply_action(legal[0])
    assert state.is_legal(legal[0])  # the original did not move
    with pytest.raises(IllegalActionError):
        copy.apply_action(legal[0])
    # and the other way round: the original moves, the clone keeps its own position
    other = state.clone()
    state.apply_action(legal[1])
    assert other.is_legal(legal[1])
    with pytest.raises(IllegalActionError):
        state.apply_action(legal[1])


def test_a_clone_edited_directly_is_checked_against_its_own_position() -> None:
    """Jukem's clone copies the `__dict__`, the kept list with it; the clone must not use it."""
    game = tablesports.load("jukem")
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.current_player() == CHANCE:
        state.apply_action(state.sample_chance(rng))
    player = state.current_player()
    legal = state.legal_actions()
    copy = state.clone()
    copy.discard += copy.hands[player]  # type: ignore[attr-defined]
    copy.hands[player] = []  # type: ignore[attr-defined]
    gone = [a for a in legal if not game.state_from_json(copy.to_json()).is_legal(a)]
    assert gone  # the cards of the emptied hand
    for action in gone:
        with pytest.raises(IllegalActionError):
            copy.apply_action(action)
        assert state.is_legal(action)


def test_changing_the_returned_list_does_not_make_an_action_legal() -> None:
    state = ttt()
    state.apply_action(4)
    legal = state.legal_actions()
    legal.append(4)  # the occupied centre
    legal[0] = 4
    with pytest.raises(IllegalActionError):
        state.apply_action(4)


def test_an_equal_action_made_elsewhere_is_accepted_as_before() -> None:
    game = tablesports.load("hanniball")
    state = game.new_initial_state()
    first = state.legal_actions()[0]
    again = copying.copy(first)  # parse_action may hand back the same interned object
    assert again is not first
    assert game.parse_action(str(first)) == first
    state.apply_action(again)
    assert state.history[-1][1] == first


def test_a_chance_node_and_a_decision_keep_apart() -> None:
    state = PigGame().new_initial_state()
    assert state.legal_actions() == []  # asked at the chance node: the empty player list
    state.apply_action(D3.roll(2))  # still accepted: outcomes are checked as outcomes
    state.apply_action(D3.roll(3))
    assert state.chance_outcomes() == []  # asked at a decision: no outcomes
    state.apply_action(ROLL)
    assert state.current_player() == CHANCE
    assert state.legal_actions() == []
    with pytest.raises(IllegalActionError):
        state.apply_action(HOLD)
    state.apply_action(D6.roll(4))
    state.apply_action(HOLD)


def test_a_resampled_jukem_state_is_checked_against_its_new_hands() -> None:
    """resample_hidden deals the clone's hidden cards anew after asking it for actions."""
    game = tablesports.load("jukem")
    rng = random.Random(5)
    checked = 0
    for seed in range(40):
        state = game.new_initial_state()
        play = random.Random(seed)
        while not state.is_terminal() and checked < 200:
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(state.sample_chance(play))
                continue
            other = state.resample_hidden(1 - player, rng)
            fresh = game.state_from_json(other.to_json())  # nothing kept
            for action in state.legal_actions():
                assert other.is_legal(action) == fresh.is_legal(action), (seed, str(action))
            checked += 1
            state.apply_action(play.choice(state.legal_actions()))
    assert checked == 200


@pytest.mark.parametrize("game_id", tablesports.game_ids())
def test_the_kept_list_accepts_and_rejects_exactly_what_the_rules_do(game_id: str) -> None:
    """Along random playouts, the actions of the last few positions, asked of the live state
    (which keeps its list) and of a copy rebuilt from JSON (which keeps nothing), agree."""
    game = tablesports.load(game_id)
    rng = random.Random(11)
    for _ in range(3):
        state = game.new_initial_state()
        recent: list[object] = []
        steps = 0
        while not state.is_terminal() and steps < 300:
            chance = state.current_player() == CHANCE
            options = [o for o, _ in state.chance_outcomes()] if chance else state.legal_actions()
            if not options:  # a chance node that cannot be enumerated
                action = state.sample_chance(rng)
            else:
                action = options[rng.randrange(len(options))]
            recent = (recent + list(options[:8]))[-24:]
            fresh = game.state_from_json(state.to_json())
            for candidate in recent:
                assert state.is_legal(candidate) == fresh.is_legal(candidate), (
                    game_id,
                    steps,
                    str(candidate),
                )
            state.apply_action(action)
            steps += 1


def test_apply_action_calls_an_overridden_apply_legal() -> None:
    """`apply_action` writes `apply_legal` out; a subclass's own still runs, for every step."""
    applied: list[object] = []

    class Counting(PigState):
        def apply_legal(self, action: object) -> list[Event]:
            applied.append(action)
            return super().apply_legal(action)

    state = Counting(PigGame())
    roll = state.chance_outcomes()[0][0]
    state.apply_action(roll)  # kept and found by identity
    state.apply_action(D3.roll(1))  # not kept: checked by is_legal
    assert applied == [roll, D3.roll(1)]
    assert [p for p, _ in state.history] == [CHANCE, CHANCE]


class Unkept(PigState):
    keeps_outcomes = False


def test_outcomes_not_kept_are_checked_by_the_rules_and_recorded_as_chance() -> None:
    state = Unkept(PigGame())
    outcomes = state.chance_outcomes()
    assert state._kept is None  # nothing kept: is_legal decides
    outcomes.clear()  # the caller's list, nothing of the state's
    assert state.chance_outcomes() == list(D3.outcomes())
    with pytest.raises(IllegalActionError):
        state.apply_action(D6.roll(6))  # a die the deal does not roll
    assert state.history == []
    state.apply_action(D3.roll(2))
    assert state.history == [(CHANCE, D3.roll(2))]


def test_actions_found_in_the_kept_lists_are_recorded_with_who_made_them() -> None:
    state = PigGame().new_initial_state()
    for _ in range(2):  # the deal: outcomes found among the kept pairs
        state.apply_action(state.chance_outcomes()[-1][0])
    state.apply_action(state.legal_actions()[0])  # roll, found among the kept actions
    state.apply_action(state.chance_outcomes()[3][0])  # a 4
    player = state.current_player()
    state.apply_action(state.legal_actions()[1])  # hold
    assert state.history == [
        (CHANCE, D3.roll(3)),
        (CHANCE, D3.roll(3)),
        (0, ROLL),
        (CHANCE, D6.roll(4)),
        (player, HOLD),
    ]
    assert player == 0
