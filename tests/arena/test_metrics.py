"""The game-quality metrics (`arena.metrics`) on games whose values are known: Toss's coin,
first-player and drawn rules (tests/arena/toygames.py) and constructed evaluation traces."""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest

from tablesports.arena.analysis import AnalysisError, make_evaluator, trace_games
from tablesports.arena.metrics import (
    Estimate,
    Trace,
    analyse,
    bootstrap,
    clarity_narrowness,
    clarity_variance,
    decisiveness,
    drama,
    figure_metrics,
    lead_change,
    skill_gap,
    stability,
    uncertainty,
)
from tablesports.arena.simulate import iter_results
from tablesports.core.registry import load, register, unregister
from tests.arena.toygames import TossGame


@pytest.fixture(autouse=True)
def toss() -> Iterator[None]:
    register("toss", TossGame)
    yield
    unregister("toss")


def by_name(estimates: list[Estimate]) -> dict[str, Estimate]:
    return {e.name: e for e in estimates}


def metrics_of(rule: str, games: int = 200) -> dict[str, Estimate]:
    traces = trace_games(load("toss", rule=rule), ["random", "random"], games, seed=3)
    return by_name(analyse(traces, players=2))


def test_a_coin_flip_is_balanced_gives_no_first_player_advantage_and_stays_uncertain() -> None:
    m = metrics_of("coin")
    assert m["balance"].value > 0.8 and m["balance"].high == 1.0
    assert m["first player advantage"].low < 0.5 < m["first player advantage"].high
    assert m["first player advantage"].method == "Wilson"
    assert m["completion"].value == 1.0 and m["drawishness"].value == 0.0
    assert m["timeouts"].value == 0.0
    # the evaluation is level until the coin falls: no lead change, no drama, decided at the end
    assert m["lead change"].value == 0.0
    assert m["drama"].value == 0.0
    assert m["decisiveness"].value == 1.0
    assert m["uncertainty"].value == 1.0
    assert m["duration"].value == 2.0 and m["steps"].value == 3.0
    assert m["decision moves"].value == 1.0 and m["branching factor"].value == 2.0
    assert m["clarity (variance)"].value == 0.0  # both calls rate alike


def test_a_game_the_first_player_always_wins_has_advantage_1_and_balance_0() -> None:
    m = metrics_of("first", games=40)
    assert m["first player advantage"].value == 1.0
    assert m["first player advantage"].low > 0.9  # Wilson at 40 of 40
    assert m["balance"].value == 0.0
    assert m["seat 0 score"].value == 1.0 and m["seat 1 score"].value == 0.0
    # seat 0 leads from the first position: decided at once, never behind, no lead change
    assert m["decisiveness"].value == 0.0
    assert m["drama"].value == 0.0
    assert m["lead change"].value == 0.0


def test_a_game_always_drawn_has_drawishness_1_and_no_winner_for_drama() -> None:
    m = metrics_of("draw", games=30)
    assert m["drawishness"].value == 1.0 and m["drawishness"].low > 0.85
    assert m["completion"].value == 0.0
    assert m["balance"].value == 1.0  # neither seat ever wins
    assert m["drama"].games == 0 and m["decisiveness"].games == 0  # defined for won games only


def test_skill_does_not_matter_in_a_coin_flip() -> None:
    """A search against random on the coin: the skill gap's interval holds 0."""
    traces = trace_games(load("toss"), ["mcts:iterations=20", "random"], 200, seed=1, trace=False)
    gap = skill_gap(traces, strong=0)
    assert gap.games == 200
    assert gap.low < 0.0 < gap.high and abs(gap.value) < 0.15


def test_skill_gap_is_1_when_the_strong_agent_always_wins() -> None:
    """Constructed games the strong agent (index 0) wins from either seat: +1; loses all: -1."""
    winning = [
        Trace(i, i, (0, 1) if i % 2 == 0 else (1, 0), (1.0, -1.0) if i % 2 == 0 else (-1.0, 1.0), 3)
        for i in range(10)
    ]
    gap = skill_gap(winning, strong=0)
    assert gap.value == 1.0 and gap.low == 1.0
    losing = [
        Trace(t.index, t.seed, t.seating, tuple(-r for r in t.returns or ()), 3) for t in winning
    ]
    assert skill_gap(losing, strong=0).value == -1.0


def test_every_game_stopped_at_the_step_cap_is_a_timeout() -> None:
    traces = trace_games(load("toss"), ["random", "random"], 5, seed=0, max_steps=2)
    m = by_name(analyse(traces, players=2))
    assert m["timeouts"].value == 1.0 and m["completion"].value == 0.0
    assert m["drawishness"].value == 0.0  # a timeout is not a draw
    assert m["seat 0 score"].games == 0


# --- a constructed evaluation trace ------------------------------------------------------------

TRACE = [(0.2, -0.2), (-0.4, 0.4), (0.6, -0.6)]
"""Seat 0 leads, falls behind by 0.8, then leads again and wins."""


def test_lead_change_counts_each_change_of_leader_between_positions() -> None:
    assert lead_change(TRACE) == 1.0  # two changes out of two chances
    assert lead_change([(0.1, -0.1), (0.3, -0.3), (-0.2, 0.2)]) == 0.5
    assert lead_change([(0.0, 0.0)]) is None  # one position: no chance of a change


