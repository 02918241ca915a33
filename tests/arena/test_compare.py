"""Variants on common random numbers: the paired statistics, Holm, the sequential test, and the
same games whatever the engine."""

from __future__ import annotations

import math
import random

import pytest

from tablesports.arena.compare import (
    CompareError,
    compare,
    figure_pairs,
    play_variants,
    until_decided,
)
from tablesports.arena.paired import (
    MIN_GAMES,
    Difference,
    decided,
    holm,
    msprt,
    needed_pairs,
    paired,
    sequential,
)
from tablesports.arena.sweep import parse_grid, sweep_results
from tablesports.core.registry import load

RANDOM = ["random", "random"]


def test_paired_interval_and_p_are_students_t_on_the_differences() -> None:
    from scipy import stats

    a = [3.0, 5.0, 4.0, 6.0, 2.0, 5.0]
    b = [4.0, 7.0, 4.0, 8.0, 3.0, 5.0]
    d = paired("goals", a, b)
    test = stats.ttest_rel(b, a)
    low, high = test.confidence_interval(0.95)
    assert d.diff == pytest.approx(1.0)
    assert d.p == pytest.approx(test.pvalue)
    assert (d.low, d.high) == (pytest.approx(low), pytest.approx(high))


def test_holm_steps_down_from_the_smallest_p() -> None:
    ps = [0.01, 0.04, 0.03, 0.005]
    marked = holm([Difference(f"f{i}", 10, 0, 0, 0, 0, p) for i, p in enumerate(ps)])
    # 0.005 <= .05/4, 0.01 <= .05/3, then 0.03 > .05/2 stops: 0.03 and 0.04 are not significant
    assert [m.significant for m in marked] == [True, False, False, True]


def test_the_sequential_test_decides_a_clear_difference_and_rarely_a_null_one() -> None:
    rng = random.Random(1)
    shifted = [rng.gauss(0.5, 1) for _ in range(200)]
    assert decided(shifted)
    false_alarms = 0
    for trial in range(200):
        rng = random.Random(trial)
        diffs = [rng.gauss(0, 1) for _ in range(500)]
        # looked at every 50 games, as --check-every 50 would
        false_alarms += any(decided(diffs[:n]) for n in range(50, 501, 50))
    assert false_alarms / 200 <= 0.05


def test_cochrans_rule_asks_many_pairs_of_a_skewed_difference_and_few_of_a_normal_one() -> None:
    """Issue 47 finding 3: a rare large gain (lognormal, sigma 1.5) fooled the sequential test
    far more than 5% of the time; compare warns when a decision came before 25 g1² pairs."""
    rng = random.Random(0)
    skewed = [rng.lognormvariate(0, 1.5) for _ in range(200)]
    assert needed_pairs(skewed) > 200
    assert needed_pairs([rng.gauss(0, 1) for _ in range(200)]) == MIN_GAMES


def test_after_an_early_stop_the_interval_and_p_are_the_always_valid_ones() -> None:
    rng = random.Random(2)
    a = [rng.gauss(0, 1) for _ in range(60)]
    b = [x + 0.6 + rng.gauss(0, 1) for x in a]
    fixed, valid = paired("x", a, b), sequential("x", a, b)
    assert valid.diff == fixed.diff and valid.games == fixed.games
    # wider than Student's t, still around the mean difference, and a larger p
    assert valid.low < fixed.low < fixed.diff < fixed.high < valid.high
    assert valid.p > fixed.p
    # the interval is where the mixture's ratio stays under 1/alpha: its ends are on the line
    for end in (valid.low, valid.high):
        ratio = msprt([y - x - end for x, y in zip(a, b, strict=True)])
        assert abs(ratio - math.log(20)) < 1e-6


def test_a_stopped_run_tests_its_figure_alone_then_holm_over_the_others() -> None:
    variants = [load("hanniball"), load("hanniball", max_turns=60)]
    run = play_variants(variants, RANDOM, 200, seed=0, stop=until_decided("turns"), check_every=30)
    assert run.stopped
    fixed = {d.name: d for d in compare(run)}
    valid = {d.name: d for d in compare(run, primary="turns")}
    assert list(valid) == list(fixed)
    turns = valid["turns"]
    assert turns.significant and turns.p <= 0.05
    assert turns.high - turns.low > fixed["turns"].high - fixed["turns"].low


