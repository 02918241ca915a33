"""Killing a run's main process with `kill -9` leaves no worker behind (issue 43 deliverable 5,
issue 47 finding 6): the workers of `engines.run_many` end with their parent."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

SRC = str(Path(__file__).resolve().parents[2] / "src")

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")


def _stat(pid: int) -> tuple[str, int] | None:
    """A process's state letter and parent id, or None when it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text.rsplit(")", 1)[1].split()
    return fields[0], int(fields[1])


def _children(parent: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            stat = _stat(int(entry))
            if stat is not None and stat[1] == parent:
                found.append(int(entry))
    return found


def _alive(pid: int) -> bool:
    stat = _stat(pid)
    return stat is not None and stat[0] != "Z"  # a zombie has ended, waiting to be reaped


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "jukem", "-a", "random", "random", "-n", "5000", "--jobs", "2"],
        ["compare", "jukem", "--b", "hand_size=6", "-n", "5000", "--jobs", "2"],
    ],
)
def test_kill_9_of_the_main_process_leaves_no_worker(command: list[str]) -> None:
    env = {**os.environ, "PYTHONPATH": SRC}
    main = subprocess.Popen(
        [sys.executable, "-m", "tablesports", *command],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and main.poll() is None:
            workers = [pid for pid in _children(main.pid) if _alive(pid)]
            if len(workers) >= 3:  # two workers (and the resource tracker of spawn)
                break
            time.sleep(0.1)
        assert len(workers) >= 2, "the workers never started"
        time.sleep(1.0)  # the workers past their start, playing
        main.send_signal(signal.SIGKILL)
        main.wait(10)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and any(_alive(pid) for pid in workers):
            time.sleep(0.1)
        left = [pid for pid in workers if _alive(pid)]
        assert not left, f"workers {left} outlived their parent"
    finally:  # nothing of this test outlives it, whatever happened
        if main.poll() is None:
            main.kill()
            main.wait(10)
        for pid in workers:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
