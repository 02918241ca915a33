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

Every bot match and every client comes from a loopback address of its own (127.1.x.y), as
distinct players would, so the server runs with its own per-client limits. `--attack` runs
issue 44's attacks (`benchmarks/attacks.py`, from one more address that stays inside those
limits) beside the normal players, on one process and on two over PostgreSQL (or only on
`--processes N`), each without and with the attack, and prints the normal players' move
latencies, each attack's requests made and refused (status and message), and each server
process's RSS, the upload folder and the database before and after. It prints figures and
never asserts a timing.

    .venv/bin/python benchmarks/web_load.py --seconds 20
    .venv/bin/python benchmarks/web_load.py --seconds 20 --kill
    .venv/bin/python benchmarks/web_load.py --seconds 10 --processes 2 --kill
    .venv/bin/python benchmarks/web_load.py --seconds 10 --compare
    .venv/bin/python benchmarks/web_load.py --seconds 20 --matches 20 --clients 10 --attack
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import json
import math
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repository's tests/
from tests.web.pg import temporary_postgres

from tablesports.core.files import embedded_options
from tablesports.web.matches import Match
from tablesports.web.store import Store


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def address(n: int) -> str:
    """The loopback address of the n-th normal player (a bot match's maker or a client)."""
    return f"127.1.{n // 250}.{n % 250 + 1}"


def start(port: int, url: str, folder: Path) -> subprocess.Popen[bytes]:
    """A server process with its default limits (every player has an address of its own), its
    uploads and secret in `folder` (shared by the processes of one run)."""
    log = folder / "server.log"
    proc = subprocess.Popen(
        [
            *(sys.executable, "-m", "tablesports", "serve", "--port", str(port)),
            *("--database", url, "--upload-dir", str(folder / "uploads")),
            *("--secret-file", str(folder / "server-secret")),
        ],
        stdout=log.open("ab"),
        stderr=subprocess.STDOUT,
    )
    for _ in range(1200):  # started, and warmed up: the players are timed from then
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1) as res:
                if json.loads(res.read()).get("warm", True):
                    return proc
        except OSError:
            pass
        time.sleep(0.1)
    raise SystemExit("the server did not start and warm up within 120 s")


def post(port: int, body: dict, source: str) -> dict:
    """POST /api/matches from the loopback address `source`."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    try:
        headers = {"content-type": "application/json"}
        conn.request("POST", "/api/matches", json.dumps(body).encode(), headers)
        res = conn.getresponse()
        answer = json.loads(res.read())
    finally:
        conn.close()
    if res.status != 200:
        raise SystemExit(f"a normal player's match was refused ({res.status}): {answer}")
    return answer


async def client(
    ports: list[int], match: str, token: str, until: float, out: dict, source: str
) -> None:
    """Play random legal moves from the address `source`; record latencies (to the view that
    shows the move, and to the view where the seat may move again: the bot's and chance's
    answer) and the last move the server confirmed. When the connection fails the client
    reconnects, to the next process if there are several."""
    rng = random.Random(match)
    latencies: list[float] = out["latencies"]
    attempt = ports.index(out["home"][match])
    while time.monotonic() < until:
        port = ports[attempt % len(ports)]
        attempt += 1
        try:
            async with websockets.connect(
                f"ws://127.0.0.1:{port}/ws", max_size=2**24, local_addr=(source, 0)
            ) as ws:
                await ws.send(json.dumps({"type": "hello", "match": match, "token": token}))
                sent_at: float | None = None
                asked_at: float | None = None  # the move's time, until the seat moves again
                sent_move = -1
                while time.monotonic() < until:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=30))
                    if msg["type"] != "view":
                        sent_at = asked_at = None  # an error (stale after a restart): wait
                        continue
                    out["confirmed"][match] = max(out["confirmed"].get(match, 0), msg["move"])
                    if sent_at is not None and msg["move"] > sent_move:
                        latencies.append(time.monotonic() - sent_at)
                        asked_at, sent_at = sent_at, None
                    if asked_at is not None and (msg["legal"] or msg["over"]):
                        out["answers"].append(time.monotonic() - asked_at)
                        asked_at = None
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
    scratch = tempfile.TemporaryDirectory(prefix="tablesports-load-check-")
    for match_id in ids:
        rows = store.moves(match_id)
        rows_total += len(rows)
        if [n for n, _, _ in rows] != list(range(len(rows))):
            problems.append(f"{match_id}: move numbers are not 0..{len(rows) - 1}")
        row = store.match(match_id)
        assert row is not None
        try:
            Match(row, embedded_options(row.options, Path(scratch.name))).replay(rows)
        except Exception as exc:
            problems.append(f"{match_id}: does not replay: {exc}")
        if confirmed.get(match_id, 0) > len(rows):
            problems.append(
                f"{match_id}: a client saw move {confirmed[match_id]}, stored {len(rows)}"
            )
    store.close()
    scratch.cleanup()
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


def rss_mb(proc: subprocess.Popen[bytes]) -> float:
    """The process's resident memory (VmRSS of /proc/<pid>/status), in MB; NaN once it is gone."""
    try:
        for line in Path(f"/proc/{proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def folder_mb(folder: Path) -> float:
    if not folder.is_dir():
        return 0.0
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file()) / 1e6


