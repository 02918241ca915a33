"""Shared helpers of the web app's tests: a TestClient over a fresh SQLite file, a seat."""

from __future__ import annotations

import json
from typing import Any

import httpx
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession


def create(client: TestClient, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict:
    res = client.post("/api/matches", json={"game": game, "seats": seats, **extra})
    assert res.status_code == 200, res.text
    return res.json()


def hello(ws: WebSocketTestSession, match: str, token: str | None) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "hello", "match": match, "token": token}))
    return receive(ws)


def receive(ws: WebSocketTestSession) -> dict[str, Any]:
    return json.loads(ws.receive_text())


def until(ws: WebSocketTestSession, test: Any, limit: int = 5000) -> dict[str, Any]:
    """Read views until `test(view)` holds (errors are returned at once)."""
    for _ in range(limit):
        msg = receive(ws)
        if msg["type"] == "error" or test(msg):
            return msg
    raise AssertionError("no such message")


def my_turn(view: dict[str, Any]) -> bool:
    return view["type"] == "view" and (bool(view["legal"]) or view["over"])


def download_record(http: httpx.Client, match: str, token: str | None) -> httpx.Response:
    """The page's record download, as `token`'s seat (a spectator without one): the token goes
    in the `X-Seat-Token` header, the only place the server takes it from (a TestClient or an
    `httpx.Client(base_url=...)` of a real server)."""
    headers = {"X-Seat-Token": token} if token else {}
    return http.get(f"/api/matches/{match}/record", headers=headers)


def wait_js(page: Any, expression: str, timeout: float = 30000) -> None:
    """Wait until the page's `expression` is true. Playwright's `wait_for_function` evaluates
    its text with `eval`, which the pages' Content-Security-Policy refuses; `evaluate` is the
    browser's own devtools call, outside the page's policy."""
    import time

    end = time.monotonic() + timeout / 1000
    while not page.evaluate(f"Boolean({expression})"):
        if time.monotonic() > end:
            raise AssertionError(f"the page never had {expression}")
        time.sleep(0.05)
