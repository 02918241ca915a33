"""The progress bars of `arena`, `simulate`, `compare`, `sweep`, `train` and scripts/strength.py:
what is done (games, and the moves of the games in play), its pace and the time left, all from
the work reported as it is done (`arena.work`). On a terminal only (stderr), then cleared: a
pipe or a file gets no bar, so the output stays as plain as the tables.

    with WorkBar(err, "hanniball: arena") as meter:
        run_tournament(game, agents, 20, meter=meter)
"""

from __future__ import annotations

import sys
from types import TracebackType
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, Progress, TaskID, TextColumn
from rich.table import Column

from tablesports.arena.work import Meter, clock
from tablesports.cli.common import per_second

UNKNOWN = "?"
"""The time left while no pace backs a figure (a kind of game not yet seen, no game over)."""


def duration(seconds: float | None) -> str:
    """`0:03:07`, or `?` when unknown."""
    if seconds is None:
        return UNKNOWN
    whole = int(seconds + 0.5)
    return f"{whole // 3600}:{whole // 60 % 60:02d}:{whole % 60:02d}"


def count(n: int) -> str:
    """A count in at most six characters: `9,876`, `12.3k`, `4.57M`."""
    if n < 10_000:
        return f"{n:,}"
    if n < 1_000_000:
        return f"{n / 1000:.3g}k"
    return f"{n / 1_000_000:.3g}M"


def _progress(err: Console) -> Progress:
    # what is printed meanwhile goes above the bar when stdout is a terminal too; into a pipe
    # it goes as it is (rich would otherwise send it to the bar's stderr)
    on_screen = sys.stdout.isatty()
    fixed = Column(no_wrap=True)
    # 80 columns hold it all: the label gives way first (…), then the bar
    return Progress(
        TextColumn("{task.description}", table_column=Column(no_wrap=True, max_width=16)),
        BarColumn(bar_width=None, table_column=Column(ratio=1, min_width=4)),
        TextColumn("{task.fields[done]}", table_column=fixed),
        TextColumn("{task.fields[rate]}", table_column=fixed),
        TextColumn("left {task.fields[left]}", table_column=fixed),
        console=err,
        transient=True,
        disable=not err.is_terminal,
        redirect_stdout=on_screen,
        redirect_stderr=on_screen,
    )


class WorkBar:
    """One bar over a `Meter`: games done of the total, moves played (those of the games in
    play too, so the bar moves during a long game), games and moves a second, time spent, and
    the time left from each kind's own pace (`Meter.seconds_left`), `?` while none backs it."""

    def __init__(self, err: Console, label: str) -> None:
        self.label = label
        self.meter = Meter(on_change=self.refresh)
        self.progress = _progress(err)
        self.task: TaskID = self.progress.add_task(label, total=None, **self.fields())

    def __enter__(self) -> Meter:
        self.progress.start()
        return self.meter

    def __exit__(
        self,
        kind: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.progress.stop()

    def fields(self) -> dict[str, Any]:
        """What the bar says, as text: `done`, `rate` and `left`."""
        m = getattr(self, "meter", None)
        if m is None or not m.total:
            return {"done": "", "rate": "", "left": UNKNOWN}
        elapsed = m.elapsed()
        done = f"{m.games:,}/{m.total:,} games {count(m.moves)} moves"
        rate = ""
        if elapsed > 0 and m.moves:  # games a second: in the last line, once they are played
            rate = per_second(m.moves, elapsed, "moves")
        return {"done": done, "rate": rate, "left": duration(m.seconds_left())}

    def completed(self) -> float:
        """Games done, and each game in play's share of its kind's usual moves (below one)."""
        m = self.meter
        share = 0.0
        for kind, moves, _ in m.playing.values():
            per_game = m.moves_per_game(kind)
            if per_game:
                share += min(moves / per_game, 0.95)
        return m.games + share

    def refresh(self) -> None:
        self.progress.update(
            self.task,
            total=self.meter.total or None,
            completed=self.completed(),
            **self.fields(),
        )

    def line(self) -> str:
        """The bar's words on one line (what a test reads): label, done, rate, left."""
        f = self.fields()
        return f"{self.label} {f['done']} {f['rate']} left {f['left']}"


class StageBars:
    """A bar per stage (`train --method value`: each round's play, fit and judge; PPO's steps):
    its count, time spent and time left from that stage's own pace (so a slow judge does not
    take its estimate from fast plays), `?` until one item of the stage is done."""

    def __init__(self, err: Console) -> None:
        self.progress = _progress(err)
        self.tasks: dict[str, tuple[TaskID, float]] = {}
        self.said: dict[str, dict[str, Any]] = {}
        self.started = False

    def update(self, stage: str, done: int, total: int, unit: str = "games") -> None:
        """`done` of `total` `unit`s of `stage` (a fit's unit is itself: "fit")."""
        if not self.started:
            self.progress.start()
            self.started = True
        if stage not in self.tasks:
            fields: dict[str, Any] = {"done": "", "rate": "", "left": UNKNOWN}
            self.tasks[stage] = (self.progress.add_task(stage, total=total, **fields), clock())
        task, since = self.tasks[stage]
        unit = "" if "fit" in stage else unit
        fields = self.said[stage] = self.fields(done, total, since, unit)
        self.progress.update(task, completed=done, **fields)

    @staticmethod
    def fields(done: int, total: int, since: float, unit: str) -> dict[str, Any]:
        elapsed = clock() - since
        left = elapsed / done * (total - done) if done else None
        return {
            "done": f"{done:,}/{total:,} {unit}".rstrip(),
            "rate": per_second(done, elapsed, unit) if unit and done and elapsed > 0 else "",
            "left": duration(left),
        }

    def line(self, stage: str) -> str:
        """What the stage's bar says on one line (what a test reads)."""
        f = self.said[stage]
        return f"{stage} {f['done']} {f['rate']} left {f['left']}"

    def stop(self) -> None:
        if self.started:
            self.progress.stop()
