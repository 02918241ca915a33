"""Challenges, names and ratings on a real PostgreSQL server (the test starts it): two apps over
one database stand for two server processes, each with its own client address. Never skipped.
"""

from __future__ import annotations

import json
import threading

from fastapi.testclient import TestClient

from tablesports.web.app import create_app
from tablesports.web.challenges import ChallengeStore
from tablesports.web.players import PlayerStore
from tablesports.web.store import Store

from .helpers import hello, until


def test_a_challenge_taken_through_another_process_is_rated_once_on_postgresql(
    postgres_url: str,
) -> None:
    alice_app, bob_app = create_app(postgres_url), create_app(postgres_url)
    with (
        TestClient(alice_app, client=("198.51.100.21", 5000)) as alice,
        TestClient(bob_app, client=("198.51.100.22", 5000)) as bob,
    ):
        made = alice.post(
            "/api/challenges", json={"game": "jukem", "seat": 0, "name": "Alma"}
        ).json()
        assert [c["id"] for c in bob.get("/api/challenges").json()] == [made["id"]]
        taken = bob.post(f"/api/challenges/{made['id']}/accept", json={"name": "Bruno"})
        assert taken.status_code == 200, taken.text
        again = alice.post(f"/api/challenges/{made['id']}/accept", json={"name": "Cleo"})
        assert again.status_code == 409
        match = taken.json()["match"]
        with alice.websocket_connect("/ws") as ws:
            view = hello(ws, match, made["token"])
            assert [s["player"] for s in view["seats"]] == ["Alma", "Bruno"]
            ws.send_text(json.dumps({"type": "resign"}))
            until(ws, lambda m: m.get("over"))
        board = bob.get("/api/leaderboard/jukem").json()
        assert [(r["name"], r["games"]) for r in board] == [("Bruno", 1), ("Alma", 1)]
        with bob.websocket_connect("/ws") as ws:  # the other process sees the end: no change
            view = hello(ws, match, taken.json()["token"])
            assert view["over"] and view["seats"][1]["rating"]["games"] == 1
        assert bob.get("/api/leaderboard/jukem").json() == board


def test_two_claims_at_once_and_two_settlements_at_once_each_have_one_winner_on_postgresql(
    postgres_url: str,
) -> None:
    store = Store(postgres_url)
    book, players = ChallengeStore(store.engine, 1800), PlayerStore(store)
    book.add(
        {"id": "race", "game": "jukem", "options": "{}", "seat": 0, "rated": 1,
         "maker": "m", "name": "Mia", "token_hash": "0" * 64, "created": 9e9}
    )  # fmt: skip
    players.set_name("racing", 0, "Mia", "a")
    players.set_name("racing", 1, "Nils", "b")
    players.mark_rated("racing")
    claims: list[bool] = []
    settled: list[bool] = []
    gate = threading.Barrier(4)

    def claim(name: str) -> None:
        gate.wait()
        claims.append(book.claim("race", name))

    def settle() -> None:
        gate.wait()
        settled.append(players.settle("racing", "hanniball", [1.0, -1.0]))

    threads = [threading.Thread(target=f, args=a) for f, a in
               ((claim, ("Nils",)), (claim, ("Olga",)), (settle, ()), (settle, ()))]  # fmt: skip
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(claims) == [False, True] and sorted(settled) == [False, True]
    board = players.leaderboard("hanniball")
    assert [(r["name"], r["games"]) for r in board] == [("Mia", 1), ("Nils", 1)]
    store.close()
