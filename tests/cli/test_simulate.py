"""`tablesports simulate` and the arena machinery behind it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablesports.agents import registry as agent_registry
from tablesports.arena.simulate import (
    SimulationError,
    agent_labels,
    iter_results,
    seating_of,
    simulate,
)
from tablesports.core.records import read_records, replay
from tablesports.core.registry import load
from tests.cli.helpers import assert_clean_error, run
from tests.cli.test_play import _Cheat


def test_the_table_is_the_same_whatever_the_number_of_processes(
    runner: CliRunner, tmp_path: Path
) -> None:
    outputs = {}
    for jobs in ("1", "2"):
        out = tmp_path / f"j{jobs}.jsonl"
        args = ["simulate", "pig", "--agents", "random", "random", "-n", "60", "--seed", "7"]
        result = run(runner, *args, "--jobs", jobs, "--out", str(out))
        assert result.exit_code == 0, result.output
        outputs[jobs] = result.stdout
        assert "60 games in" in result.stderr and f"{jobs} job(s)" in result.stderr
    assert outputs["1"] == outputs["2"]
    assert (tmp_path / "j1.jsonl").read_text() == (tmp_path / "j2.jsonl").read_text()
    table = outputs["1"]
    assert "Hidden Pig (test game): 60 games (seeds 7 to 66), seats swapped every game" in table
    for label in ("random #1", "random #2", "seat 0 (first)", "wins", "draws", "losses"):
        assert label in table
    assert "first seat advantage: seat 0 wins" in table
    assert "mean game length:" in table and "player decisions" in table


def test_records_go_to_json_lines_with_seed_plus_index(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    args = ["simulate", "nim", "-a", "random", "random", "-n", "5", "--seed", "100"]
    result = run(runner, *args, "--out", str(out), "-o", "pile=9")
    assert result.exit_code == 0, result.output
    records = list(read_records(out))
    assert [r.seed for r in records] == [100, 101, 102, 103, 104]
    assert [r.meta["index"] for r in records] == [0, 1, 2, 3, 4]
    for record in records:
        assert record.options == {"pile": 9}
        final = [s.state for s in replay(record)][-1]
        assert final.returns() == record.returns


def test_json_figures_agree_with_the_table(runner: CliRunner) -> None:
    args = ["simulate", "nim", "-a", "random", "random", "-n", "40", "--json"]
    result = run(runner, *args)
    assert result.exit_code == 0, result.output
    figures = json.loads(result.stdout)
    agents = figures["agents"]
    assert sum(a["wins"] for a in agents.values()) == 40  # nim has no draws
    assert figures["seats"][0]["wins"] + figures["seats"][1]["wins"] == 40
    assert "first seat advantage" in result.stderr  # the table moved to stderr


def test_seats_swap_every_other_game() -> None:
    assert [seating_of(i, 2, True) for i in range(4)] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    assert seating_of(3, 2, False) == (0, 1)
    game = load("nim")
    results = list(iter_results(game, ["random", "random"], 4, seed=3, keep_records=True))
    assert [r.seating for r in results] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    assert [r.seed for r in results] == [3, 4, 5, 6]
    for r in results:
        assert r.record is not None and r.steps == len(r.record.history)
        assert r.decisions == r.steps  # nim has no chance steps


def test_without_swapping_the_same_agent_keeps_seat_zero() -> None:
    summary = simulate(load("nim", pile=4), ["random", "random"], 30, swap_seats=False)
    assert summary.per_agent[0].wins == summary.per_seat[0].wins


def test_processes_give_the_same_results_as_one() -> None:
    game = load("pig", target=10)
    one = [(r.seating, r.returns, r.steps) for r in iter_results(game, ["random"] * 2, 30)]
    two = [(r.seating, r.returns, r.steps) for r in iter_results(game, ["random"] * 2, 30, jobs=2)]
    assert one == two
    # chance steps are steps but not decisions
    assert all(r.decisions < r.steps for r in iter_results(game, ["random"] * 2, 5))


def test_agent_labels_tell_twins_apart() -> None:
    assert agent_labels(["random", "random"]) == ["random #1", "random #2"]
    assert agent_labels(["random", "mcts"]) == ["random", "mcts"]


def test_an_agents_illegal_action_names_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(agent_registry._extra, "cheat", _Cheat)
    with pytest.raises(SimulationError, match=r"game 0 \(seed 9\): agent 'cheat'"):
        simulate(load("pig"), ["cheat", "random"], 3, seed=9)


def test_a_worker_that_cannot_build_its_agents_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    # `cheat` is registered in this process only: a spawned worker does not know it.
    monkeypatch.setitem(agent_registry._extra, "cheat", _Cheat)
    with pytest.raises(SimulationError, match="a worker process could not start: unknown agent"):
        simulate(load("pig"), ["cheat", "random"], 4, jobs=2)


def test_bad_simulate_arguments_are_explained(runner: CliRunner) -> None:
    base = ["simulate", "pig", "-a", "random"]
    assert_clean_error(run(runner, *base, "nobody"), "unknown agent 'nobody'", "random")
    assert_clean_error(run(runner, *base, "random", "-n", "0"), "--games must be 1 or more")
    assert_clean_error(run(runner, *base, "random", "-j", "0"), "--jobs must be 1 or more")
    assert_clean_error(
        run(runner, "simulate", "chess", "-a", "random", "random"), "unknown game 'chess'"
    )
    missing = run(runner, "simulate", "pig", "-a", "random")
    assert missing.exit_code == 2 and "requires 2 arguments" in missing.output


def test_a_games_own_figures_are_summed_up_from_its_final_states(runner: CliRunner) -> None:
    from tablesports.core.records import replay_final

    game = load("jukem")
    results = list(iter_results(game, ["random", "random"], 12, seed=3, keep_records=True))
    for result in results:
        assert result.record is not None
        final = replay_final(result.record, game)
        assert result.figures["goals"] == sum(final.score)  # type: ignore[attr-defined]
    summary = simulate(game, ["random", "random"], 12, seed=3)
    goals = summary.figures["goals"]
    assert goals.games == 12
    assert goals.mean == sum(r.figures["goals"] for r in results) / 12
    assert sum(goals.distribution().values()) == pytest.approx(1.0)
    shown = run(runner, "simulate", "jukem", "-a", "random", "random", "-n", "4", "--json")
    assert "goals in the first half" in shown.stderr
    assert json.loads(shown.stdout)["figures"]["goals"]["games"] == 4


def test_a_game_without_figures_shows_none(runner: CliRunner) -> None:
    assert simulate(load("pig", target=12), ["random", "random"], 5).figures == {}
