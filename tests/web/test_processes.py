"""Issue 33, deliver 6: two real `tablesports serve` processes over one real PostgreSQL are one
site. A move made through one reaches the seats and spectators of the other within a second, a
move is never applied twice, a bot's turn is moved by one process only, and `kill -9` of one
process loses nothing: the other carries every match on."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from tablesports.web.hub import Connection, Hub, SeatSpec
from tablesports.web.matches import Match
from tablesports.web.store import Store

from .server import Server

HUMAN = {"kind": "human"}
BOT = {"kind": "bot", "agent": "random"}


@pytest.fixture
def servers(postgres_url: str, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    # a little bot delay, so bot-vs-bot matches are still being played when a process dies
    args = ("--bot-delay", "0.02", "--bot-matches-per-client", "100")
    a = Server(postgres_url, args=args)
    b = Server(postgres_url, args=args)
    try:
        a.start(tmp_path / "a.log")
        b.start(tmp_path / "b.log")
        yield a, b
    finally:
        a.stop()
        b.stop()


def post(server: Server, seats: list[dict[str, str]], game: str = "jukem") -> dict[str, Any]:
    request = urllib.request.Request(
        server.url + "/api/matches",
        data=json.dumps({"game": game, "seats": seats}).encode(),
        headers={"content-type": "application/json"},
    )
    made: dict[str, Any] = json.loads(urllib.request.urlopen(request, timeout=10).read())
    return made


@contextlib.contextmanager
def join(server: Server, match: str, token: str | None) -> Iterator[ClientConnection]:
    with connect(server.url.replace("http", "ws") + "/ws") as ws:
        ws.send(json.dumps({"type": "hello", "match": match, "token": token}))
        yield ws


def recv(ws: ClientConnection, timeout: float = 10.0) -> dict[str, Any]:
    msg: dict[str, Any] = json.loads(ws.recv(timeout=timeout))
    return msg


def view_where(ws: ClientConnection, test: Any, timeout: float = 10.0) -> dict[str, Any]:
    end = time.monotonic() + timeout
    while True:
        msg = recv(ws, max(0.01, end - time.monotonic()))
        assert msg["type"] == "view", msg
        assert msg["failure"] is None, msg["failure"]
        if test(msg):
            return msg


def sound(url: str, match_id: str) -> list[tuple[int, int, str]]:
    """The match's stored rows: numbered 0..n-1 (none lost, none twice) and they replay."""
    store = Store(url)
    try:
        rows = store.moves(match_id)
        row = store.match(match_id)
    finally:
        store.close()
    assert row is not None
    assert [n for n, _, _ in rows] == list(range(len(rows)))
    Match(row).replay(rows)
    return rows


