"""`tablesports analyse`: the quality metrics of a game on the command line, tiny sizes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablesports.arena.levels import LEVELS
from tablesports.core.registry import register, unregister
from tests.arena.toygames import TossGame
from tests.cli.helpers import assert_clean_error, run


@pytest.fixture(autouse=True)
def toss() -> Iterator[None]:
    register("toss", TossGame)
    yield
    unregister("toss")


def analysed(runner: CliRunner, *args: str) -> dict:  # type: ignore[type-arg]
    result = run(runner, "analyse", *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_json_gives_every_metric_with_its_interval_and_what_pins_the_games(
    runner: CliRunner,
) -> None:
    out = analysed(runner, "toss", "-n", "30", "--skill", "mcts:iterations=5", "random")
    assert out["provenance"]["game"] == "toss"
    assert {"tablesports", "game version", "rules digest"} <= set(out["provenance"])
    metrics = out["metrics"]
    for name in ("balance", "first player advantage", "drawishness", "lead change", "drama"):
        assert name in metrics
    assert metrics["completion"]["value"] == 1.0
    assert metrics["completion"]["interval_method"] == "Wilson"
    assert metrics["balance"]["interval_method"] == "bootstrap"
    low, high = metrics["skill gap"]["interval"]
    assert low < 0 < high  # a coin flip: skill does not matter
    assert out["evaluation"].startswith("heuristic: the game's heuristic")
    assert out["agents"] == "random vs random"  # the normal level of a game without levels


def test_a_variant_is_analysed_by_its_options(runner: CliRunner) -> None:
    first = analysed(runner, "toss", "-o", "rule=first", "-n", "10", "--skill-games", "0")
    assert first["metrics"]["first player advantage"]["value"] == 1.0
    assert "skill gap" not in first["metrics"]
    drawn = analysed(runner, "toss", "-o", "rule=draw", "-n", "10", "--skill-games", "0")
    assert drawn["metrics"]["drawishness"]["value"] == 1.0
    assert drawn["options"] == {"rule": "draw"}


def test_the_table_shows_each_metric_with_its_meaning(runner: CliRunner) -> None:
    result = run(runner, "analyse", "toss", "-n", "8", "--skill-games", "4")
    assert result.exit_code == 0, result.output
    assert "Toss (test game): game-quality metrics" in result.stdout
    assert "share of the games drawn (timeouts left out)" in result.stdout
    assert "skill gap" in result.stdout and "Wilson" in result.stdout
    assert "12 games in" in result.stderr


def test_levels_name_the_games_agents(runner: CliRunner) -> None:
    result = run(
        runner, "analyse", "hanniball", "-n", "1", "-a", "easy", "easy", "--skill-games", "0"
    )
    assert result.exit_code == 0, result.output
    easy = LEVELS["hanniball"]["easy"]
    assert f"agents: {easy} vs {easy}" in result.stdout


def test_the_report_has_every_metric_its_meaning_and_the_versions(
    runner: CliRunner, tmp_path: Path
) -> None:
    folder = tmp_path / "report"
    result = run(
        runner, "analyse", "toss", "-n", "6", "--skill-games", "0", "--report", str(folder)
    )
    assert result.exit_code == 0, result.output
    page = (folder / "index.html").read_text()
    text = (folder / "report.md").read_text()
    for doc in (page, text):
        assert "decisiveness" in doc and "rules digest" in doc
        assert "share of the games that ended with a winner" in doc
        assert "Ludii (Browne and Stephenson), metric LeadChange" in doc


def test_out_writes_the_records_and_is_never_silently_replaced(
    runner: CliRunner, tmp_path: Path
) -> None:
    out = tmp_path / "games.jsonl"
    result = run(runner, "analyse", "toss", "-n", "5", "--skill-games", "0", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert len(out.read_text().splitlines()) == 5
    again = run(runner, "analyse", "toss", "-n", "5", "--skill-games", "0", "--out", str(out))
    assert_clean_error(again, "already holds records")
    assert len(out.read_text().splitlines()) == 5


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["toss", "-e", "oracle"], "unknown evaluation 'oracle'"),
        (["toss", "-e", "search:depth=2"], "playouts"),
        (["pig"], "pig has no heuristic evaluation"),
        (["toss", "-n", "0"], "--games must be 1 or more"),
        (["toss", "--clarity", "-1"], "--clarity must be 0 or more"),
        (["toss", "-a", "random", "nobody"], "nobody"),
        (["toss", "-o", "rule=dice"], "rule"),
    ],
)
def test_a_bad_option_is_one_clear_error(runner: CliRunner, args: list[str], fragment: str) -> None:
    assert_clean_error(run(runner, "analyse", *args, "--skill-games", "0"), fragment)


# --- compare and sweep --metrics ---------------------------------------------------------------


def test_compare_metrics_adds_each_games_quality_metrics_to_the_paired_figures(
    runner: CliRunner,
) -> None:
    args = ["compare", "toss", "--a", "rule=coin", "--b", "rule=first", "-n", "20", "--json"]
    plain = run(runner, *args)
    assert plain.exit_code == 0, plain.output
    assert "decisiveness" not in {d["figure"] for d in json.loads(plain.stdout)["figures"]}
    result = run(runner, *args, "--metrics")
    assert result.exit_code == 0, result.output
    figures = {d["figure"]: d for d in json.loads(result.stdout)["figures"]}
    # the coin is decided at its toss, the first seat's game from the first position
    assert figures["decisiveness"]["a"] == 1.0 and figures["decisiveness"]["b"] == 0.0
    assert figures["decisiveness"]["significant"]
    assert figures["uncertainty"]["a"] == 1.0 and figures["uncertainty"]["b"] == 0.5
    assert figures["duration"]["difference"] == 0.0


def test_sweep_metrics_adds_them_to_every_variant(runner: CliRunner) -> None:
    args = ["sweep", "toss", "--param", "rule=first,draw", "-n", "10", "--metrics", "--json"]
    result = run(runner, *args)
    assert result.exit_code == 0, result.output
    variants = json.loads(result.stdout)["variants"]
    first = {d["figure"]: d for d in variants[0]["figures"]}
    assert first["uncertainty"]["b"] == 0.5  # seat 0 ahead by 1/2 - (-1/2) from the start


def test_compare_metrics_is_refused_with_resume(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    args = ["compare", "toss", "--b", "rule=first", "-n", "4", "--metrics", "--out", str(out)]
    assert_clean_error(run(runner, *args, "--resume"), "--metrics needs every game played now")


def test_agents_followed_by_an_option_is_said_plainly(runner: CliRunner) -> None:
    result = run(runner, "analyse", "toss", "--agents", "random", "--games", "2")
    assert_clean_error(result, "--agents takes two agent specs")
