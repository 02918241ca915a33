"""The same tournament on a local Ray as on processes, game for game; the plot; the command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablesports.arena.tournament import run_tournament
from tablesports.arena.work import Meter
from tablesports.core.registry import load

AGENTS = ["random", "mcts:iterations=20", "ismcts:iterations=20"]


def test_a_local_ray_plays_the_same_games_as_two_processes() -> None:
    import ray  # the `ray` extra, which `make test` installs: missing is a failure, not a skip

    game = load("pig", target=12)
    on_processes = run_tournament(game, AGENTS, 2, seed=7, jobs=2)
    meter = Meter()  # what the progress bar hears: the Ray tasks report their work too
    on_ray = run_tournament(game, AGENTS, 2, seed=7, jobs=2, engine="ray", meter=meter)
    assert not ray.is_initialized()  # the local Ray it started is shut down
    assert len(on_ray.records) == 6
    assert meter.games == 6 and meter.moves == sum(len(r.history) for r in on_ray.records)
    assert not meter.playing and meter.seconds_left() == 0
    for a, b in zip(on_processes.records, on_ray.records, strict=True):
        assert (a.meta, a.history, a.returns) == (b.meta, b.history, b.returns)
    assert on_processes.to_json() == on_ray.to_json()


def test_plot_draws_the_matrix_and_ratings_to_a_png(tmp_path: Path) -> None:
    from tablesports.arena.plot import plot_tournament

    result = run_tournament(load("ttt"), AGENTS, 2, seed=0)
    path = plot_tournament(result, tmp_path / "arena.png")
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert path.stat().st_size > 10_000


def test_plot_labels_break_long_agent_specs_after_commas() -> None:
    from tablesports.arena.plot import wrap

    spec = "mcts:iterations=300,rollout=jukem-greedy,rollout_steps=20"
    assert wrap(spec) == "mcts:iterations=300,\nrollout=jukem-greedy,\nrollout_steps=20"
    assert wrap(spec).replace("\n", "") == spec
    assert wrap("jukem-greedy") == "jukem-greedy"


def test_arena_command_prints_ratings_matrix_and_first_seat(tmp_path: Path) -> None:
    from tablesports.cli.app import app

    out = tmp_path / "arena.jsonl"
    args = ["arena", "ttt", "--agents", *AGENTS[:2], "--games", "4", "--out", str(out)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    for words in ("ratings (openskill)", "win rate of the row agent", "first seat advantage"):
        assert words in result.output
    assert len(out.read_text().splitlines()) == 4
    again = CliRunner().invoke(app, [*args, "--json"])
    assert again.exit_code == 0, again.output
    figures = json.loads(again.stdout[again.stdout.index("{") :])
    assert (figures["played"], figures["resumed"], figures["games"]) == (0, 4, 4)


def test_arena_command_names_a_bad_agent() -> None:
    from tablesports.cli.app import app

    result = CliRunner().invoke(app, ["arena", "ttt", "--agents", "random", "mcts:budget=3"])
    assert result.exit_code == 2
    assert "unknown option 'budget'" in result.output


@pytest.mark.parametrize("agent", ["mcts", "ismcts"])
def test_bench_times_search_agents_in_simulations_per_second(agent: str) -> None:
    from tablesports.cli.app import app

    result = CliRunner().invoke(app, ["bench", "ttt", "--agent", agent, "-s", "0.3", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout[result.stdout.index("[") :])
    assert rows[0]["game"] == "ttt"
    assert rows[0]["simulations"] > 0
    assert rows[0]["simulations_per_second"] > 0


def test_a_chunk_holds_one_game_until_the_pace_is_known_then_about_half_a_second() -> None:
    from tablesports.arena.engines import CHUNK_SECONDS, Slicer

    items = list(range(10_000))
    slicer = Slicer(items, jobs=2)
    assert [len(slicer.next() or ()) for _ in range(4)] == [1, 1, 1, 1]  # the pace unknown
    slicer.took(1, 0.001)  # a short game: as many as half a second holds, at most 64
    assert len(slicer.next() or ()) == 64
    long = Slicer(items, jobs=2)
    long.took(1, 30.0)  # an MCTS game: each comes back (and is saved) as it ends
    assert len(long.next() or ()) == 1
    middle = Slicer(items, jobs=2)
    middle.took(10, 10 * CHUNK_SECONDS / 8)
    assert len(middle.next() or ()) == 8
    fixed = Slicer(items, jobs=2, size=5)
    fixed.took(1, 0.001)
    chunks = iter(fixed.next, None)
    assert [len(c) for c in chunks] == [5] * 2000 and fixed.next() is None


def test_arena_resume_plays_only_the_missing_games_and_needs_its_file(tmp_path: Path) -> None:
    from tablesports.cli.app import app

    out = tmp_path / "arena.jsonl"
    base = ["arena", "ttt", "--agents", *AGENTS[:2], "--out", str(out)]
    missing = CliRunner().invoke(app, [*base, "--games", "2", "--resume"])
    assert missing.exit_code == 2 and "--resume continues the games" in missing.output
    assert "does not exist" in missing.output and not out.exists()
    no_file = CliRunner().invoke(app, ["arena", "ttt", "-a", *AGENTS[:2], "--resume"])
    assert no_file.exit_code == 2 and "give --out FILE" in no_file.output
    assert CliRunner().invoke(app, [*base, "--games", "4"]).exit_code == 0
    whole = out.read_text().splitlines(keepends=True)
    out.write_text("".join(whole[:2]))  # as a kill after two games leaves it
    rest = CliRunner().invoke(app, [*base, "--games", "4", "--resume"])
    assert rest.exit_code == 0, rest.output
    assert "2 games played" in rest.output and "2 read back" in rest.output
    assert sorted(out.read_text().splitlines(keepends=True)) == sorted(whole)  # the same games
