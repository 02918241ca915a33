"""Issue 33, deliver 1 and 4: the record downloaded from the server replays as it is, on another
machine: an uploaded data file travels in it as its content, never as the server's cache path."""

from __future__ import annotations

import json
import shutil
from importlib.resources import files
from pathlib import Path

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from tablesports.cli.app import app
from tablesports.web.app import create_app
from tablesports.web.settings import ServerSettings

from .helpers import create, hello, until

BOT = {"kind": "bot", "agent": "random"}


def test_a_downloaded_record_with_an_uploaded_deck_replays_and_verifies_elsewhere(
    db_url: str, tmp_path: Path
) -> None:
    deck = (files("tablesports.games.jukem") / "data" / "deck.toml").read_text()
    deck = deck.replace("(tablesports house deck)", "(my own deck)")
    uploads = tmp_path / "uploads"
    with TestClient(create_app(db_url, settings=ServerSettings(upload_dir=uploads))) as client:
        made = create(client, "jukem", [BOT, BOT], options={"deck": {"content": deck}})
        with client.websocket_connect("/ws") as ws:
            hello(ws, made["id"], None)
            until(ws, lambda v: v["over"])
        res = client.get(f"/api/matches/{made['id']}/record")
    assert res.status_code == 200
    record = res.json()  # the record itself: what replay reads
    assert record["options"]["deck"] == {"content": deck}  # not the server's copy
    assert str(uploads) not in res.text
    shutil.rmtree(uploads)  # another machine: nothing of the server's files
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record))
    runner = CliRunner(env={"COLUMNS": "160"})
    replayed = runner.invoke(app, ["replay", str(path)])
    assert replayed.exit_code == 0, replayed.output
    assert "deck=(its own file, " in replayed.output and "result: " in replayed.output
    verified = runner.invoke(app, ["replay", "--verify", str(path)])
    assert verified.exit_code == 0, verified.output


def test_finding5_the_page_download_as_it_is_replays_and_verifies_from_a_real_server(
    tmp_path: Path,
) -> None:
    """Issue 43 finding 5: the bytes `GET /api/matches/{id}/record` sends (what the page saves)
    are a record `replay` and `replay --verify` take as they are; a seat's download while the
    match is played is that seat's view, which `replay` lists and `--verify` says it cannot
    check."""
    import httpx
    from websockets.sync.client import connect

    from .server import Server

    server = Server(f"sqlite:///{tmp_path / 'web.sqlite3'}").start(tmp_path / "server.log")
    try:
        seats = [{"kind": "human"}, BOT]
        made = httpx.post(f"{server.url}/api/matches", json={"game": "jukem", "seats": seats})
        assert made.status_code == 200, made.text
        match, token = made.json()["id"], made.json()["tokens"]["0"]
        url = f"{server.url}/api/matches/{match}/record"
        mine = httpx.get(url, headers={"X-Seat-Token": token})
        finished = httpx.post(
            f"{server.url}/api/matches", json={"game": "jukem", "seats": [BOT] * 2}
        )
        done = finished.json()["id"]
        done_url = f"{server.url}/api/matches/{done}/record"
        # watched, the two bots play it out
        with connect(f"ws://127.0.0.1:{server.port}/ws") as ws:
            ws.send(json.dumps({"type": "hello", "match": done, "token": None}))
            for _ in range(20_000):
                if json.loads(ws.recv(timeout=60)).get("over"):
                    break
        whole = httpx.get(done_url)
    finally:
        server.stop()
    runner = CliRunner(env={"COLUMNS": "160"})
    seat_file, whole_file = tmp_path / "mine.json", tmp_path / "whole.json"
    seat_file.write_bytes(mine.content)
    whole_file.write_bytes(whole.content)
    listed = runner.invoke(app, ["replay", str(seat_file)])
    assert listed.exit_code == 0, listed.output
    assert "seat view: the hidden steps cannot be verified" in listed.output
    refused = runner.invoke(app, ["replay", "--verify", str(seat_file)])
    assert refused.exit_code == 2, refused.output
    verified = runner.invoke(app, ["replay", "--verify", str(whole_file)])
    assert verified.exit_code == 0, verified.output
    assert "verified: the seed matches its commitment" in verified.output


def test_the_full_record_verifies_against_the_seat_view_kept_during_play(
    client: TestClient, tmp_path: Path
) -> None:
    """Issue 43 item 2: the seat's download while the match is played holds the commitment;
    the full record revealed at the end verifies against it (`--against`), and a changed view
    or another match's view is refused."""
    made = create(client, "pig", [{"kind": "human"}, BOT], options={"target": 12})
    token = made["tokens"]["0"]
    url = f"/api/matches/{made['id']}/record"
    with client.websocket_connect("/ws") as ws:
        view = hello(ws, made["id"], token)
        for _ in range(500):
            if view["over"]:
                break
            if view["to_move"] != 0:
                view = until(ws, lambda v: v.get("to_move") == 0 or v.get("over"))
                continue
            if view["move"] > 3 and not (tmp_path / "view.json").exists():
                seen = client.get(url, headers={"X-Seat-Token": token})
                (tmp_path / "view.json").write_bytes(seen.content)
            # roll until the view is kept (holding early let the bot end the match first)
            saved = (tmp_path / "view.json").exists()
            action = "hold" if saved and "hold" in view["legal"] else "roll"
            ws.send_text(json.dumps({"type": "act", "move": view["move"], "action": action}))
            view = until(ws, lambda v: v["type"] == "view")
    (tmp_path / "full.json").write_bytes(client.get(url).content)
    runner = CliRunner(env={"COLUMNS": "160"})
    full, kept = str(tmp_path / "full.json"), str(tmp_path / "view.json")
    ok = runner.invoke(app, ["replay", "--verify", full, "--against", kept])
    assert ok.exit_code == 0, ok.output
    assert "is this game as that seat saw it" in ok.output
    doctored = json.loads((tmp_path / "view.json").read_text())
    i = next(i for i, (p, _) in enumerate(doctored["history"]) if p == -1 and i > 2)
    doctored["history"][i][1] = "D6=6" if doctored["history"][i][1] != "D6=6" else "D6=5"
    (tmp_path / "doctored.json").write_text(json.dumps(doctored))
    refused = runner.invoke(
        app, ["replay", "--verify", full, "--against", str(tmp_path / "doctored.json")]
    )
    assert refused.exit_code == 2 and f"step {i} of" in refused.output, refused.output
