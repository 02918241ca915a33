"""The full team turn (BB2020, kept by the 2025 edition): the coach activates players one at a
time for an action (`move 7`, `block 7`, `blitz 7`, `pass 7`, `hand-off 7`, `foul 7`), each
player once; Blitz, Pass, Hand-off and Foul once per team turn; one team re-roll per turn.
A turnover or a touchdown ends the turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.pitch import NEIGHBOURS
from tablesports.games.bloodbowl.players import PRONE, STANDING
from tablesports.games.bloodbowl.procedures.team_turn import END_TURN, TeamTurn
from tablesports.games.bloodbowl.turn.actions import Declare
from tablesports.games.bloodbowl.turn.activation import Activation, carrying

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

ONCE_PER_TURN = ("blitz", "pass", "hand-off", "foul")


def declarable(s: BloodBowlState, p: Player, once_used: list[str]) -> list[str]:
    """The actions `p` may be activated for now (never one that could do nothing at all)."""
    if p.used or p.square < 0 or p.stance not in (STANDING, PRONE):
        return []
    out = ["move"]
    pitch, players = s.pitch, s.players
    if p.stance == STANDING and any(
        pitch[sq] >= 0
        and players[pitch[sq]].team != p.team
        and players[pitch[sq]].stance == STANDING
        for sq in NEIGHBOURS[p.square]
    ):
        out.append("block")
    opponents = [players[i] for i in s.team_pids[1 - p.team] if players[i].square >= 0]
    if "blitz" not in once_used and any(q.stance == STANDING for q in opponents):
        out.append("blitz")
    holder = s.carrier()
    # Pass and Hand-off only when he holds the ball or may pick it up on the way
    reachable_ball = holder is p or s.ball_state == "ground"
    if not p.has("No Hands") and reachable_ball:
        if "pass" not in once_used and p.pa > 0:
            out.append("pass")
        if "hand-off" not in once_used:
            out.append("hand-off")
    if "foul" not in once_used and any(q.stance != STANDING for q in opponents):
        out.append("foul")
    return out


class FullTeamTurn(TeamTurn):
    """The team turn with every action; `once_used` lists the once-per-turn actions taken."""

    __slots__ = ("once_used", "reroll_used")
    name = "team_turn"

    def __init__(self, team: int = 0) -> None:
        super().__init__(team)
        self.once_used: list[str] = []
        self.reroll_used = False

    def legal(self, s: BloodBowlState) -> list[Any]:
        out: list[Any] = [END_TURN]
        for pid in self.order(s):
            p = s.players[pid]
            for kind in declarable(s, p, self.once_used):
                out.append(Declare(kind, p.number))
        return out

    def order(self, s: BloodBowlState) -> list[int]:
        return sorted(s.team_pids[self.team], key=lambda i: s.players[i].number)

    def why(self, s: BloodBowlState, action: Any) -> str:
        if isinstance(action, Declare):
            p = s.player(self.team, action.number)
            if p is None:
                return f"{s.team_name(self.team)} have no player #{action.number}"
            if p.used:
                return f"{p.label()} was activated already this turn"
            if p.square < 0 or p.stance not in (STANDING, PRONE):
                return f"{p.label()} must be on the pitch and not Stunned to be activated"
            if action.kind in self.once_used:
                return f"a team may take one {action.kind} action a turn (BB2020)"
            return (
                f"{p.label()} cannot take a {action.kind} action now: "
                f"{', '.join(declarable(s, p, self.once_used)) or 'no action'} is possible"
            )
        return super().why(s, action)

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if self.phase == 0:
            self.once_used = []
            self.reroll_used = False
            return self._start(s)
        if isinstance(action, Declare):
            kind = action.kind
            p = s.player(self.team, action.number)
            assert p is not None
            p.used = True
            if kind in ONCE_PER_TURN:
                self.once_used.append(kind)
            s.log(
                "activate",
                f"{p.label()} takes a {kind} action.",
                self.rule,
                action=kind,
                player=p.number,
            )
            s.push(Activation(p.pid, kind))
            return False
        return self._end(s)


__all__ = ["FullTeamTurn", "carrying"]
