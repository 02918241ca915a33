"""`simulate --csv` (one row a game) and `--plot` (a PNG of the results)."""

from __future__ import annotations

import csv
from pathlib import Path

from typer.testing import CliRunner

from tablesports.core.records import read_records, replay_final
from tests.cli.helpers import run


def test_csv_has_one_row_a_game_with_seats_result_length_and_score(
    runner: CliRunner, tmp_path: Path
) -> None:
    table, records = tmp_path / "games.csv", tmp_path / "games.jsonl"
    args = ["simulate", "hanniball", "-a", "hanniball-greedy", "random", "-n", "4", "--seed", "3"]
    result = run(runner, *args, "--csv", str(table), "--out", str(records))
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(table.open(encoding="utf-8")))
    assert [r["seed"] for r in rows] == ["3", "4", "5", "6"]
    assert [r["seat0"] for r in rows] == ["hanniball-greedy", "random"] * 2  # seats swap
    for row, record in zip(rows, read_records(records), strict=True):
        final = replay_final(record)
        returns = final.returns()
        assert row["returns"] == " ".join(f"{r:+g}" for r in returns)
        assert row["steps"] == str(len(record.history))
        winner = {1.0: 0, -1.0: 1}.get(returns[0])
        assert row["result"] == ("draw" if winner is None else f"seat {winner} wins")
        assert row["score"] == {0: "1-0", 1: "0-1", None: "0-0"}[winner]


def test_plot_draws_a_png(runner: CliRunner, tmp_path: Path) -> None:
    picture = tmp_path / "results.png"
    result = run(
        runner, "simulate", "pig", "-a", "random", "random", "-n", "5", "--plot", str(picture)
    )
    assert result.exit_code == 0, result.output
    assert picture.read_bytes().startswith(b"\x89PNG")
    assert f"plot written to {picture}" in result.stderr
