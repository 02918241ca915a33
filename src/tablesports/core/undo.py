"""How far back a person may take back moves: never past what revealed something.

The rule of the board-game sites that allow undo: a move can be taken back only until it
revealed something a player could not know when they made it. Here that is a chance outcome
(a die, a card, a coin's noise), or, in a game of imperfect information, a step by another
seat (it may tell what that seat holds). Past such a step an undo would be an oracle: look at
the roll, take the move back, and choose the move that meets it. A bot's reply in a game of
perfect information reveals nothing of the kind: it is drawn from the game's secret for that
move number and position, so the same position gets the same reply again.

A game resumed from a file, or saved while it is played, draws on from a fresh secret
(`cli.session`): an undo never goes back past that point either, where the dice came from
another seed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tablesports.core.protocol import CHANCE, Action

CHANCE_REVEALED = "chance"
OTHER_SEAT_REVEALED = "other seat"
FRESH_SEED = "fresh seed"


@dataclass(frozen=True, slots=True)
class UndoFloor:
    """The shortest history an undo may leave (`length`), and why it is not shorter."""

    length: int
    reason: str | None
    """CHANCE_REVEALED, OTHER_SEAT_REVEALED, FRESH_SEED, or None (the start of the game)."""


def undo_floor(
    history: Sequence[tuple[int, Action]], seat: int, imperfect: bool, since: int = 0
) -> UndoFloor:
    """How far back `seat` may take back moves: just after the last step of `history` that
    revealed something (a chance outcome; in an `imperfect` game, another seat's step), and
    never before `since` (the start position's own steps, a resume, a save's fresh seed)."""
    for i in range(len(history) - 1, since - 1, -1):
        player = history[i][0]
        if player == CHANCE:
            return UndoFloor(i + 1, CHANCE_REVEALED)
        if imperfect and player != seat:
            return UndoFloor(i + 1, OTHER_SEAT_REVEALED)
    return UndoFloor(since, FRESH_SEED if since else None)


REFUSALS = {
    CHANCE_REVEALED: (
        "the dice have been rolled (or a card drawn) since that move: undo never takes back "
        "a move once chance has answered it"
    ),
    OTHER_SEAT_REVEALED: (
        "the other side has played since that move, showing something you could not know: "
        "undo never takes back a move once it revealed something"
    ),
    FRESH_SEED: (
        "the game was saved or resumed after that move, and draws from a fresh secret since: "
        "undo never goes back past that point"
    ),
}
"""Why an undo is refused, in the terminal's words (the web app has its own, translated)."""
