"""Finding someone to play, on a real server: open challenges (the first acceptor wins, the
maker cancels, a client's challenges are bounded), display names (hostile input), ratings of
rated matches (two distinct clients; once per match, across a restart), the leaderboard, the
live list and the phrases a seat sends to the table.

Each client is a forwarded address, believed from the loopback proxy (`--forwarded-allow-ips`).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from .server import Server

ALICE, BOB, CAROL = "198.51.100.1", "198.51.100.2", "198.51.100.3"
CHALLENGE = {"game": "jukem", "options": {}, "seat": 0, "rated": True}


def start(folder: Path) -> Server:
    return Server(
        f"sqlite:///{folder / 'web.sqlite3'}",
        args=(
            "--forwarded-allow-ips", "127.0.0.1", "--secret-file", str(folder / "secret"),
            "--open-challenges-per-client", "3",
        ),
    ).start(folder / "server.log")  # fmt: skip


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("findplay")


@pytest.fixture(scope="module")
def server(folder: Path) -> Iterator[Server]:
    running = start(folder)
    yield running
    running.stop()


def call(
    server: Server, method: str, path: str, address: str, body: Any = None, **headers: str
) -> httpx.Response:
    return httpx.request(
        method,
        server.url + path,
        json=body,
        headers={"X-Forwarded-For": address, **headers},
        timeout=30,
    )


def challenge(server: Server, address: str, name: str, **extra: Any) -> dict[str, Any]:
    res = call(server, "POST", "/api/challenges", address, {**CHALLENGE, "name": name, **extra})
    assert res.status_code == 200, res.text
    return dict(res.json())


def socket(server: Server, address: str) -> ClientConnection:
    url = server.url.replace("http", "ws") + "/ws"
    return connect(url, additional_headers={"X-Forwarded-For": address})


def hello(ws: ClientConnection, match: str, token: str | None, name: str | None = None) -> Any:
    ws.send(json.dumps({"type": "hello", "match": match, "token": token, "name": name}))
    return until(ws, lambda m: m["type"] == "view")


def until(ws: ClientConnection, test: Any, limit: int = 50) -> Any:
    for _ in range(limit):
        message = json.loads(ws.recv(timeout=30))
        if test(message):
            return message
    raise AssertionError("the message never came")


def end_by_resigning(server: Server, address: str, match: str, token: str) -> Any:
    with socket(server, address) as ws:
        hello(ws, match, token)
        ws.send(json.dumps({"type": "resign"}))
        return until(ws, lambda m: m["type"] == "view" and m["over"])


# --- open challenges -------------------------------------------------------------------------


def test_an_open_challenge_is_listed_and_of_two_acceptors_at_once_one_wins(server: Server) -> None:
    made = challenge(server, ALICE, "Alice")
    listed = call(server, "GET", "/api/challenges", CAROL).json()
    mine = [c for c in listed if c["id"] == made["id"]]
    assert mine and mine[0]["name"] == "Alice" and mine[0]["state"] == "open"
    assert "token" not in mine[0] and "maker" not in mine[0]
    answers: list[httpx.Response] = []
    gate = threading.Barrier(2)

    def take(address: str, name: str) -> None:
        gate.wait()
        answers.append(
            call(server, "POST", f"/api/challenges/{made['id']}/accept", address, {"name": name})
        )

    racers = [threading.Thread(target=take, args=a) for a in ((BOB, "Bob"), (CAROL, "Carol"))]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join()
    codes = sorted(a.status_code for a in answers)
    assert codes == [200, 409], [a.text for a in answers]
    loser = next(a for a in answers if a.status_code == 409).json()["error"]
    assert "accepted" in loser or "taken" in loser, loser
    winner = next(a for a in answers if a.status_code == 200).json()
    assert winner["seat"] == 1 and winner["rated"]
    state = call(server, "GET", f"/api/challenges/{made['id']}", ALICE).json()
    assert state["state"] == "taken" and state["match"] == winner["match"]
    assert made["id"] not in [c["id"] for c in call(server, "GET", "/api/challenges", BOB).json()]
    with socket(server, ALICE) as ws:  # the maker's token opens seat 0 of the new match
        view = hello(ws, winner["match"], made["token"])
        assert view["viewer"] == 0
        names = {s["player"] for s in view["seats"]}
        assert names == {"Alice", "Bob"} or names == {"Alice", "Carol"}


def test_the_maker_cancels_a_challenge_and_nobody_takes_it_then(server: Server) -> None:
    made = challenge(server, ALICE, "Alice")
    path = f"/api/challenges/{made['id']}"
    wrong = call(server, "DELETE", path, BOB, **{"X-Challenge-Token": "not-the-token"})
    assert wrong.status_code == 403 and "only its maker" in wrong.json()["error"]
    assert call(server, "DELETE", path, ALICE, **{"X-Challenge-Token": made["token"]}).is_success
    late = call(server, "POST", path + "/accept", BOB, {"name": "Bob"})
    assert late.status_code == 409 and "cancelled" in late.json()["error"]
    again = call(server, "DELETE", path, ALICE, **{"X-Challenge-Token": made["token"]})
    assert again.status_code == 409


def test_a_client_cannot_accept_its_own_challenge(server: Server) -> None:
    made = challenge(server, CAROL, "Carol")
    own = call(server, "POST", f"/api/challenges/{made['id']}/accept", CAROL, {"name": "Dave"})
    assert own.status_code == 400 and "your own challenge" in own.json()["error"]
    assert call(server, "GET", f"/api/challenges/{made['id']}", CAROL).json()["state"] == "open"
    call(
        server,
        "DELETE",
        f"/api/challenges/{made['id']}",
        CAROL,
        **{"X-Challenge-Token": made["token"]},
    )


def test_one_client_holds_three_open_challenges_at_most(server: Server) -> None:
    address = "198.51.100.40"
    made = [challenge(server, address, "Flood") for _ in range(3)]
    fourth = call(server, "POST", "/api/challenges", address, {**CHALLENGE, "name": "Flood"})
    assert fourth.status_code == 429
    assert "open challenges" in fourth.json()["error"]
    assert fourth.json()["budget"] == "open_challenges_per_client"
    for m in made:
        call(
            server,
            "DELETE",
            f"/api/challenges/{m['id']}",
            address,
            **{"X-Challenge-Token": m["token"]},
        )
    assert call(
        server, "POST", "/api/challenges", address, {**CHALLENGE, "name": "Flood"}
    ).is_success


@pytest.mark.parametrize(
    ("body", "said"),
    [
        ({**CHALLENGE, "game": "chess", "name": "Alice"}, "no game 'chess'"),
        ({**CHALLENGE, "seat": 2, "name": "Alice"}, "seat is 0, 1"),
        ({**CHALLENGE, "name": "<script>"}, "may not contain U+003C"),
        ({**CHALLENGE, "name": "Alice", "hot_seat": True}, "hot_seat"),
        ({**CHALLENGE, "options": {"halves": "many"}, "name": "Alice"}, "halves"),
        ({**CHALLENGE}, "name"),
    ],
)
def test_a_bad_challenge_is_refused_saying_what_is_allowed(
    server: Server, body: dict[str, Any], said: str
) -> None:
    before = call(server, "GET", "/api/challenges", ALICE).json()
    res = call(server, "POST", "/api/challenges", "198.51.100.50", body)
    assert 400 <= res.status_code < 500
    assert said in res.text, res.text
    assert call(server, "GET", "/api/challenges", ALICE).json() == before


def test_an_unknown_challenge_is_404(server: Server) -> None:
    res = call(server, "POST", "/api/challenges/nothing/accept", BOB, {"name": "Bob"})
    assert res.status_code == 404 and "no challenge" in res.json()["error"]


# --- names -----------------------------------------------------------------------------------

HOSTILE = [
    ("x", "has 1 characters"),
    ("a" * 25, "has 25 characters"),
    ("<b>bold</b>", "U+003C LESS-THAN SIGN"),
    ("al\u202eice", "U+202E RIGHT-TO-LEFT OVERRIDE"),
    ("al\u200bice", "U+200B ZERO WIDTH SPACE"),
    ("al\u0000ice", "U+0000"),
    ("bob\nsmith", "U+000A"),
    ("p\u0430ypal", "mixes the scripts CYRILLIC, LATIN"),  # a Cyrillic a among Latin letters
    ("\u03bfscar", "mixes the scripts GREEK, LATIN"),  # a Greek omicron
    ("easy", "reserved"),
    ("Normal", "reserved"),
    ("jukem-greedy", "reserved"),
    ("\ubcf4\ud1b5", "reserved"),  # 보통: the Korean lobby's "normal"
    ("12345", "no letter"),
    ("\u0301abc", "combining mark"),
    ("ab\u0301\u0302\u0303", "combining mark"),  # three marks on one letter
    ("\u2620\u2620", "U+2620"),  # a symbol
]
FINE = [
    ("Alice", "Alice"),
    ("  Bob   Smith ", "Bob Smith"),
    ("\uff21\uff4c\uff49\uff43\uff45", "Alice"),  # full-width letters: NFKC
    ("\ud64d\uae38\ub3d9", "\ud64d\uae38\ub3d9"),  # 홍길동
    ("\u5c71\u7530\u305f\u308d\u3046", "\u5c71\u7530\u305f\u308d\u3046"),  # Han with Hiragana
    ("\u0418\u0432\u0430\u043d", "\u0418\u0432\u0430\u043d"),  # Иван
    ("O'Brien-Smith_2", "O'Brien-Smith_2"),
]


@pytest.mark.parametrize(("name", "said"), HOSTILE)
def test_a_hostile_name_is_refused_naming_what_is_wrong(
    server: Server, name: str, said: str
) -> None:
    res = call(server, "POST", "/api/names/check", ALICE, {"name": name})
    assert res.status_code == 400, res.text
    assert said in res.json()["error"], res.json()["error"]
    # and its template with fields, for the lobby to say it in the reader's language
    assert res.json()["template"].format(**res.json()["fields"]) == res.json()["error"]


@pytest.mark.parametrize(("name", "shown"), FINE)
def test_a_fair_name_is_kept_as_normalised(server: Server, name: str, shown: str) -> None:
    res = call(server, "POST", "/api/names/check", ALICE, {"name": name})
    assert res.status_code == 200 and res.json()["name"] == shown


# --- ratings ---------------------------------------------------------------------------------


def rated_match(server: Server, game: str, maker: str, taker: str) -> tuple[dict, dict]:
    made = challenge(server, ALICE, maker, game=game)
    taken = call(server, "POST", f"/api/challenges/{made['id']}/accept", BOB, {"name": taker})
    assert taken.status_code == 200, taken.text
    return made, taken.json()


def board(server: Server, game: str) -> dict[str, dict[str, Any]]:
    res = call(server, "GET", f"/api/leaderboard/{game}", CAROL)
    assert res.status_code == 200
    return {row["name"]: row for row in res.json()}


def test_a_rated_match_of_two_clients_rates_both_once_even_across_a_restart(
    tmp_path: Path,
) -> None:
    running = start(tmp_path)
    try:
        made, taken = rated_match(running, "hanniball", "Anna", "Boris")
        assert board(running, "hanniball") == {}
        end = end_by_resigning(running, ALICE, taken["match"], made["token"])  # Anna resigns
        seats = {s["player"]: s for s in end["seats"]}
        assert seats["Boris"]["rating"]["games"] == 1 and seats["Boris"]["rating"]["provisional"]
        ratings = board(running, "hanniball")
        assert list(ratings) == ["Boris", "Anna"]  # the winner first
        assert ratings["Boris"]["rating"] > ratings["Anna"]["rating"]
        assert ratings["Anna"]["games"] == ratings["Boris"]["games"] == 1
        with socket(running, BOB) as ws:  # looking at the ended match again changes nothing
            hello(ws, taken["match"], taken["token"])
        assert board(running, "hanniball") == ratings
    finally:
        running.kill()
    running = start(tmp_path)  # the start-up looks at every match again: still applied once
    try:
        with socket(running, CAROL) as ws:
            hello(ws, taken["match"], None)
        assert board(running, "hanniball") == ratings
    finally:
        running.stop()


def test_provisional_mark_goes_after_five_rated_games(server: Server) -> None:
    for n in range(5):
        _made, taken = rated_match(server, "juggers", "Pia", "Quentin")
        end_by_resigning(server, BOB, taken["match"], taken["token"])  # Quentin resigns
        rows = board(server, "juggers")
        assert rows["Pia"]["games"] == n + 1
        assert rows["Pia"]["provisional"] == (n + 1 < 5)
    assert rows["Pia"]["rating"] > rows["Quentin"]["rating"]


def test_one_client_playing_itself_is_not_rated(server: Server) -> None:
    body = {"game": "juggerttg", "seats": [{"kind": "human"}, {"kind": "human"}]}
    made = call(server, "POST", "/api/matches", CAROL, body).json()
    with socket(server, CAROL) as one, socket(server, CAROL) as two:
        hello(one, made["id"], made["tokens"]["0"], "Selfie")
        view = hello(two, made["id"], made["tokens"]["1"], "Selfie Two")
        view = until(two, lambda m: m["type"] == "view" and m["seats"][1]["player"])
        assert [s["player"] for s in view["seats"]] == ["Selfie", "Selfie Two"]
        assert not view["seats"][0]["rated"]
        one.send(json.dumps({"type": "resign"}))
        until(one, lambda m: m["type"] == "view" and m["over"])
    assert board(server, "juggerttg") == {}


def test_a_rated_challenge_against_a_bot_or_hot_seat_cannot_be_made(server: Server) -> None:
    body = {**CHALLENGE, "name": "Alice", "seats": [{"kind": "bot"}]}
    assert call(server, "POST", "/api/challenges", ALICE, body).status_code == 422


def test_a_bad_name_in_hello_is_refused_and_the_seat_stays_unnamed(server: Server) -> None:
    body = {"game": "jukem", "seats": [{"kind": "human"}, {"kind": "human"}]}
    made = call(server, "POST", "/api/matches", CAROL, body).json()
    with socket(server, CAROL) as ws:
        ws.send(json.dumps({"type": "hello", "match": made["id"], "token": made["tokens"]["0"],
                            "name": "<img src=x>"}))  # fmt: skip
        error = until(ws, lambda m: m["type"] == "error")
        assert "U+003C" in error["message"]
        ws.send(json.dumps({"type": "view"}))
        view = until(ws, lambda m: m["type"] == "view")
        assert view["seats"][0]["player"] is None


def test_the_leaderboard_of_no_game_is_refused(server: Server) -> None:
    res = call(server, "GET", "/api/leaderboard/chess", ALICE)
    assert res.status_code == 400 and "the games are" in res.json()["error"]


# --- live matches and phrases -----------------------------------------------------------------


def test_the_live_list_shows_a_match_being_played_with_its_names(server: Server) -> None:
    made, taken = rated_match(server, "jukem", "Lena", "Mark")
    with socket(server, ALICE) as ws:
        view = hello(ws, taken["match"], made["token"])
        if view["legal"]:  # a move makes it live
            ws.send(json.dumps({"type": "act", "index": 0, "move": view["move"]}))
            until(ws, lambda m: m["type"] == "view" and m["move"] > view["move"])
        else:
            with socket(server, BOB) as other:
                mine = hello(other, taken["match"], taken["token"])
                other.send(json.dumps({"type": "act", "index": 0, "move": mine["move"]}))
                until(other, lambda m: m["type"] == "view" and m["move"] > mine["move"])
    live = call(server, "GET", "/api/live", CAROL).json()
    found = [m for m in live if m["id"] == taken["match"]]
    assert found and found[0]["watch"] == f"/m/{taken['match']}"
    assert {s["player"] for s in found[0]["seats"]} == {"Lena", "Mark"}
    end_by_resigning(server, ALICE, taken["match"], made["token"])
    live = call(server, "GET", "/api/live", CAROL).json()
    assert taken["match"] not in [m["id"] for m in live]


def test_a_phrase_reaches_the_other_seat_and_spectators_and_is_rate_limited(
    server: Server,
) -> None:
    made, taken = rated_match(server, "jukem", "Nina", "Otto")
    match = taken["match"]
    with socket(server, ALICE) as nina, socket(server, BOB) as otto, socket(server, CAROL) as fan:
        hello(nina, match, made["token"])
        hello(otto, match, taken["token"])
        hello(fan, match, None)
        nina.send(json.dumps({"type": "say", "phrase": "good_luck"}))
        for ws in (otto, fan, nina):
            said = until(ws, lambda m: m["type"] == "said")
            assert said == {"type": "said", "match": match, "seat": 0, "phrase": "good_luck"}
        nina.send(json.dumps({"type": "say", "phrase": "you are bad"}))
        error = until(nina, lambda m: m["type"] == "error")
        assert "no phrase" in error["message"] and "good_game" in error["message"]
        fan.send(json.dumps({"type": "say", "phrase": "thanks"}))
        assert "watching" in until(fan, lambda m: m["type"] == "error")["message"]
        for _ in range(2):
            otto.send(json.dumps({"type": "say", "phrase": "hello"}))
        for _ in range(3):
            otto.send(json.dumps({"type": "say", "phrase": "thanks"}))
        error = until(otto, lambda m: m["type"] == "error")
        assert "too many phrases" in error["message"]
