"""`arena.work`: reports batched a few a second, and a time left from each kind's own pace."""

from __future__ import annotations

import pytest

from tablesports.arena import work
from tablesports.arena.work import Meter, Report, Reporter


class Clock:
    now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    c = Clock()
    monkeypatch.setattr(work, "clock", c)
    return c


def test_a_reporter_sends_at_most_one_report_an_interval_however_many_moves(clock: Clock) -> None:
    sent: list[Report] = []
    reporter = Reporter(sent.append, worker="w")
    for _game in range(50):
        reporter.begin("k")
        for _ in range(200):
            reporter.moved()
            clock.now += 0.0001  # 10,000 moves a second
        reporter.end()
    # one second of play: four reports at most, not one a move or a game
    assert 3 <= len(sent) <= 4
    reporter.flush()
    assert sum(r.finished.get("k", (0, 0, 0))[0] for r in sent) == 50
    assert sum(r.finished.get("k", (0, 0, 0))[1] for r in sent) == 10_000


def test_a_kind_not_yet_seen_leaves_the_time_left_unknown(clock: Clock) -> None:
    meter = Meter()
    meter.expect({"fast": 20, "slow": 40}, jobs=1)
    clock.now = 20.0
    meter.add(Report("w", {"fast": (20, 400, 20.0)}, None))
    # the rate of games so far would say 40 s for the 40 slow games left
    assert meter.seconds_left() is None


def test_a_slow_kind_is_estimated_from_its_own_games_not_the_fast_ones(clock: Clock) -> None:
    meter = Meter()
    meter.expect({"fast": 20, "slow": 40}, jobs=2)
    meter.add(Report("a", {"fast": (20, 400, 20.0)}, None))  # 20 moves, 1 s a game
    meter.add(Report("b", {}, ("slow", 30, 300.0)))
    # its game in play is already longer than a fast game in moves and seconds; how much
    # longer it will be, nothing says yet
    assert meter.seconds_left() is None
    meter.add(Report("b", {"slow": (1, 600, 2400.0)}, None))
    assert meter.seconds_left() == pytest.approx(39 * 2400 / 2)
    meter.add(Report("b", {}, ("slow", 10, 100.0)))
    assert meter.seconds_left() == pytest.approx((38 * 2400 + 2300) / 2)
    assert meter.moves == 400 + 600 + 10


def test_a_game_in_play_longer_than_the_mean_raises_the_estimate(clock: Clock) -> None:
    meter = Meter()
    meter.expect({"k": 3}, jobs=1)
    meter.add(Report("a", {"k": (1, 10, 10.0)}, ("k", 30, 50.0)))
    # a game of this kind takes at least 50 s: the one in play (0 s more) and one more
    assert meter.seconds_left() == pytest.approx(50.0)
