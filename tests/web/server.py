"""A real `tablesports serve` in a subprocess, on a free loopback port, for the browser tests."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


GENEROUS = (
    "--matches-per-client-per-hour", "100000", "--open-matches-per-client", "100000",
    "--no-warm-up",
)  # fmt: skip
"""Tests of other things make many matches from one address: the match budgets (tested in
test_resources.py, which sets its own, given later so that they win) stay out of their way.
The phrasebooks are built when first used (dozens of servers start in a CI run: a warm-up
each would cost minutes of CPU; test_operator.py starts one with it)."""


class Server:
    def __init__(self, database: str, port: int | None = None, args: tuple[str, ...] = ()) -> None:
        self.database = database
        self.args = args
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, log: Path | None = None) -> Server:
        out = open(log, "ab") if log else subprocess.DEVNULL  # noqa: SIM115
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tablesports",
                "serve",
                "--port",
                str(self.port),
                "--database",
                self.database,
                *GENEROUS,
                *self.args,
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}")
            try:
                urllib.request.urlopen(self.url + "/api/languages", timeout=1).read()
                return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not answer within 30 s")

    def kill(self) -> None:
        """kill -9: no shutdown, no flush; whatever was committed must be there."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()
