"""Issue 44's attacks, made by one client address that stays inside the limits docs/web.md
states, against a real `tablesports serve` (run by `benchmarks/web_load.py --attack`, in a
process of its own so that its work never delays the normal players' clocks).

From ATTACKER (a loopback address of its own), for `--seconds`, it runs at once:

- H1: person-vs-person Jukem matches, each with its own ~250 KB deck uploaded as content;
- H2: ~255 KB uploads that are not TOML (valid lines up to a bad last one: all of it is read);
- H3: bot-vs-bot matches at the `strongest` level, the client's whole allowance and more;
- M2: one websocket that sends `hello` and `view` in turn, watching a Blood Bowl match
  between two bots (each answer holds its whole log, longer with every move);
- L2: bot matches with a made-up `X-Forwarded-For` each (a fresh allowance if it were believed);
- L4: a deck with 10,000 extra TOML tables.

HTTP requests, over all its attacks, keep to `--rate` a second (default 40, under the server's
50 a client), spread evenly over the HTTP attacks made (`--attacks`: all by default), each
with IN_FLIGHT requests waiting for their answers at most; the websocket keeps to
`--messages` a second (50 a connection allowed). It prints `ready` once M2's match is made
and the attacks start, then, GRACE seconds after `--seconds`, one JSON object: per attack,
the requests made, those answered 200 (a view, for M2), the refusals grouped by status and
message (numbers written N), and those still unanswered.

    PYTHONPATH=src python benchmarks/attacks.py --ports 8001[,8002] --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import random
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from importlib import resources
from itertools import count
from typing import Any

import httpx
import websockets

ATTACKER = "127.66.0.1"
"""The one client address every attack comes from (any 127/8 address reaches the server)."""

HTTP_ATTACKS = ("H1", "H2", "H3", "L2", "L4")
ALL = (*HTTP_ATTACKS, "M2")
IN_FLIGHT = 8
"""Requests of one attack waiting for their answers at once (40 in all: the server lets a
client have 200 at once)."""
GRACE = 2.0
"""Seconds after the attack for the last answers; what is unanswered then is counted so."""
DECK_BYTES = 250_000
JUNK_BYTES = 255_000
EXTRA_TABLES = 10_000


@dataclass
class Tally:
    made: int = 0
    answered: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    sizes: int = 0
    """Bytes of the answers counted in `answered` (M2: of its views)."""
    warmup: float = 0.0
    """Seconds of M2's first view, before the attacks (the process's first Blood Bowl view)."""

    def refuse(self, status: str, text: str) -> None:
        said = re.sub(r"\d+(\.\d+)?", "N", text)[:110]
        self.refused[f"{status}: {said}"] += 1

    def as_json(self) -> dict[str, Any]:
        told = self.answered + sum(self.refused.values())
        return {
            "made": self.made,
            "answered": self.answered,
            "refused": dict(self.refused.most_common()),
            "unanswered": max(0, self.made - told),
            "bytes": self.sizes,
            "warmup": self.warmup,
        }


class Pace:
    """Starts at most `rate` a second, evenly spaced, shared by an attack's workers."""

    def __init__(self, rate: float) -> None:
        self.gap = 1.0 / rate
        self.next = time.monotonic()

    async def wait(self) -> None:
        now = time.monotonic()
        at = max(self.next, now)
        self.next = at + self.gap
        await asyncio.sleep(at - now)


def house_deck() -> str:
    return resources.files("tablesports.games.jukem").joinpath("data/deck.toml").read_text()


def big_deck(n: int) -> str:
    """The house deck with a long `text` of random letters on every card entry: a valid deck
    of ~DECK_BYTES, different for each `n`, so every upload is a file of its own."""
    base = house_deck().replace('title = "', f'title = "attack {n} ', 1)
    base = re.sub(r"^text = .*\n", "", base, flags=re.MULTILINE)  # each card gets a new one
    entries = base.count("[[card]]")
    pad = (DECK_BYTES - len(base)) // entries - len('text = ""\n')
    # random text, new on every card: a database that compresses what it stores
    # (PostgreSQL) gains nothing
    rng = random.Random(n)
    return re.sub(
        r"\[\[card\]\]\n",
        lambda _: f'[[card]]\ntext = "{noise(rng, pad)}"\n',
        base,
    )


