"""Check a finished record against its seed: provable fairness (`tablesports replay --verify`).

A record passes when its revealed seed matches the commitment shown at the start, and every
chance outcome in it is the one the seed gives at that point (`fairness.chance_rng` for the
move number, or one stream for the whole game in records of `play_match`). Then no roll and no
card was chosen after the fact: the dealer was bound by the commitment before the first move.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from tablesports.core.errors import RecordError
from tablesports.core.fairness import chance_rng, commitment, is_secret
from tablesports.core.protocol import CHANCE, Action, Game, State
from tablesports.core.records import Record, replay, starting_state


@dataclass(slots=True)
class Verified:
    """What `verify` checked: the chance outcomes it drew again, and what it could not vouch for."""

    outcomes: int
    committed: bool
    notes: list[str] = field(default_factory=list)


def verify(record: Record, game: Game | None = None) -> Verified:
    """Replay `record` and draw every chance outcome again from its seed.

    Raises `RecordError` saying what failed: no seed (a game still being played, or a seat's
    view), a seed that does not match the commitment, hidden steps, or the first outcome that
    is not the one the seed gives.
    """
    seed = record.seed
    if seed is None:
        held = (
            f"the commitment {record.commitment} is"
            if record.commitment
            else "no seed and no commitment are"
        )
        raise RecordError(
            f"the record holds no seed ({held} in it): a seed is revealed only when the game "
            "has ended, in the full record"
        )
    if record.redacted:
        raise RecordError(
            "the record is one seat's view with hidden steps: verifying needs the full record"
        )
    notes = []
    committed = record.commitment is not None
    if committed and commitment(seed) != record.commitment:
        raise RecordError(
            f"the seed does not match the commitment: sha256 of the seed is "
            f"{commitment(seed)}, the record committed to {record.commitment}"
        )
    if not committed:
        notes.append(
            "no commitment: the dice follow from the seed, but nothing shows that the seed was "
            "fixed before the game"
        )
    elif not is_secret(seed):
        notes.append("the seed is a small number: its commitment did not hide it")
    if record.returns is None:
        notes.append("the game is not over: only the steps so far are checked")
    if game is None:
        from tablesports.core.registry import load

        game = load(record.game, **record.options)
    scheme = record.chance or "stream"
    if scheme == "stream" and isinstance(seed, str):
        raise RecordError("a stream of chance needs an integer seed; this one is text")
    stream = random.Random(seed) if scheme == "stream" else None

    def expected(state: State) -> Action | None:
        if state.current_player() != CHANCE:
            return None
        rng = stream if stream is not None else chance_rng(seed, len(state.history))
        return state.sample_chance(rng)

    # a game resumed from a seat's view (which keeps no seed) drew a new seed from that step on
    reseeded = record.meta.get("reseeded_at", 0)
    checked_from = reseeded if isinstance(reseeded, int) else 0
    if checked_from:
        notes.append(
            f"the game was resumed at step {checked_from} with a new seed: the steps before it "
            "came from a seed this record does not hold, and are not checked"
        )
    want = expected(starting_state(record, game))
    outcomes = 0
    for step in replay(record, game):
        if step.player == CHANCE and step.index >= checked_from:
            if want is None or str(want) != str(step.action):
                raise RecordError(
                    f"move {step.index}: the record says {step.action}, the seed gives {want}: "
                    "this outcome was not drawn from the seed"
                )
            outcomes += 1
        want = expected(step.state)
    return Verified(outcomes, committed, notes)
