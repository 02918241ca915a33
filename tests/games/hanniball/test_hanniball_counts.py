"""Regression counts, as perft is for chess: legal actions and complete turns.

Each count was computed two independent ways — by the game (clone, apply, legal actions) and by
`reference.py`, a second move generator written from the rules page with no shared tables — and
both are checked here against the stored figure. A *complete turn* is a sequence of actions
(steps, ricochet choices, `end`) from the position to the end of the turn or of the game;
*positions* counts the distinct placements and ball squares those turns lead to.
"""

from __future__ import annotations

import os
import warnings

import pytest

from tablesports.games.hanniball.notation import START
from tablesports.games.hanniball.state import HanniBallState
from tests.games.hanniball import reference
from tests.games.hanniball.helpers import GAME

CAPTURE = (  # Black, two steps left; the White Horse on h10 can be fed the ball and captured
    "1m1/2l1h1l2/3e1e1e1/1h3h3/5h3/3e3H1/9/9/9/9/9/5H1H1/1E1E1E2E/2L3L2/2M h10 b 2/4 6 "
    "1m1/2l1h1l2/3e3e1/1h3heh1/9/3e3H1/9/9/9/9/9/5H1H1/1E1E1E2E/2L3L2/2M:h10"
)
RESTORE = (  # Black's last step; one step would restore the turn's start
    "3/2lmh1l1e/3e1e3/1h3h3/9/3e3h1/9/9/9/9/5H3/5H3/3E1E2E/E1L3L2/2M h10 b 3/4 8 "
    "3/2lmh1l2/3e1e1e1/1h3h3/9/3e3h1/9/9/9/9/5H3/5H3/3E1E2E/E1L3L2/2M:h10"
)
RICOCHET = (  # White, two steps left; the Lion on g4 can shoot onto its own Monkey
    "2m/4he2e/3e5/1h7/4l4/9/2e6/9/9/9/9/4EHL2/4M3E/E3E4/3 g4 w 2/4 21 "
    "2m/4he2e/3e5/1h7/4l4/9/2e6/9/9/9/3L5/4EHh2/4M3E/E3E4/3:g4"
)
UNCHANGED = (  # Black's last step with the position as at the turn's start: every step is legal
    "2m/h8/4e4/e3e2l1/1h7/9/9/9/9/1H7/6hEE/1HE6/3LE4/4M4/3 h12 b 3/4 28 "
    "2m/h8/4e4/e3e2l1/1h7/9/9/9/9/1H7/6hEE/1HE6/3LE4/4M4/3:h12"
)
MIDDLE = "1m1/6e1e/3he4/1h1l5/9/9/9/9/9/4e4/4E2H1/9/8E/E3ME3/3 e6 w 0/4 29"

# position: (legal actions, complete turns, positions after the turn)
TURN_COUNTS = {
    START: (59, 3564, 1871),
    CAPTURE: (64, 4081, 2082),
    RESTORE: (73, 73, 73),
    RICOCHET: (78, 7040, 3243),
    UNCHANGED: (82, 82, 82),
}
MIDDLE_PERFT = {1: 36, 2: 1344, 3: 51770}
MIDDLE_TURNS = {  # steps left in the turn: (complete turns, positions)
    3: (49_328, 7_652),  # both ways in ~3 s: every run
    4: (1_837_766, 67_099),  # the game in ~16 s, the reference in ~50 s: TABLESPORTS_SLOW=1
}
SLOW = os.environ.get("TABLESPORTS_SLOW") == "1"


def middle(steps_left: int) -> str:
    """MIDDLE with `steps_left` of White's four steps left, no piece moved yet."""
    placement, ball, side, _, turn = MIDDLE.split()
    return f"{placement} {ball} {side} {4 - steps_left}/4 {turn} {placement}:{ball}"


def game_turns(state: HanniBallState) -> tuple[int, int]:
    finals, count, side, stack = set(), 0, state.to_move, [state]
    while stack:
        node = stack.pop()
        for action in node.legal_actions():
            child = node.clone()
            child.apply_legal(action)
            if child.is_terminal() or child.to_move != side:
                count += 1
                finals.add((tuple(child.board), child.ball))
            else:
                stack.append(child)
    return count, len(finals)


def game_perft(state: HanniBallState, depth: int) -> int:
    if depth == 0 or state.is_terminal():
        return 1
    total = 0
    for action in state.legal_actions():
        child = state.clone()
        child.apply_legal(action)
        total += game_perft(child, depth - 1)
    return total


@pytest.mark.parametrize("notation", list(TURN_COUNTS))
def test_turn_counts_by_the_game(notation: str) -> None:
    state = GAME.from_position(notation)
    actions, turns, positions = TURN_COUNTS[notation]
    assert len(state.legal_actions()) == actions
    assert game_turns(state) == (turns, positions)


@pytest.mark.parametrize("notation", list(TURN_COUNTS))
def test_turn_counts_by_the_reference(notation: str) -> None:
    pos = reference.read(notation)
    actions, turns, positions = TURN_COUNTS[notation]
    assert len(reference.legal(pos)) == actions
    assert reference.turn_counts(pos) == (turns, positions)


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_middle_game_perft_both_ways(depth: int) -> None:
    assert game_perft(GAME.from_position(MIDDLE), depth) == MIDDLE_PERFT[depth]
    assert reference.perft(reference.read(MIDDLE), depth) == MIDDLE_PERFT[depth]


def test_middle_game_complete_turns_both_ways() -> None:
    """Every complete turn from MIDDLE with three steps left (a few seconds); with the
    environment variable TABLESPORTS_SLOW=1, also the whole four-step turn (about a minute)."""
    for steps_left in (3, 4) if SLOW else (3,):
        notation = middle(steps_left)
        assert game_turns(GAME.from_position(notation)) == MIDDLE_TURNS[steps_left]
        assert reference.turn_counts(reference.read(notation)) == MIDDLE_TURNS[steps_left]
    if not SLOW:
        warnings.warn(
            "HanniBall: the whole four-step turn count from MIDDLE (about a minute) was not "
            "run; set TABLESPORTS_SLOW=1 to run it",
            stacklevel=1,
        )