def database_mb(url: str) -> float:
    """The database's size: the SQLite file with its journal, or pg_database_size."""
    if url.startswith("sqlite"):
        path = Path(url.removeprefix("sqlite:///"))
        parts = [path, Path(f"{path}-wal"), Path(f"{path}-shm")]
        return sum(p.stat().st_size for p in parts if p.exists()) / 1e6
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    with engine.connect() as conn:
        size = conn.execute(text("SELECT pg_database_size(current_database())")).scalar_one()
    engine.dispose()
    return int(size) / 1e6


def resources(procs: list[subprocess.Popen[bytes]], folder: Path, url: str) -> dict:
    return {
        "rss": [rss_mb(p) for p in procs],
        "uploads": folder_mb(folder / "uploads"),
        "database": database_mb(url),
    }


def percentiles(values: list[float]) -> tuple[float, float, float]:
    """p50, p95 (nearest rank) and max, in ms (NaN when there is none)."""
    if not values:
        return (float("nan"),) * 3
    ordered = sorted(values)
    n = len(ordered)
    p50, p95 = (ordered[max(0, math.ceil(q * n) - 1)] for q in (0.5, 0.95))
    return p50 * 1000, p95 * 1000, ordered[-1] * 1000


def start_attack(
    ports: list[int], seconds: float, rate: float, which: str
) -> subprocess.Popen[bytes]:
    """benchmarks/attacks.py in a process of its own: its work never delays the clients here."""
    script = Path(__file__).resolve().parent / "attacks.py"
    return subprocess.Popen(
        [
            *(sys.executable, str(script), "--ports", ",".join(map(str, ports))),
            *("--seconds", str(seconds), "--rate", str(rate), "--attacks", which),
        ],
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )


