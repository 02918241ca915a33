"""Integer ids for every player action (for RL): the action families, each enumerated over the
shirt numbers the two teams use and the squares of the pitch. A new action kind adds its
family to `FAMILIES`."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from tablesports.core.protocol import ActionCodec
from tablesports.games.bloodbowl.actions import (
    Accept,
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
    Place,
    Remove,
    Reserve,
    Select,
    SelectionDone,
    SetupDone,
    Shift,
    UseApothecary,
    UseBribe,
    UseFormation,
)
from tablesports.games.bloodbowl.pitch import HEIGHT, WIDTH
from tablesports.games.bloodbowl.rules_data import formations
from tablesports.games.bloodbowl.turn.actions import (
    AIM_VERBS,
    FACES,
    KINDS,
    SKILL_USES,
    Aim,
    Bite,
    Brawl,
    ChooseDie,
    Declare,
    FollowUp,
    Fumblerooski,
    HatredReroll,
    Interfere,
    MovePath,
    NoDumpOff,
    PuntAim,
    PushCrowd,
    PushTo,
    Reroll,
    SkillUse,
)

SQUARES = [(x, y) for y in range(HEIGHT) for x in range(WIDTH)]


def _fixed() -> Iterable[Any]:
    yield from (CallToss("heads"), CallToss("tails"), Choose("kick"), Choose("receive"))
    yield from (SetupDone(), SelectionDone(), Argue(), UseBribe(), Accept())
    yield from (EndActivation(), EndCharge(), EndTurn(), UseApothecary(True), UseApothecary(False))
    yield from (UseFormation(name) for name in formations())


def _by_number(numbers: Sequence[int]) -> Iterable[Any]:
    for make in (Reserve, Remove, Kicker, Select, GiveBall):
        yield from (make(n) for n in numbers)


def _by_square(numbers: Sequence[int]) -> Iterable[Any]:
    for make in (KickAt, BallAt):
        yield from (make(x, y) for x, y in SQUARES)
    for make2 in (Place, Shift):
        yield from (make2(n, x, y) for n in numbers for x, y in SQUARES)


def _team_turn(numbers: Sequence[int]) -> Iterable[Any]:
    yield from (Declare(kind, n) for kind in KINDS for n in numbers)
    yield from (MovePath(n, x, y) for n in numbers for x, y in SQUARES)
    yield from (Aim(verb, x, y) for verb in AIM_VERBS for x, y in SQUARES)
    yield from (ChooseDie(face) for face in FACES)
    yield from (Reroll(True), Reroll(False), PushCrowd(), FollowUp(True), FollowUp(False))
    yield Brawl()
    yield HatredReroll()
    yield Fumblerooski()
    yield from (PuntAim(axis, edge) for axis, edge in (("x", 0), ("x", 25), ("y", 0), ("y", 14)))
    yield NoDumpOff()
    yield from (Bite(n) for n in numbers)
    yield from (Interfere(n) for n in (0, *numbers))
    yield from (PushTo(x, y) for x, y in SQUARES)


def _skill_uses(numbers: Sequence[int]) -> Iterable[Any]:
    """bb-newteams: the yes-or-no choices of Wrestle, Fend, Pro, Plague Ridden."""
    yield from (SkillUse(k, u) for k in SKILL_USES for u in (True, False))


FAMILIES: list[Callable[[Sequence[int]], Iterable[Any]]] = [
    lambda numbers: _fixed(),
    _by_number,
    _by_square,
    _team_turn,
    _skill_uses,
]


def make_codec(numbers: Sequence[int]) -> ActionCodec:
    return ActionCodec([a for family in FAMILIES for a in family(numbers)])
