"""`tablesports bench`: random-playout figures per game."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tablesports.arena.bench import bench_game, peak_memory
from tablesports.core.errors import AgentError
from tablesports.core.registry import load
from tests.cli.helpers import assert_clean_error, run


def test_bench_shows_a_table_per_game(runner: CliRunner) -> None:
    result = run(runner, "bench", "pig", "nim", "--seconds", "0.1")
    assert result.exit_code == 0, result.output
    rows = [line for line in result.stdout.splitlines() if "│" in line]
    assert "steps/s" in result.stdout and "peak memory" in result.stdout
    assert any("pig" in row for row in rows) and any("nim" in row for row in rows)
    assert "benchmarking pig for 0.1 s" in result.stderr


def test_bench_json_figures_are_consistent(runner: CliRunner) -> None:
    result = run(runner, "bench", "nim", "-s", "0.1", "--json", "-o", "pile=7")
    assert result.exit_code == 0, result.output
    (figures,) = json.loads(result.stdout)
    assert figures["game"] == "nim" and figures["agent"] == "random"
    assert figures["games"] >= 1 and figures["steps"] >= figures["games"]
    assert figures["mean_length"] == figures["steps"] / figures["games"]
    assert 3 <= figures["mean_length"] <= 7  # nim from 7 counters takes 3 to 7 turns
    assert figures["steps_per_second"] > 0 and figures["peak_memory_bytes"] > 0


def test_bench_names_the_agents_it_can_time(runner: CliRunner) -> None:
    result = run(runner, "bench", "pig", "--agent", "jukem-greedy", "-s", "0.1")
    assert_clean_error(
        result, "cannot time the agent 'jukem-greedy'", "one of: random, mcts, ismcts"
    )
    with pytest.raises(AgentError, match="timed with the agent 'random', got 'mcts'"):
        bench_game(load("pig"), 0.1, agent="mcts")


def test_bench_errors(runner: CliRunner) -> None:
    assert_clean_error(run(runner, "bench", "chess"), "unknown game 'chess'")
    assert_clean_error(run(runner, "bench", "pig", "-s", "0"), "--seconds must be more than 0")
    assert_clean_error(run(runner, "bench", "nim", "-o", "x=1"), "unknown option 'x'")


def test_bench_game_measures_memory_apart_from_timing() -> None:
    game = load("pig")
    result = bench_game(game, seconds=0.05)
    assert result.steps_per_second > 0 and result.games >= 1
    assert peak_memory(game, playouts=2) > 0


def test_bench_reports_the_public_loop_and_the_memory_of_a_clone(runner: CliRunner) -> None:
    result = run(runner, "bench", "pig", "-s", "0.1", "--json")
    assert result.exit_code == 0, result.output
    (figures,) = json.loads(result.stdout)
    assert figures["public_steps"] >= 1 and figures["public_steps_per_second"] > 0
    assert figures["public_steps_per_second"] == pytest.approx(
        figures["public_steps"] / figures["public_seconds"]
    )
    assert 0 < figures["clone_bytes_mean"] <= figures["clone_bytes_peak"]
    assert "public steps/s" in result.stderr and "per clone" in result.stderr


def test_a_bigger_state_takes_more_memory_per_clone() -> None:
    from tablesports.arena.bench import clone_memory

    small, _ = clone_memory(load("pig"))
    big, _ = clone_memory(load("bloodbowl"), positions=3)
    assert big > 4 * small


def test_bench_reports_steps_per_cpu_second_for_both_loops(runner: CliRunner) -> None:
    result = run(runner, "bench", "nim", "-s", "0.2", "--json")
    assert result.exit_code == 0, result.output
    (figures,) = json.loads(result.stdout)
    # CPU time never runs ahead of the clock for one thread, so the CPU rate is at least
    # the wall-clock rate (up to the clocks' resolution)
    assert figures["cpu_steps_per_second"] >= 0.9 * figures["steps_per_second"] > 0
    assert figures["public_cpu_steps_per_second"] >= 0.9 * figures["public_steps_per_second"] > 0
    assert "nim: steps per CPU-second" in result.stderr
