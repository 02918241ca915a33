"""What the team-turn procedures share: the team turn on the stack, team re-rolls, tackle
zones, turnovers, and the base of every D6 test that may be re-rolled."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from tablesports.core.chance import D6, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.pitch import NEIGHBOURS, SIZE, WIDTH
from tablesports.games.bloodbowl.players import STANDING
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.tests_of_skill import describe_test, passes
from tablesports.games.bloodbowl.turn.actions import Reroll
from tablesports.games.bloodbowl.turn.data import TN
from tablesports.games.bloodbowl.turn.pro import USE_PRO, pro_ready, pro_roll, try_pro

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

REROLL, NO_REROLL = Reroll(True), Reroll(False)
TURN_PROCS = ("team_turn",)


def team_turn(s: BloodBowlState) -> Any | None:
    """The team turn in progress (None during the kick-off, e.g. CHARGE!)."""
    for proc in reversed(s.stack):
        if proc.name in TURN_PROCS:
            return proc
    return None


def active_team(s: BloodBowlState) -> int:
    tt = team_turn(s)
    return tt.team if tt is not None else s.kicking


def can_team_reroll(s: BloodBowlState, team: int) -> bool:
    """A team re-roll is left, it is the team's own turn and none was used this turn (BB2020)."""
    tt = team_turn(s)
    return (
        tt is not None
        and tt.team == team
        and not getattr(tt, "reroll_used", True)
        and s.rerolls[team] + s.free_rerolls[team] > 0
    )


def spend_team_reroll(s: BloodBowlState, team: int) -> None:
    """Mark the turn's team re-roll used; the free one (BRILLIANT COACHING) goes first."""
    tt = team_turn(s)
    assert tt is not None
    tt.reroll_used = True
    if s.free_rerolls[team]:
        s.free_rerolls[team] -= 1
    else:
        s.rerolls[team] -= 1
    s.log("reroll", f"{s.team_name(team)} use a team re-roll.", "team re-rolls (BB2020)")


def loner_target(p: Player) -> int:
    for skill in p.skills:
        if skill.startswith("Loner"):
            return int(skill[-3]) if skill.endswith("+)") else TN.loner_roll
    return 0


def has_tackle_zone(p: Player) -> bool:
    """Standing and not distracted (Bone Head, Really Stupid, Animal Savagery)."""
    return p.stance == STANDING and p.square >= 0 and not p.distracted


def tackle_zones(s: BloodBowlState, team: int, dodging_into: bool = False) -> list[int]:
    """For every square, how many opponents of `team` Mark it; `dodging_into` leaves out the
    Titchy ones (they do not count against a Dodge into their zone, BB2020)."""
    tz = [0] * SIZE
    players = s.players
    for pid in s.team_pids[1 - team]:
        q = players[pid]
        if q.square >= 0 and q.stance == STANDING and has_tackle_zone(q):
            if dodging_into and "Titchy" in q.skills:
                continue
            for sq in NEIGHBOURS[q.square]:
                tz[sq] += 1
    return tz


def marking_into(s: BloodBowlState, team: int, square: int) -> int:
    """`tackle_zones(s, team, dodging_into=True)[square]` without the other squares': the
    opponents Marking `square`, less the Titchy ones (a Dodge into it counts these)."""
    return marking(s, team, square, without="Titchy")


def marking(s: BloodBowlState, team: int, square: int, skill: str = "", without: str = "") -> int:
    """Opponents of `team` Marking `square` (only those with `skill`, when given; none with
    `without`, when given)."""
    n = 0
    pitch, players = s.pitch, s.players
    for sq in NEIGHBOURS[square]:
        pid = pitch[sq]
        if pid >= 0:
            q = players[pid]
            if (
                q.team != team
                and has_tackle_zone(q)
                and (not skill or skill in q.skills)
                and (not without or without not in q.skills)
            ):
                n += 1
    return n


def marked(s: BloodBowlState, p: Player, square: int = -1) -> int:
    """The Marking opponents counted against `p` passing, catching or interfering: none with
    Nerves of Steel (BB2020); and one more for each opponent with Disturbing Presence within
    three squares."""
    where = p.square if square < 0 else square
    near = disturbing(s, p.team, where)
    if "Nerves of Steel" in p.skills:
        return near
    return marking(s, p.team, where) + near


_TEAM_SKILLS: dict[int, tuple[Any, frozenset[str]]] = {}
"""Per team (by identity, the team kept alive beside it): every skill its players have."""


def team_has(s: BloodBowlState, team: int, skill: str) -> bool:
    """Whether a player of `team` has `skill` (cached: a team's players never change)."""
    t = s.teams[team]
    known = _TEAM_SKILLS.get(id(t))
    if known is None or known[0] is not t:
        if len(_TEAM_SKILLS) > 1000:  # teams read from many positions: start afresh
            _TEAM_SKILLS.clear()
        skills = frozenset(k for pid in s.team_pids[team] for k in s.players[pid].skills)
        known = _TEAM_SKILLS[id(t)] = (t, skills)
    return skill in known[1]


