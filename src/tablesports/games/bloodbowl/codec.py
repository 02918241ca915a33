"""Integer ids for every player action (for RL): the action families, each enumerated over the
shirt numbers the two teams use and the squares of the pitch. A new action kind adds its
family to `FAMILIES`."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from tablesports.core.protocol import ActionCodec
from tablesports.games.bloodbowl.actions import (
    Accept,
    Activate,
    Argue,
    BallAt,
    CallToss,
    Choose,
    EndActivation,
    EndCharge,
    EndTurn,
    GiveBall,
    KickAt,
    Kicker,
    MoveTo,
    Place,
    Remove,
    Reserve,
    Select,
    SelectionDone,
    SetupDone,
    Shift,
    UseBribe,
    UseFormation,
)
from tablesports.games.bloodbowl.pitch import HEIGHT, WIDTH
from tablesports.games.bloodbowl.rules_data import formations

SQUARES = [(x, y) for y in range(HEIGHT) for x in range(WIDTH)]


def _fixed() -> Iterable[Any]:
    yield from (CallToss("heads"), CallToss("tails"), Choose("kick"), Choose("receive"))
    yield from (SetupDone(), SelectionDone(), Argue(), UseBribe(), Accept())
    yield from (EndActivation(), EndCharge(), EndTurn())
    yield from (UseFormation(name) for name in formations())


def _by_number(numbers: Sequence[int]) -> Iterable[Any]:
    for make in (Reserve, Remove, Kicker, Select, GiveBall, Activate):
        yield from (make(n) for n in numbers)


def _by_square(numbers: Sequence[int]) -> Iterable[Any]:
    for make in (KickAt, BallAt, MoveTo):
        yield from (make(x, y) for x, y in SQUARES)
    for make2 in (Place, Shift):
        yield from (make2(n, x, y) for n in numbers for x, y in SQUARES)


FAMILIES: list[Callable[[Sequence[int]], Iterable[Any]]] = [
    lambda numbers: _fixed(),
    _by_number,
    _by_square,
]


def make_codec(numbers: Sequence[int]) -> ActionCodec:
    return ActionCodec([a for family in FAMILIES for a in family(numbers)])
