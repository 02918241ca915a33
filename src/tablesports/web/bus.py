"""Several server processes over one PostgreSQL behave as one site (issue 33, deliver 6).

Three things make them one:

- **News of a move.** The store writes `pg_notify` in the same transaction as the move's row,
  so the notice goes out exactly when the row is committed (never for a move rolled back, never
  lost by a `kill -9` between commit and notice). Every process LISTENs on one connection of its
  own; on a notice for a match it holds in memory it reads the new rows from the store, applies
  them, and pushes the views to its own seats and spectators (`Hub.moved_elsewhere`).
- **One mover per bot turn.** Chance and bots are moved by whichever process holds the match's
  PostgreSQL advisory lock (`pg_try_advisory_lock`, on a session connection of its own). The
  lock dies with its process, so after a `kill -9` another process takes the turn over: every
  `SWEEP` seconds each process offers to move the matches that wait for the server and have
  been quiet for `QUIET` seconds (`Hub.sweep`).
- **A move is never applied twice.** The moves table's primary key (match, number) refuses the
  second writer of a number; that process reads the rows it missed and tells its client "the
  match moved on" with the new position (`Hub._store_and_apply`).

A single process (SQLite, or PostgreSQL alone) uses `LocalBus`: every turn is its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from tablesports.web.matches import Match
from tablesports.web.store import Store

log = logging.getLogger("tablesports.web.bus")

CHANNEL = "tablesports_moves"
SWEEP = 1.0
"""Seconds between two offers to move the matches another (perhaps dead) process was moving."""
QUIET = 2.0
"""Seconds without news of a match before this process offers to move it."""

Moved = Callable[[str | None], Awaitable[None]]
"""Told of a match moved by another process (None: news may have been missed, check all)."""


async def catch_up(store: Store, match: Match) -> bool:
    """Apply the rows stored since `match` was last brought up to date (hold `match.lock`).
    Whether any were new. The rows are read in a thread and applied in the event loop, where
    every view is made."""
    rows = await asyncio.to_thread(store.moves, match.id, match.rows)
    match.replay(rows)
    return bool(rows)


class LocalBus:
    """One process: nobody else moves, every turn is ours."""

    origin = "local"
    shared = False
    """Whether other processes may move the same matches."""

    async def start(self, moved: Moved, sweep: Callable[[], Awaitable[None]]) -> None:
        return None

    async def stop(self) -> None:
        return None

    @contextlib.asynccontextmanager
    async def turn(self, match_id: str) -> AsyncIterator[bool]:
        yield True

    def quiet(self, match_id: str) -> bool:
        return False

    def elsewhere(self) -> list[str]:
        """Matches moved by other processes that this one does not hold in memory."""
        return []


class PostgresBus(LocalBus):
    """LISTEN/NOTIFY for news of moves and an advisory lock per match for the server's turns."""

    shared = True

    def __init__(self, store: Store) -> None:
        self.store = store
        self.origin = secrets.token_hex(6)
        store.notify = (CHANNEL, self.origin)
        url = store.engine.url.set(drivername="postgresql")
        self.conninfo = url.render_as_string(hide_password=False)
        self.locks: Any = None  # psycopg.AsyncConnection: holds this process's advisory locks
        self.held: dict[str, int] = {}
        """Matches whose turn this process holds, with how many of its tasks are in it."""
        self.heard: dict[str, float] = {}
        """When each match was last moved by another process (monotonic seconds)."""
        self.tasks: list[asyncio.Task[None]] = []
        self.mutex = asyncio.Lock()

    async def start(self, moved: Moved, sweep: Callable[[], Awaitable[None]]) -> None:
        import psycopg

        self.locks = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
        self.tasks = [
            asyncio.create_task(self._listen(moved)),
            asyncio.create_task(self._sweep(sweep)),
        ]

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if self.locks is not None:
            await self.locks.close()

    async def _listen(self, moved: Moved) -> None:
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.conninfo, autocommit=True
                ) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    await moved(None)  # anything stored while nobody listened
                    async for note in conn.notifies():
                        match_id, _, origin = note.payload.partition(" ")
                        if origin == self.origin:
                            continue
                        self.heard[match_id] = time.monotonic()
                        await moved(match_id)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the database restarted: listen again, check every match
                log.warning("listening for moves failed (%s); again in 1 s", exc)
                await asyncio.sleep(1.0)

    async def _sweep(self, sweep: Callable[[], Awaitable[None]]) -> None:
        while True:
            await asyncio.sleep(SWEEP)
            try:
                await sweep()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the sweep of waiting matches failed")

    def quiet(self, match_id: str) -> bool:
        """No other process has moved this match for `QUIET` seconds and we do not hold it."""
        if match_id in self.held:
            return False
        return time.monotonic() - self.heard.get(match_id, 0.0) >= QUIET

    def elsewhere(self) -> list[str]:
        return [m for m in self.heard if self.quiet(m)]

    @contextlib.asynccontextmanager
    async def turn(self, match_id: str) -> AsyncIterator[bool]:
        """Yields whether this process may move `match_id` now (another holds it: False). Nested
        or concurrent holders within this process share the one lock (the match's own
        `asyncio.Lock` orders them)."""
        async with self.mutex:
            if match_id in self.held:
                self.held[match_id] += 1
                mine = True
            else:
                cur = await self.locks.execute(
                    "SELECT pg_try_advisory_lock(hashtextextended(%s, 0))", (match_id,)
                )
                row = await cur.fetchone()
                mine = bool(row and row[0])
                if mine:
                    self.held[match_id] = 1
        try:
            yield mine
        finally:
            if mine:
                async with self.mutex:
                    self.held[match_id] -= 1
                    if self.held[match_id] == 0:
                        del self.held[match_id]
                        await self.locks.execute(
                            "SELECT pg_advisory_unlock(hashtextextended(%s, 0))", (match_id,)
                        )


def bus_for(store: Store, processes: bool = True) -> LocalBus:
    """PostgreSQL: the bus that lets other processes share the site; otherwise the local one.
    The bus speaks psycopg (3); without it the server runs as a single process and says so."""
    if processes and store.engine.dialect.name == "postgresql":
        try:
            import psycopg  # noqa: F401
        except ImportError:
            log.warning("psycopg is missing: run one server process only over this database")
            return LocalBus()
        return PostgresBus(store)
    return LocalBus()
