"""A spectator's log: what every seat saw, no more and no less (web/views.py `LogStep`)."""

from __future__ import annotations

from tablesports.core.protocol import State
from tablesports.core.registry import load
from tablesports.web.views import LogStep, _log_entry

JUKEM = load("jukem")
SHOOTER = "SHOT-3a SHOT-5a PASS-1 PASS-2 JUKEM-1"
KEEPER = "SAVE-1 SAVE-9 PASS-10 PASS-11 PASS-12"


def logged(state: State, text: str) -> LogStep:
    """Apply `text` as the server's `Match.apply` does, keeping how each seat saw it."""
    action = state.parse_action(text)
    mover = state.current_player()
    seen = tuple(state.action_seen_by(action, seat) for seat in range(2))
    return LogStep(mover, seen, tuple(state.apply_legal(action)))


def test_a_spectator_reads_a_save_that_both_seats_saw_turned_up() -> None:
    """Jukem: the SAVE goes down face down for the shooter, and both cards are turned up at
    once; every seat reads the result, so a spectator does too (the web page's "Last SHOT,
    revealed" was empty for a spectator of a match whose shots were all answered by a SAVE)."""
    state = JUKEM.from_position(
        f"turn 0; possession0 PASS-3 PASS-4 PASS-5 PASS-6; hand0 {SHOOTER}; hand1 {KEEPER}"
    )
    shot = logged(state, "shot SHOT-3a")
    save = logged(state, "save SAVE-1")
    assert shot.seen_by(None) == "shot (face down)"  # the defender's view, not the shooter's
    assert save.seen_by(None) == "save (face down)"  # the shooter's view, not the keeper's
    entry = _log_entry(1, save, None)
    texts = [e["text"] for e in entry["events"]]
    assert entry["action"] == "save (face down)" and "hidden" not in entry
    assert texts == ["SHOT-3a against SAVE-1: blocked by player 1"], texts
    assert texts == [e["text"] for e in _log_entry(1, save, 0)["events"]]  # as the shooter read


def test_a_spectator_never_sees_a_step_one_seat_did_not_see() -> None:
    """A drawn card is seen by its drawer only: hidden from a spectator, events and all."""
    state = JUKEM.new_initial_state()
    while True:
        outcome = state.chance_outcomes()[0][0]
        step = logged(state, str(outcome))
        if None in step.seen:
            break
    assert step.seen_by(None) is None
    assert _log_entry(0, step, None) == {"i": 0, "who": step.mover, "hidden": True}
