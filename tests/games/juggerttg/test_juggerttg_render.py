"""The terminal picture of the board: each hero at its hex, and the field of the game's options
(the rows without a hero are drawn once a field and reused)."""

from __future__ import annotations

from tablesports.core.registry import load
from tablesports.games.juggerttg.board import R, X
from tablesports.games.juggerttg.render import board_picture
from tests.games.juggerttg.helpers import pos, x

HEROES = "r2 wren long k6 E 3/4; b2 cato long m6 W 5/4; b3 dov long c3 W 0/0 down2"


def cell_text(picture: list[str], hx: int, narrow: bool = False) -> str:
    """What the picture shows at hex `hx` (its row's line, from the hex's column)."""
    line = picture[R[hx] + 1]
    start = (4 if narrow else 5) + (3 * (X[hx] + 1) // 2 if narrow else (X[hx] + 1) * 2)
    return line[start : start + (3 if narrow else 4)]


def test_each_hero_is_drawn_at_its_hex_facing_and_kneeling() -> None:
    st = pos(HEROES, "rda=3 init=red jugg=k6")
    wide, narrow = board_picture(st), board_picture(st, narrow=True)
    assert cell_text(wide, x("k6")) == "r2→*"  # the Jugg on its hex
    assert cell_text(narrow, x("k6"), narrow=True) == "r2⇒"
    assert cell_text(wide, x("m6")) == "b2← "
    assert cell_text(wide, x("b1")) == "r8→ " and cell_text(wide, x("s11")) == "b8← "
    assert cell_text(wide, x("c3")) == "B32 "  # kneeling: capitals and its Stones left
    for hx in (x("l6"), x("a1")):  # empty hexes: the field or a start slot
        assert cell_text(wide, hx) in (" .  ", " :  ", " +  ", " M  ")


def test_the_european_corners_are_drawn_out_and_the_default_field_again_after_them() -> None:
    european = load("juggerttg", european_corners=True)
    out_hexes = european.out  # type: ignore[attr-defined]
    picture = board_picture(european.new_initial_state())  # type: ignore[arg-type]
    assert len(out_hexes) == 20 and {cell_text(picture, hx) for hx in out_hexes} == {" x  "}
    default = board_picture(pos(HEROES))
    qwiks = {x("b1"), x("s11")}  # the position's Qwiks stand in two of those corners
    assert {cell_text(default, hx) for hx in set(out_hexes) - qwiks} == {" .  "}
    assert sum(line.count(" x ") for line in default) == 0
