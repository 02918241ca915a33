"""Issue 44, H3: is bot work shared fairly? A person plays HanniBall against the `easy` bot and
the time from each of their moves to the bot's reply is measured, on an idle server and while
another client plays its whole allowance (4) of Jugger TTG `strongest` bot-against-bot
matches. Run with `--bot-workers-per-client 2` to see what happens when one client may take
every bot thread.

    PYTHONPATH=src python benchmarks/web_fair_bots.py [--replies 20] [--bot-workers-per-client 1]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time

from _server import Serve, client
from websockets.sync.client import connect


def easy_replies(server: Serve, address: str, replies: int) -> list[float]:
    me = client(address)
    seats = [{"kind": "human"}, {"kind": "bot", "agent": "easy"}]
    times: list[float] = []
    while len(times) < replies:
        status, made = server.post({"game": "hanniball", "seats": seats}, me)
        if status != 200:
            raise SystemExit(f"refused: {made}")
        url = server.url.replace("http", "ws") + "/ws"
        with connect(url, additional_headers=me, max_size=None) as ws:
            ws.send(
                json.dumps({"type": "hello", "match": made["id"], "token": made["tokens"]["0"]})
            )
            view = json.loads(ws.recv(timeout=60))
            while len(times) < replies and not view.get("over"):
                while not view.get("legal") and not view.get("over"):
                    view = json.loads(ws.recv(timeout=120))
                if view.get("over"):
                    break
                start = time.monotonic()
                ws.send(json.dumps({"type": "act", "move": view["move"], "index": 0}))
                mover, replied = view["to_move"], False
                while True:
                    view = json.loads(ws.recv(timeout=120))
                    replied = replied or view.get("to_move") not in (mover, None)
                    if view.get("over") or (view.get("legal") and view["to_move"] == mover):
                        break
                if replied:
                    times.append(time.monotonic() - start)
            ws.send(json.dumps({"type": "resign"}))
    return times


def line(name: str, times: list[float]) -> str:
    p95 = sorted(times)[int(0.95 * (len(times) - 1))]
    return (
        f"{name:>34}: p50 {statistics.median(times) * 1000:8.1f} ms, p95 {p95 * 1000:8.1f} ms, "
        f"max {max(times) * 1000:8.1f} ms ({len(times)} replies)"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--replies", type=int, default=20)
    ap.add_argument("--bot-workers-per-client", type=int, default=1)
    ap.add_argument("--bot-seconds", type=float, default=5.0)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = Serve(
            tmp, "--forwarded-allow-ips", "127.0.0.1", "--bot-workers", "2",
            "--bot-workers-per-client", str(args.bot_workers_per_client),
            "--bot-seconds", str(args.bot_seconds),
        )  # fmt: skip
        try:
            idle = easy_replies(server, "198.51.100.1", args.replies)
            heavy = client("203.0.113.9")
            bots = [{"kind": "bot", "agent": "strongest"}] * 2
            made = sum(
                server.post({"game": "juggerttg", "seats": bots}, heavy)[0] == 200 for _ in range(4)
            )
            time.sleep(1.0)
            busy = easy_replies(server, "198.51.100.2", args.replies)
        finally:
            server.stop()
    print(f"bot workers 2, at most {args.bot_workers_per_client} per client; easy-bot replies:")
    print(line("idle server", idle))
    print(line(f"beside {made} `strongest` matches", busy))


if __name__ == "__main__":
    main()
