"""`simulate --csv` carries the game's figures, one column each, after the score."""

from __future__ import annotations

import csv
from pathlib import Path

from typer.testing import CliRunner

from tablesports.core.registry import game_figures
from tests.cli.helpers import run


def test_simulate_csv_has_a_column_per_figure(runner: CliRunner, tmp_path: Path) -> None:
    table = tmp_path / "games.csv"
    args = ["simulate", "jukem", "-a", "random", "random", "-n", "3", "--csv", str(table)]
    result = run(runner, *args, "--json")
    assert result.exit_code == 0, result.output
    hook = game_figures("jukem")
    assert hook is not None
    with table.open(encoding="utf-8") as f:
        header = next(csv.reader(f))
        rows = list(csv.DictReader(table.open(encoding="utf-8")))
    first = header.index("score") + 1  # the figures, then the provenance (test_versions)
    assert header[first : first + len(hook.names)] == list(hook.names)
    assert header[first + len(hook.names)] == "tablesports"
    for row in rows:
        home, away = row["score"].split("-")
        assert float(row["goals"]) == int(home) + int(away)
        assert row["shots"] != ""
    assert '"shots"' in result.stdout  # --json carries them too (their means)
