"""The turn menu's summary of a long list: grouped by what aims, never a wall of entries."""

from __future__ import annotations

from tablesports.cli.menu import menu

HEXES = [f"{c}{r}" for r in range(1, 12) for c in "abcdefghijklmnopqrs"][:202]


def test_a_jugger_ttg_reaction_menu_of_two_hundred_entries_is_a_few_lines() -> None:
    texts = [
        *(f"face {f}" for f in ("E", "NE", "NW", "W", "SW", "SE")),
        "jog",
        "run",
        "sprint",
        "done",
        *(f"throw {h}" for h in HEXES),
        *(f"quickstep r3 {h}" for h in ("k7", "l6", "l7")),
        "aoo r3",
        "aoo r4",
        "no-reaction",
    ]
    lines = menu(texts, 120)
    assert len(texts) == 218 and len(lines) <= 6
    assert "face: E NE NW W SW SE" in lines
    assert "jog run sprint done no-reaction" in lines
    assert "throw HEX: 202 hexes (a1 to l11)" in lines
    assert "quickstep r3: k7 l6 l7" in lines
    assert "216. aoo r3  217. aoo r4" in lines  # aimed at a hero: numbered
