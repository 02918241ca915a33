"""`tablesports train` end to end, tiny: it trains, writes the curve and the policy, and the
policy plays as the agent `ppo:path=...` in a match and in `simulate`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablesports.agents.learned import read_policy
from tablesports.agents.registry import make_agent
from tablesports.arena.match import play_match
from tablesports.cli.app import app
from tablesports.core.errors import AgentError
from tablesports.core.registry import load


def test_train_saves_a_policy_that_plays_as_an_agent_spec(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "jukem"
    result = runner.invoke(
        app,
        [
            *("train", "jukem", "--steps", "256", "--eval-every", "128", "--eval-games", "2"),
            *("--out", str(out), "--imitate", "jukem-greedy", "--imitate-steps", "64"),
        ],
    )
    assert result.exit_code == 0, result.output
    policy = out / "policy.zip"
    assert policy.exists() and (out / "curve.png").exists()
    # its actor for numpy alone (what `policy:path=...` plays), int8, from the same run
    actor, facts = read_policy(out / "policy.npz")
    assert facts["game"] == "jukem" and actor[-1][0].shape[0] == int(facts["actions"])
    curve = json.loads((out / "curve.json").read_text())
    assert curve["curve"][0]["steps"] == 0 and curve["curve"][-1]["steps"] >= 256
    assert set(curve["curve"][-1]["win_rate"]) == {"random", "jukem-greedy"}

    game = load("jukem")
    spec = f"ppo:path={policy}"
    record = play_match(game, [make_agent(spec, game), make_agent("random", game)], seed=4)
    assert record.returns is not None and record.players[0] == spec

    actor_spec = f"policy:path={out / 'policy.npz'}"  # the same policy without torch
    record = play_match(game, [make_agent("random", game), make_agent(actor_spec, game)], seed=5)
    assert record.returns is not None and record.players[1] == actor_spec

    sim = runner.invoke(app, ["simulate", "jukem", "--agents", spec, "random", "--games", "2"])
    assert sim.exit_code == 0, sim.output


def test_the_ppo_agent_says_what_is_wrong(tmp_path: Path) -> None:
    game = load("jukem")
    with pytest.raises(AgentError, match="ppo:path="):
        make_agent("ppo", game)
    with pytest.raises(AgentError, match="no policy file"):
        make_agent(f"ppo:path={tmp_path / 'none.zip'}", game)


@pytest.mark.parametrize(
    ("game_id", "bot"),
    [
        ("bloodbowl", "bloodbowl-scripted"),
        ("hanniball", "hanniball-greedy"),
        ("juggers", "juggers-aim"),
    ],
)
def test_training_measures_against_the_game_s_first_listed_bot(game_id: str, bot: str) -> None:
    from tablesports.core.registry import heuristic_bot

    assert heuristic_bot(game_id) == bot
