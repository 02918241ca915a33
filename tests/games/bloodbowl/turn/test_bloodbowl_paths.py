"""The pathfinder's invariants over random positions (hypothesis): every move target comes
with a real path of empty, adjacent squares within MA + 2, and the dice shown are exactly the
Rushes and Dodges that path needs."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tablesports.games.bloodbowl.pitch import NEIGHBOURS, WIDTH
from tablesports.games.bloodbowl.turn.common import marking
from tablesports.games.bloodbowl.turn.paths import reach
from tests.games.bloodbowl.turn.turn_helpers import act, position, who

SQUARES = st.tuples(st.integers(0, WIDTH - 1), st.integers(0, 14))


@settings(max_examples=40, deadline=None)
@given(
    mover=SQUARES,
    orcs=st.lists(SQUARES, min_size=0, max_size=6, unique=True),
    moved=st.integers(0, 3),
)
def test_every_target_has_a_real_path_with_the_dice_it_needs(
    mover: tuple[int, int], orcs: list[tuple[int, int]], moved: int
) -> None:
    orcs = [sq for sq in orcs if sq != mover]
    players = [f"H10 {mover[0]},{mover[1]}"] + [
        f"A{i + 1} {x},{y}" for i, (x, y) in enumerate(orcs)
    ]
    s = position(*players)
    p = who(s, "H10")
    r = reach(s, p.pid, moved)
    free = p.ma - moved
    for target, risk in r.risk.items():
        path = r.path(target)
        assert path[-1] == target and len(path) <= p.ma + 2 - moved
        frm = p.square
        dodges = 0
        for sq in path:
            assert sq in NEIGHBOURS[frm] and s.pitch[sq] < 0
            dodges += marking(s, p.team, frm) > 0
            frm = sq
        rolls = risk.split(", ") if risk else []
        assert sum(x.startswith("rush") for x in rolls) == max(0, len(path) - max(free, 0))
        assert sum(x.startswith("dodge") for x in rolls) == dodges


def test_a_move_walks_the_path_shown() -> None:
    s = position("H10 2,7", "A1 5,7")
    act(s, "move 10")
    r = reach(s, who(s, "H10").pid, 0)
    target = 8 + 7 * WIDTH
    path = r.path(target)
    act(s, "move 10 to 8,7")
    assert who(s, "H10").square == target and len(path) >= 6
