"""Why an action is illegal in a Juggers state: the rule that forbids it, for the message of
`IllegalActionError` (only on the error path: `JuggersState.why_illegal` asks here)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.core.protocol import Action
from tablesports.games.juggers.actions import (
    COLUMNS,
    ROWS,
    Flick,
    Pass,
    Place,
    Shooter,
    Sub,
    Super,
    malformed,
)
from tablesports.games.juggers.phases import OVER, PLACE, PLAY, SHOOTER

if TYPE_CHECKING:
    from tablesports.games.juggers.state import JuggersState


def why_illegal(s: JuggersState, action: Action) -> str | None:
    """The reason `action` is illegal in `s`, or None for the protocol's generic one."""
    if s.phase == OVER:
        return "the match is over"
    bad = malformed(action)
    if bad:
        return bad
    for name in ("jugger", "out", "into"):  # Flick, Place, Super, Shooter, Sub
        if s.to_move >= 0 and not 1 <= getattr(action, name, 1) <= 4:
            return f"your Juggers are numbered 1 to 4, not {getattr(action, name)}"
    if s.to_move >= 0 and isinstance(action, Flick):
        return s.why_flick_illegal(action) or "?"
    if isinstance(action, Super) and s.phase == PLAY and s.to_move >= 0:
        slot = s.to_move * 4 + action.jugger - 1
        if s.declared >= 0:
            return "a supermove is already declared: flick now (R23)"
        if s.pos[slot] is None:
            return "a supermove is used only while its Jugger is on the table (R23)"
        if not s.paid[slot]:
            return "this Jugger was drafted over budget: no supermove (R27)"
        cost = s.super_cost(slot)
        if s.morale[s.to_move] < cost:
            have = s.morale[s.to_move]
            return f"the supermove costs {cost} morale, the team has {have} (R24)"
    if isinstance(action, Sub) and s.phase == PLAY and s.to_move >= 0:
        if s.subs[s.to_move]:
            return "one substitution per turn (R17)"
        return (
            "a substitution swaps a Jugger on the table for one on the bench with life (R17, R22)"
        )
    if isinstance(action, Place) and not (
        0 <= action.col < len(COLUMNS) and 0 <= action.row < ROWS
    ):
        return f"a cell is column 0 to {len(COLUMNS) - 1} and row 0 to {ROWS - 1} (a1 to l8)"
    if isinstance(action, Place) and s.phase == PLACE:
        return (
            "place a Jugger with life points left that is not yet on the table, on a free "
            "cell of your own half (R4, R22, H-PLACE)"
        )
    if isinstance(action, Shooter) and s.phase == SHOOTER:
        may = ", ".join(map(str, s.shooters(s.to_move)))
        return (
            "a Jugger of yours with life left takes the penalty (R22; any of the four only "
            f"when none has life, H-PEN-NONE): {may}"
        )
    if isinstance(action, Pass):
        return "pass only when no flick, supermove or substitution is possible"
    return None
