"""Movement: a piece's steps are looked up by the occupancy of the squares it reaches; the list
found must be the one the rules of movement give for the position at hand."""

from __future__ import annotations

import random

from tablesports.games.hanniball.board import COLOR_OF, KIND_OF, MONKEY
from tablesports.games.hanniball.state import HanniBallState, occupancy
from tablesports.games.hanniball.tables import MOVES, SHOTS
from tests.games.hanniball.helpers import GAME


def direct_steps(state: HanniBallState) -> list[object]:
    """The steps of every piece of the side to move, generated from the board (no lookup)."""
    board, ball, me = state.board, state.ball, state.to_move
    holder = board[ball]
    capture = ball if holder and COLOR_OF[holder] != me else -1
    out: list[object] = []
    for s in sorted(state.pieces[me]):
        kind = KIND_OF[board[s]]
        steps, jumps = MOVES[me][kind][s]
        if s == ball:
            leave = kind != MONKEY
            for t, mv, lv in steps:
                if not board[t]:
                    out += [mv, lv] if leave else [mv]
            for t, a, b, mv, lv in jumps:
                if not board[t] and not (board[a] and board[b]):
                    out += [mv, lv] if leave else [mv]
            out += SHOTS[me][kind][s]
        else:
            for t, mv, _ in steps:
                if not board[t] or t == capture:
                    out.append(mv)
            for t, a, b, mv, _ in jumps:
                if (not board[t] or t == capture) and not (board[a] and board[b]):
                    out.append(mv)
    return out


def test_movement_looked_up_steps_match_the_board_along_random_games() -> None:
    rng = random.Random(3)
    checked = 0
    for _ in range(6):
        state = GAME.new_initial_state()
        assert isinstance(state, HanniBallState)
        while not state.is_terminal() and checked < 3000:
            assert state.occ == occupancy(state.board)
            if not state.pending:
                assert state._steps() == direct_steps(state)
                checked += 1
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
    assert checked == 3000
