"""A real server killed with SIGKILL mid-game restarts with every acknowledged move."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from .server import Server


def _views(ws: Any) -> Any:
    while True:
        msg = json.loads(ws.recv(timeout=30))
        assert msg["type"] == "view", msg
        yield msg


def test_kill_9_mid_game_then_restart_and_carry_on(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'web.sqlite3'}"
    server = Server(url).start(tmp_path / "server.log")
    import urllib.request

    body = {"game": "jukem", "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"}]}
    request = urllib.request.Request(
        server.url + "/api/matches",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
    )
    made = json.loads(urllib.request.urlopen(request, timeout=10).read())
    ws_url = server.url.replace("http", "ws") + "/ws"
    hello = {"type": "hello", "match": made["id"], "token": made["tokens"]["0"]}
    try:
        with connect(ws_url) as ws:
            ws.send(json.dumps(hello))
            acted = 0
            for view in _views(ws):
                if view["legal"]:
                    if acted == 6:
                        acknowledged = view
                        break
                    ws.send(json.dumps({"type": "act", "move": view["move"], "index": 0}))
                    acted += 1
        server.kill()
        server = Server(url, port=server.port).start(tmp_path / "server.log")
        with connect(ws_url) as ws:
            ws.send(json.dumps(hello))
            view = next(_views(ws))
            assert view["move"] == acknowledged["move"]
            assert view["observation"] == acknowledged["observation"]
            ws.send(json.dumps({"type": "act", "move": view["move"], "index": 0}))
            assert next(_views(ws))["move"] == view["move"] + 1
    finally:
        server.stop()
