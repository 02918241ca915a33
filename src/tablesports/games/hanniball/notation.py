"""The position notation, in the spirit of FEN.

Six fields separated by spaces (the sixth only in the middle of a turn)::

    1m1/2l3l2/1e1e1e1e1/1h1h1h1h1/9/9/9/9/9/9/9/1H1H1H1H1/1E1E1E1E1/2L3L2/1M1 e8 w 0/2 1

1. Placement, rank 15 first, ranks separated by ``/``. Ranks 15 and 1 have three squares (the
   goals, files d-f), the others nine (a-i). ``H E L M`` are White's Horse, Elephant, Lion and
   Monkey, ``h e l m`` Black's; a digit is that many empty squares.
2. The ball's square. The piece on it, if any, controls the ball. A trailing ``^`` means the
   ball has just landed on the Monkey there and the shooter must choose its ricochet.
3. The side to move: ``w`` or ``b``.
4. Steps used this turn and the turn's limit: ``0/4``, or ``0/2`` on White's first turn.
5. The turn number: 1 for White's first turn, 2 for Black's first, and so on.
6. In the middle of a turn (steps used > 0) the turn's starting position, as
   ``placement:ball``: a turn must change the position, so the game needs to know it.
"""

from __future__ import annotations

from dataclasses import dataclass

from tablesports.core.errors import NotationError
from tablesports.games.hanniball.board import (
    CELLS,
    COLOR_OF,
    GOAL_FILES,
    GOAL_OWNER,
    HEIGHT,
    HOME,
    KIND_NAMES,
    KIND_OF,
    LETTER_OF,
    MONKEY,
    NAMES,
    WIDTH,
    name_to_index,
)

PIECE_LIMITS = (4, 4, 2, 1)
"""At most this many Horses, Elephants, Lions and Monkeys a side (pieces are only lost)."""

START = "1m1/2l3l2/1e1e1e1e1/1h1h1h1h1/9/9/9/9/9/9/9/1H1H1H1H1/1E1E1E1E1/2L3L2/1M1 e8 w 0/2 1"


@dataclass(slots=True)
class Position:
    """A position read from the notation: a flat board of piece codes and the turn's state."""

    board: list[int]
    ball: int
    ricochet_pending: bool
    to_move: int
    steps_used: int
    step_limit: int
    turn: int
    start_board: list[int]
    start_ball: int


def _files_of_rank(row: int) -> tuple[int, ...]:
    return GOAL_FILES if row in (0, HEIGHT - 1) else tuple(range(WIDTH))


def parse_placement(text: str, what: str = "placement") -> list[int]:
    """The flat board (piece codes, with the always-empty sentinel cell) of a placement field."""
    ranks = text.split("/")
    if len(ranks) != HEIGHT:
        raise NotationError(
            f"{what} {text!r}: expected {HEIGHT} ranks separated by '/' (rank 15 first), "
            f"got {len(ranks)}"
        )
    board = [0] * (CELLS + 1)
    counts = [[0] * 4, [0] * 4]
    for n, rank_text in enumerate(ranks):
        row = HEIGHT - 1 - n
        files = _files_of_rank(row)
        cells: list[int] = []
        for ch in rank_text:
            if ch.isdigit() and ch != "0":
                cells.extend([0] * int(ch))
            elif ch in LETTER_OF[1:]:
                cells.append(LETTER_OF.index(ch))
            else:
                raise NotationError(
                    f"{what}: rank {row + 1} ({rank_text!r}) has {ch!r}; use H E L M (White), "
                    "h e l m (Black) or a digit 1-9 for empty squares"
                )
        if len(cells) != len(files):
            raise NotationError(
                f"{what}: rank {row + 1} ({rank_text!r}) describes {len(cells)} squares, it has "
                f"{len(files)}" + (" (a goal rank has only d, e, f)" if len(files) == 3 else "")
            )
        for col, code in zip(files, cells, strict=True):
            i = row * WIDTH + col
            board[i] = code
            if code:
                color, kind = COLOR_OF[code], KIND_OF[code]
                counts[color][kind] += 1
                if kind == MONKEY and not HOME[color][i]:
                    raise NotationError(
                        f"{what}: the {('White', 'Black')[color]} Monkey on {NAMES[i]} is outside "
                        "its goal area and goal, which it may never leave"
                    )
    for color in (0, 1):
        for kind, limit in enumerate(PIECE_LIMITS):
            if counts[color][kind] > limit:
                raise NotationError(
                    f"{what}: {('White', 'Black')[color]} has {counts[color][kind]} "
                    f"{KIND_NAMES[kind]}s; a side has at most {limit}"
                )
    return board


