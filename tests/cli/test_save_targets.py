"""Where a game or a run is written is checked before anything is played (issue 43, findings 8
and 9): a folder, a missing folder, a path under a file, a folder the file system will not
write in (/proc), a named pipe are refused with one error line and exit 2; a symbolic link is
written through, the link kept."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablesports.core.records import read_records
from tests.cli.helpers import assert_clean_error, run

PLAY = ["play", "hanniball", "--vs", "hanniball-greedy", "--seed", "1"]


def _bad_targets(tmp_path: Path) -> list[tuple[str, str]]:
    """(a path, the reason the error must give)."""
    (tmp_path / "afile").write_text("x")
    (tmp_path / "folder").mkdir()
    os.mkfifo(tmp_path / "pipe")
    return [
        (str(tmp_path / "folder"), "that is a folder"),
        (str(tmp_path / "no" / "such" / "x.json"), "does not exist"),
        (str(tmp_path / "afile" / "x.json"), "Not a directory"),
        ("/proc/x.json", "cannot write in the folder /proc"),
        (str(tmp_path / "pipe"), "named pipe (FIFO)"),
    ]


def test_an_unwritable_save_target_is_refused_before_the_first_move(
    runner: CliRunner, tmp_path: Path
) -> None:
    for target, reason in _bad_targets(tmp_path):
        result = run(runner, *PLAY, "--save", target, input="c2c3\n")
        assert_clean_error(result, f"--save {target}", reason)
        assert result.stderr.count("error:") == 1
        assert "plays" not in result.stdout  # the game never began
    assert not (tmp_path / "no").exists()


def test_a_save_through_a_symbolic_link_replaces_its_target_and_keeps_the_link(
    runner: CliRunner, tmp_path: Path
) -> None:
    target = tmp_path / "kept" / "real.json"
    target.parent.mkdir()
    target.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    result = run(runner, *PLAY, "--save", str(link), input="c2c3\n")
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and os.readlink(link) == str(target)
    (record,) = read_records(target)
    assert record.history == [(0, "c2-c3")]
    assert sorted(p.name for p in target.parent.iterdir()) == ["real.json"]  # no .part left


def test_the_save_command_refuses_a_named_pipe_and_the_game_goes_on(
    runner: CliRunner, tmp_path: Path
) -> None:
    os.mkfifo(tmp_path / "pipe")
    saved = tmp_path / "game.json"
    typed = f"save {tmp_path / 'pipe'}\nc2c3\n"
    result = run(runner, *PLAY, "--save", str(saved), input=typed)
    assert result.exit_code == 0, result.output
    assert "named pipe (FIFO)" in result.stdout
    assert (tmp_path / "pipe").is_fifo()
    (record,) = read_records(saved)
    assert record.history == [(0, "c2-c3")]


SIMULATE = ["simulate", "pig", "-a", "random", "random", "-n", "3"]


@pytest.mark.parametrize("flag", ["--out", "--csv"])
def test_simulate_refuses_an_unwritable_file_target_before_any_game(
    runner: CliRunner, tmp_path: Path, flag: str
) -> None:
    for target, reason in _bad_targets(tmp_path):
        result = run(runner, *SIMULATE, flag, target)
        assert_clean_error(result, f"{flag} {target}", reason)
        assert "games in" not in result.stderr  # nothing was played


def test_simulate_out_through_a_symbolic_link_keeps_the_link(
    runner: CliRunner, tmp_path: Path
) -> None:
    target = tmp_path / "real.jsonl"
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    result = run(runner, *SIMULATE, "--out", str(link))
    assert result.exit_code == 0, result.output
    assert link.is_symlink()
    assert len(list(read_records(target))) == 3
    again = run(runner, *SIMULATE, "-n", "5", "--out", str(link), "--resume")
    assert again.exit_code == 0, again.output
    assert link.is_symlink() and len(list(read_records(target))) == 5


def test_compare_report_that_is_a_file_is_refused_before_any_game(
    runner: CliRunner, tmp_path: Path
) -> None:
    report = tmp_path / "report.html"
    report.write_text("mine")
    result = run(runner, "compare", "pig", "--b", "target=50", "-n", "3", "--report", str(report))
    assert_clean_error(result, f"--report {report}", "that is a file")
    assert report.read_text() == "mine"


def test_arena_refuses_an_unwritable_out_before_any_game(runner: CliRunner, tmp_path: Path) -> None:
    for target, reason in _bad_targets(tmp_path):
        result = run(runner, "arena", "pig", "--agents", "random", "random", "--out", target)
        assert_clean_error(result, f"--out {target}", reason)
        assert "games in" not in result.stderr
