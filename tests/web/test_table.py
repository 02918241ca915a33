"""Resign, draw offers, rematch, review and clocks through the websocket (FastAPI TestClient)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tablesports.web.app import create_app
from tablesports.web.clock import Clock, ClockIn
from tablesports.web.endings import Ending, EndingError

from .helpers import create, hello, my_turn, receive, until

PEOPLE = [{"kind": "human"}, {"kind": "human"}]
VS_BOT = [{"kind": "human"}, {"kind": "bot", "agent": "random"}]


def send(ws: WebSocketTestSession, **msg: Any) -> None:
    ws.send_text(json.dumps(msg))


def settled(move: int) -> Any:
    """A view after `move` where a person is to move (chance resolved) or the match is over."""
    return lambda v: (
        v["type"] == "view" and v["move"] > move and (v["to_move"] is not None or v["over"])
    )


def over(view: dict[str, Any]) -> bool:
    return view["type"] == "view" and view["over"]


def test_resign_ends_the_match_at_once_and_the_other_seat_wins(
    client: TestClient, db_url: str
) -> None:
    made = create(client, "hanniball", VS_BOT)
    with client.websocket_connect("/ws") as ws:
        assert my_turn(hello(ws, made["id"], made["tokens"]["0"]))
        send(ws, type="resign")
        end = until(ws, over)
        assert end["result"] == {"winners": [1], "reason": "resign", "seat": 0, "detail": ""}
        assert end["returns"] == [-1.0, 1.0] and end["legal"] == [] and end["seed"]
        send(ws, type="act", move=end["move"], index=0)
        assert "over" in receive(ws)["message"]
        send(ws, type="resign")
        assert receive(ws)["message"] == "the match is over already"
        send(ws, type="record")
        record = receive(ws)["record"]
        assert record["meta"]["ending"] == "resign 0" and record["returns"] is None
    # stored as a row: a restarted server knows the match ended and why
    with TestClient(create_app(db_url)) as again:
        summary = again.get(f"/api/matches/{made['id']}").json()
        assert summary["over"] and summary["returns"] == [-1.0, 1.0]
        assert summary["result"]["reason"] == "resign" and summary["result"]["winners"] == [1]


def test_a_spectator_cannot_resign_and_nothing_changes(client: TestClient) -> None:
    made = create(client, "hanniball", PEOPLE)
    with client.websocket_connect("/ws") as ws:
        before = hello(ws, made["id"], None)
        send(ws, type="resign")
        error = receive(ws)
        assert error["type"] == "error" and "watching" in error["message"]
        send(ws, type="view")
        after = receive(ws)
        assert after["move"] == before["move"] and not after["over"]


def test_a_draw_is_offered_and_accepted_between_people(client: TestClient) -> None:
    made = create(client, "hanniball", PEOPLE)
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        first = hello(a, made["id"], made["tokens"]["0"])
        hello(b, made["id"], made["tokens"]["1"])
        assert first["draws"] and first["draw_offer"] is None
        send(a, type="draw", do="offer")
        offered = until(b, lambda v: v["type"] == "view" and v["draw_offer"] == 0)
        assert not offered["over"]
        send(a, type="draw", do="accept")  # one's own offer is not answered by oneself
        assert until(a, lambda v: False)["message"] == "there is no draw offer to answer"
        send(b, type="draw", do="accept")
        end = until(b, over)
        assert end["result"]["reason"] == "draw" and end["result"]["winners"] == []
        assert end["returns"] == [0.0, 0.0]


def test_a_draw_offer_is_declined_or_lapses_with_the_next_move(client: TestClient) -> None:
    made = create(client, "hanniball", PEOPLE)
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        view = hello(a, made["id"], made["tokens"]["0"])
        hello(b, made["id"], made["tokens"]["1"])
        send(a, type="draw", do="offer")
        until(b, lambda v: v["type"] == "view" and v["draw_offer"] == 0)
        send(b, type="draw", do="decline")
        until(a, lambda v: v["type"] == "view" and v["draw_offer"] is None)
        send(b, type="draw", do="offer")
        until(a, lambda v: v["type"] == "view" and v["draw_offer"] == 1)
        send(a, type="act", move=view["move"], index=0)  # a move instead of an answer
        moved = until(b, lambda v: v["type"] == "view" and v["move"] > view["move"])
        assert moved["draw_offer"] is None and not moved["over"]


def test_draw_offers_are_refused_where_the_game_has_no_draws_and_a_bot_declines(
    client: TestClient,
) -> None:
    juggers = create(client, "juggers", PEOPLE)
    with client.websocket_connect("/ws") as ws:
        assert not hello(ws, juggers["id"], juggers["tokens"]["0"])["draws"]
        send(ws, type="draw", do="offer")
        assert "no draws" in receive(ws)["message"]
        send(ws, type="draw", do="maybe")
        assert '"do"' in receive(ws)["message"]
    hanniball = create(client, "hanniball", VS_BOT)
    with client.websocket_connect("/ws") as ws:
        hello(ws, hanniball["id"], hanniball["tokens"]["0"])
        send(ws, type="draw", do="offer")
        assert receive(ws)["message"] == "the bot declines the draw"
        send(ws, type="view")
        view = receive(ws)
        assert view["draw_offer"] is None and not view["over"]


def test_a_rematch_against_a_bot_starts_at_once_with_the_seats_swapped(
    client: TestClient,
) -> None:
    made = create(client, "hanniball", VS_BOT)
    with client.websocket_connect("/ws") as ws:
        hello(ws, made["id"], made["tokens"]["0"])
        send(ws, type="rematch")
        assert "once the match is over" in receive(ws)["message"]
        send(ws, type="resign")
        until(ws, over)
        send(ws, type="rematch")
        msg = until(ws, lambda m: m["type"] == "rematch")
    assert msg["seat"] == 1 and msg["token"] and msg["match"] != made["id"]
    seats = client.get(f"/api/matches/{msg['match']}").json()["seats"]
    assert [s["kind"] for s in seats] == ["bot", "human"]
    with client.websocket_connect("/ws") as ws:
        view = hello(ws, msg["match"], msg["token"])
        assert view["viewer"] == 1 and not view["over"]


def test_a_rematch_between_people_needs_both_and_swaps_their_seats(client: TestClient) -> None:
    made = create(client, "hanniball", PEOPLE)
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        hello(a, made["id"], made["tokens"]["0"])
        hello(b, made["id"], made["tokens"]["1"])
        send(b, type="resign")
        until(a, over)
        send(a, type="rematch")
        asked = until(b, lambda v: v["type"] == "view" and v["rematch_by"] == [0])
        assert asked["rematch"] is None
        send(b, type="rematch")
        to_a = until(a, lambda m: m["type"] == "rematch")
        to_b = until(b, lambda m: m["type"] == "rematch")
    assert to_a["match"] == to_b["match"]
    assert (to_a["seat"], to_b["seat"]) == (1, 0)
    with client.websocket_connect("/ws") as ws:
        assert hello(ws, to_a["match"], to_a["token"])["viewer"] == 1
    with client.websocket_connect("/ws") as ws:
        assert hello(ws, to_b["match"], to_b["token"])["viewer"] == 0


def test_review_shows_each_earlier_position_as_the_seat_saw_it_then(client: TestClient) -> None:
    """Jukem hides the hands: a seat's review of step n is the observation it was sent live
    after n steps, and a spectator's review holds only what both seats saw alike."""
    made = create(client, "jukem", PEOPLE)
    seen: dict[int, dict[int, dict[str, Any]]] = {0: {}, 1: {}}
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        views = {
            0: hello(a, made["id"], made["tokens"]["0"]),
            1: hello(b, made["id"], made["tokens"]["1"]),
        }
        socks = {0: a, 1: b}
        for _ in range(12):  # both seats see every position a person faces
            for seat in (0, 1):
                seen[seat][views[seat]["steps"]] = views[seat]["observation"]
            mover = next((s for s in (0, 1) if views[s]["legal"]), None)
            if mover is None or views[0]["over"]:
                break
            send(socks[mover], type="act", move=views[mover]["move"], index=0)
            for seat in (0, 1):
                views[seat] = until(socks[seat], settled(views[seat]["move"]))
        assert len(seen[0]) > 5
        for seat in (0, 1):
            for step, observation in seen[seat].items():
                send(socks[seat], type="review", step=step)
                review = receive(socks[seat])
                assert review["type"] == "review" and review["step"] == step
                assert review["observation"] == observation, (seat, step)
        with client.websocket_connect("/ws") as spectator:
            hello(spectator, made["id"], None)
            for step in seen[0]:
                send(spectator, type="review", step=step)
                public = receive(spectator)["observation"]
                for key, value in public.items():
                    assert seen[0][step][key] == value == seen[1][step][key], (step, key)
                assert set(public) < set(seen[0][step])  # the hands stay hidden
        last = views[0]["steps"]
        send(a, type="review", step=last + 1)
        error = receive(a)
        assert error["type"] == "error" and f"from 0 to {last}" in error["message"]
        send(a, type="review", step="3")
        assert receive(a)["type"] == "error"


