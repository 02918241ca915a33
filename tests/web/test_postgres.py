"""The same storage on a real PostgreSQL server that the test starts (Debian's package).

Never skipped: without PostgreSQL the test fails and says how to install it (`make test` does).
"""

from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tablesports.web.app import create_app

from .helpers import create, hello, my_turn, receive, until
from .server import free_port


def _bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        pytest.fail("PostgreSQL is missing: apt-get install postgresql (make test does it)")
    return found[-1]


def _as_postgres(cmd: list[str]) -> list[str]:
    # initdb refuses to run as root: run the server as Debian's postgres user then
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
    folder = tempfile.mkdtemp(prefix="tablesports-pg-")
    data = os.path.join(folder, "data")
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    port = free_port()
    subprocess.run(
        _as_postgres([initdb, "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8"]),
        check=True,
        capture_output=True,
    )
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=on"
    subprocess.run(
        _as_postgres([pg_ctl, "-D", data, "-o", options, "-l", f"{folder}/log", "-w", "start"]),
        check=True,
        capture_output=True,
    )
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(_as_postgres([pg_ctl, "-D", data, "-m", "immediate", "stop"]), check=False)
        shutil.rmtree(folder, ignore_errors=True)


def test_a_match_on_postgresql_resumes_after_a_restart(postgres_url: str) -> None:
    with TestClient(create_app(postgres_url)) as client:
        made = create(client, "jukem", [{"kind": "human"}, {"kind": "bot", "agent": "random"}])
        token = made["tokens"]["0"]
        with client.websocket_connect("/ws") as ws:
            view = hello(ws, made["id"], token)
            for _ in range(5):
                if not my_turn(view):
                    view = until(ws, my_turn)
                ws.send_text(json.dumps({"type": "act", "move": view["move"], "index": 0}))
                view = receive(ws)
            if not my_turn(view):
                view = until(ws, my_turn)
            ws.send_text(json.dumps({"type": "view"}))
            before = receive(ws)
    assert before["move"] > 10
    with TestClient(create_app(postgres_url)) as client, client.websocket_connect("/ws") as ws:
        after = hello(ws, made["id"], token)
        assert after["move"] == before["move"]
        assert after["log"] == before["log"] and after["observation"] == before["observation"]
        ws.send_text(json.dumps({"type": "act", "move": after["move"] - 1, "index": 0}))
        assert "stale" in receive(ws)["message"]
