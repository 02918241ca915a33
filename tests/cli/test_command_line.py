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


def _one_error_line(result: object) -> str:
    lines = getattr(result, "stderr", "").strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), lines
    return str(lines[0])


def test_one_agent_before_an_option_is_said_as_such_not_as_an_extra_argument(
    runner: CliRunner,
) -> None:
    for command in (["simulate", "pig", "-n", "1"], ["compare", "pig"], ["sweep", "pig"]):
        result = run(runner, *command, "--agents", "random", "--games", "2")
        assert_clean_error(result, "--agents takes two agent specs", "'--games' is an option")
        assert "unexpected extra argument" not in _one_error_line(result)


def test_an_unknown_game_is_said_before_the_options_it_lacks(runner: CliRunner) -> None:
    for command in ("simulate", "sweep", "compare", "arena", "play"):
        result = run(runner, command, "nosuchgame")
        assert_clean_error(result, "unknown game 'nosuchgame'", "the games are:", "jukem")
        assert "Missing option" not in _one_error_line(result)


def test_a_misused_command_line_is_one_error_line_without_a_box(runner: CliRunner) -> None:
    result = run(runner, "simulate", "pig")
    assert_clean_error(result, "Missing option '--agents'", "tablesports simulate --help")
    _one_error_line(result)
    assert "╭" not in result.stderr and "Usage:" not in result.stderr


def test_resume_from_a_file_that_cannot_be_read_is_one_error_line(
    runner: CliRunner, tmp_path: Path
) -> None:
    if sys.platform == "linux":  # a read that fails part-way: EIO on its first byte
        result = run(runner, "play", "--resume", "/proc/self/mem")
        assert_clean_error(result, "--resume /proc/self/mem: cannot read it")
        _one_error_line(result)
    result = run(runner, "play", "--resume", str(tmp_path))
    assert_clean_error(result, f"--resume {tmp_path}: that is a folder")
    _one_error_line(result)
