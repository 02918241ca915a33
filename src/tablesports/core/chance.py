"""Dice and other chance outcomes with exact probabilities.

A chance node lists `(outcome, probability)` pairs; the outcomes are ordinary actions applied by
the chance player, so tests force any roll by applying the outcome they want.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product
from typing import TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Roll:
    """The outcome of a roll: the die's name and the faces shown, e.g. Roll("2D6", (3, 5))."""

    die: str
    faces: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.faces)

    @property
    def value(self) -> int:
        """The single face of a one-die roll (the total for several dice)."""
        return self.faces[0] if len(self.faces) == 1 else sum(self.faces)

    def __str__(self) -> str:
        return f"{self.die}={'+'.join(map(str, self.faces))}"


@dataclass(frozen=True, slots=True)
class Dice:
    """`count` dice of `sides` sides, e.g. Dice(2, 6) is 2D6; `ordered` keeps each die apart."""

    count: int
    sides: int

    @property
    def name(self) -> str:
        return f"{'' if self.count == 1 else self.count}D{self.sides}"

    def outcomes(self) -> list[tuple[Roll, float]]:
        """Every ordered combination of faces, each with its exact probability."""
        return list(_outcomes(self.count, self.sides))

    def roll(self, *faces: int) -> Roll:
        """The outcome with the given faces, for tests that force the dice."""
        if len(faces) != self.count or any(not 1 <= f <= self.sides for f in faces):
            raise ValueError(
                f"{self.name} shows {self.count} face(s) from 1 to {self.sides}, got {faces}"
            )
        return Roll(self.name, tuple(faces))

    def parse(self, text: str) -> Roll:
        """Read the text form `D6=4` or `2D6=3+5`."""
        name, sep, faces = text.partition("=")
        if not sep or name != self.name:
            raise ValueError(f"expected a {self.name} roll like {self.roll(*[1] * self.count)}")
        try:
            return self.roll(*(int(f) for f in faces.split("+")))
        except ValueError as exc:
            raise ValueError(f"bad {self.name} roll {text!r}: {exc}") from None


@cache
def _outcomes(count: int, sides: int) -> tuple[tuple[Roll, float], ...]:
    name = Dice(count, sides).name
    p = float(Fraction(1, sides**count))
    return tuple((Roll(name, faces), p) for faces in product(range(1, sides + 1), repeat=count))


D3 = Dice(1, 3)
D6 = Dice(1, 6)
D8 = Dice(1, 8)
TWO_D6 = Dice(2, 6)
DICE_BY_NAME = {d.name: d for d in (D3, D6, D8, TWO_D6, Dice(3, 6), Dice(2, 8))}


def sample_outcome(outcomes: Sequence[tuple[T, float]], rng: random.Random) -> T:
    """Draw one outcome from `(outcome, probability)` pairs with one uniform number."""
    x = rng.random()
    acc = 0.0
    for outcome, p in outcomes:
        acc += p
        if x < acc:
            return outcome
    return outcomes[-1][0]  # rounding: the probabilities may add up to 0.9999999