def test_clock_rule_the_turn_passing_gives_the_increment_and_chance_keeps_it_running() -> None:
    clock = Clock.new(ClockIn(minutes=1, increment=5), 2, now=0.0)
    clock.sync(0, False, 0.0)  # seat 0 to move
    clock.sync(-1, False, 10.0)  # seat 0 moved, chance rolls: seat 0's clock runs on
    assert clock.running == 0 and clock.remaining == [50.0, 60.0]
    clock.sync(0, False, 12.0)  # the roll is seat 0's: still its turn, no increment
    assert clock.remaining == [48.0, 60.0]
    clock.sync(1, False, 20.0)  # the turn passes: seat 0 gets its increment
    assert clock.remaining == [45.0, 60.0] and clock.running == 1
    assert clock.flagged(79.9) is None and clock.flagged(80.0) == 1
    clock.sync(0, True, 30.0)  # over: no clock runs
    assert clock.running is None and clock.flagged(10_000.0) is None


def test_clocks_are_validated_when_a_match_is_created(client: TestClient) -> None:
    for bad in ({"minutes": 0}, {"minutes": 10, "increment": -1}, {"minutes": 10, "x": 1}, 5):
        res = client.post("/api/matches", json={"game": "hanniball", "seats": PEOPLE, "clock": bad})
        assert res.status_code == 422, bad
        assert "clock" in res.text
    ok = create(client, "hanniball", PEOPLE, clock={"minutes": 10, "increment": 5})
    with client.websocket_connect("/ws") as ws:
        view = hello(ws, ok["id"], ok["tokens"]["0"])
    assert view["clock"]["increment"] == 5 and view["clock"]["running"] == 0
    assert 590 < view["clock"]["remaining"][0] <= 600 and view["clock"]["remaining"][1] == 600


