"""`play --save` keeps the game when the process is told to end (issue 43, finding 7): SIGTERM
(a `kill`, a shutdown) and SIGHUP (the terminal closed) save it as Ctrl-C does, then the
process exits with the shell's code for that signal. A real process, its input a pipe."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tablesports.core.records import read_records

SRC = str(Path(__file__).resolve().parents[2] / "src")
PLAY = [sys.executable, "-m", "tablesports", "play", "hanniball", "--vs", "hanniball-greedy"]
PROMPT = b"you (seat 0) > "


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": SRC, "PYTHONUNBUFFERED": "1", "COLUMNS": "100"}


class Player:
    """`tablesports play` in a process: lines typed into its input pipe, its output read."""

    def __init__(self, *args: str, cwd: Path) -> None:
        self.process = subprocess.Popen(
            [*PLAY, *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=_env(),
            cwd=cwd,
        )
        self.output = b""

    def wait_for(self, text: bytes, count: int, seconds: float = 60) -> None:
        assert self.process.stdout is not None
        deadline = time.monotonic() + seconds
        while self.output.count(text) < count:
            assert time.monotonic() < deadline, self.output.decode(errors="replace")
            ready, _, _ = select.select([self.process.stdout], [], [], 0.2)
            if ready:
                chunk = os.read(self.process.stdout.fileno(), 65536)
                assert chunk, self.output.decode(errors="replace")  # it ended too early
                self.output += chunk

    def type(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_during_play_saves_the_game_and_it_resumes(
    tmp_path: Path, signum: signal.Signals
) -> None:
    player = Player("--seed", "5", "--save", "game.json", cwd=tmp_path)
    player.wait_for(PROMPT, 1)
    player.type("c2c3")
    player.wait_for(PROMPT, 2)  # the move is played, and the game waits for the next
    player.process.send_signal(signum)
    out, _ = player.process.communicate(timeout=60)
    assert player.process.returncode == 128 + signum  # as the shell reports a killed process
    assert f"stopped by {signum.name}".encode() in out
    (record,) = read_records(tmp_path / "game.json")
    assert record.history == [(0, "c2-c3")]
    assert not list(tmp_path.glob("*.part"))
    resumed = subprocess.run(
        [sys.executable, "-m", "tablesports", "play", "--resume", "game.json"],
        input=b"",
        capture_output=True,
        env=_env(),
        cwd=tmp_path,
        timeout=60,
    )
    assert resumed.returncode == 0, resumed.stderr
    assert b"resumed at step 1" in resumed.stdout


def test_a_signal_during_a_save_waits_until_the_file_is_whole(tmp_path: Path) -> None:
    from tablesports.cli.leaving import Stopped, held, stopping_signals

    steps = []
    before = signal.getsignal(signal.SIGTERM)  # SIG_DFL, or Ray's if an earlier test started it
    with pytest.raises(Stopped) as stopped, stopping_signals():
        with held():
            os.kill(os.getpid(), signal.SIGTERM)  # delivered at once to this process
            time.sleep(0.05)
            steps.append("the save went on")
        steps.append("not reached")
    assert steps == ["the save went on"] and stopped.value.exit_code == 143
    assert signal.getsignal(signal.SIGTERM) == before  # the handler put back
