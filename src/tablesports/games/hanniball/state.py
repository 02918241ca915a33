"""The HanniBall state: a flat board, the ball, and the turn in progress.

One action is one step (or the ricochet that finishes a shot, or `end`). The turn passes by
`end` or when its step limit is reached. A turn must change the position: `end` is illegal
while the position equals the turn's start, and so is a last step that would restore it.
"""

from __future__ import annotations

from bisect import insort
from operator import ne
from typing import TYPE_CHECKING, Any

from tablesports.core.events import Event
from tablesports.core.protocol import TERMINAL, Action, State
from tablesports.games.hanniball.actions import END, MOVE, RICOCHET, SHOT, TEXTS, End, Step
from tablesports.games.hanniball.board import (
    COLOR_NAMES,
    COLOR_OF,
    GOAL_OWNER,
    HOME,
    KIND_NAMES,
    KIND_OF,
    MONKEY,
    NAMES,
    ZOBRIST_BALL,
    ZOBRIST_BLACK,
    ZOBRIST_PIECE,
)
from tablesports.games.hanniball.notation import Position, format_position
from tablesports.games.hanniball.steps import BIT, KEEP, piece_steps
from tablesports.games.hanniball.tables import MOVES, RICOCHET_ACTIONS

if TYPE_CHECKING:
    from tablesports.games.hanniball.game import HanniBallGame

PIECE_NAMES = tuple(
    f"{COLOR_NAMES[COLOR_OF[code]]} {KIND_NAMES[KIND_OF[code]]}" if code else ""
    for code in range(9)
)
"""PIECE_NAMES[code]: "White Horse"... for the log."""


def position_hash(board: list[int], ball: int) -> int:
    """The Zobrist hash of a placement and ball (the side to move is added separately)."""
    h = ZOBRIST_BALL[ball]
    for i, code in enumerate(board):
        if code:
            h ^= ZOBRIST_PIECE[code][i]
    return h


