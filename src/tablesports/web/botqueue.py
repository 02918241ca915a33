"""Bot moves shared fairly (issue 44, H3): a queue per client in front of the bot threads.

Each client address (the maker of the match) has its own first-in, first-out queue of bot
moves. A free worker takes the next move of the client that has used the least bot time
lately, and no client has more than `per_client` moves thought about at once: one client's
`strongest` matches then wait in their own queue while another person's `easy` bot answers
at once. Bot time is charged to the client whose match it was (it decays by half a minute).
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

HALF_LIFE = 30.0
"""Seconds after which a client's bot time used counts half (so the order forgives)."""


@dataclass(slots=True)
class _Job:
    run: Callable[[], Any]
    future: asyncio.Future[Any]
    queued: float


class BotQueue:
    """`await queue.run(client, fn)` runs `fn` in a bot thread when its client's turn comes."""

    def __init__(self, workers: int, per_client: int) -> None:
        self.workers, self.per_client = workers, per_client
        self.pool = ThreadPoolExecutor(workers, thread_name_prefix="bot")
        self.waiting: dict[str, deque[_Job]] = {}
        self.running: dict[str, int] = {}
        self.used: dict[str, tuple[float, float]] = {}
        """Client -> (bot seconds used, when last charged), decaying with HALF_LIFE."""
        self.busy = 0
        self.waits: list[float] = []
        """Seconds each started move waited in its queue (the metrics take and clear them)."""
        self.seconds = 0.0
        """Bot seconds spent since the start, all clients."""

    def __len__(self) -> int:
        """Bot moves waiting for a worker."""
        return sum(len(q) for q in self.waiting.values())

    async def run(self, client: str, fn: Callable[[], Any]) -> Any:
        loop = asyncio.get_running_loop()
        job = _Job(fn, loop.create_future(), time.monotonic())
        self.waiting.setdefault(client, deque()).append(job)
        self._dispatch()
        try:
            return await job.future
        except asyncio.CancelledError:
            queue = self.waiting.get(client)
            if queue is not None and job in queue:  # never started: it leaves the queue
                queue.remove(job)
                if not queue:
                    del self.waiting[client]
            raise

    def cancel_waiting(self) -> None:
        """The server stops: moves not yet started are given up (the next start makes them)."""
        for queue in self.waiting.values():
            for job in queue:
                job.future.cancel()
        self.waiting.clear()

    def shutdown(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)

    def _usage(self, client: str, now: float) -> float:
        used, at = self.used.get(client, (0.0, now))
        return used * 0.5 ** ((now - at) / HALF_LIFE)

    def _dispatch(self) -> None:
        now = time.monotonic()
        while self.busy < self.workers:
            ready = [
                c for c, q in self.waiting.items() if q and self.running.get(c, 0) < self.per_client
            ]
            if not ready:
                return
            client = min(ready, key=lambda c: (self._usage(c, now), self.waiting[c][0].queued))
            queue = self.waiting[client]
            job = queue.popleft()
            if not queue:
                del self.waiting[client]
            if job.future.done():  # cancelled while waiting
                continue
            self.busy += 1
            self.running[client] = self.running.get(client, 0) + 1
            self.waits.append(now - job.queued)
            del self.waits[:-1000]
            self._start(client, job)

    def _start(self, client: str, job: _Job) -> None:
        loop = asyncio.get_running_loop()
        started = time.monotonic()
        done = loop.run_in_executor(self.pool, job.run)

        def finished(task: asyncio.Future[Any]) -> None:
            now = time.monotonic()
            spent = now - started
            self.used[client] = (self._usage(client, now) + spent, now)
            self.seconds += spent
            self.busy -= 1
            left = self.running.get(client, 1) - 1
            if left:
                self.running[client] = left
            else:
                self.running.pop(client, None)
            if not job.future.done():
                if task.cancelled():
                    job.future.cancel()
                elif task.exception() is not None:
                    job.future.set_exception(task.exception())  # type: ignore[arg-type]
                else:
                    job.future.set_result(task.result())
            self._forget_old(now)
            self._dispatch()

        done.add_done_callback(finished)

    def _forget_old(self, now: float) -> None:
        """Clients whose usage has decayed to nothing are forgotten (memory stays bounded)."""
        if len(self.used) > 1000:
            for client in [c for c in self.used if self._usage(c, now) < 0.01]:
                del self.used[client]