def test_drama_is_the_mean_gap_between_the_leader_and_the_eventual_winner() -> None:
    assert drama(TRACE, [0]) == pytest.approx(0.8 / 3)
    assert drama(TRACE, [1]) == pytest.approx((0.4 + 1.2) / 3)
    assert drama(TRACE, []) is None


def test_decisiveness_is_the_share_played_before_the_winner_tops_the_losers_best() -> None:
    # the loser's best is 0.4 (the second position); the winner first tops it at the third
    assert decisiveness(TRACE, [0]) == pytest.approx(2 / 3)
    assert decisiveness([(0.9, -0.9), (0.5, -0.5)], [0]) == 0.0


def test_stability_sums_each_seats_variance_over_the_game() -> None:
    assert stability(TRACE) == pytest.approx(2 * 0.1688888888888889)
    assert stability([(0.3, -0.3)] * 4) == 0.0


def test_uncertainty_is_1_while_level_and_falls_as_a_seat_pulls_ahead() -> None:
    assert uncertainty(TRACE) == pytest.approx((0.8 + 0.6 + 0.4) / 3)
    assert uncertainty([(0.0, 0.0)] * 3) == 1.0
    assert uncertainty([(1.0, -1.0)]) == 0.0


def test_clarity_finds_one_clear_move_among_four() -> None:
    assert clarity_narrowness([(1.0, 0.0, 0.0, 0.0)]) == 0.25
    assert clarity_variance([(1.0, 0.0, 0.0, 0.0)]) == pytest.approx(0.1875)
    assert clarity_narrowness([(0.5,)]) is None  # a forced move says nothing of clarity


def test_the_bootstrap_interval_is_seeded_and_holds_the_mean() -> None:
    values = [float(i % 7) for i in range(50)]
    mean = sum(values) / len(values)
    first = bootstrap(values, lambda xs: sum(xs) / len(xs), "x")  # type: ignore[arg-type,misc]
    again = bootstrap(values, lambda xs: sum(xs) / len(xs), "x")  # type: ignore[arg-type,misc]
    assert first == again
    assert first[0] < mean < first[1]
    assert all(math.isnan(x) for x in bootstrap([1.0], lambda xs: 1.0, "x"))  # one game


def test_figures_are_meaned_over_the_games_that_define_them() -> None:
    traces = [Trace(0, 0, (0, 1), (1.0, -1.0), 1, figures={"goals": 2.0, "penalties": 1.0})]
    traces.append(Trace(1, 1, (1, 0), (1.0, -1.0), 1, figures={"goals": 4.0}))
    got = by_name(figure_metrics(traces))
    assert got["goals"].value == 3.0 and got["goals"].games == 2
    assert got["penalties"].games == 1


# --- the traced games ----------------------------------------------------------------------------


def test_a_traced_game_is_the_game_simulate_plays() -> None:
    """The watchers evaluate every position and rate actions on clones: the agents still see
    the same states and draw the same numbers, so the results match simulate's, game by game."""
    game = load("pig")
    agents = ["random", "mcts:iterations=10"]
    traced = trace_games(game, agents, 8, seed=11, evaluation="search:playouts=2")
    played = list(iter_results(game, agents, 8, seed=11))
    assert [t.returns for t in traced] == [r.returns for r in played]
    assert [t.steps for t in traced] == [r.steps for r in played]
    assert [t.decisions for t in traced] == [r.decisions for r in played]
    assert all(len(t.values) == t.decisions for t in traced)


def test_the_traces_are_the_same_whatever_the_number_of_processes() -> None:
    game = load("toss")
    one = trace_games(game, ["random", "random"], 6, seed=2, jobs=1)
    two = trace_games(game, ["random", "random"], 6, seed=2, jobs=2)
    assert one == two


def test_an_unknown_evaluation_is_refused_with_the_ones_there_are() -> None:
    with pytest.raises(AnalysisError, match="the evaluations are: heuristic"):
        make_evaluator("oracle", load("toss"))
    with pytest.raises(AnalysisError, match="playouts"):
        make_evaluator("search:depth=3", load("toss"))
    with pytest.raises(AnalysisError, match="no heuristic evaluation"):
        make_evaluator("heuristic", load("pig"))


def test_clarity_rates_an_action_that_starts_a_roll_over_the_rolls_outcomes() -> None:
    """In Hidden Pig a `roll` leads to a D6 still to be rolled: rated there, every roll would
    look alike; over the die's six faces it is worth the mean turn total, (0+2+3+4+5+6)/6."""
    from tablesports.arena.tracing import Notes
    from tablesports.core.chance import D3
    from tests.dicegame import ROLL, PigState

    state = load("pig").new_initial_state()
    for _ in range(2):
        state.apply_action(D3.parse("D3=1"))
    notes = Notes(lambda s: [float(s.turn_total), -float(s.turn_total)], clarity=4)  # type: ignore[attr-defined]
    child = state.clone()
    child.apply_action(ROLL)
    assert isinstance(child, PigState) and child.current_player() < 0
    assert notes.rate(child, 0) == pytest.approx(20 / 6)
