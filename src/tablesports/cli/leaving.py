"""SIGTERM and SIGHUP (a `kill`, a closed terminal, a shutdown) leave a game as Ctrl-C does:
the game is saved first. Python's default would end the process at once, the game lost.

`stopping_signals()` turns the first of these signals into `Stopped`, raised where the program
then is (waiting for a line, a bot thinking); later ones are ignored, since the program is
already leaving. Inside `held()` (a save being written) a signal waits until the save is whole.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

SIGNALS = tuple(
    s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)) if s is not None
)


class Stopped(Exception):
    """A signal asked the program to end; the exit code is the shell's for it (128 + number)."""

    def __init__(self, signum: int) -> None:
        self.signum = signum
        self.name = signal.Signals(signum).name
        super().__init__(f"stopped by {self.name}")

    @property
    def exit_code(self) -> int:
        return 128 + self.signum


class _Leaving:
    def __init__(self) -> None:
        self.signum: int | None = None
        self.raised = False
        self.holding = 0

    def handle(self, signum: int, frame: FrameType | None) -> None:
        if self.signum is None:
            self.signum = signum
        if self.holding or self.raised:
            return
        self.raised = True
        raise Stopped(signum)


_leaving = _Leaving()


@contextmanager
def held() -> Iterator[None]:
    """A signal that comes meanwhile is raised only after the block (a save is never cut)."""
    _leaving.holding += 1
    try:
        yield
    finally:
        _leaving.holding -= 1
    if not _leaving.holding and _leaving.signum is not None and not _leaving.raised:
        _leaving.raised = True
        raise Stopped(_leaving.signum)


@contextmanager
def stopping_signals() -> Iterator[None]:
    """SIGTERM and SIGHUP raise `Stopped` within the block (the main thread only)."""
    global _leaving
    _leaving = _Leaving()
    if threading.current_thread() is not threading.main_thread():
        yield  # Python lets the main thread alone set handlers: left as they are
        return
    before = {s: signal.signal(s, _leaving.handle) for s in SIGNALS}
    try:
        yield
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)
