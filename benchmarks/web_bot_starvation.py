"""Issue 33 finding 4: does a person's move wait behind bots? On loopback, against a real
`tablesports serve`: six bot-against-bot matches ask for unbounded searches
(`mcts:seconds=1e9,iterations=0`), then two people play moves of HanniBall; the time from a
person's `act` to the view of its result is measured.

    PYTHONPATH=src python benchmarks/web_bot_starvation.py [--moves 10] [--bots 6]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def post(url: str, body: dict) -> tuple[int, dict]:
    req = urllib.request.Request(
        url, json.dumps(body).encode(), {"content-type": "application/json"}
    )
    try:
        with urllib.request.urlopen(req, timeout=60) as res:
            return res.status, json.loads(res.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


async def play(base: str, moves: int) -> list[float]:
    _, made = post(base + "/api/matches", {"game": "hanniball", "seats": [{"kind": "human"}] * 2})
    ws_url = base.replace("http", "ws") + "/ws"
    seats = [await websockets.connect(ws_url, max_size=None) for _ in range(2)]
    views = []
    for n, ws in enumerate(seats):
        await ws.send(
            json.dumps({"type": "hello", "match": made["id"], "token": made["tokens"][str(n)]})
        )
        views.append(json.loads(await ws.recv()))
    times = []
    for _ in range(moves):
        mover = next(n for n, v in enumerate(views) if v["legal"])
        ws = seats[mover]
        start = time.perf_counter()
        await ws.send(json.dumps({"type": "act", "move": views[mover]["move"], "index": 0}))
        while True:
            msg = json.loads(await ws.recv())
            if msg["type"] == "view" and msg["move"] > views[mover]["move"]:
                break
        times.append(time.perf_counter() - start)
        views[mover] = msg
        other = seats[1 - mover]
        while True:
            msg = json.loads(await other.recv())
            if msg["type"] == "view" and msg["move"] == views[mover]["move"]:
                views[1 - mover] = msg
                break
    for ws in seats:
        await ws.close()
    return times


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--moves", type=int, default=10)
    ap.add_argument("--bots", type=int, default=6)
    args = ap.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tablesports",
                "serve",
                "--port",
                str(port),
                "--database",
                f"sqlite:///{tmp}/db.sqlite3",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=os.environ.copy(),
        )
        try:
            for _ in range(300):
                try:
                    urllib.request.urlopen(base + "/api/languages", timeout=1)
                    break
                except OSError:
                    time.sleep(0.1)
            quiet = asyncio.run(play(base, args.moves))
            bot = {"kind": "bot", "agent": "mcts:seconds=1e9,iterations=0"}
            accepted = 0
            for _ in range(args.bots):
                status, body = post(
                    base + "/api/matches", {"game": "hanniball", "seats": [bot, bot]}
                )
                accepted += status == 200
                if status != 200:
                    print("refused:", body.get("error"))
            time.sleep(1.0)
            try:
                busy = asyncio.run(asyncio.wait_for(play(base, args.moves), 30))
            except TimeoutError:
                busy = [30.0]  # not even `moves` moves in 30 s

        finally:
            proc.kill()
            proc.wait()
    for name, t in (("no bots", quiet), (f"{accepted} bot matches", busy)):
        print(
            f"{name:>16}: a person's move {statistics.median(t) * 1000:7.1f} ms median, "
            f"{max(t) * 1000:7.1f} ms max ({len(t)} moves)"
        )


if __name__ == "__main__":
    main()
