"""The Foul (BB2020): an armour roll against a Prone or Stunned opponent next to the fouler,
+1 per offensive assist and -1 per defensive assist (as for a Block), Dirty Player adding
its bonus to the armour or the injury roll; a double on either roll means the referee saw
it: the fouler is sent off (argue the call, Bribe) and the turn ends."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.turn.block import assists
from tablesports.games.bloodbowl.turn.data import TN
from tablesports.games.bloodbowl.turn.injury import ArmourInjury

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState

DIRTY_PLAYER_2025 = 1
"""Dirty Player (2025): +1 to the armour or the injury roll of a Foul."""


class Foul(Procedure):
    __slots__ = ("pid", "victim")
    name = "foul"
    rule = "the Foul (BB2020)"

    def __init__(self, pid: int = -1, victim: int = -1) -> None:
        super().__init__()
        self.pid = pid
        self.victim = victim

    def step(self, s: BloodBowlState, action: Any) -> bool:
        p, v = s.players[self.pid], s.players[self.victim]
        mod = assists(s, p.team, v, p) - assists(s, v.team, p, v)
        bonus = TN.dirty_player if p.has("Dirty Player (+2)") else 0
        if "Dirty Player (+1)" in p.skills:  # the 2025 skill: +1 (turn.toml's is BB2020's +2)
            bonus = DIRTY_PLAYER_2025
        s.log("foul", f"{p.label()} fouls {v.label()} (assists {mod:+d}).", self.rule, modifier=mod)
        s.push(ArmourInjury(self.victim, bonus=bonus, modifier=mod, fouler=self.pid))
        return True
