"""Nominating the kicking player (seed): on the pitch, not on the line of scrimmage (as long as
another player can kick) and not in a wide zone."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.actions import Kicker
from tablesports.games.bloodbowl.pitch import IS_LOS, IS_WIDE
from tablesports.games.bloodbowl.procedures.base import Procedure

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState


def eligible_kickers(s: BloodBowlState, team: int) -> list[Player]:
    """The seed's choice, widened only when nobody fits: first off the line and out of the wide
    zones; else out of the wide zones (the seed's "as long as there is another player");
    else anyone on the pitch (house rule)."""
    on = sorted(s.on_pitch(team), key=lambda p: p.number)
    for test in (
        lambda p: not IS_LOS[p.square] and not IS_WIDE[p.square],
        lambda p: not IS_WIDE[p.square],
        lambda p: True,
    ):
        chosen = [p for p in on if test(p)]
        if chosen:
            return chosen
    return []


class NominateKicker(Procedure):
    __slots__ = ("team",)
    name = "nominate_kicker"
    rule = "nominating the kicking player (seed)"

    def __init__(self, team: int) -> None:
        super().__init__()
        self.team = team

    def actor(self, s: BloodBowlState) -> int | None:
        return self.team

    def legal(self, s: BloodBowlState) -> list[Any]:
        return [Kicker(p.number) for p in eligible_kickers(s, self.team)]

    def describe(self, s: BloodBowlState) -> str:
        return f"{s.team_name(self.team)}: nominate the kicking player"

    def why(self, s: BloodBowlState, action: Any) -> str:
        if isinstance(action, Kicker):
            return (
                "the kicker must be on the pitch, not on the line of scrimmage (while another "
                "player can kick) and not in a wide zone (seed)"
            )
        return f"{self.describe(s)}: 'kicker N'"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        p = s.player(self.team, action.number)
        assert p is not None
        s.kicker = p.pid
        s.log("kicker", f"{s.team_name(self.team)} nominate {p.label()} to kick.", self.rule)
        return True
