"""`simulate --out` writes each record whole as it ends; `--resume` plays only what is missing."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from typer.testing import CliRunner

from tablesports.core.records import read_records
from tests.cli.helpers import assert_clean_error, run

ARGS = ["simulate", "jukem", "--agents", "random", "jukem-greedy", "--seed", "3", "--json"]


def _indices(path: Path) -> list[int]:
    return [record.meta["index"] for record in read_records(path)]


def _figures(stdout: str) -> dict[str, object]:
    return json.loads(stdout)  # type: ignore[no-any-return]


def test_a_simulation_killed_in_the_middle_resumes_without_losing_or_repeating_a_game(
    runner: CliRunner, tmp_path: Path
) -> None:
    games = 400
    out = tmp_path / "games.jsonl"
    command = [sys.executable, "-m", "tablesports", *ARGS, "-n", str(games), "--out", str(out)]
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and child.poll() is None:
            if out.exists() and out.stat().st_size > 0 and out.read_bytes().count(b"\n") >= 20:
                break
            time.sleep(0.02)
        assert child.poll() is None, "the simulation ended before it could be killed"
        child.send_signal(signal.SIGKILL)  # no clean-up: as a crash or a power cut would
        child.wait(10)
    finally:
        if child.poll() is None:
            child.kill()
    done = _indices(out)  # every line written is a whole record
    assert 20 <= len(done) < games and done == list(range(len(done)))

    resumed = run(runner, *ARGS, "-n", str(games), "--out", str(out), "--resume")
    assert resumed.exit_code == 0, resumed.output
    assert f"{len(done)} resumed from {out}" in resumed.stderr
    assert sorted(_indices(out)) == list(range(games))  # none lost, none twice

    whole = tmp_path / "whole.jsonl"
    fresh = run(runner, *ARGS, "-n", str(games), "--out", str(whole))
    assert _figures(resumed.stdout) == _figures(fresh.stdout)
    by_index = {r.meta["index"]: r for r in read_records(out)}
    assert [by_index[i] for i in range(games)] == list(read_records(whole))


def test_a_torn_last_line_is_dropped_and_that_game_played_again(
    runner: CliRunner, tmp_path: Path
) -> None:
    out = tmp_path / "games.jsonl"
    assert run(runner, *ARGS, "-n", "6", "--out", str(out)).exit_code == 0
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:4]) + lines[4][:50])  # killed while writing game 4
    resumed = run(runner, *ARGS, "-n", "6", "--out", str(out), "--resume")
    assert resumed.exit_code == 0, resumed.output
    assert "4 resumed" in resumed.stderr
    assert _indices(out) == [0, 1, 2, 3, 4, 5]
    again = run(runner, *ARGS, "-n", "6", "--out", str(out), "--resume")
    assert "6 resumed" in again.stderr and "0 games in" in again.stderr
    assert _indices(out) == [0, 1, 2, 3, 4, 5]


def test_resume_refuses_the_records_of_another_simulation(
    runner: CliRunner, tmp_path: Path
) -> None:
    out = tmp_path / "games.jsonl"
    assert run(runner, *ARGS, "-n", "3", "--out", str(out)).exit_code == 0
    other = [a if a != "3" else "4" for a in ARGS]  # another seed
    assert_clean_error(
        run(runner, *other, "-n", "3", "--out", str(out), "--resume"),
        "holds games of another simulation",
    )
    assert_clean_error(run(runner, *ARGS, "-n", "3", "--resume"), "give --out FILE")
    assert os.path.getsize(out) > 0
