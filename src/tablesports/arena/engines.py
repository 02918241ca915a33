"""Where many games run: here, over local processes, or as Ray tasks. The one way every face
that plays many games (`simulate`, `arena`, and anything later) runs them in parallel.

    >>> results = run_many(prepare, play, plan, items, jobs=4)  # doctest: +SKIP

`plan` is plain picklable data. Each worker builds its context once from it with
`prepare(plan)` (the game and the agents, say) and plays each item with `play(context, item)`;
both are module-level functions, so they pickle by name. Items travel in chunks, so that short
games are not drowned in messages; over processes a chunk holds about `CHUNK_SECONDS` of games
once their pace is known, so a long game comes back (and is saved) as it ends. Results come
back as they finish, in any order; a caller that wants them by index passes them through
`in_order`. The same items give the same results whichever engine ran them, as long as `play`
depends only on its context and its item.

With `on_report`, every engine tells the caller of the work as it is done (`arena.work`): the
moves of each game in play (`play` gives `play_match` the `on_step` of `work.counted`) and the
games finished per `kind(item)`, a few times a second per worker, so that a bar moves during
a long game and its time left comes from each kind's own pace.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import queue
import signal
import sys
import threading
import time
from collections.abc import Callable, Hashable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Generic, TypeVar

from tablesports.arena.work import INTERVAL, Report, Reporter, current, reporting
from tablesports.core.errors import TablesportsError

ENGINES = ("process", "ray")
PR_SET_PDEATHSIG = 1
"""prctl(2): the signal this process gets when its parent ends (Linux)."""

P = TypeVar("P")
C = TypeVar("C")
I = TypeVar("I")  # noqa: E741 (the item type)
R = TypeVar("R")


def engine_problem(engine: str, jobs: int, address: str | None) -> str | None:
    """What is wrong with these engine settings (None when nothing), for the caller's error."""
    if jobs < 1:
        return f"--jobs must be 1 or more, got {jobs}"
    if engine not in ENGINES:
        return f"unknown engine {engine!r}; the engines are: {', '.join(ENGINES)}"
    if address is not None and engine != "ray":
        return "--address names a Ray cluster: use it with --engine ray"
    return None


def run_many(
    prepare: Callable[[P], C],
    play: Callable[[C, I], R],
    plan: P,
    items: Sequence[I],
    *,
    jobs: int = 1,
    engine: str = "process",
    address: str | None = None,
    context: C | None = None,
    error: type[TablesportsError] = TablesportsError,
    kind: Callable[[I], Hashable] | None = None,
    on_report: Callable[[Report], None] | None = None,
    chunk: int | None = None,
) -> Iterator[R]:
    """Play every item, yielding each result as it finishes.

    `chunk` items travel to a worker at a time, and their results come back together (by
    default some sixteen chunks a job: `chunks`); 1 yields each long game as it ends, so that a
    caller that saves each result loses only the games in play to a kill.

    With one job (and the process engine) the items are played here, with `context` when given
    (already prepared by the caller) or `prepare(plan)`. A worker that cannot prepare, or that
    dies, raises `error` saying so. `on_report` hears of the work done (in this process, while
    the results are awaited); `kind` (module-level, as it may travel to a worker) sorts the
    items into kinds of game for it.
    """
    problem = engine_problem(engine, jobs, address)
    if problem is not None:
        raise error(problem)
    if not items:
        return iter(())
    kind = kind or one_kind
    if engine == "ray":
        return _on_ray(prepare, play, plan, items, jobs, address, error, kind, on_report, chunk)
    if jobs == 1 or len(items) == 1:
        here = context if context is not None else prepare(plan)
        return _here(play, here, items, kind, on_report)
    return _on_processes(prepare, play, plan, items, jobs, error, kind, on_report, chunk)


def one_kind(item: object) -> Hashable:
    """Every item of one kind (the default `kind`)."""
    return 0


def _played(
    play: Callable[[Any, Any], Any], context: Any, item: Any, kind: Callable[[Any], Hashable]
) -> Any:
    """`play(context, item)`, counted by this process's reporter (if any)."""
    reporter = current()
    if reporter is None:
        return play(context, item)
    reporter.begin(kind(item))
    result = play(context, item)
    reporter.end()
    return result


