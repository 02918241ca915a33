"""Why an action is illegal: the rule that forbids it, in words."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.games.hanniball.actions import LEAVE, RICOCHET, SHOT, End, Step
from tablesports.games.hanniball.board import (
    COLOR_NAMES,
    COLOR_OF,
    HOME,
    KIND_NAMES,
    KIND_OF,
    KING,
    KNIGHT_JUMPS,
    MONKEY,
    NAMES,
    RICOCHETS,
)
from tablesports.games.hanniball.tables import SHOTS

if TYPE_CHECKING:
    from tablesports.games.hanniball.state import HanniBallState

MOVE_RULES = (
    "a Horse moves like a chess knight",
    "an Elephant moves one square in any direction",
    "a Lion moves as a Horse (knight-jump) or an Elephant (one square)",
    "a Monkey moves as a Lion",
)
SHOT_RULES = (
    "a Horse shoots to a neighbouring square",
    "an Elephant shoots a knight-jump away",
    "a Lion shoots to a neighbouring square or a knight-jump away",
    "a Monkey shoots in a straight line up to five squares, landing outside its goal area",
)


def why_illegal(state: HanniBallState, action: object) -> str:
    if not isinstance(action, Step | End):
        return "not a HanniBall action (a step such as b2-d1, b2~d1, e5*e10, e2^e7, or 'end')"
    if state.over:
        return f"the game is over ({state.reason})"
    ball = state.ball
    if state.pending:
        if not isinstance(action, Step) or action.kind != RICOCHET:
            return (
                f"the ball landed on the Monkey on {NAMES[ball]}: first choose its ricochet, "
                f"{NAMES[ball]}^<square>"
            )
        if action.frm != ball:
            return f"the ricochet starts from the Monkey on {NAMES[ball]}"
        if action.to not in RICOCHETS[ball]:
            return "a ricochet flies up to five squares in a straight line, and never into a goal"
        return (
            "the turn must change the position: this ricochet ends the turn in the position "
            "it started from"
        )
    if isinstance(action, End):
        if not state.used:
            return "a turn is at least one step: make a step before 'end'"
        if not state.changed():
            return "the turn must change the position, and it is the same as at the turn's start"
        return "ending now " + _defenders_text(state)
    return _why_step(state, action)


def _why_step(state: HanniBallState, a: Step) -> str:
    board, me, ball = state.board, state.to_move, state.ball
    if a.kind == RICOCHET:
        return "a ricochet only follows a shot that lands on a Monkey"
    code = board[a.frm]
    if not code:
        return f"there is no piece on {NAMES[a.frm]}"
    if COLOR_OF[code] != me:
        return f"the piece on {NAMES[a.frm]} is {COLOR_NAMES[1 - me]}'s"
    kind = KIND_OF[code]
    if a.kind == SHOT:
        if a.frm != ball:
            return f"only the piece that controls the ball shoots (the ball is on {NAMES[ball]})"
        if a not in SHOTS[me][kind][a.frm]:
            return SHOT_RULES[kind]
        return _turn_rules(state, a)
    if a.kind == LEAVE:
        if kind == MONKEY:
            return "the Monkey never moves away from the ball it controls"
        if a.frm != ball:
            plain = f"{NAMES[a.frm]}-{NAMES[a.to]}"
            return f"only the piece controlling the ball can leave it behind; use {plain}"
    jumps = {t: (x, y) for t, x, y in KNIGHT_JUMPS[a.frm]}
    steps_ok = kind != 0 and a.to in KING[a.frm]
    jump_ok = kind != 1 and a.to in jumps
    if not (steps_ok or jump_ok):
        return MOVE_RULES[kind]
    if kind == MONKEY and not HOME[me][a.to]:
        return "the Monkey may never leave its goal area and goal"
    if not steps_ok:
        x, y = jumps[a.to]
        if board[x] and board[y]:
            return (
                f"the jump is blocked: both squares it passes, {NAMES[x]} and {NAMES[y]}, "
                "are occupied"
            )
    target = board[a.to]
    if target:
        if COLOR_OF[target] == me:
            return f"{NAMES[a.to]} is occupied by your own piece"
        if a.frm == ball:
            return "a piece with the ball moves only to an empty square"
        if a.to != ball:
            return (
                f"the {COLOR_NAMES[1 - me]} {KIND_NAMES[KIND_OF[target]]} on {NAMES[a.to]} "
                "does not control the ball, so it cannot be captured"
            )
    return _turn_rules(state, a)


def _turn_rules(state: HanniBallState, a: Step) -> str:
    if state.used + 1 == state.limit:
        n = state.max_defenders
        if n is not None:
            after = state.defenders(state.to_move)
            if a.kind != SHOT and KIND_OF[state.board[a.frm]] != MONKEY:
                home = HOME[state.to_move]
                after += home[a.to] - home[a.frm]
            if after > n:
                return "this last step " + _defenders_text(state)
        return (
            "the turn must change the position: this last step would restore the position "
            "the turn started from"
        )
    return "it is not legal here"


def _defenders_text(state: HanniBallState) -> str:
    n = state.max_defenders
    return (
        f"would break the anti-clustering rule: at most {n} pieces besides the Monkey may "
        "stand in their own goal area and goal at the end of a turn"
    )