def noise(rng: random.Random, size: int) -> str:
    """`size` random letters and digits (base 32 of random bytes: made in C, fast)."""
    return base64.b32encode(rng.randbytes(size * 5 // 8 + 5)).decode().lower()[:size]


def junk(n: int) -> str:
    """~JUNK_BYTES of TOML lines ending in one that is not TOML: the reader reads it all."""
    bad = "\nthis line is not TOML at all"
    lines = "\n".join(f"key_{n}_{i} = {i}" for i in range(JUNK_BYTES // 12))
    return lines[: JUNK_BYTES - len(bad)] + bad


def many_tables() -> str:
    """The house deck and EXTRA_TABLES tables no deck has: refused, with a short error."""
    extra = "".join(f"[extra_{i}]\nx = {i}\n" for i in range(EXTRA_TABLES))
    return house_deck() + "\n" + extra


def upload_body(game: str, option: str, content: str, seats: list[dict[str, str]]) -> bytes:
    return json.dumps(
        {"game": game, "options": {option: {"content": content}}, "seats": seats}
    ).encode()


PEOPLE = [{"kind": "human"}, {"kind": "human"}]
STRONGEST = [{"kind": "bot", "agent": "strongest"}] * 2


def requests_of(name: str) -> Any:
    """`make(i) -> (body, headers)` for the i-th request of the HTTP attack `name`."""
    json_type = {"content-type": "application/json"}
    if name == "H1":
        return lambda i: (upload_body("jukem", "deck", big_deck(i), PEOPLE), json_type)
    if name == "H2":
        return lambda i: (upload_body("jukem", "deck", junk(i), PEOPLE), json_type)
    if name == "H3":
        games = ("juggerttg", "bloodbowl")  # games whose levels go up to `strongest`
        return lambda i: (
            json.dumps({"game": games[i % 2], "seats": STRONGEST}).encode(),
            json_type,
        )
    if name == "L2":
        rng = random.Random(2)

        def forged(i: int) -> tuple[bytes, dict[str, str]]:
            made_up = ".".join(str(rng.randrange(1, 255)) for _ in range(4))
            body = {"game": "hanniball", "seats": [{"kind": "bot", "agent": "easy"}] * 2}
            return json.dumps(body).encode(), {**json_type, "x-forwarded-for": made_up}

        return forged
    if name == "L4":
        body = upload_body("jukem", "deck", many_tables(), PEOPLE)
        return lambda i: (body, json_type)
    raise ValueError(name)


async def http_attack(
    name: str, tally: Tally, bases: list[str], client: httpx.AsyncClient, rate: float, until: float
) -> None:
    pace, make, numbers = Pace(rate), requests_of(name), count()

    async def worker() -> None:
        while True:
            await pace.wait()
            if time.monotonic() >= until:
                return
            i = next(numbers)
            body, headers = make(i)
            tally.made += 1
            try:
                res = await client.post(
                    bases[i % len(bases)] + "/api/matches", content=body, headers=headers
                )
            except httpx.HTTPError as exc:
                tally.refuse("no answer", type(exc).__name__)
                continue
            if res.status_code == 200:
                tally.answered += 1
                tally.sizes += len(res.content)
            else:
                try:
                    said = str(res.json().get("error", res.text))
                except ValueError:
                    said = res.text
                tally.refuse(str(res.status_code), said)

    await asyncio.gather(*(worker() for _ in range(IN_FLIGHT)))


async def blood_bowl_match(base: str, client: httpx.AsyncClient, tally: Tally) -> str | None:
    """M2's match, made before the attacks start: Blood Bowl between two `easy` bots (one place
    of the client's allowance; H3 takes the others), watched, so its view grows with its log.
    Its first view is waited for too: a server process's first Blood Bowl view builds the
    game's phrasebook, a cost of the process's, not of the attack's (`warm-up` in the output)."""
    for _ in range(3):
        try:
            body = {"game": "bloodbowl", "seats": [{"kind": "bot", "agent": "easy"}] * 2}
            res = await client.post(base + "/api/matches", json=body)
        except httpx.HTTPError as exc:
            tally.refuse("no answer", "the Blood Bowl match: " + type(exc).__name__)
            continue
        if res.status_code == 200:
            match_id: str = res.json()["id"]
            started = time.monotonic()
            ws_url = base.replace("http", "ws", 1) + "/ws"
            async with websockets.connect(
                ws_url, max_size=None, local_addr=(ATTACKER, 0), open_timeout=120
            ) as ws:
                await ws.send(json.dumps({"type": "hello", "match": match_id}))
                await asyncio.wait_for(ws.recv(), 300)
            tally.warmup = time.monotonic() - started
            return match_id
        tally.refuse(str(res.status_code), "the Blood Bowl match: " + res.text)
        await asyncio.sleep(1.0)
    return None


async def view_loop(
    base: str, match_id: str | None, tally: Tally, rate: float, until: float
) -> None:
    """M2: one websocket, `hello` and `view` in turn at `rate` a second, watching a Blood Bowl
    match (each answer is its whole log); a failed connection is counted and made again."""
    if match_id is None:
        return
    hello = json.dumps({"type": "hello", "match": match_id})
    view = json.dumps({"type": "view"})
    ws_url = base.replace("http", "ws", 1) + "/ws"
    pace = Pace(rate)
    while time.monotonic() < until:
        try:
            await views(ws_url, hello, view, tally, pace, until)
        except (OSError, TimeoutError, websockets.WebSocketException) as exc:
            tally.refuse("no connection", type(exc).__name__)
            await asyncio.sleep(0.5)


async def views(ws_url: str, hello: str, view: str, tally: Tally, pace: Pace, until: float) -> None:
    async with websockets.connect(
        ws_url, max_size=None, local_addr=(ATTACKER, 0), open_timeout=30
    ) as ws:

        async def read() -> None:
            async for raw in ws:
                msg = json.loads(raw)
                if msg.get("type") == "error":
                    tally.refuse("error", str(msg.get("message", "")))
                else:
                    tally.answered += 1
                    tally.sizes += len(raw)

        reader = asyncio.create_task(read())
        sent = 0
        try:
            while True:
                await pace.wait()
                if time.monotonic() >= until:
                    break
                await ws.send(hello if sent % 2 == 0 else view)  # a new connection: hello first
                sent += 1
                tally.made += 1
            await asyncio.sleep(GRACE)  # the last answers
        finally:
            reader.cancel()


async def attack(
    ports: list[int], seconds: float, rate: float, messages: float, which: list[str]
) -> dict:
    """Every attack for `seconds` (after M2's match is made and `ready` is printed), then
    GRACE seconds for the last answers; requests still unanswered then count as such."""
    bases = [f"http://127.0.0.1:{p}" for p in ports]
    tallies = {name: Tally() for name in which}
    transport = httpx.AsyncHTTPTransport(local_address=ATTACKER)
    async with httpx.AsyncClient(transport=transport, timeout=seconds + GRACE) as client:
        m2 = await blood_bowl_match(bases[-1], client, tallies["M2"]) if "M2" in which else None
        print("ready", flush=True)
        until = time.monotonic() + seconds
        http = [name for name in which if name in HTTP_ATTACKS]
        share = rate / max(1, len(http))
        runs = [
            asyncio.create_task(http_attack(name, tallies[name], bases, client, share, until))
            for name in http
        ]
        if "M2" in which:
            m2_run = view_loop(bases[-1], m2, tallies["M2"], messages, until)
            runs.append(asyncio.create_task(m2_run))
        _, late = await asyncio.wait(runs, timeout=seconds + GRACE + 1)
        for task in late:
            task.cancel()
        await asyncio.gather(*runs, return_exceptions=True)
    return {name: tally.as_json() for name, tally in tallies.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ports", required=True, help="the server processes' ports, comma-separated")
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--rate", type=float, default=40.0, help="HTTP requests a second, in all")
    ap.add_argument("--messages", type=float, default=45.0, help="websocket messages a second")
    ap.add_argument("--attacks", default=",".join(ALL), help=f"some of {','.join(ALL)}")
    args = ap.parse_args()
    ports = [int(p) for p in args.ports.split(",")]
    which = args.attacks.split(",")
    if not which or any(name not in ALL for name in which):
        ap.error(f"--attacks takes some of {','.join(ALL)}, comma-separated; got {args.attacks!r}")
    found = asyncio.run(attack(ports, args.seconds, args.rate, args.messages, which))
    json.dump(found, sys.stdout)
    print()


if __name__ == "__main__":
    main()
