"""The websocket protocol and the lobby, through FastAPI's TestClient."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from tablesports.web.app import create_app
from tablesports.web.hub import MAX_MESSAGE
from tablesports.web.store import Store

from .helpers import create, hello, my_turn, receive, until

TWO_PEOPLE = [{"kind": "human"}, {"kind": "human"}]


def test_the_lobby_lists_every_game_with_its_agents(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert {"jukem", "hanniball", "bloodbowl"} <= set(games)
    assert "random" in games["jukem"]["agents"]
    assert "jukem-greedy" in games["jukem"]["agents"]
    assert client.get("/").status_code == 200
    assert "match.js" in client.get("/m/anything").text


def test_a_new_match_gives_one_secret_link_per_person_and_stores_only_hashes(
    client: TestClient, db_url: str
) -> None:
    made = create(client, "hanniball", [{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    assert set(made["tokens"]) == {"0"}
    token = made["tokens"]["0"]
    assert made["links"]["0"].endswith(f"/m/{made['id']}#{token}")
    store = Store(db_url)
    row = store.match(made["id"])
    assert row is not None
    assert row.seats[0].token_hash != token and len(row.seats[0].token_hash or "") == 64
    assert row.seats[1].agent == "random"
    mine = client.post("/api/mine", json={"tokens": [token, "nonsense"]}).json()
    assert [(m["id"], m["seat"]) for m in mine] == [(made["id"], 0)]


def test_bad_match_requests_are_refused_with_a_reason(client: TestClient) -> None:
    bad_option = client.post(
        "/api/matches", json={"game": "jukem", "options": {"nope": 1}, "seats": TWO_PEOPLE}
    )
    assert bad_option.status_code == 400 and "unknown option 'nope'" in bad_option.json()["error"]
    bad_bot = client.post(
        "/api/matches",
        json={"game": "jukem", "seats": [{"kind": "human"}, {"kind": "bot", "agent": "zzz"}]},
    )
    assert bad_bot.status_code == 400 and "unknown agent 'zzz'" in bad_bot.json()["error"]
    merged = client.post(  # Jukem's strongest level was merged with hard (issue 49)
        "/api/matches",
        json={"game": "jukem", "seats": [{"kind": "human"}, {"kind": "bot", "agent": "strongest"}]},
    )
    said = merged.json()["error"]
    assert merged.status_code == 400 and said == (
        "jukem has no level 'strongest': its levels are easy, normal, hard"
    ), said
    seats = client.post("/api/matches", json={"game": "jukem", "seats": [{"kind": "human"}]})
    assert "2 seats" in seats.json()["error"]
    assert client.get("/api/matches/nosuchmatch").status_code == 404


def test_a_person_plays_hanniball_against_a_bot_to_the_end(client: TestClient) -> None:
    made = create(client, "hanniball", [{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    with client.websocket_connect("/ws") as ws:
        view = hello(ws, made["id"], made["tokens"]["0"])
        assert view["viewer"] == 0 and view["seats"][1]["name"] == "random"
        for _ in range(400):
            if not my_turn(view):
                view = until(ws, my_turn)
            assert view["type"] == "view", view
            if view["over"]:
                break
            ws.send_text(json.dumps({"type": "act", "move": view["move"], "index": 0}))
            view = receive(ws)
        assert view["over"] and view["returns"] is not None


def test_every_bad_message_gets_a_clear_error_and_changes_nothing(client: TestClient) -> None:
    made = create(client, "hanniball", TWO_PEOPLE)
    other = create(client, "hanniball", TWO_PEOPLE)
    t0, t1 = made["tokens"]["0"], made["tokens"]["1"]
    with client.websocket_connect("/ws") as ws, client.websocket_connect("/ws") as ws1:
        view = hello(ws, made["id"], t0)
        move = view["move"]
        legal = view["legal"][0]
        hello(ws1, made["id"], t1)

        def error_for(message: str | dict) -> str:
            ws.send_text(message if isinstance(message, str) else json.dumps(message))
            reply = receive(ws)
            assert reply["type"] == "error", reply
            return reply["message"]

        assert "not JSON" in error_for("{not json")
        assert "not JSON" in error_for("[" * 4000)  # nested past the recursion limit
        assert "too large" in error_for(json.dumps({"type": "act", "x": "y" * MAX_MESSAGE}))
        assert '"type"' in error_for("[1, 2]")
        assert "unknown message type" in error_for({"type": "dance"})
        assert "you hold seat 0" in error_for(
            {"type": "act", "seat": 1, "move": move, "action": legal}
        )
        assert "stale" in error_for({"type": "act", "move": move - 1, "action": legal})
        assert "move" in error_for({"type": "act", "action": legal})
        assert "a HanniBall action is" in error_for({"type": "act", "move": move, "action": "zz"})
        assert "illegal: b3-b9" in error_for({"type": "act", "move": move, "action": "b3-b9"})
        assert "no action number" in error_for({"type": "act", "move": move, "index": 999})
        # the other seat cannot move out of turn
        ws1.send_text(json.dumps({"type": "act", "move": move, "action": legal}))
        assert "not your turn" in receive(ws1)["message"]
        # a token of another match opens nothing here (and the connection just watches)
        assert "does not open a seat" in error_for(
            {"type": "hello", "match": made["id"], "token": other["tokens"]["0"]}
        )
        assert receive(ws)["viewer"] is None  # the spectator's view follows the error
        assert "watching" in error_for({"type": "act", "move": move, "action": legal})
        assert "no match" in error_for({"type": "hello", "match": "nosuchmatch", "token": None})
        # nothing changed: the position is where it was, and the right seat still moves
        assert client.get(f"/api/matches/{made['id']}").json()["move"] == move
        view = hello(ws, made["id"], t0)
        assert view["move"] == move and view["legal"][0] == legal
        ws.send_text(json.dumps({"type": "act", "move": move, "action": legal}))
        assert receive(ws)["move"] == move + 1
        # an action replayed (the same message again) is stale now
        assert "stale" in error_for({"type": "act", "move": move, "action": legal})


def test_a_restarted_server_resumes_every_match_by_replay(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        made = create(client, "jukem", [{"kind": "human"}, {"kind": "bot", "agent": "random"}])
        token = made["tokens"]["0"]
        with client.websocket_connect("/ws") as ws:
            view = hello(ws, made["id"], token)
            for _ in range(4):
                if not my_turn(view):
                    view = until(ws, my_turn)
                ws.send_text(json.dumps({"type": "act", "move": view["move"], "index": 0}))
                view = receive(ws)
            if not my_turn(view):
                view = until(ws, my_turn)
            ws.send_text(json.dumps({"type": "view"}))  # the whole log again
            view = receive(ws)
        before = view
    with TestClient(create_app(db_url)) as client, client.websocket_connect("/ws") as ws:
        after = hello(ws, made["id"], token)
        assert after["move"] == before["move"]
        assert after["observation"] == before["observation"]
        assert after["legal"] == before["legal"]
        assert after["log"] == before["log"] and len(after["log"]) >= 8


def test_undo_takes_back_my_last_move_against_a_bot(client: TestClient) -> None:
    made = create(client, "hanniball", [{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    token = made["tokens"]["0"]
    with client.websocket_connect("/ws") as ws:
        first = hello(ws, made["id"], token)
        assert not first["can_undo"]
        ws.send_text(
            json.dumps({"type": "act", "move": first["move"], "action": first["legal"][0]})
        )
        view = until(ws, lambda v: v["can_undo"])
        ws.send_text(json.dumps({"type": "undo", "move": view["move"]}))
        undone = until(ws, lambda v: v["log_from"] == 0)
        assert undone["observation"] == first["observation"]
        assert undone["log"] == [] and undone["move"] == view["move"] + 1


def test_undo_is_refused_against_a_person(client: TestClient) -> None:
    made = create(client, "hanniball", TWO_PEOPLE)
    with client.websocket_connect("/ws") as ws:
        view = hello(ws, made["id"], made["tokens"]["0"])
        ws.send_text(json.dumps({"type": "act", "move": view["move"], "action": view["legal"][0]}))
        view = receive(ws)
        ws.send_text(json.dumps({"type": "undo", "move": view["move"]}))
        assert "against bots only" in receive(ws)["message"]


def test_a_spectator_sees_the_public_view_and_the_record(client: TestClient) -> None:
    made = create(client, "jukem", [{"kind": "human"}, {"kind": "bot", "agent": "random"}])
    with client.websocket_connect("/ws") as seat0:
        mine = hello(seat0, made["id"], made["tokens"]["0"])
        if not my_turn(mine):
            mine = until(seat0, my_turn)  # the deal is done: five cards in each hand
        with client.websocket_connect("/ws") as ws:
            view = hello(ws, made["id"], None)
    assert len(mine["observation"]["hand"]) == 5
    assert view["viewer"] is None and view["legal"] == []
    assert "score" in view["observation"] and "hand" not in view["observation"]
    assert view["picture"] is None
    assert all(step.get("hidden") or step["who"] >= 0 or step["i"] == 0 for step in view["log"])
    record = client.get(f"/api/matches/{made['id']}/record").json()
    assert record["meta"]["seen_by"] == "spectator"
    draws = [text for player, text in record["history"][1:] if player == -1]
    assert len(draws) >= 10 and all(text == "?" for text in draws)  # REDACTED, as for_seat


def test_a_perfect_information_record_replays_with_the_library(client: TestClient) -> None:
    from tablesports.core.records import parse_record, replay_final

    made = create(client, "hanniball", [{"kind": "bot", "agent": "random"}] * 2)
    for _ in range(200):
        if client.get(f"/api/matches/{made['id']}").json()["over"]:
            break
        with client.websocket_connect("/ws") as ws:
            hello(ws, made["id"], None)
    data = client.get(f"/api/matches/{made['id']}/record").json()
    record = parse_record(data)
    assert len(record.history) > 0
    assert replay_final(record).history_json() == [list(h) for h in record.history]