async def run(args: argparse.Namespace, cluster: str) -> dict:
    """One measured run (SQLite, or a fresh database of the PostgreSQL `cluster`); prints its
    figures and returns them."""
    folder = Path(tempfile.mkdtemp(prefix="tablesports-load-"))
    url = fresh_database(cluster) if cluster else f"sqlite:///{folder / 'web.sqlite3'}"
    ports = [free_port() for _ in range(args.processes)]
    procs = [start(port, url, folder) for port in ports]
    before = resources(procs, folder, url)
    t0 = started = time.monotonic()
    for i in range(args.matches):
        game = ("jukem", "hanniball")[i % 2]
        seats = [{"kind": "bot", "agent": "random"}] * 2
        post(ports[i % len(ports)], {"game": game, "seats": seats}, address(i))
    humans = []
    out: dict = {"latencies": [], "answers": [], "confirmed": {}, "finished": 0, "home": {}}
    for i in range(args.clients):
        game = ("jukem", "hanniball")[i % 2]
        port = ports[i % len(ports)]
        seats = [{"kind": "human"}, {"kind": "bot", "agent": "random"}]
        made = post(port, {"game": game, "seats": seats}, address(args.matches + i))
        humans.append((made["id"], made["tokens"]["0"], address(args.matches + i)))
        out["home"][made["id"]] = port
    print(f"{args.matches + args.clients} matches created in {time.monotonic() - t0:.1f} s")
    attacker = None
    if args.attack:  # it makes its Blood Bowl match, then says it starts
        attacker = start_attack(ports, args.seconds, args.attack_rate, args.attacks)
        assert attacker.stdout is not None
        await asyncio.to_thread(attacker.stdout.readline)
    t0 = time.monotonic()
    until = t0 + args.seconds
    tasks = [
        asyncio.create_task(client(ports, m, tok, until, out, source)) for m, tok, source in humans
    ]
    killed_at = None
    if args.kill:
        await asyncio.sleep(args.seconds / 2)
        procs[0].send_signal(signal.SIGKILL)
        procs[0].wait()
        killed_at = time.monotonic() - t0
        if len(procs) == 1:  # alone, it must come back; with another, that one carries on
            procs[0] = start(ports[0], url, folder)
        else:
            procs.pop(0)
    await asyncio.gather(*tasks)
    attacks: dict = {}
    if attacker is not None:
        said, _ = await asyncio.to_thread(attacker.communicate, timeout=60)
        try:
            attacks = json.loads(said)
        except json.JSONDecodeError:
            print(f"the attacker failed (exit {attacker.returncode}); no attack figures")
    elapsed = time.monotonic() - started  # the bot matches play while the others are made
    after = resources(procs, folder, url)
    for proc in procs:
        proc.send_signal(signal.SIGTERM)
    for proc in procs:
        proc.wait(20)
    matches, rows, problems = check(url, out["confirmed"])
    shutil.rmtree(folder / "uploads", ignore_errors=True)  # measured; the log stays
    ack, answer = percentiles(out["latencies"]), percentiles(out["answers"])
    where = "PostgreSQL" if url.startswith("postgresql") else "SQLite"
    print(f"{args.processes} server process(es) over {where}")
    print(f"matches: {matches} ({args.matches} bot-vs-bot, {args.clients} websocket clients)")
    if killed_at is not None:
        again = "restarted" if args.processes == 1 else "not restarted (the other carries on)"
        print(f"server killed with SIGKILL at {killed_at:.1f} s and {again}")
    print(f"stored moves (every chance outcome, bot and client move): {rows} in {elapsed:.1f} s")
    print(f"moves per second: {rows / elapsed:.0f}")
    print(
        f"client actions: {len(out['latencies'])}; click-to-view latency "
        f"p50 {ack[0]:.1f} ms, p95 {ack[1]:.1f} ms; until the seat moves again "
        f"p50 {answer[0]:.1f} ms, p95 {answer[1]:.1f} ms"
    )
    print(f"client games finished: {out['finished']}")
    print("lost or duplicated moves: " + ("none" if not problems else f"{len(problems)}"))
    for problem in problems[:10]:
        print("  " + problem)
    return {
        "processes": args.processes,
        "kill": args.kill,
        "attack": args.attack,
        "moves/s": rows / elapsed,
        "p95": ack[1],
        "ack": ack,
        "answer": answer,
        "actions": len(out["latencies"]),
        "problems": len(problems),
        "attacks": attacks,
        "before": before,
        "after": after,
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


ATTACKS = {
    "H1": "person-vs-person matches, each with its own ~250 KB deck",
    "H2": "~255 KB uploads that are not TOML",
    "H3": "bot-vs-bot matches at the strongest level",
    "M2": "one websocket: hello and view in turn, watching a Blood Bowl bot match (answered = "
    "views received)",
    "L2": "bot matches with a made-up X-Forwarded-For",
    "L4": "a deck with 10,000 extra TOML tables",
}


async def under_attack(args: argparse.Namespace, cluster: str) -> None:
    """Each number of processes without and with the attack; the figures side by side."""
    rows = []
    for processes in [args.processes] if args.processes else [1, 2]:
        for attack in (False, True):
            print(f"\n--- {processes} process(es){', under attack' if attack else ''}")
            one = argparse.Namespace(
                **{**vars(args), "processes": processes, "attack": attack, "kill": False}
            )
            on_postgres = processes > 1 or args.postgres
            rows.append(await run(one, cluster if on_postgres else ""))
    print(
        "\nnormal players' moves, in ms: ack = act to the view that shows the move; "
        "answer = act to the view where the seat may move again (the bot's reply)"
    )
    print(
        "processes  attack  actions  ack p50  ack p95  ack max  "
        "answer p50  answer p95  answer max  lost or doubled"
    )
    for r in rows:
        (a50, a95, amax), (b50, b95, bmax) = r["ack"], r["answer"]
        print(
            f"{r['processes']:>9}  {'yes' if r['attack'] else 'no':>6}  {r['actions']:>7}  "
            f"{a50:>7.1f}  {a95:>7.1f}  {amax:>7.1f}  {b50:>10.1f}  {b95:>10.1f}  "
            f"{bmax:>10.1f}  {r['problems']:>15}"
        )
    print(
        f"\nattacks from one address ({args.attack_rate:g} HTTP requests a second in all), "
        "requests made, answered 200, refused (status: message, numbers as N), unanswered at "
        "the end"
    )
    for name, what in ATTACKS.items():
        if name in args.attacks.split(","):
            print(f"  {name}: {what}")
    print("attack  processes   made  answered  refused  unanswered  refusals")
    for r in rows:
        for name, tally in r["attacks"].items():
            refused = sum(tally["refused"].values())
            reasons = "; ".join(f"{k} x{n}" for k, n in list(tally["refused"].items())[:3])
            print(
                f"{name:<6}  {r['processes']:>9}  {tally['made']:>5}  {tally['answered']:>8}  "
                f"{refused:>7}  {tally['unanswered']:>10}  {reasons or '-'}"
            )
    print()
    for r in rows:
        m2 = r["attacks"].get("M2")
        if m2:
            mean = m2["bytes"] / m2["answered"] / 1000 if m2["answered"] else float("nan")
            print(
                f"M2 on {r['processes']} process(es): views of {mean:.1f} kB on average; its "
                f"first view, before the attacks, took {m2['warmup']:.1f} s (the process's "
                "first Blood Bowl view builds the game's phrasebook)"
            )
    print("\nresources before -> after each run")
    print("processes  attack  server RSS MB (each process)   uploads MB     database MB")
    for r in rows:
        b, a = r["before"], r["after"]
        rss = ", ".join(f"{x:.0f} -> {y:.0f}" for x, y in zip(b["rss"], a["rss"], strict=False))
        print(
            f"{r['processes']:>9}  {'yes' if r['attack'] else 'no':>6}  {rss:<29}  "
            f"{b['uploads']:>4.1f} -> {a['uploads']:<5.1f}  "
            f"{b['database']:>5.1f} -> {a['database']:.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100, help="bot-vs-bot matches (max 200)")
    parser.add_argument("--clients", type=int, default=20, help="websocket clients (max 50)")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long (max 120)")
    parser.add_argument("--kill", action="store_true", help="kill -9 the server mid-run")
    parser.add_argument(
        "--processes",
        type=int,
        default=None,
        choices=(1, 2),
        help="server processes (2: PostgreSQL; default 1, with --attack both)",
    )
    parser.add_argument("--postgres", action="store_true", help="PostgreSQL for one process too")
    parser.add_argument(
        "--compare", action="store_true", help="1 and 2 processes, without and with kill -9"
    )
    parser.add_argument(
        "--attack",
        action="store_true",
        help="issue 44's attacks from one address beside the players, against no attack",
    )
    parser.add_argument(
        "--attack-rate",
        type=float,
        default=40.0,
        help="the attacker's HTTP requests a second, over all its attacks (the server allows 50)",
    )
    parser.add_argument(
        "--attacks",
        default=",".join(ATTACKS),
        help=f"with --attack, which of them (default all: {','.join(ATTACKS)})",
    )
    args = parser.parse_args()
    if any(name not in ATTACKS for name in args.attacks.split(",")):
        parser.error(f"--attacks takes some of {','.join(ATTACKS)}; got {args.attacks!r}")
    args.matches, args.clients = min(args.matches, 200), min(args.clients, 50)
    args.seconds = min(args.seconds, 120.0)
    if args.attack and (args.kill or args.compare):
        parser.error("--attack runs without --kill and --compare (it compares runs of its own)")
    if args.attack:
        if args.processes == 1 and not args.postgres:
            asyncio.run(under_attack(args, ""))
            return
        with temporary_postgres() as cluster:
            asyncio.run(under_attack(args, cluster))
        return
    args.processes = args.processes or 1
    if args.processes == 1 and not args.postgres and not args.compare:
        asyncio.run(run(args, ""))
        return
    with temporary_postgres() as cluster:
        asyncio.run(compare(args, cluster) if args.compare else run(args, cluster))


if __name__ == "__main__":
    main()
