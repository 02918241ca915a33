"""Fair chance on the server (issue 33 findings 2 and 8): the server draws the seed and no
client can set it; every seat sees the seed's commitment, and the seed only when the match has
ended, when the record verifies; undo never crosses a roll (issue 43), is limited, and ends
with the match.
An old database (integer seeds, no secret column) still starts and its matches go on."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tablesports.arena.match import UNDOS_PER_MATCH
from tablesports.core.fairness import commitment, is_secret
from tablesports.core.records import parse_record
from tablesports.core.verify import verify
from tablesports.web.app import create_app
from tablesports.web.store import Store, hash_token

from .helpers import create, download_record, hello, my_turn, until

AGAINST_A_BOT = [{"kind": "human"}, {"kind": "bot", "agent": "random"}]


def seated(ws: WebSocketTestSession, match: str, token: str) -> dict[str, Any]:
    """Join a seat and wait for its turn (the deal is done first)."""
    view = hello(ws, match, token)
    return view if my_turn(view) else until(ws, my_turn)


def test_a_client_cannot_choose_the_seed(client: TestClient) -> None:
    for seed in (7, None, "7"):
        res = client.post(
            "/api/matches", json={"game": "pig", "seats": AGAINST_A_BOT, "seed": seed}
        )
        assert res.status_code == 422, res.text
        assert "a client cannot choose the seed: the server draws it" in res.text
    made = create(client, "pig", AGAINST_A_BOT)  # without one, the server draws 256 bits
    row = client.app.state.hub.store.match(made["id"])
    assert row is not None and row.secret is not None and is_secret(row.secret)


def test_a_seat_sees_the_commitment_never_the_seed_of_a_match_being_played(
    client: TestClient,
) -> None:
    made = create(client, "jukem", AGAINST_A_BOT)
    secret = client.app.state.hub.store.match(made["id"]).secret
    token = made["tokens"]["0"]
    with client.websocket_connect("/ws") as ws:
        view = seated(ws, made["id"], token)
        ws.send_text(json.dumps({"type": "record"}))
        record = until(ws, lambda m: m["type"] == "record")["record"]
    # the page's downloads: the seat's with its token in the header, a spectator's without
    mine, watched = (download_record(client, made["id"], t) for t in (token, None))
    in_url = client.get(f"/api/matches/{made['id']}/record?token={token}")
    assert in_url.status_code == 400 and "send it in the X-Seat-Token header" in in_url.text
    assert mine.status_code == watched.status_code == 200, (mine.text, watched.text)
    assert mine.json()["meta"]["seen_by"] == "seat 0", mine.text  # the header's seat, not ?token=
    assert watched.json()["meta"]["seen_by"] == "spectator", watched.text
    # the bot's cards are hidden from the seat; every card from the spectator
    assert 0 < mine.json()["meta"]["hidden_steps"] < watched.json()["meta"]["hidden_steps"]
    for seen in (view, record, mine.json(), watched.json()):
        assert seen["commitment"] == commitment(secret) and seen["seed"] is None
    payloads = [
        json.dumps(view),
        json.dumps(record),
        mine.text,
        watched.text,
        in_url.text,
        client.get(f"/api/matches/{made['id']}").text,
    ]
    assert not any(secret in text for text in payloads)


def test_the_seed_is_revealed_at_the_end_and_the_record_verifies(client: TestClient) -> None:
    made = create(client, "jukem", [{"kind": "bot", "agent": "random"}] * 2)
    for _ in range(400):
        if client.get(f"/api/matches/{made['id']}").json()["over"]:
            break
        with client.websocket_connect("/ws") as ws:
            hello(ws, made["id"], None)
    data = download_record(client, made["id"], None).json()
    record = parse_record(data)
    assert record.seed is not None and record.commitment == commitment(record.seed)
    assert not record.redacted  # the whole record: anyone can replay it
    verified = verify(record)
    assert verified.committed and verified.outcomes > 10 and verified.notes == []


def record_of(ws: WebSocketTestSession) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "record"}))
    return until(ws, lambda m: m["type"] == "record")["record"]


def roll(ws: WebSocketTestSession, view: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """Roll, and the die it met."""
    before = len(record_of(ws)["history"])
    ws.send_text(json.dumps({"type": "act", "move": view["move"], "action": "roll"}))
    view = until(ws, my_turn)
    return view, record_of(ws)["history"][before + 1][1]


def undo(ws: WebSocketTestSession, view: dict[str, Any]) -> dict[str, Any]:
    ws.send_text(json.dumps({"type": "undo", "move": view["move"]}))
    return until(ws, lambda v: v["type"] == "view" and v["log_from"] == 0 and my_turn(v))


def test_undo_after_a_roll_is_refused_and_the_page_is_told_why(client: TestClient) -> None:
    # issue 43 finding 1: once the die is seen, taking the roll back would be an oracle
    for _ in range(30):  # a first roll of 1 passes the turn to the bot: its play then
        made = create(client, "pig", AGAINST_A_BOT)  # stands last; a new match, a new die
        with client.websocket_connect("/ws") as ws:
            view = seated(ws, made["id"], made["tokens"]["0"])
            after, die = roll(ws, view)
            if after["to_move"] != 0 or record_of(ws)["history"][-1][0] != -1:
                continue
            assert not after["can_undo"] and after["undo_blocked"] == "chance", after
            ws.send_text(json.dumps({"type": "undo", "move": after["move"]}))
            refused = until(ws, lambda m: False)
            history = record_of(ws)["history"]
            break
    else:
        raise AssertionError("30 matches in a row began with a roll of 1")
    assert refused["type"] == "error"
    assert "no undo: the dice have been rolled since your last move" in refused["message"]
    assert history[-1][1] == die  # the roll stands, the undo changed nothing
    assert after["undos_left"] == UNDOS_PER_MATCH


def ttt_move(ws: WebSocketTestSession, view: dict[str, Any]) -> dict[str, Any]:
    """Play the first free square, and wait for the bot's reply."""
    square = view["legal"][0]
    ws.send_text(json.dumps({"type": "act", "move": view["move"], "action": square}))
    return until(ws, lambda v: v["type"] == "view" and my_turn(v) and v["move"] > view["move"])


