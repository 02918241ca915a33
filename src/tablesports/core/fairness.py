"""Provable fairness: a secret seed, its commitment, and every chance RNG derived from it.

Whoever deals (the web server, the terminal) draws a secret of 256 bits (`new_secret`). Each
seat is shown `commitment(secret)` at the start and the secret only when the game has ended,
so nobody can foresee a roll or a card while the game is played, and afterwards anyone can
check (`verify`, `tablesports replay --verify`) that the record's every chance outcome is the
one the committed secret gives: none was chosen after the fact.

The chance outcome at the game's move number `n` (`len(state.history)` before it) is drawn
from `chance_rng(secret, n)`, its own RNG: the same move meets the same dice after an undo, and
a resumed game draws on exactly as if it had never stopped. A hash of a small seed could be
found by trying every seed, hence 256 random bits; a hand-chosen integer seed (`--seed N`, old
records) still works, but its commitment hides nothing.
"""

from __future__ import annotations

import hashlib
import random
import re
import secrets

SECRET_BYTES = 32
"""The secret's length: 256 bits, far beyond any search of its commitment."""
SECRET_PATTERN = r"^[0-9a-f]{32,128}$"
"""A secret seed as it is written in a record: at least 128 bits, in lower-case hex."""
COMMITMENT_PATTERN = r"^[0-9a-f]{64}$"

_COMMIT = b"tablesports/commitment/v1\x00"
_DERIVE = b"tablesports/derive/v1\x00"

Seed = int | str
"""A match seed: a secret in hex (`new_secret`) or, in records made by hand or before, an int."""


def new_secret() -> str:
    """A fresh secret seed: 32 random bytes from the operating system, in hex."""
    return secrets.token_hex(SECRET_BYTES)


def is_secret(seed: Seed) -> bool:
    """Whether `seed` is long enough that its commitment hides it (at least 128 bits)."""
    return isinstance(seed, str) and re.match(SECRET_PATTERN, seed) is not None


def _encoded(seed: Seed) -> bytes:
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise TypeError(f"a seed is an int or a hex text, not {type(seed).__name__}")
    return f"{'i' if isinstance(seed, int) else 's'}:{seed}".encode()


def commitment(seed: Seed) -> str:
    """SHA-256 of the seed under its own domain tag, in hex: shown before the game starts."""
    return hashlib.sha256(_COMMIT + _encoded(seed)).hexdigest()


def derive(seed: Seed, *labels: object) -> int:
    """A 256-bit number for one use of the seed (`labels` name it); one use never tells
    another, nor the commitment, since each is a hash under a different tag."""
    parts = b"".join(b"\x00" + str(label).encode() for label in labels)
    return int.from_bytes(hashlib.sha256(_DERIVE + _encoded(seed) + parts).digest(), "big")


def chance_rng(seed: Seed, move: int) -> random.Random:
    """The RNG of the chance outcome at the game's move number `move` (`len(state.history)`)."""
    return random.Random(derive(seed, "chance", move))


def agent_seed(seed: Seed, seat: int, move: int | None = None) -> int:
    """The seed of the agent at `seat` (for its move number `move`, when it is re-seeded)."""
    return derive(seed, "agent", seat, "" if move is None else move) % 2**63
