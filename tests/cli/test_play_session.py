"""Playing Blood Bowl and HanniBall at the prompt: short moves, a short menu, undo."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from tests.cli.helpers import run
from tests.games.bloodbowl.helpers import to_first_turn


def _orcs_first_turn(runner: CliRunner, *lines: str) -> str:
    """`play bloodbowl` as the orcs (seat 1) at their first turn, typing `lines`."""
    position = json.dumps(to_first_turn().to_json())
    args = ["play", "bloodbowl", "--seat", "1", "--seed", "3", "--position", position]
    result = run(runner, *args, input="\n".join([*lines, "quit", ""]) + "\n")
    assert result.exit_code == 0, result.output
    return result.stdout


def test_bloodbowl_move_straight_from_the_turn_menu(runner: CliRunner) -> None:
    out = _orcs_first_turn(runner, "7 15,11")
    assert "you (seat 1) plays: move 7\n" in out
    assert "you (seat 1) plays: move 7 to 15,11" in out
    assert "move 7 to x,y: " in out  # the player in hand's moves, summarised


def test_the_turn_menu_is_a_summary_not_every_action(runner: CliRunner) -> None:
    out = _orcs_first_turn(runner)
    menu = out.split("now: Gouged Eye: turn 1 of half 1\n")[1].split("you (seat 1) >")[0]
    assert "move block blitz: 1 2 3" in menu and "end turn" in menu
    assert len(menu.splitlines()) < 8  # not the 30-odd declarations one per line


def test_undo_takes_back_a_whole_shortcut(runner: CliRunner) -> None:
    out = _orcs_first_turn(runner, "7 15,11", "undo", "history")
    assert "took back move 7, move 7 to 15,11" in out
    history = out.split("> history")[1]
    assert "move 7" not in history


def test_undo_with_nothing_to_take_back_says_so(runner: CliRunner) -> None:
    assert "nothing to undo yet" in _orcs_first_turn(runner, "undo")


def test_hanniball_two_squares_and_undo_against_the_bot(runner: CliRunner) -> None:
    lines = ["c2c3", "end", "undo", "history", "quit", ""]
    args = ["play", "hanniball", "--vs", "hanniball-greedy", "--seed", "1"]
    result = run(runner, *args, input="\n".join(lines) + "\n")
    out = result.stdout
    assert "you (seat 0) plays: c2-c3" in out and "you (seat 0) plays: end" in out
    assert "hanniball-greedy (seat 1) plays" in out  # the bot replied
    assert "took back end and " in out  # the end of the turn and the bot's reply
    history = out.split("> history")[1]
    assert "c2-c3" in history and "plays: end" not in history and "greedy" not in history
