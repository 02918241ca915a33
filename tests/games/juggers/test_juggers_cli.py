"""Playing juggers in the terminal: typed flicks, the text view, --png after every step."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from tests.cli.helpers import assert_clean_error, run

from .helpers import GATE, TEAMS


def test_a_typed_flick_is_played_and_the_table_drawn_to_a_png(tmp_path: Path) -> None:
    runner = CliRunner(env={"COLUMNS": "160"})
    png = tmp_path / "table.png"
    lines = ["flick 1 at 400 strength 0.5", "flick 1 at 0 strength 0.4", "quit", ""]
    result = run(
        runner,
        *("play", "juggers", "--vs", "juggers-aim", "--seed", "1"),
        *("--position", f"{TEAMS} {GATE}", "--png", str(png)),
        input="\n".join(lines) + "\n",
    )
    out = result.stdout
    assert "flick J at ANGLE strength S" in out  # the hint instead of 360 listed flicks
    assert "the angle must be at least 0 and under 360 degrees, got 400" in out
    assert "you (seat 0) plays: flick 1 at 0 strength 0.4" in out
    assert "chance: the coins come to rest: A1 d5 -> " in out  # what moved, in cells
    assert "A's goal (left)" in out
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_png_is_refused_for_a_game_without_a_picture(tmp_path: Path) -> None:
    runner = CliRunner(env={"COLUMNS": "160"})
    result = run(runner, "play", "pig", "--png", str(tmp_path / "x.png"))
    assert_clean_error(result, "has no picture to draw")
