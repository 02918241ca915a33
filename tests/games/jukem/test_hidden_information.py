"""What each seat may see: hands, the draw pile, a face-down SHOT; and resampling the unseen."""

from __future__ import annotations

import random

from tablesports.core.protocol import CHANCE
from tablesports.games.jukem.state import PENALTY, SAVE
from tablesports.games.jukem.views import unseen_by

from .helpers import DEAD, GAME, act, position

SHOOTER = "SHOT-3a SHOT-5a PASS-1 PASS-2 JUKEM-1"
KEEPER = "SAVE-1 SAVE-9 PASS-10 PASS-11 PASS-12"


def test_observation_shows_own_hand_and_only_counts_of_the_other_hand_and_the_pile() -> None:
    state = position(f"turn 0; possession1 PASS-5; hand0 {SHOOTER}; hand1 {KEEPER}; discard RED-2")
    seen = state.observation(0)
    assert seen["hand"] == SHOOTER.split()
    assert seen["opponent_hand"] == 5 and seen["pile"] == 56 - 12
    assert seen["possessions"] == [[], ["PASS-5"]] and seen["discard"] == ["RED-2"]
    assert "SAVE-1" not in str(seen)


def test_render_for_a_seat_hides_the_other_hand() -> None:
    state = position(f"turn 0; hand0 {SHOOTER}; hand1 {KEEPER}")
    assert "SAVE-1" not in state.render(0) and "SHOT-3a" in state.render(0)
    assert "SHOT-3a" not in state.render(1) and "SAVE-1" in state.render(1)
    assert "SAVE-1" in state.render(None) and "SHOT-3a" in state.render(None)


def test_resample_deals_the_unseen_cards_again_consistently() -> None:
    state = position(f"turn 0; possession0 PASS-5; hand0 {SHOOTER}; hand1 {KEEPER}")
    rng = random.Random(1)
    hands = set()
    for _ in range(20):
        other = state.resample_hidden(0, rng)
        assert other.observation(0) == state.observation(0)
        assert sorted(unseen_by(other, 0)) == sorted(unseen_by(state, 0))
        hands.add(tuple(other.hands[1]))
    assert len(hands) > 1


def test_resample_keeps_a_face_down_shot_one_the_possession_was_ready_for() -> None:
    state = position(
        f"turn 0; possession0 PASS-3 PASS-4 PASS-5 PASS-6; hand0 {SHOOTER}; hand1 {KEEPER}"
    )
    act(state, "shot SHOT-3a")
    rng = random.Random(2)
    shots = set()
    for _ in range(40):
        other = state.resample_hidden(1, rng)
        assert other.observation(1) == state.observation(1)
        assert other.deck.setup[other.shot] <= 4
        shots.add(other.deck.ids[other.shot])
    assert shots == {"SHOT-3a", "SHOT-4a", "SHOT-4b"}  # the SHOT cards needing 3 or 4 plays


def test_resample_for_the_shooter_keeps_the_shooters_own_shot() -> None:
    state = position(f"turn 0; possession0 PASS-3 PASS-4 PASS-5; hand0 {SHOOTER}; hand1 {KEEPER}")
    act(state, "shot SHOT-3a")
    other = state.resample_hidden(0, random.Random(3))
    assert other.shot == state.shot and other.phase == SAVE
    assert any(GAME.deck.kind[c] == 5 for c in other.hands[1])  # the defender holds a SAVE


def test_resample_for_the_attacker_gives_a_defender_who_is_answering_an_answer() -> None:
    state = position(f"turn 0; hand0 {SHOOTER}; hand1 RED-1 {DEAD[:-7]}")
    act(state, "play PASS-1")
    assert state.phase == PENALTY
    rng = random.Random(4)
    for _ in range(10):
        other = state.resample_hidden(0, rng)
        assert [str(a) for a in other.legal_actions()][-1] == "no penalty"
        assert len(other.legal_actions()) > 1


def test_draws_are_chance_outcomes_over_the_cards_not_yet_seen() -> None:
    state = position(f"turn 0; hand0 {SHOOTER}; hand1 {DEAD}; discard RED-2")
    act(state, "play PASS-1")
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    drawn = {str(o).split()[1] for o, _ in outcomes}
    placed = set(SHOOTER.split()) | set(DEAD.split()) | {"RED-2"}
    assert drawn == set(GAME.deck.ids) - placed
    assert {p for _, p in outcomes} == {1 / len(outcomes)}


def test_a_shot_is_seen_face_down_by_the_defender_and_a_save_by_the_shooter() -> None:
    state = position(
        f"turn 0; possession0 PASS-3 PASS-4 PASS-5 PASS-6; hand0 {SHOOTER}; hand1 {KEEPER}"
    )
    shot = state.parse_action("shot SHOT-3a")
    assert state.action_seen_by(shot, 1) == "shot (face down)"
    assert state.action_seen_by(shot, 0) == "shot SHOT-3a"
    act(state, "shot SHOT-3a")
    save = state.parse_action("save SAVE-1")
    assert state.action_seen_by(save, 0) == "save (face down)"
    assert state.action_seen_by(save, 1) == "save SAVE-1"


def test_a_drawn_card_is_seen_only_by_its_drawer() -> None:
    state = GAME.new_initial_state()
    while state.current_player() == CHANCE and not state.queue:  # the dealer is chosen first
        act(state, str(state.chance_outcomes()[0][0]))
    drawer = state.queue[0]
    draw = state.chance_outcomes()[0][0]
    assert state.action_seen_by(draw, drawer) == str(draw)
    assert state.action_seen_by(draw, 1 - drawer) is None
