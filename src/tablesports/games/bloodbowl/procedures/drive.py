"""A drive: the start-of-drive sequence, team turns until a touchdown or the end of the
half's turns, and the end-of-drive sequence."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.deviate import Deviate
from tablesports.games.bloodbowl.procedures.drive_end_effects import DriveEndEffects
from tablesports.games.bloodbowl.procedures.drive_expiry import DriveExpiry
from tablesports.games.bloodbowl.procedures.kickoff_event import KickoffEvent
from tablesports.games.bloodbowl.procedures.ko_recovery import KORecovery
from tablesports.games.bloodbowl.procedures.landing import Landing
from tablesports.games.bloodbowl.procedures.nominate_kicker import NominateKicker
from tablesports.games.bloodbowl.procedures.place_kick import PlaceKick
from tablesports.games.bloodbowl.procedures.secret_weapons import SecretWeapons
from tablesports.games.bloodbowl.procedures.setup import Setup
from tablesports.games.bloodbowl.procedures.swarming import Swarming
from tablesports.games.bloodbowl.turn.activation import OnTheBall
from tablesports.games.bloodbowl.turn.team_turn import FullTeamTurn as TeamTurn

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.state import BloodBowlState


class Drive(Procedure):
    """Phase 0: start of drive; 1: team turns; 2: the end-of-drive sequence has run."""

    __slots__ = ("kicking", "next_team")
    name = "drive"
    rule = "the start of drive sequence: set-up, kick-off, kick-off event (seed)"

    def __init__(self, kicking: int) -> None:
        super().__init__()
        self.kicking = kicking
        self.next_team = 1 - kicking

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if self.phase == 0:
            return self._start(s)
        if self.phase == 1:
            team = self.next_team
            if s.scorer < 0 and s.turn[team] < s.turns_per_half:
                self.next_team = 1 - team
                s.push(TeamTurn(team))
                return False
            why = "a touchdown" if s.scorer >= 0 else "no turns left in the half"
            s.log("drive", f"The drive ends: {why}.", "the end of a drive (seed)")
            self.phase = 2
            s.push(SecretWeapons(), DriveEndEffects(), KORecovery(), DriveExpiry())
            return False
        return True

    def _start(self, s: BloodBowlState) -> bool:
        self.phase = 1
        s.drive += 1
        s.kicking = self.kicking
        s.scorer = -1
        s.kicker = -1
        for p in s.players:
            p.played = False
        s.log(
            "drive",
            f"Drive {s.drive}: {s.team_name(self.kicking)} kick to "
            f"{s.team_name(1 - self.kicking)}.",
            self.rule,
            drive=s.drive,
            kicking=self.kicking,
        )
        empty = [t for t in (self.kicking, 1 - self.kicking) if not s.available(t)]
        if empty:
            # house rule: a team with no player to set up concedes a touchdown, and the half
            # ends (both turn markers to the last turn), so the match always ends
            for t in empty:
                s.score[1 - t] += 1
                s.log(
                    "touchdown",
                    f"{s.team_name(t)} have no player to set up: "
                    f"{s.team_name(1 - t)} are awarded a touchdown.",
                    "house rule",
                )
            s.turn = [s.turns_per_half, s.turns_per_half]
            return False
        s.push(
            Setup(self.kicking),
            Setup(1 - self.kicking),
            NominateKicker(self.kicking),
            PlaceKick(self.kicking),
            Deviate(),
            Swarming([self.kicking, 1 - self.kicking]),
            OnTheBall(1 - self.kicking, kickoff=True),
            KickoffEvent(),
            Landing(),
        )
        return False
