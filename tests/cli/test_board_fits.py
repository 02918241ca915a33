"""Every game's board fits the terminal it is drawn for: no line wider than 80 columns at 80×24
(as displayed: rich's cell width, the arrows counted as the terminal counts them)."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console

from tablesports.cli.board import Board
from tablesports.core.protocol import CHANCE, State
from tablesports.core.registry import load

GAMES = ["bloodbowl", "hanniball", "juggers", "juggerttg", "jukem"]


def played(game_id: str, steps: int, seed: int = 1, **options: Any) -> State:
    """A real position: `steps` moves of random play from the start (fewer if it ends)."""
    state = load(game_id, **options).new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        player = state.current_player()
        legal = state.legal_actions()
        state.apply_action(state.sample_chance(rng) if player == CHANCE else rng.choice(legal))
    return state


def widest(state: State, width: int = 80, height: int = 24) -> tuple[int, str]:
    """The widest line of the drawing for a console of `width` × `height`, for every seat."""
    out = Console(file=io.StringIO(), width=width, height=height, no_color=True)
    found = (0, "")
    for seat in [None, *range(state.game.info.players)]:
        for line in Board(out).drawing(state, seat).plain.split("\n"):
            found = max(found, (cell_len(line), line))
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_every_games_board_fits_80_columns_from_start_to_mid_game(game_id: str) -> None:
    for steps in (0, 60, 150, 300):
        state = played(game_id, steps)
        width, line = widest(state)
        assert width <= 80, f"{game_id} after {steps} steps: {width} columns: {line!r}"


def _ttg_mid_game() -> Any:
    state: Any = played("juggerttg", 600, seed=3)
    assert state.phase not in ("recruit", "over") and all(p >= 0 for p in state.pos[:5])
    return state


def test_juggerttg_board_with_every_hero_on_the_field_fits_80_columns() -> None:
    """The widest Jugger TTG position: the long game's 16 heroes all on the field, the longest
    markers on a card (down, pinned, exhausted, carrying, holding, done, delayed)."""
    state: Any = played("juggerttg", 900, seed=5, length="long")
    free = [hx for hx in range(len(state.game.field)) if state.game.field[hx]]
    for h in range(16):
        state.pos[h] = free[h * 11 % len(free)]
    state.down[0], state.penalty[0], state.pinned_by[0] = True, 5, 8
    state.exhausted[0] = state.activated[0] = state.delayed[0] = True
    state.carrier, state.holder, state.held = 0, 0, 8
    width, line = widest(state)
    assert width <= 80, f"{width} columns: {line!r}"
    rows = Board(Console(file=io.StringIO(), width=80)).drawing(state, 0).plain.split("\n")
    # all 16 heroes on the board and on their cards, the kneeling carrier's Jugg marked
    board = "\n".join(rows[1:12])
    for h in range(1, 16):
        label = f"{'rb'[h // 8]}{h % 8 + 1}"
        assert label in board.lower() and any(r.startswith(f"  {label} ") for r in rows)
    assert "R1*" in board


def test_juggerttg_narrow_board_keeps_coordinates_facings_and_the_jugg() -> None:
    state = _ttg_mid_game()
    narrow = Board(Console(file=io.StringIO(), width=80)).drawing(state, 0).plain.split("\n")
    wide = Board(Console(file=io.StringIO(), width=120)).drawing(state, 0).plain.split("\n")
    assert narrow[0].split() == [chr(97 + c) for c in range(21)]  # the column letters a..u
    assert [row.split()[0] for row in narrow[1:12]] == [str(r) for r in range(1, 12)]
    assert max(cell_len(row) for row in wide[:12]) > 80  # the wide picture where it fits
    assert wide[0].split() == narrow[0].split()
    # the same heroes, facings and marks on both, cell by cell (the wide cell's * folded in)
    cells_wide = sorted(w for row in wide[1:12] for w in row.split() if w != ".")
    cells_narrow = sorted(w for row in narrow[1:12] for w in row.split() if w != ".")
    assert len(cells_wide) == len(cells_narrow)


def test_a_long_text_line_breaks_between_words_under_its_indent() -> None:
    from tablesports.cli.board.view import fit

    text = "  pile: " + " ".join(f"CARD-{n}" for n in range(30))
    lines = fit(text, 40).split("\n")
    assert all(cell_len(line) <= 40 for line in lines) and len(lines) > 2
    assert all(line.startswith("      CARD-") for line in lines[1:])
    assert " ".join(" ".join(lines).split()) == " ".join(text.split())  # no word lost or cut


def test_juggerttg_hexes_of_the_last_step_are_reversed_and_heroes_in_their_colour() -> None:
    state = load("juggerttg").from_position(
        "rda=4 init=red active=r2 moves=3 / r1 nils qwik c6 E 4/3; r2 wren long g6 E 3/4; "
        "b3 tove long k6 W 4/3; b1 sami qwik s6 W 4/2"
    )
    buffer = io.StringIO()
    out = Console(file=buffer, width=80, height=24, force_terminal=True, color_system="standard")
    board = Board(out)
    action = state.parse_action("step h6")
    board.before(state, 0, action)
    state.apply_action(action)
    board.draw(state, 0)
    drawn = buffer.getvalue()
    assert "\x1b[1;7;31mr2" in drawn  # r2 on h6, where it went: red and reversed
    assert drawn.count("\x1b[7m . \x1b[0m") == 1  # g6, where it stood: reversed
    assert "\x1b[1;94mb3" in drawn  # blue's hero in blue, not reversed