def test_the_same_variant_twice_gives_the_same_games_so_no_difference() -> None:
    game = load("hanniball")
    run = play_variants([game, load("hanniball")], RANDOM, 6, seed=3)
    for d in compare(run):
        assert d.diff == 0 and d.low == d.high == 0 and not d.significant


def test_a_shorter_turn_limit_shortens_hanniball_significantly() -> None:
    run = play_variants([load("hanniball"), load("hanniball", max_turns=60)], RANDOM, 20, seed=0)
    diffs = {d.name: d for d in compare(run)}
    assert diffs["turns"].diff < 0 and diffs["turns"].high < 0 and diffs["turns"].significant
    assert diffs["first seat wins"].games == 20


def test_until_significant_stops_at_the_first_look_that_decides() -> None:
    variants = [load("hanniball"), load("hanniball", max_turns=60)]
    run = play_variants(variants, RANDOM, 200, seed=0, stop=until_decided("turns"), check_every=30)
    assert run.stopped == "turns decided after 30 games per variant"
    assert len(run.paired_indices(0, 1)) == 30


def test_until_significant_takes_a_figure_as_the_table_prints_it() -> None:
    variants = [load("hanniball"), load("hanniball", max_turns=60)]
    stop = until_decided("piece steps")
    run = play_variants(variants, RANDOM, 200, seed=0, stop=stop, check_every=30)
    assert run.stopped == "piece steps decided after 30 games per variant"


def test_until_significant_names_the_figures_when_one_is_unknown() -> None:
    variants = [load("hanniball"), load("hanniball", max_turns=60)]
    with pytest.raises(CompareError, match=r"no figure 'goalz'.*turns"):
        play_variants(variants, RANDOM, 40, stop=until_decided("goalz"), check_every=10)


def test_variants_of_two_games_are_refused() -> None:
    with pytest.raises(CompareError, match="one game"):
        play_variants([load("hanniball"), load("jukem")], RANDOM, 2)


def test_two_processes_and_a_local_ray_play_the_same_games_as_one() -> None:
    import ray  # the `ray` extra: missing is a failure, not a skip

    variants = [load("jukem"), load("jukem")]
    here = play_variants(variants, RANDOM, 8, seed=2, keep_records=True)
    two = play_variants(variants, RANDOM, 8, seed=2, jobs=2, keep_records=True)
    on_ray = play_variants(variants, RANDOM, 8, seed=2, jobs=2, engine="ray", keep_records=True)
    assert not ray.is_initialized()
    for other in (two, on_ray):
        for v in range(2):
            for i in range(8):
                mine, theirs = here.results[v][i], other.results[v][i]
                assert mine.record is not None and theirs.record is not None
                assert mine.record.history == theirs.record.history
                assert mine.figures == theirs.figures


def test_a_sweep_marks_each_grid_point_against_the_base() -> None:
    points = parse_grid(["max_turns=40,200"])
    assert points == [{"max_turns": "40"}, {"max_turns": "200"}]
    variants = [load("hanniball"), *(load("hanniball", **p) for p in points)]
    run = play_variants(variants, RANDOM, 12, seed=1)
    result = sweep_results(run, points)
    assert result.labels == ["max_turns=40", "max_turns=200"]
    assert result.cells[(0, "turns")].significant
    assert result.cells[(1, "turns")].diff == 0  # the base's own value: the same games
    assert math.isclose(result.base["turns"], result.cells[(1, "turns")].b)
    assert set(figure_pairs(run, 0, 1)) == set(result.names)


@pytest.mark.parametrize("bad", ["max_turns", "=1", "max_turns="])
def test_a_grid_parameter_must_be_key_and_values(bad: str) -> None:
    with pytest.raises(CompareError, match="KEY=V1,V2"):
        parse_grid([bad])
