"""`simulate --resume` takes nothing a record says of itself on trust (issue 43, finding 9): its
figures and result come from its replay, and a record whose stored figures disagree is refused.
An --out file of records is never replaced unasked (issue 47, finding 6)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tests.cli.helpers import assert_clean_error, run

ARGS = ["simulate", "jukem", "--agents", "random", "jukem-greedy", "--seed", "3", "--json"]


def _edit(path: Path, line: int, change: object) -> None:
    lines = path.read_text().splitlines()
    data = json.loads(lines[line])
    change(data)  # type: ignore[operator]
    lines[line] = json.dumps(data)
    path.write_text("\n".join(lines) + "\n")


def _goals(stdout: str) -> float:
    return float(json.loads(stdout)["figures"]["goals"]["mean"])


def test_resume_refuses_a_record_whose_figures_were_edited(
    runner: CliRunner, tmp_path: Path
) -> None:
    out = tmp_path / "games.jsonl"
    assert run(runner, *ARGS, "-n", "4", "--out", str(out)).exit_code == 0
    before = out.read_text()

    def add_goals(data: dict) -> None:  # type: ignore[type-arg]
        data["meta"]["figures"]["goals"] += 100

    _edit(out, 1, add_goals)
    edited = out.read_text()
    result = run(runner, *ARGS, "-n", "6", "--out", str(out), "--resume")
    assert_clean_error(result, "game 1's record disagrees with its replay", "goals")
    assert out.read_text() == edited and edited != before  # nothing appended, nothing played


def test_resume_counts_the_figures_from_the_replay_not_from_the_record(
    runner: CliRunner, tmp_path: Path
) -> None:
    fresh = run(runner, *ARGS, "-n", "6")
    out = tmp_path / "games.jsonl"
    assert run(runner, *ARGS, "-n", "4", "--out", str(out)).exit_code == 0
    for line in range(4):  # the figures left out of every record: counted from the replays
        _edit(out, line, lambda data: data["meta"].pop("figures"))
    resumed = run(runner, *ARGS, "-n", "6", "--out", str(out), "--resume")
    assert resumed.exit_code == 0, resumed.output
    assert json.loads(resumed.stdout)["figures"] == json.loads(fresh.stdout)["figures"]
    assert _goals(resumed.stdout) > 0


def test_resume_refuses_a_record_whose_result_was_swapped(
    runner: CliRunner, tmp_path: Path
) -> None:
    out = tmp_path / "games.jsonl"
    assert run(runner, *ARGS, "-n", "3", "--out", str(out)).exit_code == 0
    _edit(out, 0, lambda data: data.__setitem__("returns", data["returns"][::-1]))
    result = run(runner, *ARGS, "-n", "3", "--out", str(out), "--resume")
    assert_clean_error(result, "game 0 does not replay")


def test_an_out_file_of_records_is_never_replaced_without_overwrite(
    runner: CliRunner, tmp_path: Path
) -> None:
    out = tmp_path / "games.jsonl"
    assert run(runner, *ARGS, "-n", "3", "--out", str(out)).exit_code == 0
    kept = out.read_text()
    again = run(runner, *ARGS, "-n", "2", "--seed", "9", "--out", str(out))
    assert_clean_error(again, f"--out {out} already holds records", "--resume", "--overwrite")
    assert out.read_text() == kept
    replaced = run(runner, *ARGS, "-n", "2", "--seed", "9", "--out", str(out), "--overwrite")
    assert replaced.exit_code == 0, replaced.output
    assert out.read_text() != kept and len(out.read_text().splitlines()) == 2


COMPARE = ["compare", "jukem", "--b", "hand_size=6", "-n", "40", "--check-every", "20"]


def test_compare_refuses_a_misspelt_figure_before_any_game(
    runner: CliRunner, tmp_path: Path
) -> None:
    out = tmp_path / "pairs.jsonl"
    result = run(runner, *COMPARE, "--until-significant", "gaols", "--out", str(out))
    assert_clean_error(result, "--until-significant: no figure 'gaols'", "goals")
    assert not out.exists()  # not one game played (nor the file begun)
    spaced = run(runner, *COMPARE, "-n", "2", "--until-significant", "goals in the first half")
    assert spaced.exit_code == 0, spaced.output


def test_compare_and_sweep_never_replace_an_out_file_of_records(
    runner: CliRunner, tmp_path: Path
) -> None:
    out = tmp_path / "pairs.jsonl"
    out.write_text('{"a record": "of another run"}\n')
    for args in (COMPARE, ["sweep", "jukem", "-p", "hand_size=6", "-n", "2"]):
        result = run(runner, *args, "--out", str(out))
        assert_clean_error(result, "already holds records", "--overwrite")
        assert out.read_text() == '{"a record": "of another run"}\n'
