"""The phases of a Juggers match, written once: the state, its checks, its reasons and the
observation tensor's one-hot all read them from here."""

from __future__ import annotations

PHASES = (
    "toss",
    "choose",
    "draft",
    "place",
    "play",
    "noise",
    "settle",
    "roll",
    "shooter",
    "shoot",
    "over",
)
"""In the order of a match (the tensor's one-hot follows this order)."""
TOSS, CHOOSE, DRAFT, PLACE, PLAY, NOISE, SETTLE, ROLL, SHOOTER, SHOOT, OVER = PHASES