def format_placement(board: list[int]) -> str:
    ranks = []
    for row in range(HEIGHT - 1, -1, -1):
        out, empty = [], 0
        for col in _files_of_rank(row):
            code = board[row * WIDTH + col]
            if code:
                if empty:
                    out.append(str(empty))
                    empty = 0
                out.append(LETTER_OF[code])
            else:
                empty += 1
        if empty:
            out.append(str(empty))
        ranks.append("".join(out))
    return "/".join(ranks)


def _square(text: str, what: str) -> int:
    try:
        return name_to_index(text)
    except ValueError as exc:
        raise NotationError(f"{what}: {exc}") from None


def _int(text: str, what: str) -> int:
    if not text.isdigit():
        raise NotationError(f"{what} {text!r} is not a whole number")
    return int(text)


def parse_position(text: str) -> Position:
    """Read a position; `NotationError` says which field is wrong and what is allowed."""
    fields = text.split()
    if len(fields) not in (5, 6):
        raise NotationError(
            f"a HanniBall position has 5 fields (placement, ball, side, steps used/limit, "
            f"turn) and a 6th (the turn's start) in mid-turn; got {len(fields)}: {text!r}"
        )
    board = parse_placement(fields[0])
    ball_text = fields[1]
    pending = ball_text.endswith("^")
    ball = _square(ball_text.rstrip("^"), "ball")
    if pending and KIND_OF[board[ball]] != MONKEY:
        raise NotationError(f"ball {ball_text!r}: '^' (ricochet) needs a Monkey on {NAMES[ball]}")
    if fields[2] not in ("w", "b"):
        raise NotationError(f"side to move {fields[2]!r}: use 'w' (White) or 'b' (Black)")
    to_move = "wb".index(fields[2])
    used_text, slash, limit_text = fields[3].partition("/")
    if not slash:
        raise NotationError(f"steps {fields[3]!r}: write steps used / limit, e.g. 0/4 or 1/2")
    used, limit = _int(used_text, "steps used"), _int(limit_text, "step limit")
    turn = _int(fields[4], "turn")
    if turn < 1:
        raise NotationError("turn: the first turn is 1")
    if turn % 2 != (1 if to_move == 0 else 0):
        raise NotationError(
            f"turn {turn}: White plays the odd turns and Black the even ones, "
            f"but the side to move is {('White', 'Black')[to_move]}"
        )
    expected = 2 if turn == 1 else 4
    if limit != expected:
        raise NotationError(
            f"step limit {limit}: turn {turn} allows {expected} steps "
            "(2 on White's first turn, 4 on every other)"
        )
    game_over = GOAL_OWNER[ball] >= 0 and not pending
    if not (used < limit or ((pending or game_over) and used == limit)):
        raise NotationError(
            f"steps used {used}: must be below the limit {limit} (the turn passes when it is "
            "reached), or equal to it while a ricochet is pending or after a goal"
        )
    if pending and used == 0:
        raise NotationError("a pending ricochet follows a shot, so at least one step is used")
    if used == 0:
        if len(fields) == 6:
            raise NotationError(
                "the 6th field (the turn's start) is only for a position in the middle of a turn"
            )
        start_board, start_ball = board[:], ball
    else:
        if len(fields) != 6:
            raise NotationError(
                f"{used} steps are used this turn: add the turn's starting position as a 6th "
                "field, placement:ball (a turn must change the position)"
            )
        start_text, colon, start_ball_text = fields[5].partition(":")
        if not colon:
            raise NotationError(f"turn start {fields[5]!r}: write placement:ball")
        start_board = parse_placement(start_text, "turn start placement")
        start_ball = _square(start_ball_text, "turn start ball")
    return Position(board, ball, pending, to_move, used, limit, turn, start_board, start_ball)


def format_position(p: Position) -> str:
    fields = [
        format_placement(p.board),
        NAMES[p.ball] + ("^" if p.ricochet_pending else ""),
        "wb"[p.to_move],
        f"{p.steps_used}/{p.step_limit}",
        str(p.turn),
    ]
    if p.steps_used:
        fields.append(f"{format_placement(p.start_board)}:{NAMES[p.start_ball]}")
    return " ".join(fields)