class Seen:
    """A websocket's views, with the last one kept: a wait is met by it or by a later one."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws, self.last = ws, view_where(ws, lambda v: True)

    def until(self, test: Any, timeout: float = 10.0) -> dict[str, Any]:
        if not test(self.last):
            self.last = view_where(self.ws, test, timeout)
        return self.last


def test_a_move_through_one_process_reaches_the_other_within_a_second(
    servers: tuple[Server, Server],
) -> None:
    a, b = servers
    made = post(a, [HUMAN, HUMAN], game="hanniball")
    with (
        join(a, made["id"], made["tokens"]["0"]) as ws0,
        join(b, made["id"], made["tokens"]["1"]) as ws1,
        join(a, made["id"], None) as watch_a,
        join(b, made["id"], None) as watch_b,
    ):
        seat0, seat1, on_a, on_b = Seen(ws0), Seen(ws1), Seen(watch_a), Seen(watch_b)
        move = 0
        for _ in range(6):  # each seat moves, its process is the one the other does not use
            now = seat0.until(lambda v, m=move: v["move"] >= m and v["to_move"] is not None)
            mover, others = (
                (seat0, (seat1, on_b)) if now["to_move"] == 0 else (seat1, (seat0, on_a))
            )
            view = mover.until(lambda v, m=now["move"]: v["move"] >= m and bool(v["legal"]))
            sent = time.monotonic()
            mover.ws.send(json.dumps({"type": "act", "move": view["move"], "index": 0}))
            for other in others:
                other.until(lambda v, m=view["move"]: v["move"] > m, timeout=1.0)
            assert time.monotonic() - sent < 1.0
            move = view["move"] + 1


def test_two_processes_racing_on_one_move_store_it_once(
    servers: tuple[Server, Server], postgres_url: str
) -> None:
    """The seat's player has the match open on both processes and clicks on both at once:
    one move is stored; the other click is refused and that page is shown the new position."""
    a, b = servers
    made = post(a, [HUMAN, HUMAN], game="hanniball")
    token = made["tokens"]["0"]
    with join(a, made["id"], token) as on_a, join(b, made["id"], token) as on_b:
        view_a = view_where(on_a, lambda v: bool(v["legal"]))
        view_b = view_where(on_b, lambda v: v["move"] == view_a["move"])
        move = view_a["move"]
        for ws in (on_a, on_b):
            ws.send(json.dumps({"type": "act", "move": move, "index": 0}))
        errors = 0
        for ws in (on_a, on_b):
            while True:
                msg = recv(ws)
                if msg["type"] == "error":
                    errors += 1
                    assert "moved on" in msg["message"] or "stale" in msg["message"], msg
                elif msg["move"] > move:
                    break
        assert view_b["legal"] == view_a["legal"]
    assert errors == 1
    rows = sound(postgres_url, made["id"])
    assert [r for r in rows if r[0] == move] == [(move, 0, view_a["legal"][0])]


def test_a_move_number_taken_by_another_process_is_refused_with_the_new_state(
    postgres_url: str,
) -> None:
    """Two hubs over one database, hearing nothing of each other: the second to store move N
    is refused by the store, and its client is told the match moved on and shown it now."""

    async def scenario() -> tuple[list[dict[str, Any]], list[tuple[int, int, str]]]:
        first, second = Hub(Store(postgres_url)), Hub(Store(postgres_url))
        match_id, tokens = first.create("hanniball", {}, [SeatSpec("human")] * 2)
        got: list[dict[str, Any]] = []

        async def keep(payload: bytes) -> None:
            got.append(json.loads(payload))

        async def drop(payload: bytes) -> None:
            return None

        here, there = Connection(send=drop), Connection(send=keep)
        await first.attach(here, match_id, tokens[0])  # Hanniball: seat 0 opens, no chance
        await second.attach(there, match_id, tokens[0])
        got.clear()
        await first.handle(here, json.dumps({"type": "act", "move": 0, "index": 0}))
        await second.handle(there, json.dumps({"type": "act", "move": 0, "index": 1}))
        rows = second.store.moves(match_id)
        for hub in (first, second):
            hub.store.close()
        return got, rows

    got, rows = asyncio.run(scenario())
    assert got[0]["type"] == "error"
    assert got[0]["message"].startswith("the match moved on")
    assert got[1]["type"] == "view" and got[1]["move"] == got[0]["move"] == len(rows)
    assert [n for n, _, _ in rows] == list(range(len(rows)))
    assert rows[0][2] == got[1]["log"][0]["action"]  # seat 0's first move: the first hub's


def test_a_bots_turn_is_moved_by_one_process_only(
    servers: tuple[Server, Server], postgres_url: str, tmp_path: Path
) -> None:
    a, b = servers
    made = post(a, [BOT, BOT], game="hanniball")
    with join(a, made["id"], None) as on_a, join(b, made["id"], None) as on_b:
        for ws in (on_a, on_b):  # every view on either side: no failure, to the end
            view_where(ws, lambda v: v["over"], timeout=60)
    sound(postgres_url, made["id"])
    logs = (tmp_path / "a.log").read_text() + (tmp_path / "b.log").read_text()
    assert "already stored" not in logs


def test_kill_9_of_one_process_loses_nothing_and_the_other_carries_on(
    servers: tuple[Server, Server], postgres_url: str
) -> None:
    a, b = servers
    bots = [post(a, [BOT, BOT])["id"] for _ in range(3)]  # moved by a until it dies
    made = post(a, [HUMAN, BOT])
    token = made["tokens"]["0"]
    with join(a, made["id"], token) as ws:
        for _ in range(4):
            view = view_where(ws, lambda v: bool(v["legal"]))
            ws.send(json.dumps({"type": "act", "move": view["move"], "index": 0}))
        acknowledged = view_where(ws, lambda v: v["move"] > view["move"])
    a.kill()
    with join(b, made["id"], token) as ws:
        first = view_where(ws, lambda v: True)
        assert first["move"] >= acknowledged["move"]
        whole = {step["i"]: step for step in first["log"]}  # the whole log, seen from seat 0
        assert all(whole[step["i"]] == step for step in acknowledged["log"])
        view = first if first["legal"] else view_where(ws, lambda v: bool(v["legal"]))
        ws.send(json.dumps({"type": "act", "move": view["move"], "index": 0}))
        view_where(ws, lambda v: v["move"] > view["move"])
    end = time.monotonic() + 90
    for match_id in bots:  # the dead process's bot matches are finished by the other
        while True:
            with urllib.request.urlopen(f"{b.url}/api/matches/{match_id}", timeout=10) as res:
                if json.loads(res.read())["over"]:
                    break
            assert time.monotonic() < end, f"match {match_id} was not carried on"
            time.sleep(0.5)
        sound(postgres_url, match_id)
    sound(postgres_url, made["id"])
