"""Work done, as it is done: moves played inside each game and games finished, counted where
the games run and sent to the process that shows the bar, and an estimate of the time left
from them that says "unknown" rather than a figure it cannot back.

A worker (or this process, with one job) counts with a `Reporter`: `begin(kind)` before a game,
`moved()` after each step (`play_match`'s `on_step`), `end()` after it. It sends what it has at
most every `INTERVAL` seconds (a few messages a second per worker, however short the moves),
as a `Report`. The parent folds reports into a `Meter`, which keeps, per kind of game (a
pairing, a variant), the games finished, their moves and seconds, and each worker's game in
play. A kind's games are not assumed to last as long as another kind's: the time left sums
each kind's own pace, and is None while some kind still to be played has not finished a game
(the bar says `?`; its moves still count up).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Any

INTERVAL = 0.25
"""Seconds between two reports of one worker (at most)."""

clock: Callable[[], float] = time.perf_counter
"""Where seconds come from (a test may put a clock of its own here)."""

Done = tuple[int, int, float]
"""Games finished, their moves and their seconds."""


@dataclass(frozen=True, slots=True)
class Report:
    """A worker's news since its last report: games finished per kind, and its game in play
    as (kind, moves so far, seconds so far), or None between games."""

    worker: Hashable
    finished: dict[Hashable, Done]
    playing: tuple[Hashable, int, float] | None


class Reporter:
    """Counts one worker's moves and games and sends a `Report` every `INTERVAL` seconds."""

    def __init__(self, send: Callable[[Report], None], worker: Hashable = 0) -> None:
        self.send = send
        self.worker = worker
        self.finished: dict[Hashable, list[float]] = {}
        self.kind: Hashable = None
        self.moves = 0
        self.started = 0.0
        self.last = clock()

    def begin(self, kind: Hashable) -> None:
        self.kind, self.moves, self.started = kind, 0, clock()

    def moved(self, *_: Any) -> None:
        """One step played (it takes `on_step`'s arguments and ignores them)."""
        self.moves += 1
        if clock() - self.last >= INTERVAL:
            self.flush()

    def end(self) -> None:
        done = self.finished.setdefault(self.kind, [0, 0, 0.0])
        done[0] += 1
        done[1] += self.moves
        done[2] += clock() - self.started
        self.kind = None
        if clock() - self.last >= INTERVAL:
            self.flush()

    def flush(self) -> None:
        now = clock()
        self.last = now
        playing = None
        if self.kind is not None:
            playing = (self.kind, self.moves, now - self.started)
        finished = {k: (int(g), int(m), s) for k, (g, m, s) in self.finished.items()}
        self.finished = {}
        self.send(Report(self.worker, finished, playing))


_reporter: Reporter | None = None


def reporting(reporter: Reporter | None) -> None:
    """Make `reporter` the one `counted` counts on in this process (None: count nothing)."""
    global _reporter
    _reporter = reporter


def current() -> Reporter | None:
    """The reporter counting in this process, if any."""
    return _reporter


def counted(on_step: Callable[..., None] | None) -> Callable[..., None] | None:
    """`on_step` for `play_match` that also counts each move for the bar, when this process
    reports its work (else `on_step` itself: nothing is added to the hot path)."""
    reporter = _reporter
    if reporter is None:
        return on_step
    if on_step is None:
        return reporter.moved
    step = on_step

    def both(*args: Any) -> None:
        step(*args)
        reporter.moved()

    return both


@dataclass(slots=True)
class _Kind:
    todo: int
    games: int = 0
    moves: int = 0
    seconds: float = 0.0


class Meter:
    """The parent's view of the work: the games to play of each kind (`expect`), the reports
    of the workers (`add`); `on_change` hears of each report (a bar redraws)."""

    def __init__(self, on_change: Callable[[], None] | None = None) -> None:
        self.on_change = on_change
        self.totals: dict[Hashable, int] = {}
        self.jobs = 1
        self.kinds: dict[Hashable, _Kind] = {}
        self.playing: dict[Hashable, tuple[Hashable, int, float]] = {}
        self.started = clock()

    def expect(self, totals: Mapping[Hashable, int], jobs: int = 1) -> None:
        """`totals[kind]` games of each kind are to be played by `jobs` workers, from now."""
        self.totals = {k: n for k, n in totals.items() if n}
        self.jobs = jobs
        self.kinds = {k: _Kind(n) for k, n in self.totals.items()}
        self.playing = {}
        self.started = clock()
        if self.on_change is not None:
            self.on_change()

    def add(self, report: Report) -> None:
        for kind, (games, moves, seconds) in report.finished.items():
            k = self.kinds.setdefault(kind, _Kind(0))
            k.games += games
            k.moves += moves
            k.seconds += seconds
        if report.playing is None:
            self.playing.pop(report.worker, None)
        else:
            self.playing[report.worker] = report.playing
        if self.on_change is not None:
            self.on_change()

    @property
    def games(self) -> int:
        return sum(k.games for k in self.kinds.values())

    @property
    def total(self) -> int:
        return sum(self.totals.values())

    @property
    def moves(self) -> int:
        """Moves played, those of the games in play included."""
        return sum(k.moves for k in self.kinds.values()) + sum(
            m for _, m, _ in self.playing.values()
        )

    def moves_per_game(self, kind: Hashable) -> float | None:
        """The mean length of a finished game of `kind`, in moves, or None before one ends."""
        k = self.kinds.get(kind)
        return k.moves / k.games if k is not None and k.games else None

    def game_seconds(self, kind: Hashable) -> float | None:
        """What a game of `kind` takes: the mean of its finished games, and at least as long as
        one of its games already in play; None before one has finished. Another kind's games
        tell nothing: HanniBall's random against its greedy bot is 20 moves in a blink, random
        against MCTS 600 moves of seconds each."""
        k = self.kinds.get(kind)
        if k is None or not k.games:
            return None
        longest = max((s for kk, _, s in self.playing.values() if kk == kind), default=0.0)
        return max(k.seconds / k.games, longest)

    def seconds_left(self) -> float | None:
        """Seconds until every game is played (the work left shared by the workers, but never
        less than the longest single game left), or None while a kind still to be played has
        not finished a game."""
        work, longest = 0.0, 0.0
        for kind, k in self.kinds.items():
            in_play = [s for kk, _, s in self.playing.values() if kk == kind]
            waiting = max(k.todo - k.games - len(in_play), 0)
            if not waiting and not in_play:
                continue
            each = self.game_seconds(kind)
            if each is None:
                return None
            rest = [each] * waiting + [max(each - s, 0.0) for s in in_play]
            work += sum(rest)
            longest = max(longest, *rest)
        return max(work / max(self.jobs, 1), longest)

    def elapsed(self) -> float:
        return clock() - self.started
