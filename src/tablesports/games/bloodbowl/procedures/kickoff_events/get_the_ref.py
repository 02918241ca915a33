"""2 GET THE REF (seed): each team gains one free Bribe, lost if unused by the match's end."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.procedures.base import Procedure

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


class GetTheRef(Procedure):
    __slots__ = ()
    name = "get_the_ref"
    rule = "kick-off event 2: GET THE REF (seed)"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        for team in (0, 1):
            s.bribes[team] += 1
        s.log("bribe", "Each team gains a free Bribe.", self.rule, bribes=list(s.bribes))
        return True
