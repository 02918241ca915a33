"""`tablesports bench --env --vector N`: the single Gymnasium env against make_vec's vector envs."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tests.cli.helpers import assert_clean_error, run


def test_bench_env_vector_reports_single_and_each_vector_env_in_steps_per_second(
    runner: CliRunner,
) -> None:
    result = run(runner, "bench", "jukem", "--env", "--vector", "2", "--seconds", "0.2", "--json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert [r["library"] for r in rows] == [
        "gymnasium",
        "tablesports ×2",
        "gymnasium sync ×2",
        "gymnasium async ×2",
    ]
    for r in rows:
        assert r["game"] == "jukem" and r["clock"] == "wall"
        assert r["steps_per_second"] > 0 and r["cpu_steps_per_second"] > 0
    assert "per CPU-second" in result.stderr  # the table, beside the JSON


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--env", "--vector", "0"], "--vector 0: the number of envs is 1 to 64"),
        (["--env", "--vector", "65"], "--vector 65: the number of envs is 1 to 64"),
        (["--vector", "2"], "give it with --env"),
    ],
)
def test_bench_vector_out_of_range_or_without_env_is_one_clear_error(
    runner: CliRunner, args: list[str], fragment: str
) -> None:
    result = run(runner, "bench", "jukem", "--seconds", "0.1", *args)
    assert_clean_error(result, fragment)
    assert "steps/s" not in result.output  # refused before anything was timed
