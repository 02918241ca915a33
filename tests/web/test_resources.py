"""Issue 44: the web server under hostile load. One adversarial test per finding, each against a
real `tablesports serve` on loopback (H3, memory and the leak test: test_resources_memory.py,
test_leaks.py)."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.sync.client import connect

from .server import Server

BOT_MATCH = {"game": "jukem", "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"}]}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("resources")
    running = Server(
        f"sqlite:///{folder / 'web.sqlite3'}",
        args=("--bot-matches-per-client", "2", "--secret-file", str(folder / "secret")),
    ).start(folder / "server.log")
    running.folder = folder  # type: ignore[attr-defined]
    yield running
    running.stop()


def post(server: Server, body: dict[str, Any], headers: dict[str, str] | None = None) -> Any:
    request = urllib.request.Request(
        server.url + "/api/matches",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json", **(headers or {})},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as res:
            return res.status, json.loads(res.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def test_l2_a_forged_x_forwarded_for_does_not_pass_the_bot_quota(server: Server) -> None:
    """From a peer that is no named proxy, X-Forwarded-For is ignored: 5 made-up addresses are
    one client, held to its 2 matches with a bot."""
    answers = [
        post(server, BOT_MATCH, {"X-Forwarded-For": f"203.0.113.{n}"})[0] for n in range(1, 6)
    ]
    assert answers.count(200) <= 2, answers
    assert answers[-1] in (400, 429), answers


def test_l3_the_stored_client_id_is_a_keyed_hash_not_a_bare_sha256(server: Server) -> None:
    post(server, BOT_MATCH)
    with sqlite3.connect(server.folder / "web.sqlite3") as db:  # type: ignore[attr-defined]
        ids = {row[0] for row in db.execute("SELECT client FROM matches") if row[0]}
    assert ids, "no client id stored"
    bare = hashlib.sha256(b"127.0.0.1").hexdigest()
    assert bare not in ids
    secret = server.folder / "secret"  # type: ignore[attr-defined]
    assert secret.stat().st_mode & 0o777 == 0o600


@pytest.mark.parametrize(
    "hello",
    [
        {"type": "hello", "match": "x", "lang": ["en"]},
        {"type": "hello", "match": "x", "lang": {"en": 1}},
        {"type": "hello", "match": ["x"]},
        {"type": "hello", "match": "x", "token": 7},
    ],
)
def test_l6_a_field_of_the_wrong_type_gets_an_error_message_not_a_closed_socket(
    server: Server, hello: dict[str, Any]
) -> None:
    with connect(server.url.replace("http", "ws") + "/ws") as ws:
        for _ in range(2):  # the socket stays open: a second bad message is answered too
            ws.send(json.dumps(hello))
            answer = json.loads(ws.recv(timeout=10))
            assert answer["type"] == "error", answer
            assert "Traceback" not in answer["message"]
    log = (server.folder / "server.log").read_text()  # type: ignore[attr-defined]
    assert "Traceback" not in log


def test_healthz_says_the_database_answers(server: Server) -> None:
    with urllib.request.urlopen(server.url + "/healthz", timeout=10) as res:
        assert res.status == 200
        assert json.loads(res.read()) == {"status": "ok"}
