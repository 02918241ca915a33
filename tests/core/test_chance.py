"""Dice are enumerable chance nodes with exact probabilities."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablesports.core.chance import D3, D6, D8, TWO_D6, Dice, Roll, sample_outcome


@pytest.mark.parametrize("dice", [D3, D6, D8, TWO_D6, Dice(3, 6)])
def test_outcomes_cover_every_face_with_probabilities_summing_to_one(dice: Dice) -> None:
    outcomes = dice.outcomes()
    assert len(outcomes) == dice.sides**dice.count
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
    assert len({o for o, _ in outcomes}) == len(outcomes)


def test_two_d6_total_of_seven_has_probability_one_sixth() -> None:
    p7 = sum(p for o, p in TWO_D6.outcomes() if o.total == 7)
    assert Fraction(p7).limit_denominator(1000) == Fraction(1, 6)


@given(st.integers(1, 6), st.integers(1, 6))
def test_roll_text_parses_back(a: int, b: int) -> None:
    roll = TWO_D6.roll(a, b)
    assert str(roll) == f"2D6={a}+{b}"
    assert TWO_D6.parse(str(roll)) == roll


def test_forcing_an_impossible_face_is_refused_with_the_allowed_range() -> None:
    with pytest.raises(ValueError, match="from 1 to 6"):
        D6.roll(7)
    with pytest.raises(ValueError, match="expected a D8 roll"):
        D8.parse("D6=3")


def test_sampling_follows_the_probabilities() -> None:
    rng = random.Random(5)
    counts = Counter(sample_outcome(D3.outcomes(), rng).value for _ in range(30_000))
    assert set(counts) == {1, 2, 3}
    assert all(abs(n / 30_000 - 1 / 3) < 0.015 for n in counts.values())


def test_a_roll_is_a_hashable_value() -> None:
    assert {Roll("D6", (4,)), D6.roll(4)} == {D6.roll(4)}
    assert D6.roll(4).value == 4 and TWO_D6.roll(2, 5).total == 7