def test_a_seat_whose_time_runs_out_loses_on_time(client: TestClient) -> None:
    started = time.monotonic()  # before the clock starts (with the match): never early
    made = create(client, "hanniball", VS_BOT, clock={"minutes": 0.1, "increment": 0})
    with client.websocket_connect("/ws") as ws:
        view = hello(ws, made["id"], made["tokens"]["0"])
        assert view["to_move"] == 0
        end = until(ws, over)  # nobody moves: the server's timer ends the match
        # not before the 6 s are out; the upper bound only catches a timer that never fires
        assert 5.9 < time.monotonic() - started < 30.0  # (a timer may fire a tick early)
        assert end["result"] == {"winners": [1], "reason": "time", "seat": 0, "detail": ""}
        assert end["clock"]["remaining"][0] == 0 and end["clock"]["running"] is None
        send(ws, type="act", move=end["move"], index=0)
        assert "over" in receive(ws)["message"]


def test_ending_rows_read_back_and_a_bad_one_is_named() -> None:
    for ending in (Ending("resign", 1), Ending("draw"), Ending("time", 0), Ending("abandon", 1)):
        assert Ending.parse(ending.row()) == ending
    assert Ending("time", 0).returns(2) == [-1.0, 1.0] and Ending("draw").returns(2) == [0.0, 0.0]
    for bad in ("", "resign", "resign x", "surrender 1", "draw 1 2"):
        with pytest.raises(EndingError, match="row"):
            Ending.parse(bad)
