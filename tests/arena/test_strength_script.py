"""`scripts/strength.py` (`make strength`): every game's arena, its plot and its table."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "strength.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("strength_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_registered_game_has_its_bots_and_a_search_in_its_arena() -> None:
    from tablesports.core.registry import game_bots, game_ids

    strength = load_script()
    for game_id in game_ids():
        if game_id in ("pig", "ttt", "kuhn"):  # the tests' own games
            continue
        agents = strength.agents_of(game_id)
        assert agents[0] == "random"
        # every bot plays, by its name or by a spec with its budget (juggerttg-mcts:...)
        assert set(game_bots(game_id)) <= {a.partition(":")[0] for a in agents}
        search = strength.SEARCH.get(game_id, [])
        assert any(a.startswith(("mcts", "ismcts")) or a in search for a in agents), game_id
        assert len(agents) == len(set(agents))


def test_a_game_arena_writes_its_table_plot_and_records(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    pytest.importorskip("matplotlib")
    strength = load_script()
    monkeypatch.setattr(strength, "OUT", tmp_path / "docs")
    monkeypatch.setattr(strength, "RECORDS", tmp_path / "records")
    monkeypatch.setattr(strength, "SEARCH", {"jukem": ["ismcts:iterations=3,rollout_steps=5"]})
    strength.main(["jukem", "--games", "2", "--jobs", "1"])
    table = (tmp_path / "docs" / "jukem.md").read_text()
    # random, the bots and the search: every pair, two games each
    pairs = len(strength.agents_of("jukem")) * (len(strength.agents_of("jukem")) - 1) // 2
    rows = [line for line in table.splitlines() if line.startswith("| jukem |")]
    assert len(rows) == pairs
    assert "| jukem | `random` vs `jukem-greedy` | 2 |" in table
    search_row = next(r for r in rows if "`ismcts:iterations=3,rollout_steps=5` vs" in r)
    assert float(search_row.rstrip(" |").rsplit("|", 1)[1]) > 0  # its s/move was measured
    assert (tmp_path / "docs" / "jukem.png").stat().st_size > 0
    records = (tmp_path / "records" / "jukem.jsonl").read_text().splitlines()
    assert len(records) == 2 * pairs
    # run again: the games are read back, not replayed
    strength.main(["jukem", "--games", "2", "--jobs", "1"])
    assert (tmp_path / "records" / "jukem.jsonl").read_text().splitlines() == records
    assert f"{2 * pairs} games read back" in (tmp_path / "docs" / "jukem.md").read_text()


def test_an_unknown_game_is_refused_with_the_list_of_games() -> None:
    strength = load_script()
    with pytest.raises(SystemExit):
        strength.main(["chess"])


def test_a_run_without_out_writes_into_the_current_folder_never_the_committed_docs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/strength.md's `scripts/strength.py jukem --games 2` once rewrote the committed
    docs/strength/jukem.md and .png; only `--out docs/strength` (`make strength`) may."""
    pytest.importorskip("matplotlib")
    committed = SCRIPT.parents[1] / "docs" / "strength"
    before = {p.name: p.read_bytes() for p in committed.glob("jukem.*")}
    strength = load_script()
    monkeypatch.setattr(strength, "SEARCH", {"jukem": ["ismcts:iterations=3,rollout_steps=5"]})
    monkeypatch.chdir(tmp_path)
    strength.main(["jukem", "--games", "2", "--jobs", "1"])
    assert {p.name: p.read_bytes() for p in committed.glob("jukem.*")} == before
    scratch = tmp_path / "build" / "strength"
    assert (scratch / "jukem.md").is_file() and (scratch / "jukem.png").is_file()
    said = capsys.readouterr().out
    assert "wrote build/strength/jukem.md and .png" in said, said
    strength.main(["jukem", "--games", "2", "--jobs", "1", "--out", str(tmp_path / "mine")])
    assert (tmp_path / "mine" / "jukem.md").is_file()
