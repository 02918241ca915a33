"""`tablesports train --method value` end to end, tiny: rounds of play, fit and judge write the
network, one file a round, the curve and its plot; the network plays as `value:path=...`."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from tablesports.agents.registry import make_agent
from tablesports.arena.match import play_match
from tablesports.cli.app import app
from tablesports.cli.bars import StageBars
from tablesports.core.registry import load
from tablesports.envs.value_train import PlayJob, play_one

SHORT = ["-o", "max_turns=12"]


def test_train_value_writes_a_network_per_round_and_a_curve_that_plays(tmp_path: Path) -> None:
    out = tmp_path / "hb"
    result = CliRunner().invoke(
        app,
        [
            *("train", "hanniball", "--method", "value", "--rounds", "2", "--games", "6"),
            *("--eval-games", "2", "--base", "hanniball-greedy", "--out", str(out), *SHORT),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "round 1:" in result.output and "value:path=" in result.output
    for name in ("value.npz", "round-0.npz", "round-1.npz", "curve.png"):
        assert (out / name).is_file(), name
    curve = json.loads((out / "curve.json").read_text())
    assert [p["round"] for p in curve["curve"]] == [0, 1]
    assert curve["opponent"] == "hanniball-greedy"
    for point in curve["curve"]:
        assert point["games"] == 2 and 0 <= point["wins"] + point["draws"] <= 2
        low, high = point["interval"]
        assert 0.0 <= low <= point["win_rate"] <= high <= 1.0
        assert point["positions"] > 0 and point["cpu_seconds"] > 0
    game = load("hanniball", max_turns=12)
    spec = f"value:path={out / 'value.npz'},base=hanniball-greedy"
    record = play_match(game, [make_agent(spec, game), make_agent("random", game)], seed=1)
    assert record.returns is not None


def test_a_played_game_gives_each_position_from_both_sides_with_that_sides_result() -> None:
    job = PlayJob("hanniball", {"max_turns": 20}, ("hanniball-greedy",) * 2, 5, 0.0, 4)
    x, y, cpu = play_one(job)
    assert x.dtype == np.uint8 and x.shape[1] == 19 * 15 * 9 and len(x) == len(y) > 0
    assert np.array_equal(y[0::2], -y[1::2])  # the two sides of one position, zero-sum
    assert set(np.unique(y)) <= {-1.0, 0.0, 1.0} and cpu > 0
    # plane 10 is 'observer is Black': 0 for the first row of a pair, 1 for the second
    assert (x[0::2, 10 * 135] == 0).all() and (x[1::2, 10 * 135] == 255).all()


def test_train_value_says_what_is_wrong(tmp_path: Path) -> None:
    runner = CliRunner()
    bad = runner.invoke(app, ["train", "hanniball", "--method", "nope"])
    assert bad.exit_code != 0 and "choose one of ppo, value" in bad.output
    comma = runner.invoke(
        app, ["train", "hanniball", "--method", "value", "--out", str(tmp_path / "a,b")]
    )
    assert comma.exit_code != 0 and "cannot hold ','" in comma.output
    base = runner.invoke(
        app, ["train", "hanniball", "--method", "value", "--base", "random", "--out", str(tmp_path)]
    )
    assert base.exit_code != 0 and "has no evaluation" in base.output
    zero = runner.invoke(app, ["train", "hanniball", "--method", "value", "--rounds", "0"])
    assert zero.exit_code != 0 and "--rounds must be at least 1" in zero.output


def test_positions_are_doubled_by_reflection_only_where_the_rules_are_mirror_symmetric() -> None:
    from tablesports.envs.value_train import mirrored

    hanniball = load("hanniball")
    x, _, _ = play_one(PlayJob("hanniball", {"max_turns": 6}, ("hanniball-greedy",) * 2, 1, 0.0))
    both = mirrored("hanniball", hanniball, x)
    assert len(both) == 2 * len(x) and np.array_equal(both[: len(x)], x)
    boards = both[len(x) :].reshape(len(x), 19, 15, 9)
    assert np.array_equal(boards[..., ::-1].reshape(len(x), -1), x)
    assert not np.array_equal(both[len(x) :], x)  # the pieces moved off the symmetric set-up
    jukem = load("jukem")  # declares no symmetry (tests/envs/test_symmetries.py: every game)
    rows = np.zeros((3, 7), np.uint8)
    assert mirrored("jukem", jukem, rows) is rows


def test_train_value_tells_each_game_and_fit_of_a_round_as_it_goes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 48 finding 5: `train --method value` printed nothing within a round (27 minutes of
    silence); now every game played and judged and every fit is told, and the command shows a
    bar per stage with its count and time left (on a terminal's stderr: issue 46 finding 2)."""
    from tablesports.envs.value_train import train_value

    heard: list[tuple[str, int, int]] = []
    train_value(
        "hanniball",
        out=tmp_path / "hb",
        rounds=1,
        games=5,
        eval_games=3,
        jobs=1,
        options={"max_turns": 12},
        on_progress=lambda stage, done, total: heard.append((stage, done, total)),
    )
    assert [h for h in heard if h[0] == "round 0: play"] == [
        ("round 0: play", n, 5) for n in range(6)
    ]
    assert ("round 0: fit", 0, 1) in heard and ("round 0: fit", 1, 1) in heard
    assert [h for h in heard if h[0] == "round 0: judge"] == [
        ("round 0: judge", n, 3) for n in range(4)
    ]
    assert heard.index(("round 0: play", 5, 5)) < heard.index(("round 0: fit", 0, 1))
    said: list[str] = []
    update = StageBars.update

    def watched(self: StageBars, stage: str, done: int, total: int, unit: str = "games") -> None:
        update(self, stage, done, total, unit)
        said.append(self.line(stage))

    monkeypatch.setattr(StageBars, "update", watched)
    result = CliRunner().invoke(
        app,
        [
            *("train", "hanniball", "--method", "value", "--rounds", "1", "--games", "4"),
            *("--eval-games", "2", "--out", str(tmp_path / "cli"), *SHORT),
        ],
    )
    assert result.exit_code == 0, result.output
    for stage, last in (("round 0: play", "4/4 games"), ("round 0: judge", "2/2 games")):
        lines = [x for x in said if x.startswith(stage)]
        assert lines[0].endswith("left ?") and last in lines[-1], lines
        assert lines[-1].endswith("left 0:00:00"), lines
    assert "round 0: fit 1/1  left 0:00:00" in said
    # no terminal: the bars are not drawn, the output is the round's line alone
    assert "left" not in result.output and "round 0: play" not in result.output
    assert "round 0:" in result.stdout and "positions" in result.stdout
