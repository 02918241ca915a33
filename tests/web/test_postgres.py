"""The same storage on a real PostgreSQL server that the test starts (Debian's package).

Never skipped: without PostgreSQL the test fails and says `make system-deps` installs it.
"""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from tablesports.web.app import create_app

from .helpers import create, hello, my_turn, receive, until


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
