"""The full team turn (BB2020, kept by the 2025 edition): the coach activates players one at a
time for an action (`move 7`, `block 7`, `blitz 7`, `pass 7`, `hand-off 7`, `foul 7`,
`throw team-mate 9`), each player once; Blitz, Pass, Hand-off, Foul and Throw Team-mate once
per team turn; one team re-roll per turn.
A turnover or a touchdown ends the turn."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.ball import ON_GROUND
from tablesports.games.bloodbowl.pitch import NEIGHBOURS
from tablesports.games.bloodbowl.players import PRONE, STANDING
from tablesports.games.bloodbowl.procedures.team_turn import END_TURN, TeamTurn
from tablesports.games.bloodbowl.turn.actions import Declare
from tablesports.games.bloodbowl.turn.activation import Activation, carrying
from tablesports.games.bloodbowl.turn.goblin_actions import SKILLS as GOBLIN_SKILLS
from tablesports.games.bloodbowl.turn.goblin_actions import declarable as goblin_declarable

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

ONCE_PER_TURN = (
    "blitz",
    "pass",
    "hand-off",
    "foul",
    "throw team-mate",
    "kick team-mate",
    "punt",
    "throw bomb",
)


def declarable(s: BloodBowlState, p: Player, once_used: list[str]) -> list[str]:
    """The actions `p` may be activated for now (never one that could do nothing at all)."""
    return _declarable(s, p, once_used, _context(s, p.team))


def _context(s: BloodBowlState, team: int) -> tuple[bool, bool, Player | None, bool]:
    """What every player of `team` shares: an opponent Standing, one down, the ball."""
    players = s.players
    up = down = False
    for i in s.team_pids[1 - team]:
        q = players[i]
        if q.square >= 0:
            if q.stance == STANDING:
                up = True
            else:
                down = True
    return up, down, s.carrier(), s.ball_state == ON_GROUND


def _declarable(
    s: BloodBowlState, p: Player, once_used: list[str], ctx: tuple[bool, bool, Any, bool]
) -> list[str]:
    if p.used or p.square < 0 or p.stance not in (STANDING, PRONE):
        return []
    up, down, holder, loose = ctx
    out = ["move"]
    pitch, players = s.pitch, s.players
    # a Block needs a Standing opponent next to him (`up`: one Standing somewhere)
    if up and (p.stance == STANDING or "Jump Up" in p.skills):  # Jump Up: a Block from Prone
        for sq in NEIGHBOURS[p.square]:
            q = pitch[sq]
            if q >= 0 and players[q].team != p.team and players[q].stance == STANDING:
                out.append("block")
                if p.stance == STANDING and "Projectile Vomit" in p.skills:
                    out.append("projectile vomit")
                if p.stance == STANDING and "Stab" in p.skills:
                    out.append("stab")
                if p.stance == STANDING and "Breathe Fire" in p.skills:
                    out.append("breathe fire")
                break
    if up and "blitz" not in once_used:
        out.append("blitz")
    if up and "Hypnotic Gaze" in p.skills:  # no limit a turn
        out.append("hypnotic gaze")
    # Pass and Hand-off only when he holds the ball or may pick it up on the way
    if (holder is p or loose) and not p.no_ball() and "My Ball" not in p.skills:
        if "pass" not in once_used and p.pa > 0:
            out.append("pass")
        if "hand-off" not in once_used:
            out.append("hand-off")
        if "Punt" in p.skills and "punt" not in once_used:  # Punt (2025): turn/punt.py
            out.append("punt")
    if down and "foul" not in once_used:
        out.append("foul")
    # Throw Team-mate (BB2020): a Standing player with the skill and a passing ability
    if (
        "Throw Team-mate" in p.skills
        and p.pa > 0
        and "throw team-mate" not in once_used
        and right_stuff_standing(s, p)
    ):
        out.append("throw team-mate")
    # Kick Team-mate (BB2020 trait): a Special action of its own, once a team turn
    if (
        "Kick Team-mate" in p.skills
        and "kick team-mate" not in once_used
        and right_stuff_standing(s, p)
    ):
        out.append("kick team-mate")
    if not GOBLIN_SKILLS.isdisjoint(p.skills):  # Chainsaw, Bombardier, Ball & Chain
        return goblin_declarable(s, p, once_used, out)
    return out


def right_stuff_standing(s: BloodBowlState, p: Player) -> bool:
    """A team-mate he could throw is Standing on the pitch (he may walk up to him first)."""
    for pid in s.team_pids[p.team]:
        q = s.players[pid]
        if q is not p and q.square >= 0 and q.stance == STANDING and q.has("Right Stuff"):
            return True
    return False


_DECLARE: dict[int, dict[str, Declare]] = {}
"""By shirt number, by kind: the Declare actions made so far (made once each)."""


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
        ctx = _context(s, self.team)
        once = self.once_used
        players = s.players
        for pid in s.team_pids[self.team]:  # in shirt-number order
            p = players[pid]
            kinds = _declarable(s, p, once, ctx)
            if not kinds:
                continue
            made = _DECLARE.get(p.number)
            if made is None:
                made = _DECLARE[p.number] = {}
            for kind in kinds:
                a = made.get(kind)
                if a is None:
                    a = made[kind] = Declare(kind, p.number)
                out.append(a)
        return out

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
