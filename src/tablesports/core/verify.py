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
from tablesports.core.fairness import Seed, chance_rng, commitment, is_secret
from tablesports.core.protocol import CHANCE, Action, Game, State
from tablesports.core.records import EarlierSeed, Record, replay, starting_state


@dataclass(slots=True)
class Verified:
    """What `verify` checked: the chance outcomes it drew again, and what it could not vouch for."""

    outcomes: int
    committed: bool
    notes: list[str] = field(default_factory=list)


def verify(record: Record, game: Game | None = None) -> Verified:
    """Replay `record` and draw every chance outcome again from the seed that dealt it.

    Nothing in the file narrows the check: every chance step is drawn again from its seed (the
    record's own, or an earlier one a save or a resume retired, `Record.earlier_seeds`), each
    revealed seed must match its commitment, and a step dealt by a seed the record does not
    reveal makes the record unverified. Raises `RecordError` saying what failed: no seed (a
    game still being played, or a seat's view), a seed that does not match its commitment,
    hidden steps, steps whose seed is not revealed, or the first outcome that is not the one
    its seed gives.
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
            "seat view: the hidden steps cannot be verified (verifying needs the full record, "
            "revealed when the game has ended)"
        )
    legacy = _legacy_resume(record)
    deals = _deals(record if legacy is None else legacy)
    unrevealed = [(a, b) for a, b, s, _ in deals if s is None and b > a]
    notes = []
    # a span no seed is revealed for is reported below if it dealt anything, not here
    committed = all(c is not None for a, b, s, c in deals if b > a and s is not None)
    for a, b, s, c in deals:
        if s is not None and c is not None and commitment(s) != c:
            span = f" of moves {a} to {b - 1}" if len(deals) > 1 else ""
            raise RecordError(
                f"the seed{span} does not match the commitment: sha256 of the seed is "
                f"{commitment(s)}, the record committed to {c}"
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
    if scheme == "stream" and (isinstance(seed, str) or len(deals) > 1):
        raise RecordError(
            "a stream of chance needs one integer seed; this record has "
            + ("a text seed" if isinstance(seed, str) else "more than one seed")
        )
    stream = random.Random(seed) if scheme == "stream" else None

    def dealer(move: int) -> Seed | None:
        for a, b, s, _ in deals:
            if a <= move < b:
                return s
        return None

    def expected(state: State) -> Action | None:
        if state.current_player() != CHANCE:
            return None
        if stream is not None:
            return state.sample_chance(stream)
        move = len(state.history)
        dealt_by = dealer(move)
        if dealt_by is None:
            return None
        return state.sample_chance(chance_rng(dealt_by, move))

    want = expected(starting_state(record, game))
    outcomes = unchecked = 0
    for step in replay(record, game):
        if step.player == CHANCE:
            if dealer(step.index) is None and stream is None:
                unchecked += 1
            elif want is None or str(want) != str(step.action):
                raise RecordError(
                    f"move {step.index}: the record says {step.action}, the seed gives {want}: "
                    "this outcome was not drawn from the seed"
                )
            else:
                outcomes += 1
        want = expected(step.state)
    if unchecked:
        spans = ", ".join(f"moves {a} to {b - 1}" for a, b in unrevealed)
        why = (
            "an older version's resume, named by its `reseeded_at`"
            if legacy is not None
            else "a game resumed from a file that held only its commitment"
        )
        raise RecordError(
            f"not verified: {unchecked} chance outcome{'s' * (unchecked != 1)} ({spans}) were "
            f"dealt by a seed this record does not reveal ({why}); the other {outcomes} match "
            "their seeds"
        )
    return Verified(outcomes, committed, notes)


def _legacy_resume(record: Record) -> Record | None:
    """A record of an older version resumed from a seat's view names the step it drew a new
    seed at in `meta["reseeded_at"]`: read as that many steps dealt by a seed never revealed,
    so the field can only leave steps unverified, never skip their check. Anything else that
    names it (beside `earlier_seeds`, or not a step of the record) is refused."""
    if "reseeded_at" not in record.meta:
        return None
    old = record.meta["reseeded_at"]
    if (
        record.earlier_seeds
        or not isinstance(old, int)
        or isinstance(old, bool)
        or not 0 < old <= len(record.history)
    ):
        raise RecordError(
            f"the record names `reseeded_at` ({old!r}), which only an older version's resumed "
            "record may, as a step of its history and without `earlier_seeds`: no record may "
            "use it to leave steps unchecked"
        )
    return record.model_copy(update={"earlier_seeds": [EarlierSeed(until=old)]})


def _deals(record: Record) -> list[tuple[int, int, Seed | None, str | None]]:
    """Each seed's steps: (first move, end move, seed or None, commitment or None), in order;
    the record's own seed deals from the last earlier one's `until` to the end."""
    deals = []
    start = 0
    end = len(record.history) + 1  # the state after the last step may be a chance node too
    for earlier in record.earlier_seeds:
        if not start <= earlier.until <= len(record.history):
            raise RecordError(
                f"earlier_seeds: until {earlier.until} does not follow {start} within the "
                f"record's {len(record.history)} moves"
            )
        deals.append((start, earlier.until, earlier.seed, earlier.commitment))
        start = earlier.until
    deals.append((start, end, record.seed, record.commitment))
    return deals
