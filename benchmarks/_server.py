"""A throwaway `tablesports serve` for the web benchmarks: a free port, a temporary SQLite file,
the extra options given; `client(address)` is the header that makes a request another client's
(the server believes X-Forwarded-For from 127.0.0.1 only when started with it)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from typing import Any


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Serve:
    def __init__(self, folder: str, *options: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.db = os.path.join(folder, "web.sqlite3")
        command = [sys.executable, "-m", "tablesports", "serve", "--port", str(self.port)]
        command += ["--database", f"sqlite:///{self.db}", "--secret-file"]
        command += [os.path.join(folder, "secret"), *options]
        self.proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(600):
            try:
                urllib.request.urlopen(self.url + "/api/languages", timeout=1).read()
                return
            except OSError:
                time.sleep(0.1)
        raise SystemExit("the server did not start")

    def rss_mb(self) -> float:
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return float("nan")

    def post(self, body: dict[str, Any], headers: dict[str, str] | None = None) -> Any:
        request = urllib.request.Request(
            self.url + "/api/matches",
            json.dumps(body).encode(),
            {"content-type": "application/json", **(headers or {})},
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as res:
                return res.status, json.loads(res.read())
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read())

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def client(address: str) -> dict[str, str]:
    return {"X-Forwarded-For": address}
