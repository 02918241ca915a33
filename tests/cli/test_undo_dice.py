"""Undo keeps the dice, undo is limited, and the seed stays sealed until the game ends
(issue 35 item 4, issue 33 findings 8 and 13, in the terminal)."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from tablesports.core.records import read_records
from tests.cli.helpers import run


def rolls(out: str) -> list[str]:
    return re.findall(r"chance: (D6=\d)", out)


def test_undo_never_crosses_a_roll_the_roll_stands_and_no_undo_is_spent(
    runner: CliRunner, tmp_path: Path
) -> None:
    saved = tmp_path / "pig.json"
    lines = ["roll", "undo", "undo", "quit", ""]
    args = ["play", "pig", "--vs", "random", "--seed", "3", "--full-record", "--save", str(saved)]
    result = run(runner, *args, input="\n".join(lines))
    assert result.exit_code == 0, result.output
    assert result.stdout.count("cannot undo: the dice have been rolled") == 2
    assert "took back" not in result.stdout
    (record,) = read_records(saved)
    assert [p for p, _ in record.history[-2:]] == [0, -1]  # the roll and its die still stand
    assert record.meta.get("undos", 0) == 0


def test_undo_is_limited_to_five_a_game_and_says_how_many_are_left(runner: CliRunner) -> None:
    # Nim has no chance: each undo takes back the person's move and the bot's reply
    lines = ["take 1", "undo"] * 6 + ["quit", ""]
    result = run(runner, "play", "nim", "-o", "pile=30", "--vs", "random", input="\n".join(lines))
    out = result.stdout
    assert "(4 undos left)" in out and "(0 undos left)" in out, out
    assert "no undo left: 5 undos a game, all taken" in out
    assert out.count("took back") == 5


def test_the_undo_limit_survives_a_resume(runner: CliRunner, tmp_path: Path) -> None:
    saved = tmp_path / "pig.json"
    args = ["play", "nim", "-o", "pile=30", "--vs", "random", "--save", str(saved)]
    run(runner, *args, input="\n".join(["take 1", "undo"] * 5 + ["take 1", "quit", ""]))
    (record,) = read_records(saved)
    assert record.meta["undos"] == 5
    again = run(runner, "play", "--resume", str(saved), input="undo\nquit\n\n")
    assert "no undo left" in again.stdout


def test_the_terminal_shows_the_commitment_at_the_start_and_the_seed_at_the_end(
    runner: CliRunner,
) -> None:
    lines = ["roll", "hold"] * 60
    result = run(
        runner, "play", "pig", "--vs", "random", "--seed", "424242", input="\n".join(lines)
    )
    # the first two lines: who plays whom, then the commitment
    first, _, rest = result.stdout.partition("\n")
    committed, _, rest = rest.partition("\n")
    first += "\n" + committed
    assert "424242" not in first
    from tablesports.core.fairness import commitment

    assert f"dice committed to {commitment(424242)[:16]}" in first
    before_end, _, after_end = rest.partition("game over")
    assert "424242" not in before_end
    assert f"seed 424242 (its commitment was {commitment(424242)})" in after_end


def test_a_seat_record_saved_against_a_bot_keeps_no_seed_while_the_game_is_played(
    runner: CliRunner, tmp_path: Path
) -> None:
    saved = tmp_path / "jukem.json"
    args = ["play", "jukem", "--vs", "jukem-greedy", "--seed", "7", "--save", str(saved)]
    result = run(runner, *args, input="quit\n\n")
    assert result.exit_code == 0, result.output
    (record,) = read_records(saved)
    assert record.seat_view == 0 and record.returns is None
    assert record.seed is None and record.commitment is not None
    assert '"seed": null' in saved.read_text()
