"""Every registered game is served: bots play it on the server, and a person can move in it."""

from __future__ import annotations

import json
import time

import pytest
from fastapi.testclient import TestClient

from tablesports.core.registry import game_ids, load

from .helpers import create, hello, my_turn, receive, until


@pytest.mark.parametrize("game_id", game_ids())
def test_bots_play_every_game_on_the_server(client: TestClient, game_id: str) -> None:
    made = create(client, game_id, [{"kind": "bot", "agent": "random"}] * 2)
    deadline = time.monotonic() + 20
    summary = client.get(f"/api/matches/{made['id']}").json()
    while time.monotonic() < deadline and summary["move"] < 40 and not summary["over"]:
        with client.websocket_connect("/ws") as ws:  # watching keeps the test client's loop busy
            view = hello(ws, made["id"], None)
            assert view["failure"] is None, view["failure"]
        summary = client.get(f"/api/matches/{made['id']}").json()
    assert summary["move"] >= 40 or summary["over"]


@pytest.mark.parametrize(
    "game_id", [g for g in game_ids() if load(g).info.action_kind == "discrete"]
)
def test_a_person_moves_in_every_game_with_listed_actions(client: TestClient, game_id: str) -> None:
    made = create(client, game_id, [{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    with client.websocket_connect("/ws") as ws:
        view = hello(ws, made["id"], made["tokens"]["0"])
        for _ in range(10):
            if not my_turn(view):
                view = until(ws, my_turn)
            assert view["type"] == "view", view
            if view["over"]:
                break
            ws.send_text(json.dumps({"type": "act", "move": view["move"], "index": 0}))
            view = receive(ws)
            assert view["type"] == "view", view
