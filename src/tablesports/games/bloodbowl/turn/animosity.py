"""Animosity (BB2020 skill): a player who hands off to a team-mate of the type named in
brackets (`Animosity (Orc Linemen)`, `Animosity (all team-mates)`), or passes to a square that
such a team-mate occupies, first rolls a D6; on a 1 he refuses: the action is wasted and his
activation ends (no turnover: the ball has not left his hands)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D6, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.turn.foul_appearance import end_activation

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

RULE = "Animosity (BB2020)"
PREFIX = "Animosity ("


def _plural(name: str) -> str:
    return name[:-3] + "men" if name.endswith("man") else name + "s"


def resents(s: BloodBowlState, p: Player, q: Player) -> bool:
    """`p` has Animosity towards his team-mate `q` (by position, or all team-mates)."""
    if q.team != p.team or q is p:
        return False
    for skill in p.skills:
        if skill.startswith(PREFIX):
            towards = skill[len(PREFIX) : -1]
            if towards == "all team-mates":
                return True
            name = q.position.name
            roster = s.teams[q.team].roster
            from tablesports.games.bloodbowl.rules_data import rosters

            kinds = {_plural(name), _plural(f"{rosters()[roster].name} {name}")}
            if towards in kinds:
                return True
    return False


class Animosity(Procedure):
    """The D6 before a hand-off (`verb` "hand-off to") or a pass ("pass to") to `target`; on
    2+ the action goes on (the procedures it needs are pushed then)."""

    __slots__ = ("pid", "target", "verb")
    name = "animosity"
    rule = RULE

    def __init__(self, pid: int = -1, target: int = -1, verb: str = "") -> None:
        super().__init__()
        self.pid = pid
        self.target = target
        self.verb = verb

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D6

    def describe(self, s: BloodBowlState) -> str:
        return f"{s.players[self.pid].label()}'s Animosity"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        from tablesports.games.bloodbowl.turn.passing import HandOff, PassAction, Possession

        p = s.players[self.pid]
        q = s.players[s.pitch[self.target]]
        refuses = action.value == 1
        s.log(
            "animosity",
            f"{p.label()} (Animosity) towards {q.label()}: D6={action.value}: "
            + ("he refuses; the action is wasted." if refuses else "he goes on."),
            RULE,
            roll=action.value,
        )
        if refuses:
            end_activation(s)
        elif self.verb == "hand-off to":
            s.push(HandOff(self.pid, q.pid))
        else:
            hail_mary = self.verb == "hail mary to"
            s.push(PassAction(self.pid, self.target, hail_mary), Possession(p.team))
        return True
