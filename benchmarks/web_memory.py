"""Issue 44, H1: does the server's memory grow with the matches ever made? A script makes N
person-vs-person Jukem matches, each with its own uploaded deck of about `--deck-kb` kB, and
finishes each by a resignation; the server's RSS and the database's size are printed every
`--every` matches, and once more after the idle matches have left memory.

    PYTHONPATH=src python benchmarks/web_memory.py [--matches 1000] [--deck-kb 250]
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time
from importlib.resources import files

from _server import Serve
from websockets.sync.client import connect

PEOPLE = [{"kind": "human"}, {"kind": "human"}]


def resign(server: Serve, made: dict) -> None:
    with connect(server.url.replace("http", "ws") + "/ws", max_size=None) as ws:
        ws.send(json.dumps({"type": "hello", "match": made["id"], "token": made["tokens"]["0"]}))
        ws.recv(timeout=60)
        ws.send(json.dumps({"type": "resign"}))
        while not json.loads(ws.recv(timeout=60)).get("over"):
            pass


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--matches", type=int, default=1000)
    ap.add_argument("--deck-kb", type=int, default=250, help="0: the house deck, no upload")
    ap.add_argument("--every", type=int, default=100)
    ap.add_argument("--idle-seconds", type=float, default=5.0)
    ap.add_argument(
        "--before-budgets",
        action="store_true",
        help="start the server without the budget options (a version from before issue 44)",
    )
    args = ap.parse_args()
    deck = (files("tablesports.games.jukem") / "data" / "deck.toml").read_text()
    with tempfile.TemporaryDirectory() as tmp:
        generous = () if args.before_budgets else (
            "--matches-per-client-per-hour", "1000000", "--stored-kb-per-client-per-hour",
            "100000000", "--stored-mb-per-hour", "1000000", "--matches-per-hour", "1000000",
            "--requests-per-second", "10000", "--idle-seconds", str(args.idle_seconds),
        )  # fmt: skip
        server = Serve(tmp, *generous)
        try:
            print(f"{'matches':>8} {'RSS MB':>8} {'database MB':>12} {'seconds':>8}")
            start = time.monotonic()
            print(
                f"{0:>8} {server.rss_mb():8.1f} {os.path.getsize(server.db) / 1e6:12.1f} {0:8.1f}"
            )
            for n in range(1, args.matches + 1):
                body: dict = {"game": "jukem", "seats": PEOPLE}
                if args.deck_kb:
                    pad = f"# {n} " + "x" * 100 + "\n"
                    body["options"] = {
                        "deck": {"content": deck + pad * (args.deck_kb * 1000 // len(pad))}
                    }
                status, made = server.post(body)
                if status != 200:
                    raise SystemExit(f"match {n} refused: {made}")
                resign(server, made)
                if n % args.every == 0:
                    size = os.path.getsize(server.db) / 1e6
                    elapsed = time.monotonic() - start
                    print(f"{n:>8} {server.rss_mb():8.1f} {size:12.1f} {elapsed:8.1f}")
            time.sleep(args.idle_seconds + 11)  # the idle ones leave memory
            size = os.path.getsize(server.db) / 1e6
            print(f"{'idle':>8} {server.rss_mb():8.1f} {size:12.1f}")
        finally:
            server.stop()


if __name__ == "__main__":
    main()
