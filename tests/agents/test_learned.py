"""`policy:path=FILE` (agents/learned.py): a policy exported by `tablesports train`, played with
numpy alone; a file a caller names, checked before it is played, never shipped in the package."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tablesports.agents.registry import agent_names, make_agent
from tablesports.arena.match import play_match
from tablesports.core.errors import AgentError, OptionError
from tablesports.core.registry import load


def policy_file(path: Path, game_id: str, actions: int, features: int, seed: int = 0) -> Path:
    """A random two-layer policy in the export's format (what `export_policy` writes)."""
    rng = np.random.default_rng(seed)
    np.savez(
        path,
        w0=rng.normal(0, 0.1, (16, features)).astype(np.float32),
        b0=np.zeros(16, np.float32),
        w1=rng.normal(0, 0.1, (actions, 16)).astype(np.float32),
        b1=np.zeros(actions, np.float32),
        game=np.array(game_id),
        actions=np.array(str(actions)),
        trained=np.array("random weights, for a test"),
    )
    return path


def hanniball_file(tmp_path: Path) -> Path:
    game = load("hanniball")
    codec = game.action_codec()
    assert codec is not None
    return policy_file(tmp_path / "p.npz", "hanniball", len(codec.actions), 19 * 15 * 9)


def test_no_policy_file_is_shipped_in_the_package() -> None:
    import tablesports.agents

    folder = Path(tablesports.agents.__file__).parent
    # the value networks of agents/nets/ (`value:net=NAME`) are shipped; no policy is
    assert not [f for f in folder.rglob("*.npz") if f.parent.name != "nets"]
    with np.load(folder / "nets" / "hanniball.npz", allow_pickle=False) as net:
        assert "actions" not in net.files  # a value network (one output), not a policy
    assert "hanniball-learned" not in agent_names(load("hanniball"))


def test_a_policy_file_plays_whole_games_with_legal_moves_on_both_seats(tmp_path: Path) -> None:
    file = hanniball_file(tmp_path)
    game = load("hanniball", max_turns=30)
    for seat in (0, 1):
        agents = [make_agent("random", game, seed=seat) for _ in range(2)]
        agents[seat] = make_agent(f"policy:path={file}", game)
        record = play_match(game, agents, seed=seat)  # an illegal move raises AgentError
        assert record.returns is not None


def test_a_policy_chooses_the_same_move_in_the_same_position(tmp_path: Path) -> None:
    file = hanniball_file(tmp_path)
    game = load("hanniball")
    state = game.new_initial_state()
    first = make_agent(f"policy:path={file}", game)
    second = make_agent(f"policy:path={file}", game, seed=9)
    assert first.step(state) == second.step(state)


def test_a_policy_says_what_is_wrong_with_its_file(tmp_path: Path) -> None:
    hanniball = load("hanniball")
    with pytest.raises(AgentError, match=r"no policy file .*tablesports train"):
        make_agent(f"policy:path={tmp_path / 'missing.npz'}", hanniball)
    (tmp_path / "text.npz").write_text("not numpy")
    with pytest.raises(AgentError, match="is not a policy file"):
        make_agent(f"policy:path={tmp_path / 'text.npz'}", hanniball)
    with pytest.raises(AgentError, match="plays hanniball, not jukem"):
        make_agent(f"policy:path={hanniball_file(tmp_path)}", load("jukem"))
    with pytest.raises(OptionError, match="path"):
        make_agent("policy", hanniball)
