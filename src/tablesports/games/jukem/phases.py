"""The phases of a deal and what follows a turn: plain numbers the state, the legality check and
the views share."""

from __future__ import annotations

DEALER, DRAW, PLAY, PENALTY, SAVE, OVER = range(6)
PHASES = ("dealer", "draw", "play", "penalty", "save", "over")
AFTER_TURN, AFTER_SUB = 0, 1
