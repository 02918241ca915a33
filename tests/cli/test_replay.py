"""`tablesports replay`: a record move by move, and clear errors for bad files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablesports.core.records import read_records
from tests.cli.helpers import assert_clean_error, run


@pytest.fixture
def games_file(runner: CliRunner, tmp_path: Path) -> Path:
    out = tmp_path / "games.jsonl"
    args = ["simulate", "pig", "-a", "random", "random", "-n", "4", "--seed", "20"]
    assert run(runner, *args, "--out", str(out)).exit_code == 0
    return out


def test_replay_prints_every_action_with_its_events(runner: CliRunner, games_file: Path) -> None:
    (first, *_) = read_records(games_file)
    result = run(runner, "replay", str(games_file))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert f"{games_file} (record 0)" in out
    assert "pig version 1; random (seat 0), random (seat 1); seed 20" in out
    player, action = first.history[-1]
    assert f"{len(first.history):>4}. random (seat {player}): {action}" in out
    assert "   1. chance: D3=" in out and "· player 0 is dealt a secret edge" in out
    assert "result: random (seat " in out and "wins (returns" in out


def test_index_picks_one_record_of_many(runner: CliRunner, games_file: Path) -> None:
    result = run(runner, "replay", str(games_file), "--index", "3")
    assert "(record 3)" in result.stdout and "seed 23" in result.stdout
    assert_clean_error(
        run(runner, "replay", str(games_file), "--index", "4"), "--index runs from 0 to 3"
    )


def test_step_draws_the_position_and_waits_for_enter(runner: CliRunner, games_file: Path) -> None:
    result = run(runner, "replay", str(games_file), "--step", input="\n\nq\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.count("Enter: next move, q: stop >") == 3
    assert "banked 0-0, turn total 0, player 0 to move, edges [" in out
    assert "replay stopped" in out
    assert "   4. " not in out  # stopped after the third move


def test_step_runs_to_the_end_when_input_ends(runner: CliRunner, games_file: Path) -> None:
    result = run(runner, "replay", str(games_file), "--step", input="\n")
    assert result.exit_code == 0, result.output
    assert "result: " in result.stdout


def _write_lines(path: Path, *records: object) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


def test_a_malformed_record_names_the_file_the_line_and_the_field(
    runner: CliRunner, games_file: Path, tmp_path: Path
) -> None:
    good, *_ = (json.loads(line) for line in games_file.read_text().splitlines())
    bad = dict(good)
    del bad["game"]
    path = _write_lines(tmp_path / "bad.jsonl", good, bad)
    assert_clean_error(run(runner, "replay", str(path)), f"{path}:2", "game", "Field required")

    path = tmp_path / "broken.jsonl"
    path.write_text(json.dumps(good) + "\n{not json\n")
    assert_clean_error(run(runner, "replay", str(path)), f"{path}:2: not JSON")


def test_a_record_that_does_not_replay_is_explained(
    runner: CliRunner, games_file: Path, tmp_path: Path
) -> None:
    good = json.loads(games_file.read_text().splitlines()[0])
    good["history"][2] = [0, "hold"]  # nothing rolled yet: hold is not legal
    good["returns"] = None
    path = _write_lines(tmp_path / "illegal.json", good)
    assert_clean_error(
        run(runner, "replay", str(path)), str(path), "move 2 ('hold') does not replay"
    )


def test_missing_empty_and_unknown_game_files(runner: CliRunner, tmp_path: Path) -> None:
    missing = tmp_path / "nothing.json"
    assert_clean_error(run(runner, "replay", str(missing)), f"{missing}: cannot read")
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n")
    assert_clean_error(run(runner, "replay", str(empty)), "holds no record")
    record = {"game": "chess", "game_version": 1, "players": ["a", "b"], "history": []}
    path = _write_lines(tmp_path / "chess.json", record)
    assert_clean_error(run(runner, "replay", str(path)), str(path), "unknown game 'chess'")


def test_replay_refuses_a_record_over_the_size_limit_before_reading_it(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as f:  # sparse: 52 MB that take no disk
        f.truncate(52 * 1024 * 1024)

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("the file was read")

    monkeypatch.setattr("tablesports.core.records.read_text", never)
    result = run(runner, "replay", str(big))
    assert_clean_error(result, "a record to replay may have at most", str(8 * 1024 * 1024))
    assert len(result.stderr.strip().splitlines()) == 1
