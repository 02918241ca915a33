"""Where a tournament's games run: here, over local processes, or as Ray tasks.

Every engine runs the same `play_fixture(plan, fixture)` on plain picklable data and yields the
records as they finish (in any order); the tournament sorts them by index, so the results are
the same game for game whichever engine ran them.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

from tablesports.arena.tournament import Fixture, Plan, TournamentError, play_fixture
from tablesports.core.records import Record

ENGINES = ("process", "ray")


def run_fixtures(
    plan: Plan,
    fixtures: Sequence[Fixture],
    *,
    engine: str = "process",
    jobs: int = 1,
    address: str | None = None,
) -> Iterator[Record]:
    """Play `fixtures` with `engine`, yielding each record as its game ends."""
    if jobs < 1:
        raise TournamentError(f"--jobs must be 1 or more, got {jobs}")
    if engine not in ENGINES:
        raise TournamentError(f"unknown engine {engine!r}; the engines are: {', '.join(ENGINES)}")
    if address is not None and engine != "ray":
        raise TournamentError("--address names a Ray cluster: use it with --engine ray")
    if not fixtures:
        return iter(())
    if engine == "ray":
        return _on_ray(plan, fixtures, jobs, address)
    if jobs == 1 or len(fixtures) == 1:
        return (play_fixture(plan, f) for f in fixtures)
    return _on_processes(plan, fixtures, jobs)


def _on_processes(plan: Plan, fixtures: Sequence[Fixture], jobs: int) -> Iterator[Record]:
    # spawn: the same behaviour on every platform; workers import the game from its class.
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=min(jobs, len(fixtures)), mp_context=context)
    try:
        pending: set[Future[Record]] = {pool.submit(play_fixture, plan, f) for f in fixtures}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
    finally:
        # On an error or an interruption, drop the queued games; finished ones are saved.
        pool.shutdown(wait=True, cancel_futures=True)


def _on_ray(
    plan: Plan, fixtures: Sequence[Fixture], jobs: int, address: str | None
) -> Iterator[Record]:
    try:
        import ray
    except ImportError:
        raise TournamentError("--engine ray needs Ray: pip install 'tablesports[ray]'") from None
    started = not ray.is_initialized()
    if started:
        if address is not None:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False)
    try:
        task = ray.remote(num_cpus=1, max_retries=0)(play_fixture)
        plan_ref = ray.put(plan)
        pending = [task.remote(plan_ref, f) for f in fixtures]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                record: Record = ray.get(ref)
                yield record
    finally:
        if started:
            ray.shutdown()