def disturbing(s: BloodBowlState, team: int, square: int) -> int:
    """Opponents of `team` with Disturbing Presence within three squares of `square`, even
    Prone, Stunned or distracted (BB2020): each is -1 to a pass, a throw of a team-mate, a
    catch or an interference."""
    if square < 0 or not team_has(s, 1 - team, "Disturbing Presence"):
        return 0
    n = 0
    x, y = square % WIDTH, square // WIDTH
    players = s.players
    for pid in s.team_pids[1 - team]:
        q = players[pid]
        sq = q.square
        near = sq >= 0 and abs(sq % WIDTH - x) <= 3 and abs(sq // WIDTH - y) <= 3
        if near and "Disturbing Presence" in q.skills:
            n += 1
    return n


def turnover(s: BloodBowlState, why: str) -> None:
    if not s.turnover:
        s.turnover = True
        s.log("turnover", f"Turnover: {why}.", "turnovers (BB2020)")


class Test(Procedure):
    """A D6 test for player `pid` that a skill or a team re-roll may repeat once (BB2020).

    Phase 0 rolls; phase 1 the coach decides to use a team re-roll (or Pro, 2025); phase 2
    rolls for Loner; phase 3 is Pro's D6. Subclasses give `target`, `modifier`, `succeed` and
    `fail`; `skill` re-rolls by itself.
    """

    __slots__ = ("last", "pid", "rerolled", "square")
    kind: ClassVar[str] = "test"
    skill: ClassVar[str] = ""
    plain_check: ClassVar[bool] = True
    """`check` is `Test.check` (`passes` of `target` and `modifier`), set for each subclass."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.plain_check = cls.check is Test.check

    def __init__(self, pid: int = -1, square: int = -1) -> None:
        super().__init__()
        self.pid = pid
        self.square = square
        self.rerolled = False
        self.last = 0

    def live(self, s: BloodBowlState) -> bool:
        """False when the test no longer applies (the player went down meanwhile)."""
        return s.players[self.pid].standing

    def actor(self, s: BloodBowlState) -> int | None:
        if not self.live(s):
            return None
        return s.players[self.pid].team if self.phase == 1 else CHANCE

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D6

    def legal(self, s: BloodBowlState) -> list[Any]:
        p = s.players[self.pid]
        out: list[Any] = [REROLL, NO_REROLL] if can_team_reroll(s, p.team) else [NO_REROLL]
        if pro_ready(s, p):
            out.append(USE_PRO)
        return out

    def describe(self, s: BloodBowlState) -> str:
        p = s.players[self.pid]
        if self.phase == 1:
            return f"{p.label()} failed a {self.kind}: use a team re-roll?"
        return f"{p.label()}: {self.kind} roll"

    def why(self, s: BloodBowlState, action: Any) -> str:
        return f"{self.describe(s)} ('reroll' or 'no reroll')"

    def target(self, s: BloodBowlState, p: Player) -> int:
        return p.ag

    def modifier(self, s: BloodBowlState, p: Player) -> int:
        return 0

    def succeed(self, s: BloodBowlState, p: Player) -> None: ...

    def fail(self, s: BloodBowlState, p: Player) -> None: ...

    def check(self, s: BloodBowlState, p: Player, roll: int) -> bool:
        return passes(roll, self.target(s, p), self.modifier(s, p))

    def step(self, s: BloodBowlState, action: Any) -> bool:
        if action is None:
            return True
        p = s.players[self.pid]
        if self.phase == 3:  # Pro's D6 (2025)
            self.phase = 0
            if pro_roll(s, p, action.value):
                return False
            self.fail(s, p)
            return True
        if self.phase == 1:
            if action == USE_PRO:
                try_pro(s, p)
                self.rerolled = True  # no other re-roll for this die
                self.phase = 3
                return False
            if not action.use:
                self.fail(s, p)
                return True
            spend_team_reroll(s, p.team)
            self.rerolled = True
            self.phase = 2 if loner_target(p) else 0
            return False
        if self.phase == 2:
            ok = action.value >= loner_target(p)
            s.log(
                "loner",
                f"{p.label()} (Loner): D6={action.value}: "
                f"{'the re-roll is used' if ok else 'the re-roll is lost'}.",
                "Loner (BB2020)",
            )
            self.phase = 0
            if ok:
                return False
            self.fail(s, p)
            return True
        roll = self.last = action.value
        target, mod = self.target(s, p), self.modifier(s, p)
        # the usual check is `passes` of these two (not asked for them twice: a Dodge's
        # modifier counts the Marking players)
        ok = passes(roll, target, mod) if self.plain_check else self.check(s, p, roll)
        s.log(
            self.kind,
            f"{p.label()} {self.kind}: {describe_test(roll, target, mod)}: "
            f"{'success' if ok else 'failure'}.",
            self.rule,
            roll=roll,
            target=target,
            modifier=mod,
            success=ok,
        )
        if ok:
            self.succeed(s, p)
            return True
        if self.rerolled:
            self.fail(s, p)
            return True
        if self.skill and p.has(self.skill) and self.skill_allowed(s, p):
            self.rerolled = True
            s.log("reroll", f"{p.label()} re-rolls the {self.kind} ({self.skill}).", self.rule)
            return False
        if can_team_reroll(s, p.team) or pro_ready(s, p):
            self.phase = 1
            return False
        self.fail(s, p)
        return True

    def skill_allowed(self, s: BloodBowlState, p: Player) -> bool:
        return True
