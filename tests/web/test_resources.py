"""Issue 44: the web server under hostile load. One adversarial test per finding, each against a
real `tablesports serve` on loopback (H3, memory and the leak test: test_resources_memory.py,
test_leaks.py)."""

from __future__ import annotations

import contextlib
import hashlib
import json
import sqlite3
import time
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


# --- H2, L4, L5: uploads ---------------------------------------------------------------------

PEOPLE = [{"kind": "human"}, {"kind": "human"}]


@pytest.fixture(scope="module")
def upload_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("uploads")
    args = ("--upload-dir", str(folder / "cache"), "--secret-file", str(folder / "secret"))
    running = Server(f"sqlite:///{folder / 'web.sqlite3'}", args=args).start(folder / "log")
    running.folder = folder  # type: ignore[attr-defined]
    yield running
    running.stop()


def cached(server: Server) -> list[str]:
    folder = server.folder / "cache"  # type: ignore[attr-defined]
    return sorted(p.name for p in folder.glob("*")) if folder.exists() else []


def house_deck() -> str:
    from importlib.resources import files

    return (files("tablesports.games.jukem") / "data" / "deck.toml").read_text()


def test_h2_uploads_the_game_refuses_leave_nothing_on_disk(upload_server: Server) -> None:
    """H2: 150 bodies of 255 KB that are no TOML were each answered 400 and left 37 MB of files;
    now an upload is read in memory and loaded from a private scratch folder first, and only
    what the game accepts is kept."""
    before = cached(upload_server)
    junk = "not toml at all " * (255_000 // 16)
    for n in range(20):
        deck = {"content": f"{n}{junk}"}
        status, body = post(
            upload_server, {"game": "jukem", "seats": PEOPLE, "options": {"deck": deck}}
        )
        assert status == 400 and "not TOML" in body["error"], body
    not_a_deck = {"content": "title = 'mine'\nx = 1\n"}  # TOML, but no deck the game accepts
    status, body = post(
        upload_server, {"game": "jukem", "seats": PEOPLE, "options": {"deck": not_a_deck}}
    )
    assert status == 400, body
    assert cached(upload_server) == before  # nothing written, nothing left


def test_l5_no_error_about_an_upload_names_a_server_path(upload_server: Server) -> None:
    deck = {"content": house_deck().replace("[[card]]", "[[cardz]]", 1)}
    status, body = post(
        upload_server, {"game": "jukem", "seats": PEOPLE, "options": {"deck": deck}}
    )
    assert status == 400, body
    said = body["error"]
    assert str(upload_server.folder) not in said and "/tmp" not in said, said  # type: ignore[attr-defined]
    assert "tablesports-upload-" not in said and ".toml" not in said, said


def test_l4_an_upload_with_thousands_of_bad_tables_gets_a_short_answer(
    upload_server: Server,
) -> None:
    extra = "".join(f"\n[extra{n}]\nvalue = {n}\n" for n in range(8_000))
    deck = {"content": house_deck() + extra}
    request = json.dumps({"game": "jukem", "seats": PEOPLE, "options": {"deck": deck}})
    assert len(request) < 256 << 10  # within the upload limit: the work is the game's own
    status, body = post(upload_server, json.loads(request))
    assert status == 400 and len(json.dumps(body)) < 4096, (status, len(json.dumps(body)))


def test_an_accepted_deck_is_stored_once_by_its_digest(upload_server: Server) -> None:
    deck = {"content": house_deck().replace("(tablesports house deck)", "(my deck)")}
    for _ in range(3):
        status, body = post(
            upload_server, {"game": "jukem", "seats": PEOPLE, "options": {"deck": deck}}
        )
        assert status == 200, body
    digest = hashlib.sha256(deck["content"].encode()).hexdigest()
    assert cached(upload_server).count(f"{digest}.toml") == 1


def test_the_upload_cache_is_trimmed_oldest_first(tmp_path: Any) -> None:
    import os
    import time

    from tablesports.web.datafiles import FRESH_SECONDS, trim_cache

    old = time.time() - FRESH_SECONDS - 100
    for n in range(5):
        f = tmp_path / f"{n}.toml"
        f.write_bytes(b"x" * 1000)
        os.utime(f, (old + n, old + n))
    (tmp_path / "new.toml").write_bytes(b"y" * 1000)  # just written: a match may read it now
    trim_cache(tmp_path, 2500)  # 6,000 bytes: the four oldest go; the fresh one never does
    assert sorted(p.name for p in tmp_path.glob("*.toml")) == ["4.toml", "new.toml"]


# --- requests, connections and outbound bytes: per client, not per connection ------------------


@pytest.fixture(scope="module")
def tight_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("tight")
    args = (
        "--requests-per-second", "5", "--requests-burst", "10",
        "--connections-per-client", "3", "--outbound-kb-per-second", "4",
        "--secret-file", str(folder / "secret"),
    )  # fmt: skip
    running = Server(f"sqlite:///{folder / 'web.sqlite3'}", args=args).start(folder / "log")
    yield running
    running.stop()


def get(server: Server, path: str) -> tuple[int, dict[str, str], bytes]:
    try:
        with urllib.request.urlopen(server.url + path, timeout=30) as res:
            return res.status, {k.lower(): v for k, v in res.headers.items()}, res.read()
    except urllib.error.HTTPError as err:
        return err.code, {k.lower(): v for k, v in err.headers.items()}, err.read()


def test_requests_past_a_clients_rate_get_429_saying_the_limit_and_when_to_retry(
    tight_server: Server,
) -> None:
    answers = [get(tight_server, "/api/languages") for _ in range(40)]
    refused = [a for a in answers if a[0] == 429]
    assert all(a[0] == 200 for a in answers[:5]), [a[0] for a in answers]  # the burst
    assert len(refused) >= 10, [a[0] for a in answers]  # then 5 a second
    _, headers, body = refused[0]
    assert int(headers["retry-after"]) >= 1
    assert "at most 5 requests a second from one client" in json.loads(body)["error"]
    assert get(tight_server, "/static/match.js")[0] == 200  # the pages' files not counted


def test_connections_past_a_clients_limit_are_told_and_closed(tight_server: Server) -> None:
    url = f"ws://127.0.0.1:{tight_server.port}/ws"
    with contextlib.ExitStack() as stack:
        held = [stack.enter_context(connect(url)) for _ in range(3)]
        with connect(url) as fourth:
            said = json.loads(fourth.recv(timeout=10))
        assert said["type"] == "error" and "at most 3 at once from one client" in said["message"]
        held[0].close()  # one closed: room for another
        time.sleep(0.3)
        with connect(url) as again:
            again.send(json.dumps({"type": "hello", "match": "nosuchmatch", "token": None}))
            assert "too many connections" not in again.recv(timeout=10)


def test_m2_a_new_connection_brings_no_fresh_byte_budget(tight_server: Server) -> None:
    """M2: `hello` and `view` were charged per connection, each new one with a fresh 8 MiB
    burst; now the budget is the client's: once spent, a hello on a new connection is refused
    too, until the budget refills."""
    time.sleep(3)  # the request budget of the test before
    status, made = post(tight_server, {"game": "bloodbowl", "seats": [{"kind": "human"}] * 2})
    assert status == 200, made
    url = f"ws://127.0.0.1:{tight_server.port}/ws"
    hello = json.dumps({"type": "hello", "match": made["id"], "token": None})
    refused = None
    with connect(url) as ws:
        ws.send(hello)
        view = ws.recv(timeout=60)  # the first Blood Bowl view of a fresh server: seconds
        assert len(view) > 5_000  # a Blood Bowl view: about 9 kB at the kick-off
        for _ in range(60):  # ask for the whole view again until the budget is spent
            ws.send(json.dumps({"type": "view"}))
            msg = json.loads(ws.recv(timeout=10))
            if msg["type"] == "error":
                refused = msg["message"]
                break
    assert refused is not None and "too much asked for" in refused
    with connect(url) as fresh:
        fresh.send(hello)
        said = json.loads(fresh.recv(timeout=10))
    assert said["type"] == "error" and "too much asked for" in said["message"], said