def test_undo_is_limited_and_the_seat_is_told_how_many_are_left(client: TestClient) -> None:
    # tic-tac-toe has no chance: every undo against its bot is allowed, five a match
    made = create(client, "ttt", AGAINST_A_BOT)
    with client.websocket_connect("/ws") as ws:
        view = seated(ws, made["id"], made["tokens"]["0"])
        assert view["undos_left"] == UNDOS_PER_MATCH
        for left in range(UNDOS_PER_MATCH - 1, -1, -1):
            view = ttt_move(ws, view)
            assert view["can_undo"] and view["undo_blocked"] is None
            view = undo(ws, view)
            assert view["undos_left"] == left
        view = ttt_move(ws, view)
        assert not view["can_undo"]
        ws.send_text(json.dumps({"type": "undo", "move": view["move"]}))
        refused = until(ws, lambda m: False)
    assert refused["type"] == "error"
    assert f"no undo left: {UNDOS_PER_MATCH} undos a match, all taken" in refused["message"]


def test_undo_is_refused_once_the_match_has_ended(client: TestClient) -> None:
    made = create(client, "pig", AGAINST_A_BOT, options={"target": 5})
    with client.websocket_connect("/ws") as ws:
        view = hello(ws, made["id"], made["tokens"]["0"])
        for _ in range(500):
            if not my_turn(view):
                view = until(ws, my_turn)
            if view["over"]:
                break
            action = "hold" if "hold" in view["legal"] else "roll"
            ws.send_text(json.dumps({"type": "act", "move": view["move"], "action": action}))
            view = until(ws, lambda v: v["type"] == "view")
        assert view["over"] and not view["can_undo"]
        ws.send_text(json.dumps({"type": "undo", "move": view["move"]}))
        refused = until(ws, lambda m: False)
    assert refused["type"] == "error" and "the match is over" in refused["message"]
    summary = client.get(f"/api/matches/{made['id']}").json()
    assert summary["over"] and summary["move"] == view["move"]


