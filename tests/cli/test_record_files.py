"""Records and files in the terminal (issue 35 item 12, issue 33 finding 12): a save never
crashes or loses the game, a fuller record is never replaced by a poorer one, a record is data
(never the name of a file to load), and `replay --verify` checks the dice."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablesports.core.records import read_records
from tests.cli.helpers import assert_clean_error, run


def test_save_to_a_folder_says_so_and_the_game_goes_on(runner: CliRunner, tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    for folder in (".", "/", str(tmp_path)):
        args = ["play", "hanniball", "--seed", "1", "--save", str(saved)]
        result = run(runner, *args, input=f"save {folder}\nc2c3\nquit\n\n")
        assert result.exit_code == 0, result.output
        assert "that is a folder; give a file name" in result.stdout
        assert "you (seat 0) plays: c2-c3" in result.stdout  # the game went on
        (record,) = read_records(saved)  # and --save was still kept
        assert record.history[0][1] == "c2-c3"
        saved.unlink()


def test_resume_without_full_record_never_replaces_the_full_record(
    runner: CliRunner, tmp_path: Path
) -> None:
    saved = tmp_path / "jukem.json"
    first = ["play", "jukem", "--vs", "jukem-greedy", "--full-record", "--save", str(saved)]
    run(runner, *first, input="1\nquit\n\n")
    (full,) = read_records(saved)
    # the whole record, but no seed the game still draws from (issue 51): the seed that dealt
    # its steps is retired by the save and shown, the game draws on from a fresh one
    assert full.seat_view is None and full.seed is None and full.commitment is not None
    assert full.earlier_seeds[-1].seed is not None
    again = run(runner, "play", "--resume", str(saved), input="1\nquit\n\n")
    assert again.exit_code == 0, again.output
    (kept,) = read_records(saved)
    assert kept.seat_view is None and not kept.redacted and kept.seed is None
    assert kept.earlier_seeds[0] == full.earlier_seeds[-1]
    assert len(kept.history) > len(full.history)
    third = run(runner, "play", "--resume", str(saved), input="quit\n\n")
    assert third.exit_code == 0, third.output  # still resumable


def test_a_seat_view_never_overwrites_the_full_record_of_the_same_game(
    runner: CliRunner, tmp_path: Path
) -> None:
    full = tmp_path / "full.json"
    args = ["play", "jukem", "--vs", "jukem-greedy", "--seed", "9"]
    run(runner, *args, "--full-record", "--save", str(full), input="quit\n\n")
    before = full.read_text()
    result = run(runner, *args, input=f"save {full}\nquit\n\n")
    assert "holds the full record of this game" in result.stdout
    assert full.read_text() == before


def test_resume_refuses_a_record_over_the_size_limit_before_reading_it(
    runner: CliRunner, tmp_path: Path
) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as f:  # sparse: 50 MB that take no disk
        f.truncate(50 * 1024 * 1024)
    result = run(runner, "play", "--resume", str(big))
    assert_clean_error(result, "a record to resume may have at most", str(8 * 1024 * 1024))


def hanniball_record(runner: CliRunner, tmp_path: Path, vs: str) -> Path:
    saved = tmp_path / "game.json"
    run(runner, "play", "hanniball", "--seed", "1", "--save", str(saved), input="c2c3\nquit\n\n")
    data = json.loads(saved.read_text())
    data["meta"]["vs"] = vs
    data["players"][1] = vs
    saved.write_text(json.dumps(data))
    return saved


@pytest.mark.parametrize(
    "vs", ["ppo:path={file}", "policy:path={file}", "value:path={file}", "value:path=net.npz"]
)
def test_a_record_naming_a_policy_file_is_refused_and_never_loaded(
    runner: CliRunner, tmp_path: Path, vs: str
) -> None:
    policy = tmp_path / "policy.zip"
    saved = hanniball_record(runner, tmp_path, vs.format(file=policy))
    result = run(runner, "play", "--resume", str(saved), input="quit\n\n")
    assert_clean_error(result, "a record may not choose", "loads a file", "--vs SPEC")
    # chosen by the person instead, the game goes on
    chosen = run(runner, "play", "--resume", str(saved), "--vs", "random", input="quit\n\n")
    assert chosen.exit_code == 0, chosen.output


def test_a_record_asks_only_a_bounded_search_of_a_built_in_bot(
    runner: CliRunner, tmp_path: Path
) -> None:
    for spec, problem in (
        ("mcts:iterations=0", "iterations must be from 1 to 20000"),
        ("mcts:seconds=1e9", "seconds must be from 0 to 30"),
        ("mcts:rollout=../x", "neither a number nor a plain name"),
        ("mcts:rollout=ppo", "neither a number nor a plain name"),
        ("mcts:prior=value", "neither a number nor a plain name"),
    ):
        saved = hanniball_record(runner, tmp_path, spec)
        assert_clean_error(run(runner, "play", "--resume", str(saved)), problem)
    saved = hanniball_record(runner, tmp_path, "mcts:iterations=20")
    result = run(runner, "play", "--resume", str(saved), input="quit\n\n")
    assert result.exit_code == 0, result.output


def test_simulate_out_creates_only_the_file_in_an_existing_folder(
    runner: CliRunner, tmp_path: Path
) -> None:
    missing = tmp_path / "nonexistent" / "x.jsonl"
    result = run(
        runner, "simulate", "pig", "-a", "random", "random", "-n", "2", "--out", str(missing)
    )
    assert_clean_error(result, "does not exist; create it first")
    assert not missing.parent.exists()
    folder = run(
        runner, "simulate", "pig", "-a", "random", "random", "-n", "2", "--out", str(tmp_path)
    )
    assert_clean_error(folder, "that is a folder")
    ok = tmp_path / "x.jsonl"
    done = run(runner, "simulate", "pig", "-a", "random", "random", "-n", "2", "--out", str(ok))
    assert done.exit_code == 0, done.output
    assert len(list(read_records(ok))) == 2


def test_replay_verify_checks_a_finished_terminal_game(runner: CliRunner, tmp_path: Path) -> None:
    saved = tmp_path / "pig.json"
    args = ["play", "pig", "--vs", "random", "--full-record", "--save", str(saved)]
    result = run(runner, *args, input="\n".join(["roll", "roll", "hold"] * 60))
    assert "game over" in result.stdout
    assert f"check the dice with: tablesports replay --verify {saved}" in result.stdout
    verified = run(runner, "replay", "--verify", str(saved))
    assert verified.exit_code == 0, verified.output
    assert "verified: the seed matches its commitment" in verified.stdout
    data = json.loads(saved.read_text())
    n = next(i for i, (p, text) in enumerate(data["history"]) if text.startswith("D6="))
    data["history"][n][1] = "D6=1" if data["history"][n][1] != "D6=1" else "D6=2"
    data["history"] = data["history"][: n + 1]
    data["returns"] = None
    saved.write_text(json.dumps(data))
    assert_clean_error(run(runner, "replay", "--verify", str(saved)), "not drawn from the seed")


def test_replay_verify_of_a_game_still_played_says_the_seed_is_sealed(
    runner: CliRunner, tmp_path: Path
) -> None:
    saved = tmp_path / "jukem.json"
    run(runner, "play", "jukem", "--vs", "jukem-greedy", "--save", str(saved), input="quit\n\n")
    assert_clean_error(run(runner, "replay", "--verify", str(saved)), "holds no seed")
