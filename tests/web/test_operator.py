"""Issue 44, deliver 7: what an operator needs. Prometheus metrics on their own port, matches
that leave memory when nobody uses them, and a SIGTERM that drains: connections told, moves
in flight stored, and a restart that carries on. Each against a real `tablesports serve`."""

from __future__ import annotations

import json
import signal
import sqlite3
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from .server import Server, free_port
from .test_resources import PEOPLE, post, resign


def metrics(port: int) -> dict[str, float]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as res:
        text = res.read().decode()
    out = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, value = line.rsplit(" ", 1)
            out[name] = float(value)
    return out


def test_metrics_are_off_by_default_and_on_their_own_port(tmp_path: Path) -> None:
    port = free_port()
    args = ("--metrics-port", str(port), "--requests-per-second", "2", "--requests-burst", "2")
    args += ("--secret-file", str(tmp_path / "secret"))
    server = Server(f"sqlite:///{tmp_path / 'web.sqlite3'}", args=args).start(tmp_path / "log")
    try:
        with pytest.raises(urllib.error.HTTPError) as err:  # not on the public port
            urllib.request.urlopen(server.url + "/metrics", timeout=10)
        assert err.value.code == 404
        time.sleep(1.5)  # the start's and that request's budget refills
        status, made = post(server, {"game": "jukem", "seats": PEOPLE})
        assert status == 200, made
        for _ in range(6):  # past 2 requests a second: refused, and counted by budget
            try:
                urllib.request.urlopen(server.url + "/api/languages", timeout=10).read()
            except urllib.error.HTTPError as err:
                assert err.code == 429
        seen = metrics(port)
        assert seen["tablesports_matches_open"] == 1
        assert seen["tablesports_matches_made_total"] == 1
        assert seen['tablesports_refusals_total{budget="requests_per_second"}'] >= 1
        for name in (
            "tablesports_matches_in_memory",
            "tablesports_moves_total",
            "tablesports_bot_queue_length",
            "tablesports_bot_queue_wait_p95_seconds",
            "tablesports_websocket_connections",
            "tablesports_outbound_bytes_total",
        ):
            assert name in seen, sorted(seen)
    finally:
        server.stop()


def test_matches_nobody_uses_leave_memory_and_come_back_from_the_store(tmp_path: Path) -> None:
    """H1: every match stayed in memory (~0.8 MB each with its own deck); now a match nobody
    watches leaves after `--idle-seconds`, at most `--matches-in-memory` stay, and a match
    looked at again is rebuilt from the database as it was."""
    port = free_port()
    args = ("--metrics-port", str(port), "--idle-seconds", "1", "--matches-in-memory", "5")
    args += ("--matches-per-client-per-hour", "1000", "--secret-file", str(tmp_path / "secret"))
    server = Server(f"sqlite:///{tmp_path / 'web.sqlite3'}", args=args).start(tmp_path / "log")
    try:
        made = []
        for n in range(12):
            status, body = post(server, {"game": "jukem", "seats": PEOPLE})
            assert status == 200, body
            made.append(body)
            if n % 2:
                resign(server, body, "127.0.0.1")
        assert metrics(port)["tablesports_matches_in_memory"] <= 5
        time.sleep(3)  # past the idle time: none is watched
        assert metrics(port)["tablesports_matches_in_memory"] == 0
        with urllib.request.urlopen(f"{server.url}/api/matches/{made[1]['id']}") as res:
            summary = json.loads(res.read())
        assert summary["over"] and summary["result"], summary  # rebuilt: the resignation stands
        assert metrics(port)["tablesports_matches_open"] == 6
    finally:
        server.stop()


def rows(db: Path, match_id: str) -> list[tuple[int, int, str]]:
    with sqlite3.connect(db) as conn:
        return list(
            conn.execute(
                "SELECT n, player, action FROM moves WHERE match_id = ? ORDER BY n", (match_id,)
            )
        )


def test_sigterm_drains_tells_the_connections_and_a_restart_carries_on(tmp_path: Path) -> None:
    db = tmp_path / "web.sqlite3"
    args = ("--bot-delay", "0.05", "--secret-file", str(tmp_path / "secret"))
    server = Server(f"sqlite:///{db}", args=args).start(tmp_path / "log")
    bots = [{"kind": "bot", "agent": "random"}] * 2
    status, made = post(server, {"game": "hanniball", "seats": bots})
    assert status == 200, made
    said: list[dict[str, Any]] = []
    with connect(server.url.replace("http", "ws") + "/ws") as ws:
        ws.send(json.dumps({"type": "hello", "match": made["id"], "token": None}))
        said.append(json.loads(ws.recv(timeout=30)))
        time.sleep(0.5)  # the bots are playing
        assert server.proc is not None
        server.proc.send_signal(signal.SIGTERM)
        try:
            while True:
                said.append(json.loads(ws.recv(timeout=30)))
        except Exception:  # closed by the server once drained
            pass
    assert server.proc.wait(30) is not None
    notices = [m["message"] for m in said if m["type"] == "error"]
    assert any("the server is restarting" in m for m in notices), notices
    before = rows(db, made["id"])
    assert before and [n for n, *_ in before] == list(range(len(before)))
    last_seen = max(m.get("move", 0) for m in said)
    assert last_seen <= len(before)  # nothing was shown that was not stored
    again = Server(f"sqlite:///{db}", port=server.port, args=args).start(tmp_path / "log")
    try:
        deadline = time.monotonic() + 60
        while len(rows(db, made["id"])) <= len(before) and time.monotonic() < deadline:
            time.sleep(0.2)
        after = rows(db, made["id"])
        assert after[: len(before)] == before  # the same moves, none doubled
        assert len(after) > len(before), "the restarted server did not carry on"
    finally:
        again.stop()


def test_a_metrics_port_in_use_is_one_error_line_before_the_server_starts(tmp_path: Path) -> None:
    import socket
    import subprocess
    import sys

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        command = [sys.executable, "-m", "tablesports", "serve", "--port", str(free_port())]
        command += ["--metrics-port", str(port), "--database", f"sqlite:///{tmp_path / 'db'}"]
        done = subprocess.run(
            command,
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 2
    assert done.stderr.strip() == (
        f"error: --metrics-port {port}: cannot listen on 127.0.0.1:{port} "
        "(Address already in use); choose another port"
    )


def test_the_phrasebooks_are_built_at_start_up_not_at_the_first_view(tmp_path: Path) -> None:
    """Blood Bowl's log phrasebook costs seconds of CPU: built on the first Blood Bowl view, it
    stalled every match of the server (4-21 s under the --attack load); now a thread builds
    them all at start-up, before anyone asks."""
    args = ("--warm-up", "--secret-file", str(tmp_path / "secret"))
    log = tmp_path / "log"
    server = Server(f"sqlite:///{tmp_path / 'web.sqlite3'}", args=args).start(log)
    try:
        deadline = time.monotonic() + 120
        while "log phrasebooks built for" not in log.read_text():
            assert time.monotonic() < deadline, log.read_text()[-2000:]
            time.sleep(0.2)
    finally:
        server.stop()
