"""The command line as the README writes it: a missing extra said in one line and before any
game is played, rates that are never `0 games/s`, `play_match` with agent names."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablesports.arena.match import play_match
from tablesports.cli.common import per_second
from tablesports.core.registry import load
from tests.cli.helpers import assert_clean_error, run


def _without(monkeypatch: pytest.MonkeyPatch, *modules: str) -> None:
    """As if `modules` were not installed (None in sys.modules makes an import fail)."""
    for module in modules:
        monkeypatch.setitem(sys.modules, module, None)


def test_bench_env_without_the_rl_extra_says_which_extra_in_one_line(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    _without(monkeypatch, "numpy")
    result = run(runner, "bench", "--env", "pig", "--seconds", "0.1")
    assert_clean_error(result, "needs the 'rl' extra", "pip install 'tablesports[rl]'")
    assert next(line for line in result.stderr.splitlines() if "extra" in line).startswith("error")


def test_train_without_the_train_extra_says_which_extra_in_one_line(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    _without(monkeypatch, "numpy", "torch")
    result = run(runner, "train", "pig", "--steps", "10")
    assert_clean_error(result, "needs the 'train' extra", "tablesports[train]")
    assert next(line for line in result.stderr.splitlines() if "extra" in line).startswith("error")


def test_simulate_plot_without_matplotlib_fails_before_playing(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _without(monkeypatch, "matplotlib")
    args = ["-n", "20", "--plot", str(tmp_path / "p.png")]
    result = run(runner, "simulate", "pig", "--agents", "random", "random", *args)
    assert_clean_error(result, "--plot needs the 'arena' extra")
    assert "games in" not in result.stderr  # refused before any game was played


def test_arena_plot_without_matplotlib_fails_before_playing(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _without(monkeypatch, "matplotlib")
    args = ["--agents", "random", "random", "--plot", str(tmp_path / "p.png")]
    result = run(runner, "arena", "pig", *args, "--agents", "pig-hold20")
    assert_clean_error(result, "--plot needs the 'arena' extra")
    assert "games played" not in result.stderr


def test_a_rate_keeps_the_digits_it_needs() -> None:
    assert per_second(5, 20.0) == "0.25 games/s"  # was "0 games/s"
    assert per_second(20, 8.0) == "2.5 games/s"
    assert per_second(12_345, 2.0) == "6,172 games/s"


def test_play_match_accepts_agent_names() -> None:
    game = load("pig")
    by_name = play_match(game, ["random", "random"], 4)
    assert by_name.players == ["random", "random"] and by_name.returns is not None


def test_play_png_without_matplotlib_fails_before_the_first_step(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """docs/games/juggers.md's `--png table.png` in `make run`'s venv: one line, no game."""
    _without(monkeypatch, "matplotlib")
    picture = tmp_path / "table.png"
    args = ["play", "juggers", "--vs", "juggers-aim", "--png", str(picture), "--seed", "1"]
    result = run(runner, *args, input="1\n1\n1\nquit\n")
    assert_clean_error(result, "--png needs the 'arena' extra", "pip install 'tablesports[arena]'")
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "Juggers" not in result.stdout and not picture.exists()  # no game was begun


def test_compare_report_without_matplotlib_fails_before_playing(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _without(monkeypatch, "matplotlib")
    args = ["compare", "hanniball", "--a", "max_turns=200", "--b", "max_turns=60", "-n", "4"]
    result = run(runner, *args, "--report", str(tmp_path / "report"))
    assert_clean_error(result, "--report needs the 'arena' extra")
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_sweep_plots_and_report_without_matplotlib_fail_before_playing(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    _without(monkeypatch, "matplotlib")
    args = ["sweep", "hanniball", "--param", "max_turns=40,100", "-n", "4"]
    for flag in ("--plots", "--report"):
        result = run(runner, *args, flag, str(tmp_path / flag.strip("-")))
        assert_clean_error(result, f"{flag} needs the 'arena' extra")
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
