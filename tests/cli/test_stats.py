"""Wilson intervals, outcomes and the running summary behind `simulate`."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablesports.arena.stats import Summary, Tally, outcome_of, wilson_interval


def test_wilson_interval_matches_published_values() -> None:
    # Values from Newcombe (1998), table I: 81/263 and 15/148, and 0/20.
    assert wilson_interval(81, 263) == pytest.approx((0.2553, 0.3662), abs=1e-4)
    assert wilson_interval(15, 148) == pytest.approx((0.0624, 0.1605), abs=1e-4)
    low, high = wilson_interval(0, 20)
    assert low == 0.0 and high == pytest.approx(0.1611, abs=1e-4)


def test_wilson_interval_without_games_allows_every_rate() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(5, 4)


@given(st.integers(1, 10_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_interval_holds_the_observed_rate_inside_zero_one(kn: tuple[int, int]) -> None:
    k, n = kn
    low, high = wilson_interval(k, n)
    assert 0.0 <= low <= k / n <= high <= 1.0
    mirror = wilson_interval(n - k, n)
    assert mirror == pytest.approx((1 - high, 1 - low), abs=1e-12)


def test_outcome_of_a_seat() -> None:
    assert outcome_of([1.0, -1.0], 0) == 1 and outcome_of([1.0, -1.0], 1) == -1
    assert outcome_of([0.0, 0.0], 1) == 0
    assert outcome_of([2.0, 2.0, -4.0], 0) == 0  # shares the best: a draw for it


def test_summary_counts_agents_and_seats_apart() -> None:
    summary = Summary(["a", "b"])
    summary.add((0, 1), [1.0, -1.0], steps=10, decisions=6)  # a in seat 0 wins
    summary.add((1, 0), [1.0, -1.0], steps=20, decisions=8)  # b in seat 0 wins
    summary.add((0, 1), [0.0, 0.0], steps=30, decisions=10)  # a draw
    assert (summary.per_agent[0].wins, summary.per_agent[0].losses) == (1, 1)
    assert summary.per_agent[1].draws == 1
    assert summary.first_seat.wins == 2 and summary.first_seat.draws == 1
    assert summary.mean_steps == 20 and summary.mean_decisions == 8
    assert summary.to_json()["agents"]["a"]["games"] == 3  # type: ignore[index]


def test_tally_rates() -> None:
    tally = Tally(wins=3, draws=1, losses=0)
    assert tally.games == 4 and tally.win_rate == 0.75
    assert tally.win_interval == wilson_interval(3, 4)
