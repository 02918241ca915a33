"""The levels' published ratings: `scripts/level_ratings.py` copies a round robin's ratings
from `tablesports strength --round-robin`'s summary, and a rating counts only while its level
plays as it was measured (same game version, same spec)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from tablesports.arena import level_ratings as published_ratings
from tablesports.arena import levels
from tablesports.arena.ladder import run_ladder
from tablesports.arena.ladder_table import ladder_summary
from tablesports.arena.match import play_match
from tablesports.core.errors import TablesportsError
from tablesports.core.registry import load

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "level_ratings.py"
_spec = importlib.util.spec_from_file_location("level_ratings_script", SCRIPT)
assert _spec is not None and _spec.loader is not None
script = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(script)

CHEAP = {
    "easy": "random",
    "normal": "jukem-greedy",
    "hard": "jukem-greedy:red_at=5",
    "strongest": "jukem-greedy:red_at=3",
}


@pytest.fixture
def cheap_levels(monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    monkeypatch.setitem(levels.LEVELS, "jukem", dict(CHEAP))
    return levels.LEVELS["jukem"]


def _summary(tmp_path: Path, round_robin: bool, games: int = 2) -> Path:
    result = run_ladder(load("jukem"), games, out=tmp_path, round_robin=round_robin)
    summary = ladder_summary(result, "tablesports strength jukem", {"commit": "abc123"})
    path = tmp_path / f"summary-{round_robin}-{games}.json"
    path.write_text(json.dumps(summary), "utf-8")
    return path


def test_a_published_round_robin_rates_every_level_that_still_plays_as_measured(
    tmp_path: Path, cheap_levels: dict[str, str]
) -> None:
    to = tmp_path / "level_ratings.json"
    assert script.main([str(_summary(tmp_path, True)), "--to", str(to)]) == 0
    game = load("jukem")
    rated = published_ratings.level_ratings(game, to)
    assert set(rated) == set(CHEAP)
    assert {name: r.spec for name, r in rated.items()} == CHEAP
    assert rated["normal"].games == 6  # easy, hard, strongest: three pairs of 2 games
    cheap_levels["hard"] = "jukem-greedy:red_at=6"  # a level rebuilt since the ladder
    published_ratings.published.cache_clear()
    assert set(published_ratings.level_ratings(game, to)) == {"easy", "normal", "strongest"}
    data = json.loads(to.read_text())
    data["games"]["jukem"]["game_version"] = game.info.version + 1
    to.write_text(json.dumps(data))
    published_ratings.published.cache_clear()
    assert published_ratings.level_ratings(game, to) == {}  # another version's ratings


def test_only_a_finished_round_robin_is_published(
    tmp_path: Path, cheap_levels: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    to = tmp_path / "level_ratings.json"
    assert script.main([str(_summary(tmp_path / "a", False)), "--to", str(to)]) == 2
    assert "not a round robin: rerun with --round-robin" in capsys.readouterr().err
    summary = json.loads(_summary(tmp_path / "b", True).read_text())
    summary["games_asked"] = 4  # as a run stopped after 2 games of 4 a pair says
    short = tmp_path / "short.json"
    short.write_text(json.dumps(summary))
    assert script.main([str(short), "--to", str(to)]) == 2
    assert "unfinished pairs: easy vs normal (2)" in capsys.readouterr().err
    assert not to.exists()


def test_a_broken_ratings_file_is_an_error_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "level_ratings.json"
    path.write_text('{"games": {"jukem": {"levels": 3}}}')
    with pytest.raises(TablesportsError, match="not a level ratings file"):
        published_ratings.level_ratings(load("jukem"), path)


def test_the_shipped_ratings_file_is_valid_and_names_registered_games() -> None:
    published_ratings.published.cache_clear()
    shipped = published_ratings.published()
    for game_id, entry in shipped.games.items():
        game = load(game_id)
        assert entry.round_robin and set(entry.levels) >= set(levels.levels(game))


def test_a_ladders_levels_are_rated_as_fixed_bots_without_drift(tmp_path: Path) -> None:
    """A level is a fixed bot: the ladder rates it without openskill's drift (`tau=0`), so its
    sigma keeps shrinking with its games and the rating follows all of them, not the last few
    thousand (with the default drift sigma stays near 1.5, and Jukem's `normal` was rated
    above `hard`, which beat it 52.3% over 10,000 games). Here a 53% edge, evenly spread over
    4,000 games, ranks the stronger level first with a small sigma."""
    from tablesports.arena.ladder import summarise

    game = load("jukem")
    plan = run_ladder(game, 1, out=tmp_path, iterations=2).plan
    weak, normal, hard = plan.pairs[0].lower, plan.pairs[0].higher, plan.pairs[1].higher
    played = play_match(game, ["random", "random"], seed=1)
    records = []
    for n in range(4000):
        for pair, edge in ((0, 90), (1, 53)):  # the higher level wins `edge` of every 100
            high = n % 2
            won = (n * edge) % 100 < edge
            meta = {"pair": pair, "number": n, "higher_seat": high}
            meta |= {"cpu": [0.0, 0.0], "decisions": [1, 1]}
            returns = [1.0, -1.0] if (high == 0) == won else [-1.0, 1.0]
            records.append(played.model_copy(update={"returns": returns, "meta": meta}))
    ratings = summarise(plan, records).ratings
    assert [r.agent for r in ratings][:3] == [hard, normal, weak]
    assert all(r.sigma < 1.0 for r in ratings[:3])  # the default drift keeps it near 1.5
