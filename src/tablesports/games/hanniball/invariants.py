"""The invariants of a HanniBall state (`HanniBallGame.check_state`) beyond what the position
notation already checks (pieces, squares, steps, sides): the turn within the game's limit,
the outcome against the board, the repetition table. Never on the hot path."""

from __future__ import annotations

from typing import Any

from tablesports.core.errors import StateError
from tablesports.games.hanniball.board import GOAL_OWNER
from tablesports.games.hanniball.state import HanniBallState


def _bad(field: str, value: Any, allowed: str) -> StateError:
    return StateError("hanniball", field, value, allowed)


def check_state(s: HanniBallState) -> None:
    last = s.max_turns
    if not isinstance(s.turn, int) or not 1 <= s.turn <= last + 1:
        raise _bad("turn", s.turn, f"1 to {last} (the game's max_turns; {last + 1} once over)")
    if s.turn == last + 1 and not (s.over and s.winner is None):
        raise _bad("turn", s.turn, f"past turn {last} the game is over, a draw")
    if not isinstance(s.over, bool):
        raise _bad("outcome", s.over, "a finished game has an outcome, a live one none")
    if s.winner not in (None, 0, 1):
        raise _bad("outcome.winner", s.winner, "0 (White), 1 (Black) or null (a draw)")
    if not s.over and s.winner is not None:
        raise _bad("outcome.winner", s.winner, "no winner while the game goes on")
    if s.over and (not isinstance(s.reason, str) or not s.reason):
        raise _bad("outcome.reason", s.reason, "a finished game says why it ended")
    owner = GOAL_OWNER[s.ball]
    if owner >= 0 and not s.pending and not (s.over and s.winner == 1 - owner):
        won = ("White", "Black")[1 - owner]
        raise _bad("outcome", s.winner, f"the ball is in a goal: the game is over and {won} won")
    if s.over and s.winner is not None and owner != 1 - s.winner and s.to_move != 1 - s.winner:
        # no goal: the loser must be the side to move, left without a legal step
        raise _bad("outcome.winner", s.winner, "a win needs a goal, or the loser to move, stuck")
    if not isinstance(s.repetitions, list) or not s.repetitions:
        raise _bad("repetitions", s.repetitions, "the positions at each turn's start (1 or more)")
    if len(s.repetitions) > s.turn:
        raise _bad("repetitions", len(s.repetitions), f"at most one per turn so far ({s.turn})")
    for key in s.repetitions:
        if not isinstance(key, int) or not 0 <= key < 1 << 64:
            raise _bad("repetitions", key, "64-bit position keys")
    limit = s.repetition_limit
    if limit and not s.over and max(map(s.repetitions.count, s.repetitions)) >= limit:
        raise _bad("repetitions", limit, f"a position seen {limit} times ends the game, a draw")
    _check_sides(s)


def _check_sides(s: HanniBallState) -> None:
    """A side loses its last piece only to a capture, in the other side's turn: the mover goes
    on with pieces, and when the turn passes the side left without any has no step and loses
    (or the turn limit draws the game first). Play reaches those positions and no others."""
    mover, other = s.pieces[s.to_move], s.pieces[1 - s.to_move]
    if not other and not s.used:
        raise _bad("position", "a side without pieces", "the side that just played has pieces")
    if mover:
        return
    stuck = s.winner == 1 - s.to_move or (s.winner is None and s.turn == s.max_turns + 1)
    if not other or not s.over or not stuck or GOAL_OWNER[s.ball] >= 0:
        side = ("White", "Black")[s.to_move]
        raise _bad(
            "position",
            f"{side} to move without pieces",
            "a side left without pieces has no step: the game is over and it lost "
            "(or the turn limit drew the game)",
        )
