"""The arena: a round robin with seats swapped, saved game by game, resumable, same everywhere."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tablesports.arena.ratings import ranks_of, rate
from tablesports.arena.tournament import (
    Plan,
    TournamentError,
    read_finished,
    run_tournament,
    schedule,
)
from tablesports.core.errors import AgentError, OptionError
from tablesports.core.records import read_records
from tablesports.core.registry import load

AGENTS = ["random", "mcts:iterations=30", "ismcts:iterations=30"]


def same_games(a: list, b: list) -> bool:  # type: ignore[type-arg]
    return [(r.meta, r.history, r.returns) for r in a] == [
        (r.meta, r.history, r.returns) for r in b
    ]


def test_every_pair_plays_with_seats_swapped_and_shared_seeds() -> None:
    game = load("pig", target=12)
    plan = Plan(type(game), game.options.model_dump(), tuple(AGENTS), 4, seed=5)
    fixtures = schedule(plan)
    assert len(fixtures) == 3 * 4
    assert [f.index for f in fixtures] == list(range(12))
    for pair in range(3):
        block = fixtures[4 * pair : 4 * pair + 4]
        assert block[0].seating == tuple(reversed(block[1].seating))
        assert block[0].seed == block[1].seed != block[2].seed == block[3].seed
    assert len({f.seed for f in fixtures}) == 6


def test_the_same_seed_gives_the_same_tournament_on_one_or_two_processes() -> None:
    game = load("pig", target=12)
    one = run_tournament(game, AGENTS, 4, seed=1, jobs=1)
    two = run_tournament(game, AGENTS, 4, seed=1, jobs=2)
    assert same_games(one.records, two.records)
    assert one.to_json() == two.to_json()
    other = run_tournament(game, AGENTS, 4, seed=2, jobs=1)
    assert not same_games(one.records, other.records)


def test_matrix_and_seats_count_every_game_once_per_side() -> None:
    game = load("ttt")
    result = run_tournament(game, ["random", "mcts:iterations=200"], 6, seed=0)
    forward, back = result.pairs[0, 1], result.pairs[1, 0]
    assert forward.games == back.games == 6
    assert (forward.wins, forward.draws, forward.losses) == (back.losses, back.draws, back.wins)
    assert back.wins > forward.wins  # mcts beats random at tic-tac-toe
    assert sum(t.games for t in result.seats) == 12
    assert result.seats[0].wins == result.seats[1].losses
    assert result.ratings[0].agent == "mcts:iterations=200"


def test_results_go_to_json_lines_and_a_second_run_reads_them_back(tmp_path: Path) -> None:
    game = load("pig", target=12)
    out = tmp_path / "arena.jsonl"
    first = run_tournament(game, AGENTS, 2, seed=3, out=out)
    assert (first.played, first.resumed) == (6, 0)
    records = list(read_records(out))  # plain records: replayable by `tablesports replay`
    assert sorted(r.meta["index"] for r in records) == list(range(6))
    again = run_tournament(game, AGENTS, 2, seed=3, out=out)
    assert (again.played, again.resumed) == (0, 6)
    assert again.to_json()["ratings"] == first.to_json()["ratings"]


def test_an_interrupted_tournament_resumes_without_replaying_finished_games(
    tmp_path: Path,
) -> None:
    game = load("pig", target=12)
    whole = run_tournament(game, AGENTS, 4, seed=4, out=tmp_path / "whole.jsonl")
    lines = (tmp_path / "whole.jsonl").read_text().splitlines()
    cut = tmp_path / "cut.jsonl"
    # five games were saved, then the process died while writing the sixth
    cut.write_text("\n".join(lines[:5]) + "\n" + lines[5][: len(lines[5]) // 2])
    saved = [json.loads(line) for line in lines[:5]]
    resumed = run_tournament(game, AGENTS, 4, seed=4, jobs=2, out=cut)
    assert (resumed.played, resumed.resumed) == (7, 5)
    assert same_games(resumed.records, whole.records)
    kept = [json.loads(line) for line in cut.read_text().splitlines()]
    assert kept[:5] == saved  # finished games untouched, the torn line dropped
    assert len(kept) == 12


def test_a_file_of_another_tournament_is_refused(tmp_path: Path) -> None:
    game = load("pig", target=12)
    out = tmp_path / "arena.jsonl"
    run_tournament(game, AGENTS[:2], 1, seed=0, out=out)
    with pytest.raises(TournamentError, match="another tournament"):
        run_tournament(game, AGENTS[:2], 1, seed=1, out=out)
    plan = Plan(type(game), game.options.model_dump(), tuple(AGENTS[:2]), 1, seed=0)
    assert len(read_finished(out, plan)) == 1


@pytest.mark.parametrize(
    ("agents", "games", "error", "words"),
    [
        (["random"], 2, TournamentError, "2 agents or more"),
        (["random", "random"], 2, TournamentError, "named once"),
        (["random", "mcts"], 0, TournamentError, "--games"),
        (["random", "nobody"], 2, AgentError, "unknown agent 'nobody'"),
        (["random", "mcts:iterations=x"], 2, OptionError, "iterations"),
    ],
)
def test_bad_tournaments_are_refused_with_the_reason(
    agents: list[str], games: int, error: type[Exception], words: str
) -> None:
    with pytest.raises(error, match=words):
        run_tournament(load("ttt"), agents, games)


def test_bad_engines_are_refused() -> None:
    with pytest.raises(TournamentError, match="the engines are: process, ray"):
        run_tournament(load("ttt"), ["random", "mcts"], 1, engine="spark")
    with pytest.raises(TournamentError, match="--address"):
        run_tournament(load("ttt"), ["random", "mcts"], 1, address="ray://x:10001")


def test_ranks_share_places_on_equal_returns() -> None:
    assert ranks_of([1.0, -1.0]) == [0.0, 1.0]
    assert ranks_of([0.0, 0.0]) == [0.0, 0.0]


def test_ratings_put_the_agent_that_always_wins_first() -> None:
    games = [((0, 1), (1.0, -1.0)), ((1, 0), (-1.0, 1.0))] * 10
    ratings = rate(["strong", "weak"], games)
    assert [r.agent for r in ratings] == ["strong", "weak"]
    assert ratings[0].mu > 25 > ratings[1].mu
    assert ratings[0].games == ratings[1].games == 20
