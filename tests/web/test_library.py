"""Issue 33, deliver 1: decks, hero sets and teams come from the server's library by name (the
files shipped with the games and `--library DIR`), never by a path a client sends."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablesports.web.app import create_app
from tablesports.web.settings import ServerSettings

HUMAN = {"kind": "human"}


def house_deck() -> str:
    return (files("tablesports.games.jukem") / "data" / "deck.toml").read_text()


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    library = tmp_path / "library"
    (library / "jukem").mkdir(parents=True)
    (library / "jukem" / "quick-deck.toml").write_text(
        house_deck().replace("(tablesports house deck)", "(quick)")
    )
    (library / "jukem" / "Not..A.Name.toml").write_text('title = "skipped"\n')
    (library / "bloodbowl").mkdir()
    team = 'name = "Rats of the Lane"\nroster = "skaven"\n'
    (library / "bloodbowl" / "lane-rats.toml").write_text(f"[team]\n{team}")
    return library


def options_of(client: TestClient, game: str) -> dict[str, Any]:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    options: dict[str, Any] = games[game]["options"]
    return options


def post(client: TestClient, game: str, options: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    res = client.post("/api/matches", json={"game": game, "options": options, "seats": [HUMAN] * 2})
    return res.status_code, res.json()


def test_the_lobby_lists_the_shipped_files_and_the_servers_folder(
    db_url: str, folder: Path
) -> None:
    with TestClient(create_app(db_url, settings=ServerSettings(library=folder))) as client:
        deck = options_of(client, "jukem")["deck"]["library"]
        heroes = options_of(client, "juggerttg")["heroes"]["library"]
        home = options_of(client, "bloodbowl")["home"]["library"]
    assert deck == [
        {"name": "house", "title": "Jukem Soccer (tablesports house deck)"},
        {"name": "quick-deck", "title": "Jukem Soccer (quick)"},
    ]
    assert [e["name"] for e in heroes] == ["house"]
    assert {"name": "human", "title": "Reikland Reavers"} in home
    assert home[-1] == {"name": "lane-rats", "title": "Rats of the Lane"}


def test_a_deck_chosen_by_name_is_stored_as_its_content(
    db_url: str, folder: Path, tmp_path: Path
) -> None:
    settings = ServerSettings(library=folder, upload_dir=tmp_path / "uploads")
    with TestClient(create_app(db_url, settings=settings)) as client:
        status, made = post(client, "jukem", {"deck": {"library": "quick-deck"}})
        assert status == 200, made
    (folder / "jukem" / "quick-deck.toml").unlink()  # the library changes: the match does not
    with TestClient(create_app(db_url, settings=settings)) as client:
        record = client.get(f"/api/matches/{made['id']}/record").json()
    assert record["options"]["deck"]["library"] == "quick-deck"
    assert "Jukem Soccer (quick)" in record["options"]["deck"]["content"]


def test_a_published_team_is_chosen_by_name(client: TestClient) -> None:
    status, made = post(client, "bloodbowl", {"home": {"library": "dwarf"}, "away": "orc"})
    assert status == 200, made


def test_an_unknown_name_or_a_path_is_refused_with_the_names(db_url: str, folder: Path) -> None:
    with TestClient(create_app(db_url, settings=ServerSettings(library=folder))) as client:
        for name in ("../../etc/passwd", "/dev/urandom", "quick-deck.toml", "", 7, "Not..A.Name"):
            status, body = post(client, "jukem", {"deck": {"library": name}})
            assert status == 400, name
            assert "lower-case letters, digits and dashes" in body["error"], body
            assert "house, quick-deck" in body["error"]
        status, body = post(client, "jukem", {"deck": {"library": "slow-deck"}})
        assert status == 400
        assert "the library has no 'slow-deck'; it has: house, quick-deck" in body["error"]
        status, body = post(client, "jukem", {"deck": {"library": "house", "content": "x"}})
        assert status == 400 and "expected" in body["error"]


def test_a_library_that_is_not_a_folder_is_refused_at_start(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="is not a folder"):
        ServerSettings(library=tmp_path / "missing")


FILE_VALUES = st.one_of(
    st.text(max_size=30),
    st.fixed_dictionaries({"library": st.one_of(st.text(max_size=30), st.integers(), st.none())}),
    st.fixed_dictionaries({"content": st.text(max_size=60)}),
    st.dictionaries(st.sampled_from(["library", "content", "path"]), st.text(max_size=20)),
    st.sampled_from(["/etc/passwd", "../deck", "~/.ssh/id_rsa", "/dev/zero", "deck.toml"]),
)


def test_fuzz_a_file_option_is_refused_clearly_or_taken_from_the_library(
    client: TestClient,
) -> None:
    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(
        st.sampled_from([("jukem", "deck"), ("juggerttg", "heroes"), ("bloodbowl", "away")]),
        FILE_VALUES,
    )
    def one(option: tuple[str, str], value: Any) -> None:
        game, key = option
        status, body = post(client, game, {key: value})
        assert status in (200, 400, 422), body
        if status == 400:
            assert isinstance(body["error"], str) and body["error"]
        if status == 200:  # a published team's key, or a name or content the game accepts
            assert value not in ("/etc/passwd", "../deck", "~/.ssh/id_rsa", "/dev/zero")

    one()
