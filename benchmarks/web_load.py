"""Load and fault benchmark of the web app (a script that prints figures, not a test).

On loopback only, bounded in count and time: a real `tablesports serve` on a SQLite file,
MATCHES bot-vs-bot matches plus CLIENTS websocket clients playing random legal moves against a
bot. Prints moves per second, the 95th-percentile latency from sending an action to receiving
the view that shows it, and checks that every stored match replays with no lost or duplicated
move (and that every move a client saw acknowledged is stored). `--kill` does the same while
the server is killed with SIGKILL in the middle and restarted; clients reconnect and go on.

    .venv/bin/python benchmarks/web_load.py --seconds 20
    .venv/bin/python benchmarks/web_load.py --seconds 20 --kill
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import websockets

from tablesports.web.matches import Match
from tablesports.web.store import Store


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(port: int, url: str, log: Path) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(
        # every simulated client comes from loopback: lift the per-client bot-match limit
        [
            *(sys.executable, "-m", "tablesports", "serve", "--port", str(port)),
            *("--database", url, "--bot-matches-per-client", "1000000"),
        ],
        stdout=log.open("ab"),
        stderr=subprocess.STDOUT,
    )
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/languages", timeout=1)
            return proc
        except OSError:
            time.sleep(0.1)
    raise SystemExit("the server did not start")


def post(port: int, body: dict) -> dict:
    req = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/matches",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
    )
    return json.loads(urllib.request.urlopen(req, timeout=30).read())


async def client(port: int, match: str, token: str, until: float, out: dict) -> None:
    """Play random legal moves; record latencies and the last move the server confirmed."""
    rng = random.Random(match)
    latencies: list[float] = out["latencies"]
    while time.monotonic() < until:
        try:
            async with websockets.connect(f"ws://127.0.0.1:{port}/ws", max_size=2**24) as ws:
                await ws.send(json.dumps({"type": "hello", "match": match, "token": token}))
                sent_at: float | None = None
                sent_move = -1
                while time.monotonic() < until:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
                    if msg["type"] != "view":
                        sent_at = None  # an error (stale after a restart): wait for a view
                        continue
                    out["confirmed"][match] = max(out["confirmed"].get(match, 0), msg["move"])
                    if sent_at is not None and msg["move"] > sent_move:
                        latencies.append(time.monotonic() - sent_at)
                        sent_at = None
                    if msg["over"]:
                        out["finished"] += 1
                        return
                    if msg["legal"] and sent_at is None:
                        sent_move, sent_at = msg["move"], time.monotonic()
                        action = rng.choice(msg["legal"])
                        await ws.send(
                            json.dumps({"type": "act", "move": sent_move, "action": action})
                        )
        except (TimeoutError, OSError, websockets.ConnectionClosed):
            await asyncio.sleep(0.3)  # the server is down: reconnect


def check(url: str, confirmed: dict[str, int]) -> tuple[int, int, list[str]]:
    """Every match replays from its rows (numbered 0..n-1, so none lost or doubled) and holds
    every move a client saw confirmed."""
    store = Store(url)
    problems, rows_total = [], 0
    ids = store.match_ids()
    for match_id in ids:
        rows = store.moves(match_id)
        rows_total += len(rows)
        if [n for n, _, _ in rows] != list(range(len(rows))):
            problems.append(f"{match_id}: move numbers are not 0..{len(rows) - 1}")
        row = store.match(match_id)
        assert row is not None
        try:
            Match(row).replay(rows)
        except Exception as exc:
            problems.append(f"{match_id}: does not replay: {exc}")
        if confirmed.get(match_id, 0) > len(rows):
            problems.append(
                f"{match_id}: a client saw move {confirmed[match_id]}, stored {len(rows)}"
            )
    store.close()
    return len(ids), rows_total, problems


async def run(args: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp(prefix="tablesports-load-"))
    url = f"sqlite:///{folder / 'web.sqlite3'}"
    port = free_port()
    log = folder / "server.log"
    proc = start(port, url, log)
    t0 = started = time.monotonic()
    for i in range(args.matches):
        game = ("jukem", "hanniball")[i % 2]
        post(port, {"game": game, "seats": [{"kind": "bot", "agent": "random"}] * 2})
    humans = []
    for i in range(args.clients):
        game = ("jukem", "hanniball")[i % 2]
        made = post(
            port, {"game": game, "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"}]}
        )
        humans.append((made["id"], made["tokens"]["0"]))
    out: dict = {"latencies": [], "confirmed": {}, "finished": 0}
    print(f"{args.matches + args.clients} matches created in {time.monotonic() - t0:.1f} s")
    t0 = time.monotonic()
    until = t0 + args.seconds
    tasks = [asyncio.create_task(client(port, m, tok, until, out)) for m, tok in humans]
    killed_at = None
    if args.kill:
        await asyncio.sleep(args.seconds / 2)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        killed_at = time.monotonic() - t0
        proc = start(port, url, log)
    await asyncio.gather(*tasks)
    elapsed = time.monotonic() - started  # the bot matches play while the others are made
    proc.send_signal(signal.SIGTERM)
    proc.wait(20)
    matches, rows, problems = check(url, out["confirmed"])
    lat = sorted(out["latencies"])
    p95 = lat[int(0.95 * (len(lat) - 1))] * 1000 if lat else float("nan")
    print(f"matches: {matches} ({args.matches} bot-vs-bot, {args.clients} websocket clients)")
    if killed_at is not None:
        print(f"server killed with SIGKILL at {killed_at:.1f} s and restarted")
    print(f"stored moves (every chance outcome, bot and client move): {rows} in {elapsed:.1f} s")
    print(f"moves per second: {rows / elapsed:.0f}")
    print(
        f"client actions: {len(lat)}; click-to-view latency p50 "
        f"{statistics.median(lat) * 1000 if lat else float('nan'):.1f} ms, p95 {p95:.1f} ms"
    )
    print(f"client games finished: {out['finished']}")
    print("lost or duplicated moves: " + ("none" if not problems else f"{len(problems)}"))
    for problem in problems[:10]:
        print("  " + problem)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100, help="bot-vs-bot matches (max 200)")
    parser.add_argument("--clients", type=int, default=20, help="websocket clients (max 50)")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long (max 120)")
    parser.add_argument("--kill", action="store_true", help="kill -9 the server mid-run")
    args = parser.parse_args()
    args.matches, args.clients = min(args.matches, 200), min(args.clients, 50)
    args.seconds = min(args.seconds, 120.0)
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
