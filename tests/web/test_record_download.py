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
    record = res.json()["record"]
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