def _here(
    play: Callable[[C, I], R],
    context: C,
    items: Sequence[I],
    kind: Callable[[I], Hashable],
    on_report: Callable[[Report], None] | None,
) -> Iterator[R]:
    if on_report is None:
        yield from (play(context, item) for item in items)
        return
    reporter = Reporter(on_report)
    reporting(reporter)
    try:
        for item in items:
            result = _played(play, context, item, kind)
            yield result
        reporter.flush()
    finally:
        reporting(None)


def chunks(items: Sequence[I], jobs: int, size: int | None = None) -> list[Sequence[I]]:
    """Items in slices of `size`, by default some sixteen per job, at most 64 items each, so
    that every process keeps busy to the end while short games are not sent one message each."""
    if size is None:
        size = most_per_chunk(len(items), jobs)
    return [items[start : start + size] for start in range(0, len(items), size)]


def most_per_chunk(items: int, jobs: int) -> int:
    return max(1, min(64, items // (jobs * 16)))


CHUNK_SECONDS = 0.5
"""About how long a worker plays a chunk, once the games' pace is known: Jukem's games travel
dozens at a time, an MCTS ladder's one at a time (a kill of `arena --out` then loses only the
games in play, as it does the ladder's)."""


class Slicer(Generic[I]):
    """The items in chunks as the workers ask: of `size` when given; otherwise one item at a
    time until a chunk has come back, then about `CHUNK_SECONDS` of play at the pace seen so
    far, never more than `most_per_chunk`."""

    def __init__(self, items: Sequence[I], jobs: int, size: int | None = None) -> None:
        self.items, self.size, self.start = items, size, 0
        self.most = most_per_chunk(len(items), jobs)
        self.pace: float | None = None  # seconds an item, smoothed

    def next(self) -> Sequence[I] | None:
        if self.start >= len(self.items):
            return None
        size = self.size
        if size is None:
            size = 1 if self.pace is None else int(CHUNK_SECONDS / max(self.pace, 1e-6))
            size = max(1, min(self.most, size))
        chunk = self.items[self.start : self.start + size]
        self.start += len(chunk)
        return chunk

    def took(self, items: int, seconds: float) -> None:
        """A chunk of `items` took `seconds` of a worker's time."""
        pace = seconds / max(items, 1)
        self.pace = pace if self.pace is None else (self.pace + pace) / 2


# --- processes -----------------------------------------------------------------------------

_context: Any = None
_context_error: str | None = None
_error: type[TablesportsError] = TablesportsError


def die_with_parent(parent: int) -> None:
    """End this worker when the process that started it ends, even by `kill -9` (which leaves
    it no time to stop its pool): on Linux the kernel sends SIGKILL (PR_SET_PDEATHSIG);
    elsewhere a thread watches the parent's id. Either way, a parent already gone ends it now."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) != 0:
                _watch_parent(parent)
        except (OSError, AttributeError):
            _watch_parent(parent)
    else:
        _watch_parent(parent)
    if os.getppid() != parent:  # it died before the request above was made
        os._exit(1)


def _watch_parent(parent: int) -> None:
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _start_worker(
    prepare: Callable[[Any], Any],
    plan: Any,
    error: type[TablesportsError],
    parent: int,
    reports: Any = None,
) -> None:
    """Build this process's context (a spawned process starts with empty registries); with
    `reports` (a queue to the parent), count its work there."""
    global _context, _context_error, _error
    die_with_parent(parent)
    _error = error
    if reports is not None:
        reporting(Reporter(reports.put, os.getpid()))
    try:
        _context = prepare(plan)
    except TablesportsError as exc:
        # Raised from the tasks instead: a failing initializer would only kill the process.
        _context_error = (
            f"a worker process could not start: {exc} (an agent registered while the program "
            "runs does not exist in a new process: use one process, or name it in a package)"
        )


def _play_chunk(
    play: Callable[[Any, Any], Any], chunk: Sequence[Any], kind: Callable[[Any], Hashable]
) -> tuple[list[Any], float]:
    """The chunk's results, and the seconds they took (the `Slicer`'s pace)."""
    if _context_error is not None:
        raise _error(_context_error)
    start = time.perf_counter()
    results = [_played(play, _context, item, kind) for item in chunk]
    seconds = time.perf_counter() - start
    reporter = current()
    if reporter is not None:
        reporter.flush()  # the games of this chunk, before its results
    return results, seconds


def _drain(reports: Any, on_report: Callable[[Report], None] | None) -> None:
    """Pass on every report waiting in the queue (from processes or Ray)."""
    if reports is None or on_report is None:
        return
    while True:
        try:
            report = reports.get_nowait()
        except Exception as exc:
            if isinstance(exc, queue.Empty) or type(exc).__name__ == "Empty":  # Ray's own
                return
            raise
        on_report(report)


def _on_processes(
    prepare: Callable[[P], C],
    play: Callable[[C, I], R],
    plan: P,
    items: Sequence[I],
    jobs: int,
    error: type[TablesportsError],
    kind: Callable[[I], Hashable],
    on_report: Callable[[Report], None] | None,
    chunk: int | None = None,
) -> Iterator[R]:
    # spawn: the same behaviour on every platform, and safe beside a progress bar's thread.
    context = multiprocessing.get_context("spawn")
    work = Slicer(items, jobs, chunk)
    reports = context.Queue() if on_report is not None else None
    # the processes are started by this thread (at `submit`), the parent their workers watch
    args = (prepare, plan, error, os.getpid(), reports)
    pool = ProcessPoolExecutor(min(jobs, len(items)), context, _start_worker, args)
    timeout = INTERVAL if reports is not None else None
    pending: set[Future[tuple[list[R], float]]] = set()

    def feed() -> None:
        """Two chunks a worker in flight: one played, one waiting in the pool's queue."""
        while len(pending) < 2 * jobs and (c := work.next()) is not None:
            pending.add(pool.submit(_play_chunk, play, c, kind))

    try:
        feed()
        while pending:
            done, pending = wait(pending, timeout, return_when=FIRST_COMPLETED)
            _drain(reports, on_report)
            for future in done:
                results, seconds = future.result()
                work.took(len(results), seconds)
                feed()
                yield from results
        _drain(reports, on_report)
    except BrokenProcessPool as exc:
        raise error(f"a worker process died: {exc}") from None
    finally:
        # On an error or an interruption, drop the queued games; finished ones are kept.
        pool.shutdown(wait=True, cancel_futures=True)
        if reports is not None:
            reports.close()


# --- Ray -----------------------------------------------------------------------------------


def _prepare_and_play(
    prepare: Callable[[Any], Any],
    play: Callable[[Any, Any], Any],
    plan: Any,
    chunk: Any,
    kind: Callable[[Any], Hashable],
    reports: Any = None,
) -> list[Any]:
    context = prepare(plan)
    if reports is None:
        return [play(context, item) for item in chunk]
    reporter = Reporter(reports.put_nowait, os.getpid())
    reporting(reporter)
    try:
        results = [_played(play, context, item, kind) for item in chunk]
        reporter.flush()
        return results
    finally:
        reporting(None)


def _on_ray(
    prepare: Callable[[P], C],
    play: Callable[[C, I], R],
    plan: P,
    items: Sequence[I],
    jobs: int,
    address: str | None,
    error: type[TablesportsError],
    kind: Callable[[I], Hashable],
    on_report: Callable[[Report], None] | None,
    chunk: int | None = None,
) -> Iterator[R]:
    try:
        import ray
    except ImportError:
        raise error("--engine ray needs Ray: pip install 'tablesports[ray]'") from None
    started = not ray.is_initialized()
    if started:
        if address is not None:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False)
    try:
        task = ray.remote(num_cpus=1, max_retries=0)(_prepare_and_play)
        plan_ref = ray.put(plan)
        reports = None
        if on_report is not None:
            from ray.util.queue import Queue

            reports = Queue(actor_options={"num_cpus": 0})  # a small actor the tasks put to
        pending = [
            task.remote(prepare, play, plan_ref, c, kind, reports)
            for c in chunks(items, jobs, chunk)
        ]
        timeout = INTERVAL if reports is not None else None
        while pending:
            done, pending = ray.wait(pending, num_returns=1, timeout=timeout)
            _drain(reports, on_report)
            for ref in done:
                results: list[R] = ray.get(ref)
                yield from results
        _drain(reports, on_report)
    finally:
        if started:
            ray.shutdown()


def in_order(results: Iterator[R], index: Callable[[R], int], first: int = 0) -> Iterator[R]:
    """Yield results by index (`first`, `first + 1`, ...), holding back those that come early."""
    waiting: dict[int, R] = {}
    following = first
    for result in results:
        waiting[index(result)] = result
        while following in waiting:
            yield waiting.pop(following)
            following += 1
