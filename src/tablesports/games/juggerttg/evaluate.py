"""A heuristic value of a position for cut-off searches: points, the Jugg, heroes standing,
the Qwiks free to play, stamina kept (an exhausted hero loses a die and its runs, R48)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.games.juggerttg import rules
from tablesports.games.juggerttg import state as S
from tablesports.games.juggerttg.board import DIST, MAL

if TYPE_CHECKING:
    from tablesports.games.juggerttg.game import JuggerState


def evaluate(st: JuggerState) -> list[float]:
    """[v, -v] with v in [-0.95, 0.95] from red's side; the returns once the game is over."""
    if st.phase == S.OVER:
        return st.returns()
    v = max(-0.95, min(0.95, red_value(st)))
    return [v, -v]


def red_value(st: JuggerState) -> float:
    """The position's value from red's side, unclamped (a point 0.3) for a game not over:
    `evaluate` clamps it, the greedy bot's `score` counts it by the thousand."""
    v = 0.3 * (st.score[0] - st.score[1])
    if st.pos[rules.seats(0)[0]] < 0 and all(st.pos[h] < 0 for h in range(S.SEATS)):
        return v
    up = [0, 0]
    for h in range(S.SEATS):
        if rules.on_field(st, h) and not st.down[h]:
            up[h // 8] += 1
    v += 0.06 * (up[0] - up[1])
    for h in range(S.SEATS):
        if not rules.on_field(st, h):
            continue
        sign = 1 if h < 8 else -1
        bad = 0.03 * st.exhausted[h] + 0.004 * st.penalty[h]
        if st.role[h] == rules.QWIK:
            # the only scorer: kneeling costs the drive time, pinned it may never stand (R143)
            bad += 0.06 * st.down[h] + (0.08 if st.pinned_by[h] >= 0 else 0.0)
        elif st.pinned_by[h] >= 0:
            bad += 0.02
        v -= sign * bad
    if st.carrier >= 0:
        p = st.carrier // 8
        d = DIST[st.pos[st.carrier]][MAL[1 - p]]
        v += (1 if p == 0 else -1) * (0.25 + 0.35 * (1 - min(d, 36) / 36))
    elif st.jugg >= 0:
        q = [
            min(
                (
                    DIST[st.pos[h]][st.jugg]
                    for h in rules.seats(p)
                    if st.role[h] == rules.QWIK and rules.standing(st, h)
                ),
                default=20,
            )
            for p in (0, 1)
        ]
        v += 0.015 * (q[1] - q[0])
    return v
