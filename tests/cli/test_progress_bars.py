"""The progress bars of `simulate`, `arena` and `compare` count the work actually done: the
moves of a game in play (so the bar moves before a long game ends, in this process and over
worker processes), and a time left taken from each pairing's own pace, `?` while no pace
backs a figure, never the fast pairings' figure for slow games. Off a terminal no bar at all.

What the bar says is read from `WorkBar.line()` at every redraw; seconds come from a clock
the test agents move, so nothing here depends on the machine's speed."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from typer.testing import CliRunner

from tablesports.agents import registry as agent_registry
from tablesports.arena import work
from tablesports.cli import bars
from tablesports.core.protocol import Action, Game, State
from tests.cli.helpers import run
from tests.cli.nim import Take

DONE = re.compile(r"(\d+)/(\d+) games ([\d,]+) moves")


@dataclass
class Line:
    text: str
    now: float
    """The test clock when the bar said it."""

    @property
    def games(self) -> int:
        found = DONE.search(self.text)
        return int(found.group(1)) if found else 0

    @property
    def moves(self) -> int:
        found = DONE.search(self.text)
        return int(found.group(3).replace(",", "")) if found else 0

    @property
    def left(self) -> float | None:
        """The time left in seconds, or None for `?`."""
        word = self.text.rsplit("left ", 1)[1]
        if word == bars.UNKNOWN:
            return None
        h, m, s = (int(x) for x in word.split(":"))
        return 3600 * h + 60 * m + s


@pytest.fixture
def lines(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Line]]:
    """Every redraw of every bar, as it reads."""
    seen: list[Line] = []
    redraw = bars.WorkBar.refresh

    def watched(self: bars.WorkBar) -> None:
        redraw(self)
        seen.append(Line(self.line(), work.clock()))

    monkeypatch.setattr(bars.WorkBar, "refresh", watched)
    yield seen


class Clock:
    """Seconds that pass only when an agent thinks."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class _Taker:
    """Takes one counter a move (every game of Nim 20 is 20 moves, 10 each) and spends
    `think` seconds of the test clock on it."""

    think = 0.0

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.name = type(self).__name__

    def reset(self, seed: int) -> None:
        pass

    def step(self, state: State) -> Action:
        CLOCK.now += self.think
        return Take(1)


class Quick(_Taker):
    think = 0.001


class Quicker(_Taker):
    think = 0.001


class Sloth(_Taker):
    think = 10.0


CLOCK = Clock()


@pytest.fixture
def takers(monkeypatch: pytest.MonkeyPatch) -> Clock:
    for name, agent in (("quick", Quick), ("quicker", Quicker), ("sloth", Sloth)):
        monkeypatch.setitem(agent_registry._extra, name, agent)
    CLOCK.now = 0.0
    monkeypatch.setattr(work, "clock", CLOCK)
    monkeypatch.setattr(work, "INTERVAL", 0.0)  # a report at every move: every state is seen
    return CLOCK


def test_the_bar_counts_the_moves_of_a_game_before_it_ends(
    runner: CliRunner, takers: Clock, lines: list[Line]
) -> None:
    args = ["simulate", "nim", "-a", "sloth", "quick", "-n", "2", "-o", "pile=20"]
    result = run(runner, *args)
    assert result.exit_code == 0, result.output
    before_the_end = [line for line in lines if line.games == 0 and line.moves]
    assert before_the_end, [line.text for line in lines]
    assert [line.moves for line in before_the_end] == list(range(1, 21))  # move by move
    assert "0/2 games 20 moves" in before_the_end[-1].text
    # and once a game is over, its pace gives an estimate for the other one
    assert any(line.games == 1 and line.left is not None for line in lines)


def test_worker_processes_report_moves_before_their_games_end(
    runner: CliRunner, lines: list[Line]
) -> None:
    # two long games (a search agent thinking) over two processes: each worker tells the
    # parent of its moves a few times a second, long before its game is over
    args = ["arena", "nim", "-a", "mcts:iterations=3000", "random", "-n", "2", "-o", "pile=50"]
    result = run(runner, *args, "--jobs", "2")
    assert result.exit_code == 0, result.output
    assert "2 games played" in result.stderr
    assert any(line.games == 0 and line.moves > 0 for line in lines), [x.text for x in lines]


