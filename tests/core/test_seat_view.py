"""`Record.for_seat`: what one seat may know of a game, and nothing more."""

from __future__ import annotations

import random

import pytest

from tablesports.core.errors import RecordError
from tablesports.core.protocol import CHANCE, State
from tablesports.core.records import REDACTED, Record, record_of, replay
from tablesports.core.registry import load

JUKEM = load("jukem")


def _deal(hands: dict[int, list[str]]) -> State:
    """Jukem's opening deal, each seat drawing the cards listed for it, in order."""
    state = JUKEM.new_initial_state()
    state.apply_action(JUKEM.parse_action("dealer 0"))
    while state.current_player() == CHANCE:
        to = state.queue[0]  # type: ignore[attr-defined]
        state.apply_action(JUKEM.parse_action(hands[to].pop(0)))
    return state


def _cards() -> list[str]:
    state = JUKEM.new_initial_state()
    state.apply_action(JUKEM.parse_action("dealer 0"))
    return sorted(str(o) for o, _ in state.chance_outcomes())


def test_a_different_deal_to_the_opponent_leaves_the_seats_record_identical() -> None:
    deck = _cards()
    first = _deal({0: deck[:5], 1: deck[5:10]})
    second = _deal({0: deck[:5], 1: deck[10:15]})  # only the opponent's secret cards differ
    a, b = record_of(first, ["human", "bot"]), record_of(second, ["human", "bot"])
    assert a.history != b.history
    assert a.for_seat(0, JUKEM) == b.for_seat(0, JUKEM)
    assert a.for_seat(1, JUKEM) != b.for_seat(1, JUKEM)  # seat 1 does see its own cards
    seen = a.for_seat(0, JUKEM)
    assert seen.seat_view == 0 and seen.redacted
    assert [text for p, text in seen.history if text == REDACTED] == [REDACTED] * 5
    assert all(card in [t for _, t in seen.history] for card in deck[:5])


def _played(game_id: str, seed: int) -> Record:
    game = load(game_id)
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return record_of(state, ["human", "random"], seed)


def test_a_seats_view_of_a_whole_game_hides_the_other_draws_and_keeps_the_result() -> None:
    full = _played("jukem", 3)
    seen = full.for_seat(0)
    assert seen.returns == full.returns and len(seen.history) == len(full.history)
    state = JUKEM.new_initial_state()
    for (player, text), (_, shown) in zip(full.history, seen.history, strict=True):
        action = JUKEM.parse_action(text)
        expected = state.action_seen_by(action, 0) if player != 0 else text
        if expected is None:
            assert shown == REDACTED
        elif expected != text:
            assert shown == f"{REDACTED} {expected}"
        else:
            assert shown == text
        state.apply_action(action)
    assert seen.for_seat(0) is seen
    with pytest.raises(RecordError, match="seat 0's view, not seat 1's"):
        seen.for_seat(1)
    with pytest.raises(RecordError, match="one seat's view; replaying it move by move needs"):
        list(replay(seen))


def test_a_perfect_information_game_gives_the_whole_record_to_each_seat() -> None:
    full = _played("hanniball", 1)
    seen = full.for_seat(1)
    assert seen.history == full.history and not seen.redacted
    assert [s.state.returns() for s in replay(seen)][-1] == full.returns
