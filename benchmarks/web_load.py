"""Load and fault benchmark of the web app (a script that prints figures, not a test).

On loopback only, bounded in count and time: a real `tablesports serve` on a SQLite file,
MATCHES bot-vs-bot matches plus CLIENTS websocket clients playing random legal moves against a
bot. Prints moves per second, the 95th-percentile latency from sending an action to receiving
the view that shows it, and checks that every stored match replays with no lost or duplicated
move (and that every move a client saw acknowledged is stored). `--kill` does the same while
the server is killed with SIGKILL in the middle and restarted; clients reconnect and go on.

`--processes 2` runs two server processes over one PostgreSQL (a throwaway cluster of Debian's
package, as the tests start it): matches are made on both, clients connect to both, and with
`--kill` the first process is killed mid-run and not restarted, so its clients reconnect to the
other. `--postgres` puts a single process on PostgreSQL too (a fair comparison). `--compare`
runs one and two processes, without and with a kill, and prints the four rows side by side.

    .venv/bin/python benchmarks/web_load.py --seconds 20
    .venv/bin/python benchmarks/web_load.py --seconds 20 --kill
    .venv/bin/python benchmarks/web_load.py --seconds 10 --processes 2 --kill
    .venv/bin/python benchmarks/web_load.py --seconds 10 --compare
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

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository's tests/
from tests.web.pg import temporary_postgres

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


async def client(ports: list[int], match: str, token: str, until: float, out: dict) -> None:
    """Play random legal moves; record latencies and the last move the server confirmed. When
    the connection fails the client reconnects, to the next process if there are several."""
    rng = random.Random(match)
    latencies: list[float] = out["latencies"]
    attempt = ports.index(out["home"][match])
    while time.monotonic() < until:
        port = ports[attempt % len(ports)]
        attempt += 1
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


def fresh_database(cluster: str) -> str:
    """A new empty database on the PostgreSQL cluster at `cluster`, so each run counts its own."""
    from sqlalchemy import create_engine, text

    name = f"load_{time.time_ns()}"
    engine = create_engine(cluster, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {name}"))
    engine.dispose()
    return cluster.rsplit("/", 1)[0] + "/" + name


async def run(args: argparse.Namespace, cluster: str) -> dict:
    """One measured run (SQLite, or a fresh database of the PostgreSQL `cluster`); prints its
    figures and returns them."""
    folder = Path(tempfile.mkdtemp(prefix="tablesports-load-"))
    url = fresh_database(cluster) if cluster else f"sqlite:///{folder / 'web.sqlite3'}"
    ports = [free_port() for _ in range(args.processes)]
    log = folder / "server.log"
    procs = [start(port, url, log) for port in ports]
    t0 = started = time.monotonic()
    for i in range(args.matches):
        game = ("jukem", "hanniball")[i % 2]
        post(
            ports[i % len(ports)], {"game": game, "seats": [{"kind": "bot", "agent": "random"}] * 2}
        )
    humans = []
    out: dict = {"latencies": [], "confirmed": {}, "finished": 0, "home": {}}
    for i in range(args.clients):
        game = ("jukem", "hanniball")[i % 2]
        port = ports[i % len(ports)]
        made = post(
            port, {"game": game, "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"}]}
        )
        humans.append((made["id"], made["tokens"]["0"]))
        out["home"][made["id"]] = port
    print(f"{args.matches + args.clients} matches created in {time.monotonic() - t0:.1f} s")
    t0 = time.monotonic()
    until = t0 + args.seconds
    tasks = [asyncio.create_task(client(ports, m, tok, until, out)) for m, tok in humans]
    killed_at = None
    if args.kill:
        await asyncio.sleep(args.seconds / 2)
        procs[0].send_signal(signal.SIGKILL)
        procs[0].wait()
        killed_at = time.monotonic() - t0
        if len(procs) == 1:  # alone, it must come back; with another, that one carries on
            procs[0] = start(ports[0], url, log)
        else:
            procs.pop(0)
    await asyncio.gather(*tasks)
    elapsed = time.monotonic() - started  # the bot matches play while the others are made
    for proc in procs:
        proc.send_signal(signal.SIGTERM)
    for proc in procs:
        proc.wait(20)
    matches, rows, problems = check(url, out["confirmed"])
    lat = sorted(out["latencies"])
    p50 = statistics.median(lat) * 1000 if lat else float("nan")
    p95 = lat[int(0.95 * (len(lat) - 1))] * 1000 if lat else float("nan")
    where = "PostgreSQL" if url.startswith("postgresql") else "SQLite"
    print(f"{args.processes} server process(es) over {where}")
    print(f"matches: {matches} ({args.matches} bot-vs-bot, {args.clients} websocket clients)")
    if killed_at is not None:
        again = "restarted" if args.processes == 1 else "not restarted (the other carries on)"
        print(f"server killed with SIGKILL at {killed_at:.1f} s and {again}")
    print(f"stored moves (every chance outcome, bot and client move): {rows} in {elapsed:.1f} s")
    print(f"moves per second: {rows / elapsed:.0f}")
    print(f"client actions: {len(lat)}; click-to-view latency p50 {p50:.1f} ms, p95 {p95:.1f} ms")
    print(f"client games finished: {out['finished']}")
    print("lost or duplicated moves: " + ("none" if not problems else f"{len(problems)}"))
    for problem in problems[:10]:
        print("  " + problem)
    return {
        "processes": args.processes,
        "kill": args.kill,
        "moves/s": rows / elapsed,
        "p95": p95,
        "actions": len(lat),
        "problems": len(problems),
    }


async def compare(args: argparse.Namespace, url: str) -> None:
    rows = []
    for processes, kill in ((1, False), (2, False), (1, True), (2, True)):
        print(f"\n--- {processes} process(es){', kill -9 mid-run' if kill else ''}")
        one = argparse.Namespace(**{**vars(args), "processes": processes, "kill": kill})
        rows.append(await run(one, url))
    print("\nprocesses  kill -9  moves/s  p95 ms  client actions  lost or doubled")
    for r in rows:
        print(
            f"{r['processes']:>9}  {'yes' if r['kill'] else 'no':>7}  {r['moves/s']:>7.0f}  "
            f"{r['p95']:>6.1f}  {r['actions']:>14}  {r['problems']:>15}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100, help="bot-vs-bot matches (max 200)")
    parser.add_argument("--clients", type=int, default=20, help="websocket clients (max 50)")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long (max 120)")
    parser.add_argument("--kill", action="store_true", help="kill -9 the server mid-run")
    parser.add_argument(
        "--processes", type=int, default=1, choices=(1, 2), help="server processes (2: PostgreSQL)"
    )
    parser.add_argument("--postgres", action="store_true", help="PostgreSQL for one process too")
    parser.add_argument(
        "--compare", action="store_true", help="1 and 2 processes, without and with kill -9"
    )
    args = parser.parse_args()
    args.matches, args.clients = min(args.matches, 200), min(args.clients, 50)
    args.seconds = min(args.seconds, 120.0)
    if args.processes == 1 and not args.postgres and not args.compare:
        asyncio.run(run(args, ""))
        return
    with temporary_postgres() as cluster:
        asyncio.run(compare(args, cluster) if args.compare else run(args, cluster))


if __name__ == "__main__":
    main()