OLD_SCHEMA = """
CREATE TABLE matches (id VARCHAR(32) PRIMARY KEY, game VARCHAR(64) NOT NULL,
  options TEXT NOT NULL, seed INTEGER NOT NULL, created FLOAT NOT NULL,
  hot_seat INTEGER NOT NULL);
CREATE TABLE seats (match_id VARCHAR(32) REFERENCES matches(id), seat INTEGER,
  kind VARCHAR(8) NOT NULL, agent VARCHAR(200), token_hash VARCHAR(64),
  PRIMARY KEY (match_id, seat));
CREATE TABLE moves (match_id VARCHAR(32) REFERENCES matches(id), n INTEGER,
  player INTEGER NOT NULL, action TEXT NOT NULL, at FLOAT NOT NULL, PRIMARY KEY (match_id, n));
INSERT INTO matches VALUES ('oldmatch', 'hanniball', '{{}}', 12345, 0.0, 0);
INSERT INTO seats VALUES ('oldmatch', 0, 'human', NULL, '{token_hash}');
INSERT INTO seats VALUES ('oldmatch', 1, 'bot', 'random', NULL);
"""


def test_a_database_from_before_secrets_starts_and_its_match_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.executescript(OLD_SCHEMA.format(token_hash=hash_token("old-token")))
    url = f"sqlite:///{path}"
    with TestClient(create_app(url)) as client:
        made = create(client, "pig", AGAINST_A_BOT)  # new matches work beside the old one
        assert client.get(f"/api/matches/{made['id']}").json()["over"] is False
        with client.websocket_connect("/ws") as ws:
            view = seated(ws, "oldmatch", "old-token")
            assert view["move"] == 0 and view["commitment"] == commitment(12345)
            ws.send_text(json.dumps({"type": "act", "move": 0, "action": view["legal"][0]}))
            view = until(ws, lambda v: v["type"] == "view" and v["move"] == 1)
            assert view["log"][-1]["who"] == 0  # stored and applied: the old match goes on
    old = Store(url).match("oldmatch")
    assert old is not None and old.secret is None and old.seed == 12345


def test_finding1_a_real_server_refuses_the_undo_of_a_roll_and_keeps_the_die(
    tmp_path: Path,
) -> None:
    """Issue 43 finding 1 against `tablesports serve` on loopback: roll, see the die, undo:
    refused with the reason, the roll stands, and no undo is spent."""
    import httpx
    from websockets.sync.client import connect

    from .server import Server

    server = Server(f"sqlite:///{tmp_path / 'web.sqlite3'}").start(tmp_path / "server.log")
    try:
        made = httpx.post(
            f"{server.url}/api/matches", json={"game": "jukem", "seats": AGAINST_A_BOT}
        ).json()
        with connect(f"ws://127.0.0.1:{server.port}/ws") as ws:

            def next_view(test: Any) -> dict[str, Any]:
                for _ in range(2000):
                    msg = json.loads(ws.recv(timeout=60))
                    if msg["type"] == "error" or test(msg):
                        return dict(msg)
                raise AssertionError("no such message")

            ws.send(
                json.dumps({"type": "hello", "match": made["id"], "token": made["tokens"]["0"]})
            )
            view = next_view(my_turn)
            ws.send(json.dumps({"type": "act", "move": view["move"], "action": view["legal"][0]}))
            view = next_view(
                lambda v: v["type"] == "view" and my_turn(v) and v["move"] > view["move"]
            )
            # a card was drawn or the bot answered: the play can no longer be taken back
            assert not view["can_undo"] and view["undo_blocked"] in ("chance", "other seat")
            ws.send(json.dumps({"type": "undo", "move": view["move"]}))
            refused = next_view(lambda m: False)
    finally:
        server.stop()
    assert refused["type"] == "error" and refused["message"].startswith("no undo: "), refused
    assert view["undos_left"] == UNDOS_PER_MATCH
