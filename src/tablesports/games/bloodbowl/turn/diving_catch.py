"""Diving Catch (2025 skill): when a pass, a throw-in or the kick-off comes down on an empty
square in the tackle zone of a Standing player with this skill, he may try to catch it from
where he stands (`select 8`, or `selection done`); not when the ball bounces there. And +1 to
his catch of an accurate pass when he stands in its target square (turn/passing.py).

House rules: of several such players one tries, chosen first by the coach of the team whose
turn it is (the receiving team at the kick-off), then by the other coach; the
catch is the usual one for that ball (a scattered pass's, or the loose ball's for a throw-in
or the kick-off), and a failed catch bounces from the catcher's square, as any failed catch."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.actions import Select, SelectionDone
from tablesports.games.bloodbowl.ball import ON_GROUND
from tablesports.games.bloodbowl.pitch import NEIGHBOURS
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.loose_ball import THROW_IN_CATCHES, Bounce, Catch
from tablesports.games.bloodbowl.turn.common import active_team, has_tackle_zone

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState

SKILL = "Diving Catch"
RULE = "Diving Catch (2025)"
PASS, THROW_IN, KICK_OFF = "pass", "throw-in", "kick-off"
NO_CATCH = SelectionDone()
PASS_CATCH: list[Any] = []
"""The catch of a pass (turn/passing.py's TurnCatch, which puts itself here: passing imports
this module)."""


def divers(s: BloodBowlState, team: int, square: int) -> list[int]:
    """The players of `team` with Diving Catch who may try for a ball coming down on the
    empty `square` next to them."""
    out = []
    pitch, players = s.pitch, s.players
    for sq in NEIGHBOURS[square]:
        pid = pitch[sq]
        if pid >= 0:
            q = players[pid]
            if q.team == team and SKILL in q.skills and has_tackle_zone(q) and not q.no_ball():
                out.append(pid)
    return out


def target_bonus(s: BloodBowlState, square: int) -> int:
    """+1 to the catch of an accurate pass by a player with Diving Catch in its target
    square."""
    pid = s.pitch[square]
    return 1 if pid >= 0 and SKILL in s.players[pid].skills else 0


def diving_catch(s: BloodBowlState, square: int, team: int, how: str, mod: int = 0) -> bool:
    """The ball comes down on the empty `square` after a pass, throw-in or kick-off (`how`):
    push the Diving Catch decision and say True, when a player may try (`team` decides
    first); else False (the ball bounces or rests as usual)."""
    if not (divers(s, team, square) or divers(s, 1 - team, square)):
        return False
    s.push(DivingCatch(square, team, how, mod))
    return True


class DivingCatch(Procedure):
    """`team` (phase 0), then the other team (phase 1), may have a player try the catch of
    the ball on `square`; `how` says what brought it there; `mod` is a pass's catch
    modifier."""

    __slots__ = ("how", "mod", "square", "team")
    name = "diving_catch"
    rule = RULE

    def __init__(self, square: int = -1, team: int = 0, how: str = PASS, mod: int = 0) -> None:
        super().__init__()
        self.square = square
        self.team = team
        self.how = how
        self.mod = mod

    def _deciding(self) -> int:
        return self.team if self.phase == 0 else 1 - self.team

    def _divers(self, s: BloodBowlState) -> list[int]:
        return divers(s, self._deciding(), self.square) if self.phase < 2 else []

    def actor(self, s: BloodBowlState) -> int | None:
        return self._deciding() if self._divers(s) else None

    def legal(self, s: BloodBowlState) -> list[Any]:
        return [NO_CATCH, *(Select(s.players[q].number) for q in self._divers(s))]

    def describe(self, s: BloodBowlState) -> str:
        return f"a player with Diving Catch may try to catch the ball at {s.where(self.square)}"

    def why(self, s: BloodBowlState, action: Any) -> str:
        return f"{self.describe(s)}: " + ", ".join(map(str, self.legal(s)))

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if self.phase < 2 and (action is None or isinstance(action, SelectionDone)):
            self.phase += 1
            return False
        if self.phase >= 2:  # nobody tried: as without the skill
            self._as_usual(s)
            return True
        q = s.player(self._deciding(), action.number)
        assert q is not None
        s.log(
            "diving_catch",
            f"{q.label()} (Diving Catch) dives for the ball at {s.where(self.square)}.",
            RULE,
        )
        s.ball = q.square  # he catches it where he stands
        if self.how == PASS:
            s.push(PASS_CATCH[0](q.pid, q.square, self.mod))
        else:
            s.push(Catch(q.pid, self.how == KICK_OFF))
        return True

    def _as_usual(self, s: BloodBowlState) -> None:
        if self.how == THROW_IN:  # a thrown-in ball on an empty square rests there
            s.ball, s.ball_state = self.square, ON_GROUND
            s.log("ball", f"The ball comes to rest at {s.where(self.square)}.", "the ball")
        else:
            s.push(Bounce(self.square, self.how == KICK_OFF))


def _throw_in_catch(s: BloodBowlState, square: int) -> bool:
    return diving_catch(s, square, active_team(s), THROW_IN)


THROW_IN_CATCHES.append(_throw_in_catch)
