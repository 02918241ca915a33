"""The boards a person sees: zones, marks, colour per side, plain without colour."""

from __future__ import annotations

import io
import re

from rich.console import Console

from tablesports.cli.board import Board
from tablesports.core.protocol import State
from tablesports.core.registry import load
from tests.games.bloodbowl.helpers import edit, to_first_turn


def drawn(
    state: State, seat: int | None, color: bool, moves: tuple[str, ...] = (), height: int = 50
) -> str:
    """The board after `moves` (by the player to move), as a console of 80 columns shows it."""
    buffer = io.StringIO()
    out = Console(
        file=buffer,
        width=80,
        height=height,
        force_terminal=color,
        color_system="standard" if color else None,
        no_color=not color,
    )
    board = Board(out)
    for text in moves:
        action = state.parse_action(text)
        board.before(state, state.current_player(), action)
        state.apply_action(action)
    board.draw(state, seat)
    return buffer.getvalue()


def test_bloodbowl_board_shows_end_zones_wide_zones_scrimmage_and_coordinates() -> None:
    lines = drawn(to_first_turn(), 1, color=False).splitlines()
    assert lines[2].split() == [str(x) for x in range(26)]  # columns along the top
    row0 = lines[3]
    assert row0.startswith(" 0 = ") and row0.endswith("= ")  # both end zones
    assert row0[3:].count(":") == 24  # the top wide zone
    assert lines[3 + 6].split() == ["6", "=", *["."] * 11, "H1|A1", *["."] * 11, "="]
    assert all(len(line) <= 80 for line in lines)  # fits an 80-column terminal


def test_bloodbowl_board_marks_the_carrier_prone_and_stunned_players_with_a_legend() -> None:
    def knock_down(data: dict) -> None:  # type: ignore[type-arg]
        data["players"][0][0]["stance"] = "prone"
        data["players"][0][1]["stance"] = "stunned"

    out = drawn(edit(to_first_turn(), knock_down), 1, color=False)
    assert " h1|" in out and " x2|" in out
    assert "ball: held by A11 at 19,7" in out
    assert "h7 a7 prone; x7 y7 stunned" in out
    assert "half 1 · turn H 0/8, A 1/8" in out


def test_bloodbowl_board_fits_an_80_by_24_terminal_with_room_for_the_menu() -> None:
    lines = drawn(to_first_turn(), 1, color=False, height=24).splitlines()
    assert lines[0] == "Reikland Reavers 0 - 0 Gouged Eye · half 1 · turn 0|1 of 8 · re-rolls 3|3"
    assert lines[-1] == "now: Gouged Eye: turn 1 of half 1"
    assert len(lines) <= 24 - 5 + 2  # the legend (2 lines) comes with the first drawing only
    assert all(len(line) <= 80 for line in lines)


def test_the_sides_have_their_colours_and_no_color_has_none() -> None:
    coloured = drawn(to_first_turn(), 1, color=True)
    assert "\x1b[1;91mH1" in coloured  # home in red
    assert "\x1b[1;94mA1" in coloured  # away in bright blue
    assert "\x1b[" not in drawn(to_first_turn(), 1, color=False)


def test_the_last_move_is_highlighted() -> None:
    out = drawn(to_first_turn(), 1, color=True, moves=("move 7", "move 7 to 15,12"))
    assert out.count("\x1b[1;7;94mA7 ") == 1  # 15,12: where #7 went, drawn reversed
    assert out.count("\x1b[7;90m . ") == 1  # 15,10: where it stood


def test_hanniball_board_shows_goals_goal_areas_and_the_last_step() -> None:
    state = load("hanniball").new_initial_state()
    plain = drawn(state.clone(), 0, color=False)
    assert " 15            _  m  _            Black's goal" in plain
    assert "  2   .  .  L  :  :  :  L  .  . " in plain
    out = drawn(state, 0, color=True, moves=("c2-c3",))
    assert "\x1b[1;7;34m L " in out  # the White Lion on c3, reversed
    assert "\x1b[7;32m : " in out  # and c2, the goal-area square it left


def test_bloodbowl_board_marks_each_square_the_mover_reaches_with_rolls_as_the_web_does() -> None:
    state = to_first_turn()
    lines = drawn(state, 1, color=False, moves=("move 8",)).splitlines()
    hardest = {}  # square -> the hardest roll of the note the web app lights it with
    for action in state.legal_actions():
        m = re.fullmatch(r"move 8 to (\d+),(\d+)(?: \((.*)\))?", str(action))
        if m and m[3]:
            hardest[(int(m[1]), int(m[2]))] = max(re.findall(r"\d\+", m[3]))
    marked = {}
    for y in range(15):
        row = lines[3 + y]
        for x in range(26):
            cell = row[2 + 3 * x : 5 + 3 * x].strip().rstrip("|")
            if cell.endswith("+"):
                marked[(x, y)] = cell
    assert marked == hardest and marked[(11, 7)] == "6+" and marked[(12, 5)] == "5+"
    assert all(len(line) <= 80 for line in lines)
    # the other seat sees no marks: the rolls are the mover's
    assert not re.search(r"\d\+", drawn(to_first_turn(), 0, color=False, moves=("move 8",)))


def test_bloodbowl_board_colours_a_marked_square_by_the_chance_of_its_rolls() -> None:
    out = drawn(to_first_turn(), 1, color=True, moves=("move 8",))
    assert "\x1b[1;32m2+ " in out  # a Rush: 5 in 6
    assert "\x1b[1;31m6+ " in out  # 11,7: dodge 5+, 6+, rush, 6+ (0.8%)
