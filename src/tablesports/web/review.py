"""Earlier positions of a match, for review mode and for pacing bot moves on the page.

`state_at(match, n)` is the state after the match's first `n` actions, rebuilt by replaying
them from a checkpoint (a clone kept every `EVERY` actions), so stepping back and forth through
a long Blood Bowl match replays at most `EVERY` actions a request. What a viewer is shown of
that state is made in `views.review_payload`, by the same redaction as a live view: a seat sees
an earlier position as it saw it then, never a card it did not see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tablesports.core.protocol import State
    from tablesports.web.matches import Match

EVERY = 64
"""Actions between two kept checkpoints."""


class Positions:
    """Checkpoints of one match's line of play (dropped when an undo changes the line)."""

    def __init__(self) -> None:
        self.epoch = -1
        self.kept: dict[int, State] = {}

    def state_at(self, match: Match, n: int) -> State:
        if self.epoch != match.epoch:
            self.epoch, self.kept = match.epoch, {}
        if n == len(match.actions):
            return match.state.clone()
        start = max((k for k in self.kept if k <= n), default=0)
        state = self.kept[start].clone() if start else match.game.new_initial_state()
        for i in range(start, n):
            state.apply_legal(match.actions[i][1])
            if (i + 1) % EVERY == 0 and i + 1 not in self.kept:
                self.kept[i + 1] = state.clone()
        return state