class HanniBallState(State):
    """A HanniBall position with the turn in progress."""

    game: HanniBallGame

    def __init__(self, game: HanniBallGame, pos: Position) -> None:
        self.game = game
        self.history = []
        self.board = pos.board[:]
        self.ball = pos.ball
        self.pending = pos.ricochet_pending
        self.to_move = pos.to_move
        self.used = pos.steps_used
        self.limit = pos.step_limit
        self.turn = pos.turn
        self.pieces = [[i for i, c in enumerate(self.board) if COLOR_OF[c] == k] for k in (0, 1)]
        """Each side's squares, in ascending order."""
        self.hash = position_hash(self.board, self.ball)
        self.where = [sum(1 << i for i in side) for side in self.pieces]
        """Each side's squares as bits (bit ``sq``)."""
        self.lists: dict[int, list[Step]] = {}
        """Each piece's steps by its square, kept between steps (`steps.py`): right where the
        bit of the square is set in `kept`."""
        self.kept = 0
        self.shared = False
        """Whether `lists` is shared with a clone: copied (the forgotten lists left out)
        before it is written, so a clone costs no copy until it moves on."""
        self.start_board = pos.start_board[:]
        self.start_where = [
            sum(1 << i for i, c in enumerate(self.start_board) if COLOR_OF[c] == k) for k in (0, 1)
        ]
        """`where` at the turn's start (replaced, never changed in place, so clones share it)."""
        self.start_ball = pos.start_ball
        self.start_hash = position_hash(self.start_board, self.start_ball)
        self.repetitions = [self.start_hash ^ (ZOBRIST_BLACK if self.to_move else 0)]
        self.over = False
        self.winner: int | None = None
        self.reason = ""
        opts = game.options
        self.max_turns: int = opts.max_turns
        self.repetition_limit: int | None = opts.repetition_draw
        self.max_defenders: int | None = opts.max_defenders
        owner = GOAL_OWNER[self.ball]
        if owner >= 0 and not self.pending:
            self._finish(1 - owner, f"the ball is in {COLOR_NAMES[owner]}'s goal")
        elif self.turn > self.max_turns:
            self._finish(None, f"the turn limit ({self.max_turns} turns) is reached")
        else:
            self._check_stuck()

    # --- queries ------------------------------------------------------------------------------
    def current_player(self) -> int:
        return TERMINAL if self.over else self.to_move

    def is_terminal(self) -> bool:
        return self.over

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def position(self) -> Position:
        return Position(
            self.board[:],
            self.ball,
            self.pending,
            self.to_move,
            self.used,
            self.limit,
            self.turn,
            self.start_board[:],
            self.start_ball,
        )

    def notation(self) -> str:
        """This position in the game's notation (`HanniBallGame.from_position` reads it)."""
        return format_position(self.position())

    def ball_square(self) -> str:
        """The name of the ball's square, e.g. ``"e8"``."""
        return NAMES[self.ball]

    def holder(self) -> str | None:
        """The piece that controls the ball, e.g. ``"White Lion"``, or None."""
        code = self.board[self.ball]
        if not code or self.pending:
            return None
        return f"{COLOR_NAMES[COLOR_OF[code]]} {KIND_NAMES[KIND_OF[code]]}"

    def changed(self) -> bool:
        """Whether the position differs from the one the turn started from."""
        if self.hash != self.start_hash:
            return True
        return self.ball != self.start_ball or self.board != self.start_board

    def defenders(self, color: int) -> int:
        """The pieces of ``color`` other than its Monkey in its own goal area and goal."""
        board, home = self.board, HOME[color]
        return sum(1 for s in self.pieces[color] if home[s] and KIND_OF[board[s]] != MONKEY)

    def _end_allowed(self) -> bool:
        if not self.used or not self.changed():
            return False
        n = self.max_defenders
        return n is None or self.defenders(self.to_move) <= n

    # --- move generation ----------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        if self.over:
            return []
        if self.pending:
            acts: list[Action] = list(RICOCHET_ACTIONS[self.ball])
            if self.used == self.limit and self.board == self.start_board:
                acts = [a for a in acts if a.to != self.start_ball]  # type: ignore[attr-defined]
            return acts
        out = self._steps()
        if self.used + 1 == self.limit:
            out = self._last_step_filter(out)
        if self.used and (
            (self.hash != self.start_hash and self.max_defenders is None) or self._end_allowed()
        ):
            out.append(END)
        return out

    def _steps(self) -> list[Action]:
        """Every step the rules of movement and shooting allow, before the turn rules: each
        piece's steps (`steps.piece_steps`), pieces in square order. A piece's list is kept
        until a step near it (`steps.ZONE`): only the lists forgotten since are made again."""
        me, lists = self.to_move, self.lists
        mine = self.where[me]
        todo = mine ^ (mine & self.kept)  # not mine & ~kept: negative ints are slower
        if todo:
            if self.shared:  # copy on write (see clone)
                kept = self.kept
                lists = self.lists = {s: v for s, v in lists.items() if kept >> s & 1}
                self.shared = False
            board, ball = self.board, self.ball
            while todo:
                low = todo & -todo
                s = low.bit_length() - 1
                lists[s] = piece_steps(board, me, s, ball)
                todo ^= low
            self.kept |= mine
        out: list[Action] = []
        for s in self.pieces[me]:
            out += lists[s]
        return out

    def _last_step_filter(self, acts: list[Action]) -> list[Action]:
        """The turn's last step must leave a changed position (and, in the anti-clustering
        variant, no more defenders than allowed)."""
        n = self.max_defenders
        if n is not None:
            home, board, count = HOME[self.to_move], self.board, self.defenders(self.to_move)
            keep: list[Action] = []
            for a in acts:
                assert isinstance(a, Step)
                after = count
                if a.kind != SHOT and KIND_OF[board[a.frm]] != MONKEY:
                    after += home[a.to] - home[a.frm]
                if after <= n:
                    keep.append(a)
            acts = keep
        (w0, w1), (s0, s1) = self.where, self.start_where
        if ((w0 ^ s0) | (w1 ^ s1)).bit_count() > 2:
            return acts  # more than two squares differ (a quick count of a side's squares)
        differing = sum(map(ne, self.board, self.start_board))
        if differing not in (0, 2):
            return acts  # one step changes 0 or 2 squares: it cannot restore the start
        return [a for a in acts if not self._restores_start(a)]  # type: ignore[arg-type]

    def _restores_start(self, a: Step) -> bool:
        board, start = self.board, self.start_board
        if a.kind == SHOT:
            return a.to == self.start_ball and board == start and KIND_OF[board[a.to]] != MONKEY
        code = board[a.frm]
        ball = a.to if (a.kind == MOVE and self.ball == a.frm) else self.ball
        if ball != self.start_ball or start[a.frm] != 0 or start[a.to] != code:
            return False
        board[a.frm], board[a.to], saved = 0, code, board[a.to]
        same = board == start
        board[a.frm], board[a.to] = code, saved
        return same

    # --- applying -----------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        if action.__class__ is End:
            events = [Event("end", f"{COLOR_NAMES[self.to_move]} ends the turn", rule="turn")]
            self._end_turn(events)
            return events
        assert isinstance(action, Step)
        kind, frm, to = action.kind, action.frm, action.to
        board = self.board
        me = self.to_move
        if kind == RICOCHET:
            self._move_ball(to)
            self.pending = False
            events = [
                Event(
                    "ricochet",
                    f"the ball ricochets off the Monkey to {NAMES[to]}",
                    {"from": NAMES[frm], "to": NAMES[to]},
                    "ricochet",
                )
            ]
            self._after_landing(events)
            return events
        self.used += 1
        text = TEXTS.get(id(action)) or str(action)
        if kind == SHOT:
            self._move_ball(to)
            events = [Event("shot", f"{COLOR_NAMES[me]} shoots {text}", {"step": text}, "shot")]
            if KIND_OF[board[to]] == MONKEY:
                self.pending = True
                events.append(
                    Event(
                        "ricochet-choice",
                        f"the ball lands on the Monkey on "
                        f"{NAMES[to]}: {COLOR_NAMES[me]} chooses the ricochet",
                        rule="ricochet",
                    )
                )
                return events
            self._after_landing(events)
            return events
        code = board[frm]
        victim = board[to]
        h = self.hash ^ ZOBRIST_PIECE[code][frm] ^ ZOBRIST_PIECE[code][to]
        events = [
            Event(
                "step",
                f"{PIECE_NAMES[code]} {text}",
                {"step": text},
                "move",
            )
        ]
        if victim:
            h ^= ZOBRIST_PIECE[victim][to]
            self.pieces[1 - me].remove(to)
            self.where[1 - me] ^= BIT[to]
            events.append(
                Event(
                    "capture",
                    f"the {COLOR_NAMES[1 - me]} "
                    f"{KIND_NAMES[KIND_OF[victim]]} on {NAMES[to]} is captured and "
                    "the ball taken",
                    rule="capture",
                )
            )
        board[frm], board[to] = 0, code
        self.kept &= KEEP[frm] & KEEP[to]
        if not self.shared:
            self.lists.pop(frm, None)  # no piece there now: no list kept for it
        self.where[me] ^= BIT[frm] | BIT[to]
        mine = self.pieces[me]
        mine.remove(frm)
        insort(mine, to)  # kept in square order: the order of the legal actions
        self.hash = h
        if kind == MOVE and self.ball == frm:
            self._move_ball(to)
        self._after_landing(events)
        return events

    def _move_ball(self, to: int) -> None:
        self.hash ^= ZOBRIST_BALL[self.ball] ^ ZOBRIST_BALL[to]
        self.kept &= KEEP[self.ball] & KEEP[to]  # the holders and who may capture change
        self.ball = to

    def _after_landing(self, events: list[Event]) -> None:
        """A ball in a goal ends the game; a used-up turn passes; a stuck player loses."""
        code = self.board[self.ball]
        if code and events[0].kind != "step":  # a shot or ricochet gives its piece control
            events.append(
                Event(
                    "control",
                    f"the {COLOR_NAMES[COLOR_OF[code]]} {KIND_NAMES[KIND_OF[code]]} on "
                    f"{NAMES[self.ball]} controls the ball",
                    rule="control",
                )
            )
        owner = GOAL_OWNER[self.ball]
        if owner >= 0:
            winner = 1 - owner
            text = (
                f"{COLOR_NAMES[winner]} scores in {COLOR_NAMES[owner]}'s goal"
                if winner == self.to_move
                else f"{COLOR_NAMES[owner]} puts the ball into its own goal and loses"
            )
            self._finish(winner, text)
            events.append(Event("goal", text, {"winner": COLOR_NAMES[winner]}, "goal"))
            return
        if self.used >= self.limit:
            self._end_turn(events)
        else:
            self._check_stuck(events)

    def _end_turn(self, events: list[Event]) -> None:
        self.to_move ^= 1
        self.used = 0
        self.limit = 4
        self.turn += 1
        if self.turn > self.max_turns:
            self._finish(None, f"the turn limit ({self.max_turns} turns) is reached")
            events.append(Event("draw", f"draw: {self.reason}", rule="turn limit"))
            return
        self.start_board = self.board[:]
        self.start_where = self.where[:]
        self.start_ball = self.ball
        self.start_hash = self.hash
        key = self.hash ^ (ZOBRIST_BLACK if self.to_move else 0)
        reps = self.repetitions
        reps.append(key)
        if self.repetition_limit is not None and reps.count(key) >= self.repetition_limit:
            self._finish(None, f"the same position occurs {self.repetition_limit} times")
            events.append(Event("draw", f"draw: {self.reason}", rule="repetition"))
            return
        self._check_stuck(events)

    def _check_stuck(self, events: list[Event] | None = None) -> None:
        if (
            self.pending
            or (
                self.used
                and (
                    (self.hash != self.start_hash and self.max_defenders is None)
                    or self._end_allowed()
                )
            )
            or self._any_step()
        ):
            return
        if self.legal_actions():
            return
        loser = self.to_move
        self._finish(1 - loser, f"{COLOR_NAMES[loser]} has no legal step")
        if events is not None:
            events.append(
                Event(
                    "stuck", f"{self.reason}: {COLOR_NAMES[1 - loser]} wins", rule="no legal step"
                )
            )

    def _any_step(self) -> bool:
        """A quick yes for the usual case: some step exists and the turn rules cannot bite."""
        if self.used + 1 >= self.limit:
            return False  # the last step is filtered: let legal_actions decide
        board, me = self.board, self.to_move
        for s in self.pieces[me]:
            if s == self.ball:
                return True  # the holder can always shoot
            steps, jumps = MOVES[me][KIND_OF[board[s]]][s]
            for t, _, _ in steps:
                if not board[t]:
                    return True
            for t, a, b, _, _ in jumps:
                if not board[t] and not (board[a] and board[b]):
                    return True
        return False

    def _finish(self, winner: int | None, reason: str) -> None:
        self.over = True
        self.winner = winner
        self.reason = reason

    # --- copies, files, pictures ----------------------------------------------------------------
    def clone(self) -> HanniBallState:
        other = object.__new__(HanniBallState)
        self.shared = True  # the two share `lists` until one writes it
        other.__dict__.update(self.__dict__)
        other.board = self.board[:]
        other.pieces = [self.pieces[0][:], self.pieces[1][:]]
        other.where = self.where[:]
        other.repetitions = self.repetitions[:]
        other.history = self.history[:]
        return other  # start_board is replaced, never changed in place, so it is shared

    def to_json(self) -> dict[str, Any]:
        return {
            "position": self.notation(),
            "repetitions": [f"{k:016x}" for k in self.repetitions],
            "outcome": {"winner": self.winner, "reason": self.reason} if self.over else None,
            "history": self.history_json(),
        }

    def render(self, player: int | None = None) -> str:
        from tablesports.games.hanniball.render import render

        return render(self)

    def why_illegal(self, action: object) -> str:
        from tablesports.games.hanniball.legality import why_illegal

        return why_illegal(self, action)
