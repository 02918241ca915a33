"""The conformance suite catches a game that breaks each property.

Each test breaks the test dice game in one way and shows that the matching check fails.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from tablesports import conformance as c
from tablesports.core.chance import D6, Roll
from tablesports.core.errors import IllegalActionError, RecordError, StateError
from tablesports.core.events import Event
from tablesports.core.protocol import Action, Game, State
from tablesports.core.records import Record, ReplayStep
from tablesports.games.jukem.game import JukemGame
from tablesports.games.jukem.state import DRAW, JukemState
from tests.dicegame import HOLD, ROLL, PigGame, PigState


def probes(game: PigGame, playouts: int = 5) -> list[c.Probe]:
    return [p for seed in range(playouts) for p in c.probes(game, seed)]


class LeakyState(PigState):
    def observation(self, player: int) -> dict[str, Any]:
        return {**super().observation(player), "edges": list(self.edges)}


class SharedCloneState(PigState):
    def clone(self) -> PigState:
        other = super().clone()
        other.banked = self.banked  # the bug: one list for both
        return other


class HalfApplyState(PigState):
    def apply_action(self, action: Action) -> list[Event]:
        self.turn_total += 1  # the bug: changes the state before checking
        return super().apply_action(action)


class LossyJsonState(PigState):
    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        data["turn_total"] = 0  # the bug: a field lost
        return data


class EndlessState(PigState):
    def winner(self) -> int | None:
        return None


class UnseededState(PigState):
    def sample_chance(self, rng: random.Random) -> Action:
        return super().sample_chance(random.Random())  # the bug: ignores the seeded RNG


def broken(state_class: type[PigState]) -> PigGame:
    class Broken(PigGame):
        def new_initial_state(self) -> PigState:
            return state_class(self)

        def state_from_json(self, data: dict[str, Any]) -> PigState:
            base = super().state_from_json(data)
            state = state_class(self)
            state.__dict__.update(base.__dict__)
            return state

    return Broken()


def test_sound_game_passes_every_check() -> None:
    game = PigGame()
    c.check_playouts_end(game, range(20))
    strangers: list[Action] = [ROLL, HOLD]
    for probe in probes(game):
        c.check_legal_actions_apply(probe)
        c.check_illegal_actions_raise(probe, strangers)
        c.check_clone_is_independent(probe)
        c.check_json_round_trip(probe)
        c.check_action_text_round_trip(probe)
        c.check_no_hidden_information_leaks(probe, random.Random(0))
    c.check_record_round_trip(game, 1)
    c.check_same_seed_same_game(game, 1)


def test_leak_check_fails_when_observation_shows_the_other_edge() -> None:
    rng = random.Random(0)
    with pytest.raises(AssertionError, match="can tell a resampled state apart"):
        for probe in probes(broken(LeakyState)):
            c.check_no_hidden_information_leaks(probe, rng)


def test_clone_check_fails_when_clone_shares_a_list() -> None:
    with pytest.raises(AssertionError, match="changed the original"):
        for probe in probes(PigGame()):
            probe.state.__class__ = SharedCloneState
            c.check_clone_is_independent(probe)


def test_illegal_action_check_fails_when_a_rejection_changes_the_state() -> None:
    with pytest.raises(AssertionError, match="changed the state"):
        for probe in probes(broken(HalfApplyState)):
            c.check_illegal_actions_raise(probe, [ROLL, HOLD])


def test_json_check_fails_when_a_field_is_lost() -> None:
    with pytest.raises(AssertionError, match="differs"):
        for probe in probes(PigGame()):
            probe.state.__class__ = LossyJsonState
            c.check_json_round_trip(probe)


def test_playout_check_fails_when_a_game_never_ends() -> None:
    game = broken(EndlessState)
    with pytest.raises(AssertionError, match="no end after 500 steps"):
        c.random_playout(game, 0, max_steps=500)


def test_same_seed_check_fails_when_chance_ignores_the_seed() -> None:
    with pytest.raises(AssertionError, match="the same seed gave another game"):
        for seed in range(5):
            c.check_same_seed_same_game(broken(UnseededState), seed)


def test_text_check_fails_when_an_action_does_not_parse_back() -> None:
    class Mislabelled(PigGame):
        def parse_action(self, text: str) -> Action:
            return ROLL if text == "hold" else super().parse_action(text)

    game = Mislabelled()
    with pytest.raises(AssertionError, match="parses differently"):
        for probe in probes(game):
            c.check_action_text_round_trip(probe)


def test_state_is_still_a_state() -> None:
    # the broken variants above must really be States, or the checks prove nothing
    assert isinstance(broken(LeakyState).new_initial_state(), State)


def test_view_check_fails_when_the_other_players_deal_is_printed() -> None:
    class Telltale(PigState):
        def action_seen_by(self, action: Action, viewer: int) -> str | None:
            return str(action)  # the bug: prints the other player's secret edge

    with pytest.raises(AssertionError, match="action_seen_by shows hidden information"):
        for probe in probes(PigGame()):
            probe.state.__class__ = Telltale
            c.check_action_views_do_not_leak(probe)


class UncheckedPig(PigGame):
    """A game that forgot `check_state`: the base class's, which accepts anything."""

    check_state = Game.check_state  # PigGame's own undone


class LaxPig(PigGame):
    """A check that accepts a state that breaks the rules."""

    def check_state(self, state: State) -> None:
        return None


def test_a_game_without_state_validation_fails_with_what_to_add() -> None:
    with pytest.raises(AssertionError, match="pig has no state validation: add `check_state"):
        c.check_has_state_check(UncheckedPig())
    c.check_has_state_check(PigGame())


