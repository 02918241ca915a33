"""Value networks by name (`value:net=NAME`, agents/nets): found in the package or in a web
server's library folder (`DIR/<game id>/NAME.npz`), never by a path from a client or a record;
a name that is not there, or that could form a path, is refused with the names there are."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from tablesports.agents import nets
from tablesports.agents.registry import make_agent
from tablesports.arena.match import play_match
from tablesports.core.errors import AgentError
from tablesports.core.registry import load
from tablesports.envs.value_train import save_network

FEATURES = 19 * 15 * 9  # HanniBall's tensor


@pytest.fixture
def library(tmp_path: Path) -> Iterator[Path]:
    """A server library folder holding one HanniBall network, `mine`."""
    rng = np.random.default_rng(1)
    layers = [
        (rng.normal(0, 0.05, (4, FEATURES)).astype(np.float32), np.zeros(4, np.float32)),
        (rng.normal(0, 0.5, (1, 4)).astype(np.float32), np.zeros(1, np.float32)),
    ]
    (tmp_path / "hanniball").mkdir()
    save_network(tmp_path / "hanniball" / "mine.npz", layers, "hanniball", "a test's")
    nets.add_folder(tmp_path)
    yield tmp_path
    nets.remove_folder(tmp_path)


def test_a_network_in_the_library_plays_by_its_name(library: Path) -> None:
    game = load("hanniball", max_turns=8)
    agent = make_agent("value:net=mine,base=hanniball-greedy", game)
    record = play_match(game, [agent, make_agent("random", game)], seed=1)
    assert record.returns is not None
    assert "mine" in nets.names("hanniball") and "mine" not in nets.names("jukem")


def test_a_name_that_is_not_there_is_refused_with_the_names_there_are(library: Path) -> None:
    game = load("hanniball")
    with pytest.raises(AgentError, match=r"no network named 'nope' for hanniball; the networks"):
        make_agent("value:net=nope", game)
    with pytest.raises(AgentError) as caught:
        make_agent("value:net=nope", game)
    assert "mine" in str(caught.value).split("the networks are:")[1]
    with pytest.raises(AgentError, match="no network named 'mine' for jukem"):
        make_agent("value:net=mine", load("jukem"))  # a HanniBall network is not Jukem's


@pytest.mark.parametrize("name", ["../hanniball/mine", "hanniball/mine", "..", "mine.npz", "/x"])
def test_a_name_that_could_form_a_path_is_refused(library: Path, name: str) -> None:
    with pytest.raises(AgentError, match=r"never a path; the networks for hanniball are: .*mine"):
        make_agent(f"value:net={name}", load("hanniball"))


def test_the_value_agent_needs_exactly_one_of_a_name_and_a_path(library: Path) -> None:
    game = load("hanniball")
    with pytest.raises(AgentError, match=r"net=NAME .*mine.* or, on the command line, path="):
        make_agent("value", game)
    path = library / "hanniball" / "mine.npz"
    with pytest.raises(AgentError, match="exactly one"):
        make_agent(f"value:net=mine,path={path}", game)


def test_a_web_seat_names_a_network_and_never_a_path(library: Path) -> None:
    from tablesports.web.bots import BotRefused, check_stored

    game = load("hanniball")
    name, options = check_stored("value:net=mine,base=hanniball-greedy", game)
    assert name == "value" and options.net == "mine"  # type: ignore[attr-defined]
    path = library / "hanniball" / "mine.npz"
    with pytest.raises(BotRefused, match=r"not offered here with a file.s path.*mine"):
        check_stored(f"value:path={path}", game)
    with pytest.raises(BotRefused, match="base='mcts' is not offered here"):
        check_stored("value:net=mine,base=mcts", game)


def test_a_server_library_makes_its_networks_known_by_name(tmp_path: Path) -> None:
    from tablesports.web.library import Library

    (tmp_path / "jukem").mkdir()
    (tmp_path / "jukem" / "house-net.npz").write_bytes(b"")
    try:
        Library(tmp_path)
        assert "house-net" in nets.names("jukem")
    finally:
        nets.remove_folder(tmp_path)
    assert "house-net" not in nets.names("jukem")


def test_the_shipped_hanniball_network_plays_by_name_and_says_how_it_was_made() -> None:
    """Shipped in the package (agents/nets/hanniball.npz, a few MB at most) with its sidecar:
    the command, seed and CPU time that made it (tests/envs/test_value_small_training.py
    runs a small version of that command)."""
    path = nets.find("hanniball", "hanniball")
    assert path.stat().st_size < 4 << 20
    made = nets.facts("hanniball")
    assert made["game"] == "hanniball" and made["seed"] == 0 and made["cpu_seconds"] > 0
    assert made["command"].startswith("tablesports train hanniball --method value")
    assert "--base hanniball-greedy" in made["command"] and "--seed 0" in made["command"]
    game = load("hanniball", max_turns=8)
    agent = make_agent("value:net=hanniball,base=hanniball-greedy", game)
    assert agent.net.facts["game"] == "hanniball"  # type: ignore[attr-defined]
    record = play_match(game, [agent, make_agent("hanniball-greedy", game)], seed=1)
    assert record.returns is not None


def test_a_web_client_names_a_network_but_not_the_search_or_chance_budget(library: Path) -> None:
    from tablesports.web.bots import BotRefused, bot_spec
    from tablesports.web.settings import ServerSettings

    game, settings = load("hanniball"), ServerSettings()
    spec = bot_spec("value:net=mine,base=hanniball-greedy,weight=3", game, settings)
    assert spec == "value:base=hanniball-greedy,net=mine,weight=3.0"
    for costly in ("iterations=5000", "outcomes=0"):
        with pytest.raises(BotRefused, match="takes only base, margin, net, prior, weight"):
            bot_spec(f"value:net=mine,{costly}", game, settings)
