"""Resign and clocks across two real server processes over one PostgreSQL: an ending made
through one process reaches the seat on the other, and a flag falls once, whichever process's
timer sees it first."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

from .server import Server
from .test_processes import HUMAN, join, recv, servers, sound, view_where

__all__ = ["servers"]


def post(server: Server, **body: Any) -> dict[str, Any]:
    request = urllib.request.Request(
        server.url + "/api/matches",
        data=json.dumps({"game": "hanniball", "seats": [HUMAN, HUMAN], **body}).encode(),
        headers={"content-type": "application/json"},
    )
    made: dict[str, Any] = json.loads(urllib.request.urlopen(request, timeout=10).read())
    return made


def test_a_resignation_through_one_process_reaches_the_seat_on_the_other(
    servers: tuple[Server, Server], postgres_url: str
) -> None:
    a, b = servers
    made = post(a)
    with (
        join(a, made["id"], made["tokens"]["0"]) as ws0,
        join(b, made["id"], made["tokens"]["1"]) as ws1,
    ):
        view_where(ws1, lambda v: True)
        ws0.send(json.dumps({"type": "resign"}))
        started = time.monotonic()
        end = view_where(ws1, lambda v: v["over"], timeout=5)
        assert time.monotonic() - started < 2.0
        assert end["result"]["reason"] == "resign" and end["result"]["winners"] == [1]
    rows = sound(postgres_url, made["id"])
    assert rows[-1][2] == "resign 0"


def test_a_flag_falls_once_with_a_timer_in_each_process(
    servers: tuple[Server, Server], postgres_url: str
) -> None:
    a, b = servers
    made = post(a, clock={"minutes": 0.1, "increment": 0})
    with (
        join(a, made["id"], made["tokens"]["0"]) as ws0,
        join(b, made["id"], made["tokens"]["1"]) as ws1,
    ):
        for ws in (ws0, ws1):
            end = view_where(ws, lambda v: v["over"], timeout=15)
            assert end["result"]["reason"] == "time" and end["result"]["seat"] == 0
    rows = sound(postgres_url, made["id"])
    assert [text for _, player, text in rows if player < -1] == ["time 0"]


def test_a_draw_offer_and_a_rematch_between_seats_on_two_processes(
    servers: tuple[Server, Server], postgres_url: str
) -> None:
    a, b = servers
    made = post(a)
    with (
        join(a, made["id"], made["tokens"]["0"]) as ws0,
        join(b, made["id"], made["tokens"]["1"]) as ws1,
    ):
        view_where(ws1, lambda v: True)
        ws0.send(json.dumps({"type": "draw", "do": "offer"}))
        view_where(ws1, lambda v: v["draw_offer"] == 0, timeout=5)
        ws1.send(json.dumps({"type": "draw", "do": "accept"}))
        for ws in (ws0, ws1):
            end = view_where(ws, lambda v: v["over"], timeout=5)
            assert end["result"]["reason"] == "draw"
        ws0.send(json.dumps({"type": "rematch"}))
        view_where(ws1, lambda v: v["rematch_by"] == [0], timeout=5)
        ws1.send(json.dumps({"type": "rematch"}))
        told = {}
        for ws in (ws0, ws1):
            msg = recv(ws)
            while msg["type"] != "rematch":
                msg = recv(ws)
            told[id(ws)] = msg
    to0, to1 = told[id(ws0)], told[id(ws1)]
    assert to0["match"] == to1["match"] and (to0["seat"], to1["seat"]) == (1, 0)
    with join(b, to0["match"], to0["token"]) as ws:
        assert view_where(ws, lambda v: True)["viewer"] == 1
    with join(a, to1["match"], to1["token"]) as ws:
        assert view_where(ws, lambda v: True)["viewer"] == 0
    assert sound(postgres_url, made["id"])[-1][2] == "draw"


def test_a_seat_that_asked_through_the_other_process_gets_a_fresh_token_by_asking_again(
    servers: tuple[Server, Server],
) -> None:
    a, b = servers
    made = post(a)
    with join(a, made["id"], made["tokens"]["0"]) as ws0:
        ws0.send(json.dumps({"type": "resign"}))
        view_where(ws0, lambda v: v["over"])
        ws0.send(json.dumps({"type": "rematch"}))
        view_where(ws0, lambda v: v["rematch_by"] == [0])
    # seat 0's page reconnects to the other process, where seat 1 asks too
    with (
        join(b, made["id"], made["tokens"]["0"]) as again0,
        join(b, made["id"], made["tokens"]["1"]) as ws1,
    ):
        view_where(again0, lambda v: True)
        ws1.send(json.dumps({"type": "rematch"}))
        news = recv(again0)
        while news["type"] != "rematch":
            news = recv(again0)
        assert news["seat"] == 1 and "token" not in news  # its token was drawn by process a
        again0.send(json.dumps({"type": "rematch"}))
        fresh = recv(again0)
        while fresh["type"] != "rematch":
            fresh = recv(again0)
    assert fresh["match"] == news["match"] and fresh["token"]
    with join(a, fresh["match"], fresh["token"]) as ws:
        assert view_where(ws, lambda v: True)["viewer"] == 1