def test_a_state_check_that_lets_an_impossible_state_through_is_caught() -> None:
    data = PigGame().new_initial_state().to_json()
    assert c.check_mutation(PigGame(), data, ("to_move",), 5) == "rejected"
    with pytest.raises(AssertionError, match="to_move = 5: accepted, but play from it fails"):
        c.check_mutation(LaxPig(), data | {"edges": [1, 2]}, ("to_move",), 5)


def test_a_state_check_that_rejects_a_reachable_state_is_caught() -> None:
    class StrictPig(PigGame):
        def check_state(self, state: State) -> None:
            if state.history:
                raise StateError("pig", "history", len(state.history), "none (a bug)")

    with pytest.raises(AssertionError, match="a reachable state is rejected"):
        for probe in probes(StrictPig(), 1):
            c.check_reachable_states_pass(probe)


# --- every reachable state copies (issue 32, item 10) -----------------------------------------


class UnreadableBigTurnState(PigState):
    """A reachable state that its reader refuses (as Jugger TTG's after a wrestling win)."""


class UnreadableBigTurnGame(PigGame):
    def new_initial_state(self) -> PigState:
        return UnreadableBigTurnState(self)

    def state_from_json(self, data: dict[str, Any]) -> PigState:
        if data["turn_total"] > 12:  # the bug: a total that play reaches is refused
            raise StateError("pig", "turn_total", data["turn_total"], "0 to 12")
        return super().state_from_json(data)


class ForgetfulCloneState(PigState):
    def clone(self) -> PigState:
        other = super().clone()
        other.rolled_this_turn = False  # the bug: a field not copied
        return other


class UnpicklableState(PigState):
    def _apply(self, action: Action) -> list[Event]:
        events = super()._apply(action)
        if self.turn_total > 10:
            self.bonus = lambda: self.turn_total  # the bug: a lambda kept on the state
        return events


def test_copy_check_fails_when_a_reachable_state_cannot_be_read_back() -> None:
    with pytest.raises(AssertionError, match=r"state_from_json\(to_json\(\)\) fails: StateError"):
        for seed in range(5):
            c.check_every_state_copies(UnreadableBigTurnGame(), seed)


def test_copy_check_fails_when_clone_forgets_a_field() -> None:
    with pytest.raises(AssertionError, match=r"clone\(\) gives another state \(rolled_this_turn"):
        c.check_every_state_copies(broken(ForgetfulCloneState), 0)


def test_copy_check_fails_when_a_state_does_not_pickle() -> None:
    with pytest.raises(AssertionError, match="pickle fails"):
        for seed in range(5):
            c.check_every_state_copies(broken(UnpicklableState), seed)


def test_sound_game_copies_at_every_state() -> None:
    assert sum(c.check_every_state_copies(PigGame(), seed) for seed in range(5)) > 100


# --- each game's own chance sampling (issue 32, item 11) --------------------------------------


class NoSixState(PigState):
    def sample_chance(self, rng: random.Random) -> Action:
        if self.rolling:
            return D6.roll(rng.randint(1, 5))  # the bug: the last face never comes up
        return super().sample_chance(rng)


class SixOfSevenState(PigState):
    def sample_chance(self, rng: random.Random) -> Action:
        if self.rolling and rng.random() < 0.01:
            return Roll("D6", (7,))  # the bug: a face the die does not have
        return super().sample_chance(rng)


class LastCardNeverDealt(JukemState):
    """Jukem's fast draw, off by one: the pile's last card is never dealt."""

    def sample_chance(self, rng: random.Random) -> Action:
        pile = self.pile
        if self.phase == DRAW and len(pile) > 1:
            return self.game.draw_act[pile[int(rng.random() * (len(pile) - 1))]]
        return super().sample_chance(rng)


class LastCardNeverDealtGame(JukemGame):
    def new_initial_state(self) -> State:
        return LastCardNeverDealt(self)


def test_chance_check_fails_when_a_face_never_comes_up() -> None:
    with pytest.raises(AssertionError, match="sample_chance does not draw what chance_outcomes"):
        c.check_chance_sampling(broken(NoSixState), range(3))


def test_chance_check_fails_when_an_outcome_is_not_listed() -> None:
    with pytest.raises(AssertionError, match="drew D6=7, which chance_outcomes"):
        c.check_chance_sampling(broken(SixOfSevenState), range(3))


def test_chance_check_fails_when_jukems_draw_never_deals_the_last_card() -> None:
    with pytest.raises(AssertionError, match="jukem: sample_chance does not draw what"):
        c.check_chance_sampling(LastCardNeverDealtGame(), range(2))


def test_sound_sampling_passes_the_chance_check() -> None:
    fit = c.check_chance_sampling(PigGame(), range(3))
    assert fit.nodes > 30 and fit.z < c.CHANCE_ALARM_Z


# --- doctored records (issue 32, item 12) -----------------------------------------------------


def trusting_replay(record: Record, game: Game) -> Iterator[ReplayStep]:
    """A replay that checks each move's legality but believes who made it and the result."""
    state = game.new_initial_state()
    for i, (player, text) in enumerate(record.history):
        action = game.parse_action(text)
        try:
            events = state.apply_action(action)
        except IllegalActionError as exc:
            raise RecordError(f"move {i} does not replay: {exc}") from None
        yield ReplayStep(i, player, action, events, state)


def test_record_check_fails_when_replay_believes_who_moved_and_the_result() -> None:
    with pytest.raises(
        AssertionError, match=r"a record with move \d+ .* attributed to 1, not 0 replays"
    ):
        c.check_doctored_records_are_refused(PigGame(), 0, trusting_replay)


def test_sound_replay_refuses_every_doctored_record() -> None:
    c.check_doctored_records_are_refused(PigGame(), 0)