def test_the_time_left_is_not_the_fast_pairings_figure_when_slow_games_remain(
    runner: CliRunner, takers: Clock, lines: list[Line]
) -> None:
    # quick vs quicker: 0.02 s a game; either against sloth: 100 s a game. The fast pairing's
    # games are over long before the slow ones: a rate of games so far would promise seconds.
    args = ["arena", "nim", "-a", "quick", "quicker", "sloth", "-n", "4", "-o", "pile=20"]
    result = run(runner, *args)
    assert result.exit_code == 0, result.output
    end = takers.now
    assert end == pytest.approx(8 * 100 + 4 * 0.02 + 8 * 0.01)
    figures = [line for line in lines if line.left is not None and line.now < end - 1]
    assert figures and any(line.left is None for line in lines)
    for line in figures:
        truly = end - line.now
        # never less than half what is truly left (a second more for the bar's rounding)
        assert line.left + 1 >= truly / 2, (line.text, line.now, truly)
    # the first fast game over, no slow one seen: no figure at all, rather than a wrong one
    first = next(line for line in lines if line.games == 1)
    assert first.left is None, first.text


def test_off_a_terminal_no_bar_is_drawn_and_the_output_stays_plain(
    runner: CliRunner, lines: list[Line]
) -> None:
    result = run(runner, "arena", "nim", "-a", "random", "mcts:iterations=5", "-n", "2")
    assert result.exit_code == 0, result.output
    assert lines  # the bar was kept up to date...
    for text in (result.stdout, result.stderr):  # ...but never drawn
        assert "\x1b" not in text and "\r" not in text
    assert "━" not in result.stderr and "left " not in result.stderr
    assert " moves" not in result.stderr
    assert result.stderr.splitlines()[-1].startswith("2 games played in ")
    assert result.stdout.startswith("nim: 2 games, ratings (openskill)")


def test_compare_takes_each_variants_time_left_from_its_own_games(
    runner: CliRunner, takers: Clock, lines: list[Line]
) -> None:
    # variant A (Nim 20) is 100 s a game, B (Nim 2) 10 s; the games go A0, B0, A1, B1
    args = ["compare", "nim", "--a", "pile=20", "--b", "pile=2", "--agents", "sloth", "quick"]
    result = run(runner, *args, "-n", "2")
    assert result.exit_code == 0, result.output
    assert all(line.text.startswith("nim: comparing") for line in lines)
    after_a0 = [line for line in lines if line.games == 1]
    assert after_a0 and all(line.left is None for line in after_a0)  # B's pace is unknown
    after_b0 = next(line for line in lines if line.games == 2)
    assert after_b0.left == 110  # one more game of each, at each one's pace


def test_sweep_counts_the_moves_of_its_games_in_play(
    runner: CliRunner, takers: Clock, lines: list[Line]
) -> None:
    args = ["sweep", "nim", "--param", "pile=2", "-o", "pile=20", "--agents", "sloth", "quick"]
    result = run(runner, *args, "-n", "1")
    assert result.exit_code == 0, result.output
    assert any(line.games == 0 and line.moves == 10 for line in lines), [x.text for x in lines]
    assert "nim: sweeping 1 variants 2/2 games 22 moves" in lines[-1].text


def test_the_bar_fits_80_columns_with_ten_thousand_games_and_millions_of_moves() -> None:
    import io

    from rich.console import Console

    from tablesports.arena.work import Report

    screen = io.StringIO()
    err = Console(file=screen, width=80, force_terminal=True, color_system=None)
    bar = bars.WorkBar(err, "hanniball: sweeping 3 variants")
    bar.meter.expect({0: 5000, 1: 5000}, 2)
    bar.meter.add(Report("a", {0: (2345, 1_234_567, 800.0)}, (1, 300, 3.0)))
    bar.meter.add(Report("b", {1: (2000, 1_034_567, 800.0)}, (1, 300, 3.0)))
    bar.meter.started -= 1100  # 2,063 moves a second
    bar.refresh()
    err.print(bar.progress.make_tasks_table(bar.progress.tasks))
    (shown,) = screen.getvalue().splitlines()
    assert len(shown) <= 80
    assert shown.endswith("4,345/10,000 games 2.27M moves 2,063 moves/s left 1:22:30"), shown
