"""Nothing leaks: every byte the server sends a seat or a spectator holds only what that viewer
may know, at every position of a match played on a real server (issue 44, T1).

For every registered game with hidden information (`information == "imperfect"`), two people
play a whole match by random legal moves on `tablesports serve` (the tests' own games, which
only this process registers, on the same app under uvicorn in this process); seat 0, seat 1
and a spectator each hold a websocket. At every position a person is to move, each of the
three gets the views pushed to it, asks for a review of every step since the last position (so
chance steps too) and for the record over its socket, and downloads the record over HTTP with
its seat's `X-Seat-Token` header (the spectator without one); the seat to move sends an
illegal move, the others a move out of turn. At the end the match's whole record (every step,
and the seed) is public: replayed, it gives the true state at each step, and every message is
judged against the game's own state at the position it is about:

- what the viewer may not know: a string of the state's `to_json()` (the other seat's hand,
  the draw pile, a face-down SHOT) that its `observation(viewer)` does not show (a spectator's:
  not every seat's) is nowhere in a message about that position, nor in a log entry or record
  step about a step before or after which it was hidden, beyond the game's own words for a
  step the viewer saw (`action_seen_by`, and the step's events); an error may name what its
  sender sent; the board (Jukem's deck list) is one for the whole match;
- a seat's observation and picture are `observation(seat)` and `render(seat)`; a spectator's
  observation has only fields every seat sees alike, and no picture;
- the legal actions go to the seat to move only;
- a step the viewer did not see (`action_seen_by` None) is hidden in the log and `?` in a
  record; the seed is nowhere before the end, and in the view and the record at the end.

The record's download with the token in the URL (`?token=`) is refused (400).
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.sync.client import ClientConnection, connect

from tablesports.core.events import Event
from tablesports.core.fairness import commitment
from tablesports.core.protocol import CHANCE, Action, Game, State
from tablesports.core.records import REDACTED
from tablesports.core.registry import game_ids, load, packaged_game_ids
from tablesports.web.app import create_app
from tablesports.web.settings import ServerSettings

from .helpers import download_record
from .server import Server, free_port

HIDDEN_GAMES = [g for g in game_ids() if load(g).info.information == "imperfect"]
NAMED_SECRETS = {"jukem"}  # its secrets are names (cards): the scan has something to guard
OPTIONS = {"pig": {"target": 12}}  # a short match
VIEWERS = (0, 1, None)  # the seats, and a spectator
FAST = ServerSettings(requests_per_second=2000, requests_burst=2000)  # a download a position


class ThreadServer:
    """The web app under uvicorn on loopback, in this process: for the tests' own games
    (Kuhn poker, Hidden Pig), which only this process has registered."""

    def __init__(self, database: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        app = create_app(database, settings=FAST)
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def start(self) -> ThreadServer:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start within 30 s"
            time.sleep(0.05)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(30)


def serve(game_id: str, tmp: Path) -> Server | ThreadServer:
    """`tablesports serve` for a game it ships with; else the app in this process."""
    database = f"sqlite:///{tmp / 'web.sqlite3'}"
    if game_id in packaged_game_ids():
        args = ("--requests-per-second", "2000", "--requests-burst", "2000")
        return Server(database, args=args).start(tmp / "server.log")
    return ThreadServer(database).start()


def strings(data: Any, out: set[str] | None = None) -> set[str]:
    """Every string in a JSON value (a state's `history` left out: its steps are judged one by
    one, each at its own position)."""
    out = set() if out is None else out
    if isinstance(data, str):
        out.add(data)
    elif isinstance(data, dict):
        for key, value in data.items():
            if key != "history":
                strings(value, out)
    elif isinstance(data, list | tuple):
        for value in data:
            strings(value, out)
    return out


def plain(data: Any) -> Any:
    """As it comes out of JSON (tuples become lists)."""
    return json.loads(json.dumps(data))


@dataclass
class Got:
    viewer: int | None
    text: str
    http: str | None = None  # what came over HTTP: "download" (a record), "summary"
    sent: str | None = None  # the action text the viewer itself sent, which its error may echo


class Line:
    """One viewer's websocket; every message it receives is kept."""

    def __init__(self, ws: ClientConnection, match: str, token: str | None, viewer: int | None):
        self.ws, self.viewer = ws, viewer
        self.sent: str | None = None
        self.got: list[Got] = []
        self.send({"type": "hello", "match": match, "token": token})

    def send(self, message: dict[str, Any], sent: str | None = None) -> None:
        self.sent = sent
        self.ws.send(json.dumps(message))

    def until(self, test: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        for _ in range(10_000):
            text = str(self.ws.recv(timeout=60))
            self.got.append(Got(self.viewer, text, sent=self.sent))
            msg = json.loads(text)
            if test(msg):
                return dict(msg)
        raise AssertionError("no such message")


def settled(msg: dict[str, Any]) -> bool:
    """A view where a person is to move, or of the end (the server has drawn what it had to)."""
    return msg["type"] == "view" and (msg["over"] or msg["to_move"] is not None)


def play_and_listen(
    server: Server | ThreadServer, game_id: str, seed: int
) -> tuple[str, list[Got], int]:
    """Play a match between two people with random legal moves; every message seat 0, seat 1
    and a spectator receive, and every record they download. Returns the match id too, and
    how many times `?token=` was refused."""
    with contextlib.ExitStack() as stack:
        return listen(stack, server, game_id, seed)


def listen(
    stack: contextlib.ExitStack[Any], server: Server | ThreadServer, game_id: str, seed: int
) -> tuple[str, list[Got], int]:
    http = stack.enter_context(httpx.Client(base_url=server.url, timeout=60))
    people = [{"kind": "human"}] * 2
    made = http.post(
        "/api/matches", json={"game": game_id, "seats": people, "options": OPTIONS.get(game_id, {})}
    )
    assert made.status_code == 200, made.text
    match, tokens = made.json()["id"], made.json()["tokens"]
    token_of = {0: tokens["0"], 1: tokens["1"], None: None}
    address = f"ws://127.0.0.1:{server.port}/ws"
    sockets = [stack.enter_context(connect(address, max_size=None)) for _ in VIEWERS]
    lines = [Line(ws, match, token_of[v], v) for ws, v in zip(sockets, VIEWERS, strict=True)]
    codec = load(game_id, **OPTIONS.get(game_id, {})).action_codec()
    probes = [str(a) for a in codec.actions] if codec is not None else ["no such move"] * 20
    rng = random.Random(seed)
    downloads: list[Got] = []
    refused = 0
    reviewed = 0
    views = [line.until(settled) for line in lines]
    for turn in range(100_000):
        steps = views[0]["steps"]
        assert all(v["steps"] == steps for v in views), "the three viewers are at one position"
        for line in lines:  # every step since the last position: chance steps too
            for step in range(reviewed, steps + 1):
                line.send({"type": "review", "step": step})
                line.until(lambda m, step=step: m["type"] == "review" and m["step"] == step)
            line.send({"type": "record"})
            line.until(lambda m: m["type"] == "record")
            res = download_record(http, match, token_of[line.viewer])
            assert res.status_code == 200, res.text
            downloads.append(Got(line.viewer, res.text, http="download"))
            token = token_of[line.viewer]  # the lobby's summaries: a seat's, anyone's
            res = (
                http.post("/api/mine", json={"tokens": [token]})
                if token
                else http.get(f"/api/matches/{match}")
            )
            assert res.status_code == 200, res.text
            downloads.append(Got(line.viewer, res.text, http="summary"))
        reviewed = steps + 1
        if turn % 25 == 0:  # the token in the URL is refused, whichever seat's it is
            for viewer in (0, 1):
                res = http.get(f"/api/matches/{match}/record?token={token_of[viewer]}")
                assert res.status_code == 400, res.text
                assert "send it in the X-Seat-Token header" in res.text
                assert "history" not in res.text and str(token_of[viewer]) not in res.text
                refused += 1
        if views[0]["over"]:
            break
        mover = views[0]["to_move"]
        view = views[mover]
        move = view["move"]
        probe = next(a for a in rng.sample(probes, 20) if a not in view["legal"])
        for line in lines:  # the mover's illegal move; the others' moves out of turn
            line.send({"type": "act", "move": move, "action": probe}, sent=probe)
            line.until(lambda m: m["type"] == "error")
        lines[mover].send({"type": "act", "move": move, "action": rng.choice(view["legal"])})
        views = [line.until(lambda m, n=steps: settled(m) and m["steps"] > n) for line in lines]
    return match, [g for line in lines for g in line.got] + downloads, refused


class Truth:
    """The match as it was, from its whole record: the state at each step, and what each
    viewer may know there."""

    def __init__(self, game: Game, record: dict[str, Any]) -> None:
        self.game = game
        self.secret = record["seed"]
        self.movers = [p for p, _ in record["history"]]
        self.actions: list[Action] = [game.parse_action(a) for _, a in record["history"]]
        state = game.new_initial_state()
        self.states: list[State] = [state.clone()]
        self.events: list[list[Event]] = []
        for action in self.actions:
            self.events.append(state.apply_action(action))
            self.states.append(state.clone())
        assert state.is_terminal(), "the record is of the whole match"
        self.end = len(self.actions)
        universe = set().union(*(strings(s.to_json()) for s in self.states))
        names = "|".join(re.escape(s) for s in sorted(universe, key=len, reverse=True))
        self.words = re.compile(rf"(?<![\w-])(?:{names})(?![\w-])")

    def seats(self) -> range:
        return range(self.game.info.players)

    @cache  # noqa: B019
    def views(self, n: int) -> list[Any]:
        """Each seat's observation after step `n`, as JSON gives it."""
        return [plain(self.states[n].observation(s)) for s in self.seats()]

    @cache  # noqa: B019 (one Truth per test)
    def hidden(self, n: int, viewer: int | None) -> frozenset[str]:
        """What `viewer` may not know after step `n`: the state's strings its view does not show."""
        state = self.states[n]
        if viewer is None:
            shown = set.intersection(*(strings(state.observation(s)) for s in self.seats()))
        else:
            shown = strings(state.observation(viewer))
        return frozenset(strings(state.to_json()) - shown)

    @cache  # noqa: B019
    def seen(self, i: int, viewer: int | None) -> str | None:
        """Step `i` as `viewer` saw it (None: hidden); a spectator sees what every seat saw."""
        state, action = self.states[i], self.actions[i]
        if viewer is not None:
            return state.action_seen_by(action, viewer)
        texts = [state.action_seen_by(action, s) for s in self.seats()]
        if None in texts:
            return None
        # seen by every seat, face down by some (Jukem's SAVE): what the seats that did not
        # make the step saw
        others = {t for s, t in enumerate(texts) if s != self.movers[i]}
        return others.pop() if len(others) == 1 else None

    def step_leaked(self, data: Any, i: int, viewer: int | None) -> set[str]:
        """What a log entry or record step of step `i` names that is hidden before or after
        it, beyond the game's own words for the step (its text as the viewer saw it, and its
        events, shown with a step the viewer saw: a played card that ends a deal is named,
        though the new deal puts it back in the pile)."""
        seen = self.seen(i, viewer)
        own = "" if seen is None else " ".join([seen, *(e.text for e in self.events[i])])
        return self.leaked(data, i, viewer, own) | self.leaked(data, i + 1, viewer, own)

    def leaked(self, data: Any, n: int, viewer: int | None, sent: str | None = None) -> set[str]:
        """The hidden strings at step `n` that `data` names (beside those in `sent`)."""
        return set(self._leaked(json.dumps(data, ensure_ascii=False), n, viewer, sent))

    @cache  # noqa: B019 (a record repeats its steps at every position)
    def _leaked(self, text: str, n: int, viewer: int | None, sent: str | None) -> frozenset[str]:
        found = set(self.words.findall(text)) - set(self.words.findall(sent or ""))
        return frozenset(found & self.hidden(n, viewer))


def check(truth: Truth, got: Got) -> Iterator[str]:
    """Every way `got` tells its viewer more than it may know (empty: nothing)."""
    msg = json.loads(got.text)
    msg = msg[0] if isinstance(msg, list) else msg  # /api/mine: the one match of the token
    who = "spectator" if got.viewer is None else f"seat {got.viewer}"
    kind = got.http or msg["type"]
    record = msg if kind == "download" else msg.get("record")
    n = {
        "summary": lambda: msg["move"],
        "view": lambda: msg["steps"],
        "review": lambda: msg["step"],
        "error": lambda: msg["move"],
    }.get(kind, lambda: len(record["history"]))()
    where = f"{who}, {kind} at step {n}"
    over = n == truth.end
    state, viewer = truth.states[n], got.viewer
    if truth.secret in got.text and not (over and kind in ("view", "record", "download")):
        yield f"{where}: the seed, before the end"
    # the board: the deck list's faces, every card by name (public, as a deck list is); the
    # test asks it to be one for the whole match, so it cannot tell where a card is
    # at the end the record is whole and public, and so is what each seat held (`revealed`):
    # before it, a view reveals nothing
    skip = ("log", "record", "history", "board", "revealed")
    rest = {k: v for k, v in msg.items() if k not in skip}
    if kind == "view" and msg["revealed"] != (truth.views(n) if over else None):
        yield f"{where}: revealed {str(msg['revealed'])[:80]}"
    if kind in ("view", "review"):
        if viewer is not None:
            if msg["observation"] != truth.views(n)[viewer]:
                yield f"{where}: an observation that is not the seat's own"
            if msg["picture"] != state.render(viewer):
                yield f"{where}: a picture that is not the seat's own"
        else:
            views = truth.views(n)
            unlike = [k for k, v in msg["observation"].items() if any(o.get(k) != v for o in views)]
            if unlike or not msg["observation"]:
                yield f"{where}: observation fields not every seat sees: {unlike}"
            if msg["picture"] is not None:
                yield f"{where}: a picture (it shows every hand)"
    if kind == "view":
        mine = viewer is not None and viewer == state.current_player() and not over
        if msg["legal"] != ([str(a) for a in state.legal_actions()] if mine else []):
            yield f"{where}: legal actions of the seat to move: {msg['legal'][:3]}"
        if msg["seed"] != (truth.secret if over else None):
            yield f"{where}: seed {msg['seed']!r}"
        for entry in msg["log"]:
            i = entry["i"]
            seen = truth.seen(i, viewer)
            if seen is None and set(entry) - {"i", "who", "hidden"}:
                yield f"{where}: log step {i} was hidden from it, yet sent: {entry}"
            elif seen is not None and entry.get("action") != seen:
                yield f"{where}: log step {i} is {entry.get('action')!r}, it saw {seen!r}"
            elif seen is not None and [e["text"] for e in entry["events"]] != [
                e.text for e in truth.events[i]
            ]:
                yield f"{where}: log step {i} has events that are not the game's"
            if names := truth.step_leaked(entry, i, viewer):
                yield f"{where}: log step {i} names {sorted(names)}"
    if record is not None:
        rest.update({k: v for k, v in record.items() if k != "history"})
        if record["seed"] != (truth.secret if over else None):
            yield f"{where}: record seed {record['seed']!r}"
        if record["commitment"] != commitment(truth.secret):
            yield f"{where}: not the match's commitment"
        for i, step in enumerate(record["history"]):
            whole = [truth.movers[i], str(truth.actions[i])]
            seen = truth.seen(i, viewer)
            if step != (whole if over else [truth.movers[i], REDACTED if seen is None else seen]):
                yield f"{where}: record step {i} is {step}"
            if not over and (names := truth.step_leaked(step, i, viewer)):
                yield f"{where}: record step {i} names {sorted(names)}"
    if names := truth.leaked(rest, n, viewer, got.sent if kind == "error" else None):
        yield f"{where}: names {sorted(names)}"


@pytest.mark.parametrize("game_id", HIDDEN_GAMES)
def test_no_message_tells_a_viewer_what_it_may_not_know(game_id: str, tmp_path: Path) -> None:
    server = serve(game_id, tmp_path)
    try:
        match, got, refused = play_and_listen(server, game_id, seed=4)
        whole = httpx.get(f"{server.url}/api/matches/{match}/record").json()
        served = httpx.get(f"{server.url}/api/games").json()
    finally:
        server.stop()
    # the games this test runs on are those the server plays with hidden information
    imperfect = {g["id"] for g in served if g["information"] == "imperfect"}
    assert game_id in imperfect and imperfect <= set(HIDDEN_GAMES), imperfect
    truth = Truth(load(game_id, **OPTIONS.get(game_id, {})), whole)
    problems = [p for g in got for p in check(truth, g)]
    assert not problems, f"{len(problems)} leaks, e.g.:\n" + "\n".join(problems[:12])
    # what was judged: every viewer, every kind of message, every step (chance ones too)
    boards = {json.dumps(json.loads(g.text).get("board")) for g in got if g.http != "summary"}
    assert len(boards - {"null"}) == 1, "the board does not change with the position"
    kinds = {(g.viewer, g.http or json.loads(g.text)["type"]) for g in got}
    every = ("view", "review", "record", "error", "download", "summary")
    assert kinds == {(v, k) for v in VIEWERS for k in every}
    for viewer in VIEWERS:
        reviews = [json.loads(g.text) for g in got if g.viewer == viewer and '"review"' in g.text]
        assert {r["step"] for r in reviews if r["type"] == "review"} == set(range(truth.end + 1))
    movers = {s.current_player() for s in truth.states}
    assert {0, 1, CHANCE} <= movers, f"both seats' turns and chance steps: {movers}"
    for viewer in VIEWERS if game_id in NAMED_SECRETS else ():  # hidden names all along
        assert sum(bool(truth.hidden(n, viewer)) for n in range(truth.end)) > 0.9 * truth.end
    hiding = [n for n in range(truth.end) if len({json.dumps(o) for o in truth.views(n)}) > 1]
    assert len(hiding) > 0.5 * truth.end, "the seats' observations differ: there are secrets"
    assert refused >= 2


def test_there_is_a_game_with_hidden_information_to_check() -> None:
    assert "jukem" in HIDDEN_GAMES
