"""End of drive, step 1 (seed): every player with Secret Weapon who played in the drive is
sent off, as for a Foul, even if no longer on the pitch. The coach may Argue the Call (D6,
BB2020 table) and, if that fails, or instead, use a Bribe (D6 2+: not sent off)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D6, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.actions import Accept, Argue, UseBribe
from tablesports.games.bloodbowl.players import CASUALTY, RESERVES, SENT_OFF
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.tables import ARGUE, NUMBERS

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState

ACCEPT, ARGUE_CALL, USE_BRIBE = Accept(), Argue(), UseBribe()
DECIDE, ARGUING, BRIBING = 0, 1, 2


class SecretWeapons(Procedure):
    """`queue` holds the players still to be dealt with; `phase` is DECIDE, ARGUING or BRIBING
    for the first of them; `argued` says the call was argued for him already."""

    __slots__ = ("argued", "queue", "started")
    name = "secret_weapons"
    rule = "end of drive 1: Secret Weapons are sent off (seed)"

    def __init__(self) -> None:
        super().__init__()
        self.queue: list[int] = []
        self.argued = False
        self.started = False

    def actor(self, s: BloodBowlState) -> int | None:
        if not self.started or not self.queue:
            return None
        return s.players[self.queue[0]].team if self.phase == DECIDE else CHANCE

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D6

    def legal(self, s: BloodBowlState) -> list[Any]:
        team = s.players[self.queue[0]].team
        out: list[Any] = [ACCEPT]
        if not self.argued and not s.coach_ejected[team]:
            out.append(ARGUE_CALL)
        if s.bribes[team] > 0:
            out.append(USE_BRIBE)
        return out

    def describe(self, s: BloodBowlState) -> str:
        return f"{s.players[self.queue[0]].label()} (Secret Weapon) is sent off"

    def why(self, s: BloodBowlState, action: Any) -> str:
        team = s.players[self.queue[0]].team
        if isinstance(action, Argue):
            if s.coach_ejected[team]:
                return "the head coach was sent off and may argue no more calls (BB2020)"
            return "the call was argued already"
        if isinstance(action, UseBribe):
            return f"{s.team_name(team)} have no Bribe"
        return f"{self.describe(s)}: 'accept', 'argue the call' or 'use bribe'"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if not self.started:
            self.started = True
            self.queue = [
                p.pid
                for p in s.players
                if p.played and p.has("Secret Weapon") and p.box not in (CASUALTY, SENT_OFF)
            ]
            return not self.queue
        if not self.queue:
            return True
        p = s.players[self.queue[0]]
        if self.phase == DECIDE:
            if isinstance(action, Accept):
                return self._send_off(s)
            if isinstance(action, Argue):
                self.phase, self.argued = ARGUING, True
            else:
                s.bribes[p.team] -= 1
                self.phase = BRIBING
            return False
        if self.phase == ARGUING:
            entry = ARGUE[action.value]
            s.log(
                "argue",
                f"{s.team_name(p.team)} argue the call ({action}): {entry.name} {entry.text}",
                "Argue the Call (BB2020)",
                roll=action.value,
            )
            if entry.result == "ejected":
                s.coach_ejected[p.team] = True
            if entry.result == "overturned":
                return self._stays(s)
            self.phase = DECIDE
            return False
        if action.value >= NUMBERS.bribe:
            s.log("bribe", f"The Bribe works ({action}).", "Bribe (BB2020)")
            return self._stays(s)
        s.log("bribe", f"The Bribe fails ({action}).", "Bribe (BB2020)")
        self.phase = DECIDE
        return False

    def _send_off(self, s: BloodBowlState) -> bool:
        p = s.players[self.queue.pop(0)]
        s.take_off(p, SENT_OFF)
        s.log("sent_off", f"{p.label()} is sent off (Secret Weapon).", self.rule)
        return self._next(s)

    def _stays(self, s: BloodBowlState) -> bool:
        p = s.players[self.queue.pop(0)]
        if p.square >= 0:
            s.take_off(p, RESERVES)
        s.log("sent_off", f"{p.label()} is not sent off.", self.rule)
        return self._next(s)

    def _next(self, s: BloodBowlState) -> bool:
        self.phase, self.argued = DECIDE, False
        return not self.queue
