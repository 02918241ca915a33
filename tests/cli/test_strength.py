"""`tablesports strength GAME`: a game's ladder of adjacent levels, its table, plot and ratings,
resumed game by game after a kill, never mixed with another ladder's records.

Jukem with every search at 2 iterations (`--iterations 2`): a full-length game in a few
hundredths of a second."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablesports.arena.ladder import LadderError, run_ladder
from tablesports.arena.ladder_table import COLUMNS
from tablesports.core.records import Record
from tablesports.core.registry import load
from tests.cli.helpers import assert_clean_error, run

TINY = ["--iterations", "2"]
JUKEM_PAIRS = ["easy vs normal", "normal vs hard", "hard vs strongest"]
SEARCHES = {
    "easy": "random",
    "normal": "ismcts:iterations=150,rollout=jukem-greedy,rollout_steps=10",
    "hard": "ismcts:iterations=400,seconds=3,rollout=jukem-greedy,rollout_steps=12",
    "strongest": "ismcts:iterations=1500,seconds=5,rollout=jukem-greedy,rollout_steps=14",
}
"""Four Jukem levels that are searches (Jukem's own are three instant bots): `--iterations 2`
makes each game a few hundredths of a second, and the ladder's four levels are all there (told
apart by their rollouts, as their iterations are all 2 then)."""


@pytest.fixture(autouse=True)
def searching_levels(monkeypatch: pytest.MonkeyPatch) -> None:
    from tablesports.arena import levels

    monkeypatch.setitem(levels.LEVELS, "jukem", dict(SEARCHES))


def _records(out: Path, game: str = "jukem") -> list[dict[str, object]]:
    path = out / f"{game}-ladder.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_a_tiny_ladder_writes_the_table_with_every_column_the_plot_and_the_records(
    runner: CliRunner, tmp_path: Path
) -> None:
    result = run(runner, "strength", "jukem", "--games", "2", "--out", str(tmp_path), *TINY)
    assert result.exit_code == 0, result.output
    table = (tmp_path / "jukem-ladder.md").read_text()
    assert "| " + " | ".join(COLUMNS) + " |" in table
    rows = {line.split(" | ")[0].strip("| "): line for line in table.splitlines()}
    for pair in JUKEM_PAIRS:  # jukem's easy is random: no extra normal-vs-random pair
        cells = [c.strip() for c in rows[pair].strip("|").split("|")]
        assert cells[1] == "2", rows[pair]
        wins, draws, losses = map(int, cells[2].split("-"))
        assert wins + draws + losses == 2
        assert cells[4] in ("yes", "no") and cells[5] == "1"  # one seed, seats swapped
    assert "random vs normal" not in table
    assert "commit " in table and "tablesports strength jukem --games 2" in table
    for level in ("easy", "normal", "hard", "strongest"):  # one rating a level
        lines = table.splitlines()
        assert sum(line.startswith(f"| {n} | {level} |") for n in "1234" for line in lines) == 1
    assert (tmp_path / "jukem-ladder.png").read_bytes()[:4] == b"\x89PNG"
    records = _records(tmp_path)
    assert len(records) == 6
    assert all(r["meta"]["decisions"][0] > 0 and len(r["meta"]["cpu"]) == 2 for r in records)  # type: ignore[index]


def test_the_seats_are_swapped_on_one_seed_within_a_pair(runner: CliRunner, tmp_path: Path) -> None:
    run(runner, "strength", "jukem", "--games", "2", "--out", str(tmp_path), *TINY)
    by_pair: dict[int, list[dict[str, object]]] = {}
    for r in _records(tmp_path):
        by_pair.setdefault(r["meta"]["pair"], []).append(r)  # type: ignore[index]
    for games in by_pair.values():
        assert {g["seed"] for g in games} == {games[0]["seed"]}
        assert {g["meta"]["higher_seat"] for g in games} == {0, 1}  # type: ignore[index]


def test_more_games_later_play_only_the_new_ones(runner: CliRunner, tmp_path: Path) -> None:
    first = run(runner, "strength", "jukem", "--games", "2", "--out", str(tmp_path), *TINY)
    assert first.exit_code == 0, first.output
    before = (tmp_path / "jukem-ladder.jsonl").read_text()
    again = run(runner, "strength", "jukem", "--games", "4", "--out", str(tmp_path), *TINY)
    assert again.exit_code == 0, again.output
    assert "6 games played" in again.stderr and "6 read back" in again.stderr
    after = (tmp_path / "jukem-ladder.jsonl").read_text()
    assert after.startswith(before)  # the finished games are kept as they were
    assert len(_records(tmp_path)) == 12
    assert "| easy vs normal | 4 |" in (tmp_path / "jukem-ladder.md").read_text()


def test_resume_says_what_running_again_does_and_needs_the_records(
    runner: CliRunner, tmp_path: Path
) -> None:
    args = ["strength", "jukem", "--games", "2", "--out", str(tmp_path), *TINY]
    missing = run(runner, *args, "--resume")
    assert_clean_error(missing, "--resume continues the games in", "jukem-ladder.jsonl")
    assert not (tmp_path / "jukem-ladder.jsonl").exists()
    run(runner, *args)
    before = (tmp_path / "jukem-ladder.jsonl").read_text()
    more = ["strength", "jukem", "--games", "4", "--out", str(tmp_path), *TINY, "--resume"]
    again = run(runner, *more)
    assert again.exit_code == 0, again.output
    assert "6 games played" in again.stderr and "6 read back" in again.stderr
    assert (tmp_path / "jukem-ladder.jsonl").read_text().startswith(before)


def test_one_pair_is_played_alone_on_its_own_seeds_and_counts_in_the_whole_ladder(
    runner: CliRunner, tmp_path: Path
) -> None:
    whole = tmp_path / "whole"
    run(runner, "strength", "jukem", "--games", "2", "--out", str(whole), *TINY)
    out = tmp_path / "one"
    args = ["strength", "jukem", "--games", "2", "--out", str(out), *TINY]
    first = run(runner, *args, "--pair", "normal-hard")
    assert first.exit_code == 0, first.output
    assert "2 games played" in first.stderr
    assert {r["meta"]["pair"] for r in _records(out)} == {1}  # normal vs hard only
    table = (out / "jukem-ladder.md").read_text()
    assert "| normal vs hard | 2 |" in table and "| easy vs normal | 2 |" not in table
    rest = run(runner, *args)
    assert "4 games played" in rest.stderr and "2 read back" in rest.stderr
    # the same six games, seeds and results as the ladder played whole
    seen = {
        (r["meta"]["pair"], r["meta"]["number"], r["seed"], str(r["returns"]))
        for r in _records(out)
    }
    alike = {
        (r["meta"]["pair"], r["meta"]["number"], r["seed"], str(r["returns"]))
        for r in _records(whole)
    }
    assert seen == alike and len(seen) == 6
    assert_clean_error(
        run(runner, *args, "--pair", "easy-hard"),
        "no pair 'easy-hard' in this ladder: its pairs are easy-normal, normal-hard, "
        "hard-strongest",
    )


class Killed(Exception):
    """Stands for a kill after some games (raised from the record callback)."""


def test_a_killed_ladder_resumes_without_replaying_its_finished_games(tmp_path: Path) -> None:
    game = load("jukem")
    seen: list[object] = []

    def stop_after_four(record: object) -> None:
        seen.append(record)
        if len(seen) == 4:
            raise Killed

    with pytest.raises(Killed):
        run_ladder(game, 4, out=tmp_path, iterations=2, on_record=stop_after_four)
    assert len(_records(tmp_path)) == 4  # each finished game was written as it ended
    finished = {(r["meta"]["pair"], r["meta"]["number"]) for r in _records(tmp_path)}  # type: ignore[index]
    result = run_ladder(game, 4, out=tmp_path, iterations=2)
    assert (result.resumed, result.played) == (4, 8)
    records = _records(tmp_path)
    keys = [(r["meta"]["pair"], r["meta"]["number"]) for r in records]  # type: ignore[index]
    assert len(keys) == len(set(keys)) == 12  # no game played twice
    assert finished <= set(keys)
    assert [p.tally.games for p in result.pairs] == [4, 4, 4]


def test_with_two_jobs_each_game_comes_back_and_is_saved_as_it_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a ladder's games are long (minutes a game in Jugger TTG): a worker sends each one back as
    # it ends, not in a chunk of several, so a kill loses only the games in play
    from tablesports.arena import engines

    sizes: list[int | None] = []

    class Spy(engines.Slicer):
        def __init__(self, items: list[object], jobs: int, size: int | None = None) -> None:
            sizes.append(size)
            super().__init__(items, jobs, size)

    monkeypatch.setattr(engines, "Slicer", Spy)
    seen: list[object] = []

    def stop_after_one(record: object) -> None:
        seen.append(record)
        raise Killed

    with pytest.raises(Killed):
        run_ladder(load("jukem"), 100, out=tmp_path, iterations=2, jobs=2, on_record=stop_after_one)
    assert sizes == [1]
    assert len(_records(tmp_path)) == 1  # saved before the other games came back


def test_a_records_file_of_another_ladder_is_refused_and_left_alone(
    runner: CliRunner, tmp_path: Path
) -> None:
    run(runner, "strength", "jukem", "--games", "2", "--out", str(tmp_path), *TINY)
    before = (tmp_path / "jukem-ladder.jsonl").read_bytes()
    out = ["--out", str(tmp_path)]
    other = run(runner, "strength", "jukem", "--games", "2", "--seed", "5", *out, *TINY)
    assert_clean_error(
        other, "holds the games of another ladder", "seed: the file's 0, this run's 5"
    )
    assert "--out" in other.stderr  # what to do about it
    newer = run(runner, "strength", "jukem", "--games", "2", "-o", "halves=1", *out, *TINY)
    assert_clean_error(newer, "holds the games of another ladder", "options:")
    assert (tmp_path / "jukem-ladder.jsonl").read_bytes() == before


def test_a_rebuilt_level_replays_only_the_pairs_it_is_in(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from tablesports.arena import levels

    game = load("jukem")
    first = run_ladder(game, 2, out=tmp_path, iterations=2)
    kept = {(r.meta["pair_specs"], r.meta["number"]): r.history for r in first.records}
    rebuilt = {**SEARCHES, "strongest": "jukem-greedy"}
    monkeypatch.setitem(levels.LEVELS, "jukem", rebuilt)
    second = run_ladder(game, 2, out=tmp_path, iterations=2)
    assert (second.resumed, second.played, second.aside) == (4, 2, 2)
    assert [p.label for p in second.plan.pairs] == JUKEM_PAIRS
    for record in second.records:  # the unchanged pairs' games are the same games, read back
        if record.meta["pair_levels"] != ["hard", "strongest"]:
            assert kept[record.meta["pair_specs"], record.meta["number"]] == record.history
    assert second.pairs[2].pair.higher_spec == "jukem-greedy" and second.pairs[2].tally.games == 2
    assert len(_records(tmp_path)) == 8  # the old level's games stay in the file, not counted
    from tablesports.arena.ladder_table import ladder_markdown

    table = ladder_markdown(second, "tablesports strength jukem", {"commit": "abc"})
    assert "2 games of pairs no longer in the ladder" in table


def test_a_round_robin_plays_every_pair_of_levels_and_writes_the_ratings_as_data(
    runner: CliRunner, tmp_path: Path
) -> None:
    out = ["--out", str(tmp_path), *TINY]
    result = run(runner, "strength", "jukem", "--games", "2", "--round-robin", *out)
    assert result.exit_code == 0, result.output
    table = (tmp_path / "jukem-ladder.md").read_text()
    extra = ["easy vs hard", "easy vs strongest", "normal vs strongest"]
    for pair in JUKEM_PAIRS + extra:
        assert f"| {pair} | 2 |" in table
    assert "(a round robin: every pair of levels)" in table
    summary = json.loads((tmp_path / "jukem-ladder.json").read_text())
    assert summary["round_robin"] is True and summary["game"] == "jukem"
    assert [p["lower"] + " vs " + p["higher"] for p in summary["pairs"]] == JUKEM_PAIRS + extra
    levels = {r["level"]: r for r in summary["ratings"]}
    assert set(levels) == {"easy", "normal", "hard", "strongest"}
    assert levels["easy"]["spec"] == "random" and levels["normal"]["games"] == 6
    assert "--round-robin" in summary["command"]
    adjacent = run(runner, "strength", "jukem", "--games", "2", "--report-only", *out)
    assert adjacent.exit_code == 0, adjacent.output
    assert json.loads((tmp_path / "jukem-ladder.json").read_text())["round_robin"] is False


def test_a_records_file_of_no_ladder_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "jukem-ladder.jsonl"
    from tablesports.arena.match import play_match

    path.write_text(play_match(load("jukem"), ["random", "random"], 1).to_json_line() + "\n")
    with pytest.raises(LadderError, match="no ladder's"):
        run_ladder(load("jukem"), 2, out=tmp_path, iterations=2)


def test_an_unknown_game_is_one_line_listing_the_games(runner: CliRunner, tmp_path: Path) -> None:
    result = run(runner, "strength", "chess", "--out", str(tmp_path))
    assert_clean_error(result, "chess", "jukem", "hanniball")
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(
    ("option", "value", "said"),
    [
        ("--games", "0", "--games (per pair) must be 1 or more, got 0"),
        ("--games", "-4", "--games (per pair) must be 1 or more, got -4"),
        ("--jobs", "0", "--jobs must be 1 or more, got 0"),
        ("--iterations", "0", "--iterations must be 1 or more, got 0"),
        ("--games", "many", "'--games' / '-n': Input should be a valid integer"),
    ],
)
def test_a_bad_number_is_one_line_saying_what_is_allowed(
    runner: CliRunner, tmp_path: Path, option: str, value: str, said: str
) -> None:
    result = run(runner, "strength", "jukem", option, value, "--out", str(tmp_path))
    assert_clean_error(result, said)
    assert len(result.stderr.strip().splitlines()) == 1
    assert not list(tmp_path.iterdir())


def test_a_bad_floor_is_refused_before_any_game(runner: CliRunner, tmp_path: Path) -> None:
    result = run(runner, "strength", "jukem", "--against", "nobody", "--out", str(tmp_path))
    assert_clean_error(result, "nobody")
    assert not (tmp_path / "jukem-ladder.jsonl").exists()


def test_a_ladder_plays_normal_against_random_too_without_time_caps(tmp_path: Path) -> None:
    from tablesports.arena.ladder import ladder_pairs

    pairs = ladder_pairs(load("hanniball"))  # three levels since issue 49
    assert [p.label for p in pairs] == [*JUKEM_PAIRS[:2], "random vs normal"]
    capped = ladder_pairs(load("juggerttg"))  # its hard and strongest carry seconds= caps
    assert [p.label for p in capped] == [*JUKEM_PAIRS, "random vs normal"]
    for pair in capped:  # the games follow their seeds, not the machine's load
        assert "seconds=" not in pair.lower_spec and "seconds=" not in pair.higher_spec


def test_without_matplotlib_it_says_the_extra_before_playing(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    result = run(runner, "strength", "jukem", "--games", "2", "--out", str(tmp_path), *TINY)
    assert_clean_error(result, "needs the 'arena' extra", "pip install 'tablesports[arena]'")
    assert not (tmp_path / "jukem-ladder.jsonl").exists()


def test_report_only_sums_up_the_records_without_playing(runner: CliRunner, tmp_path: Path) -> None:
    run(runner, "strength", "jukem", "--games", "2", "--out", str(tmp_path), *TINY)
    before = (tmp_path / "jukem-ladder.jsonl").read_bytes()
    out = ["--out", str(tmp_path), *TINY]
    result = run(runner, "strength", "jukem", "--games", "4", "--report-only", *out)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "jukem-ladder.jsonl").read_bytes() == before
    table = (tmp_path / "jukem-ladder.md").read_text()
    assert "0 played by this run, 6 read back; 4 asked a pair" in table
    assert "stopped early: a pair has 2 so far" in table
    assert "| easy vs normal | 2 |" in table


def test_an_interrupted_run_writes_the_table_of_its_finished_games(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from tablesports.arena import ladder

    real = ladder.play_fixture
    played: list[object] = []

    def interrupted_after_four(*args: object) -> object:
        if len(played) == 4:
            raise KeyboardInterrupt
        played.append(real(*args))  # type: ignore[arg-type]
        return played[-1]

    monkeypatch.setattr(ladder, "play_fixture", interrupted_after_four)
    result = run(runner, "strength", "jukem", "--games", "4", "--out", str(tmp_path), *TINY)
    assert result.exit_code == 130
    assert "interrupted: the same command plays the games still missing" in result.stderr
    assert len(_records(tmp_path)) == 4
    table = (tmp_path / "jukem-ladder.md").read_text()
    assert "4 full-length games" in table and "a pair has 1 to 2 so far" in table
    monkeypatch.setattr(ladder, "play_fixture", real)
    again = run(runner, "strength", "jukem", "--games", "4", "--out", str(tmp_path), *TINY)
    assert again.exit_code == 0 and "8 games played" in again.stderr


def test_two_jobs_play_the_same_games_as_one(tmp_path: Path) -> None:
    game = load("jukem")
    one = run_ladder(game, 2, out=tmp_path / "one", iterations=2)
    two = run_ladder(game, 2, out=tmp_path / "two", iterations=2, jobs=2)

    def games(records: list[Record]) -> list[tuple[object, ...]]:
        return [(r.meta["pair"], r.meta["number"], r.returns, r.history) for r in records]

    assert games(two.records) == games(one.records)
