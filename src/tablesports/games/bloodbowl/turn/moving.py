"""The rolls of a Move (BB2020): Rush, Dodge, pick-up, standing up with MA below 3, and the
activation rolls of Bone Head, Really Stupid and Animal Savagery. Each is a `Test` that the
skill named (Dodge, Sure Hands) or a team re-roll may repeat once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.games.bloodbowl.ball import HELD
from tablesports.games.bloodbowl.pitch import NEIGHBOURS, coords, end_zone_column
from tablesports.games.bloodbowl.procedures.loose_ball import Bounce
from tablesports.games.bloodbowl.tables import NUMBERS
from tablesports.games.bloodbowl.turn.common import (
    Test,
    marking,
    marking_into,
    turnover,
)
from tablesports.games.bloodbowl.turn.data import TN
from tablesports.games.bloodbowl.turn.diving_tackle import offer_dive
from tablesports.games.bloodbowl.turn.falling import fall_away, fall_into
from tablesports.games.bloodbowl.turn.foul_appearance import end_activation
from tablesports.games.bloodbowl.turn.paths import break_tackle_bonus, clamp, dodge_modifier_by
from tablesports.games.bloodbowl.turn.timmm_ber import timmm_ber

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState


class Rush(Test):
    name = "rush"
    kind = "rush"
    skill = "Sure Feet"
    rule = "Rush: D6 2+, -1 in a Blizzard, -1 for a Drunkard (BB2020); Sure Feet (2025)"

    def target(self, s: BloodBowlState, p: Player) -> int:
        return NUMBERS.rush_target

    def modifier(self, s: BloodBowlState, p: Player) -> int:
        drunk = "Drunkard" in p.skills  # -1 to his Rushes (BB2020)
        return int(s.weather_entry().rush_modifier) - drunk

    def skill_allowed(self, s: BloodBowlState, p: Player) -> bool:
        """Sure Feet (2025): once per turn; a player acts once a turn, so once an activation
        (kept on his activation, a CHARGE! one included)."""
        for proc in reversed(s.stack):
            if proc.name == "activation" and getattr(proc, "pid", -1) == self.pid:
                if getattr(proc, "sure_feet", False):
                    return False
                proc.sure_feet = True  # type: ignore[attr-defined]
                return True
        return True

    def fail(self, s: BloodBowlState, p: Player) -> None:
        fall_into(s, p, self.square)


class Dodge(Test):
    """`square` is where he dodges to; `break_tackle` says Break Tackle helps this Dodge."""

    __slots__ = ("break_tackle",)
    name = "dodge"
    kind = "dodge"
    skill = "Dodge"
    rule = "Dodge: an Agility test, -1 per player Marking the square moved to (BB2020)"

    def __init__(self, pid: int = -1, square: int = -1, break_tackle: bool = False) -> None:
        super().__init__(pid, square)
        self.break_tackle = break_tackle

    def modifier(self, s: BloodBowlState, p: Player) -> int:
        bonus = break_tackle_bonus(p) if self.break_tackle else 0
        into = marking_into(s, p.team, self.square)  # not the whole pitch's tackle zones
        return dodge_modifier_by(s, p, p.square, into, bonus)

    def skill_allowed(self, s: BloodBowlState, p: Player) -> bool:
        return marking(s, p.team, p.square, "Tackle") == 0

    def succeed(self, s: BloodBowlState, p: Player) -> None:
        offer_dive(s, self, p)

    def fail(self, s: BloodBowlState, p: Player) -> None:
        fall_away(s, p, self.square)


class PickUp(Test):
    name = "pick_up"
    kind = "pick-up"
    skill = "Sure Hands"
    rule = "picking up the ball: an Agility test, -1 per Marking player (BB2020)"

    def modifier(self, s: BloodBowlState, p: Player) -> int:
        return -marking(s, p.team, p.square) + s.weather_entry().pickup_modifier

    def succeed(self, s: BloodBowlState, p: Player) -> None:
        s.ball_state = HELD
        hungry = any(getattr(proc, "hungry", False) for proc in s.stack)  # Bloodlust
        if coords(p.square)[0] == end_zone_column(1 - p.team) and not hungry:
            s.touchdown(p)

    def fail(self, s: BloodBowlState, p: Player) -> None:
        turnover(s, f"{p.label()} failed to pick up the ball")
        s.push(Bounce(s.ball))


def no_ball_pick_up(s: BloodBowlState, p: Player) -> None:
    """No Ball (2025): he fails to pick up the ball as if he rolled a natural 1, with no roll
    to re-roll: a turnover, and the ball bounces."""
    s.log(
        "pick-up",
        f"{p.label()} (No Ball) fails to pick up the ball.",
        "No Ball (2025)",
        success=False,
    )
    PickUp(p.pid, p.square).fail(s, p)


class StandUp(Test):
    """A Prone player with MA below 3 stands up on 4+ (BB2020); not if distracted first."""

    name = "stand_up"
    kind = "stand-up"
    rule = "standing up: MA below 3 needs a D6 of 4+ (BB2020)"

    def live(self, s: BloodBowlState) -> bool:
        p = s.players[self.pid]
        return p.square >= 0 and not p.distracted

    def target(self, s: BloodBowlState, p: Player) -> int:
        return TN.stand_up_roll

    def modifier(self, s: BloodBowlState, p: Player) -> int:
        return timmm_ber(s, p) if "Timmm-ber!" in p.skills else 0

    def succeed(self, s: BloodBowlState, p: Player) -> None:
        p.stance = "standing"

    def fail(self, s: BloodBowlState, p: Player) -> None:
        s.log("stand_up", f"{p.label()} fails to stand up.", self.rule)


class Distraction(Test):
    """Bone Head, Really Stupid, Animal Savagery: on a failure the activation ends and he
    loses his tackle zones until he is activated again (BB2020). Animal Savagery adds +2
    for a Block or Blitz, and a failure lashes out at a Standing team-mate next to him
    instead when there is one (`turn/savagery.py`); he then goes on with his action."""

    name = "distraction"
    kind = "negative trait"
    rule = "Bone Head, Really Stupid, Animal Savagery, Unchannelled Fury (BB2020)"

    def live(self, s: BloodBowlState) -> bool:
        return s.players[self.pid].square >= 0

    def trait(self, p: Player) -> str:
        for t in ("Bone Head", "Really Stupid", "Animal Savagery", "Unchannelled Fury"):
            if p.has(t):
                return t
        return ""

    def target(self, s: BloodBowlState, p: Player) -> int:
        t = self.trait(p)
        if t == "Bone Head":
            return TN.bone_head_roll
        if t in ("Animal Savagery", "Unchannelled Fury"):
            return TN.animal_savagery_roll
        for sq in NEIGHBOURS[p.square]:
            q = s.players[s.pitch[sq]] if s.pitch[sq] >= 0 else None
            if q is not None and q.team == p.team and q.standing and not q.has("Really Stupid"):
                return TN.really_stupid_helped
        return TN.really_stupid_roll

    def modifier(self, s: BloodBowlState, p: Player) -> int:
        if self.trait(p) not in ("Animal Savagery", "Unchannelled Fury"):
            return 0
        for proc in reversed(s.stack):
            if proc.name == "activation":
                kind = getattr(proc, "kind", "")
                violent = kind in ("block", "blitz", "projectile vomit")
                return TN.animal_savagery_block_bonus if violent else 0
        return 0

    def check(self, s: BloodBowlState, p: Player, roll: int) -> bool:
        return roll + self.modifier(s, p) >= clamp(self.target(s, p))

    def fail(self, s: BloodBowlState, p: Player) -> None:
        if self.trait(p) == "Unchannelled Fury":  # the activation ends; tackle zones kept
            s.log(
                "distracted",
                f"{p.label()} (Unchannelled Fury) rages: the activation ends.",
                self.rule,
            )
            end_activation(s)
            return
        if self.trait(p) == "Animal Savagery":
            from tablesports.games.bloodbowl.turn.savagery import LashOut, victims

            if victims(s, p):
                s.push(LashOut(self.pid))
                return
        p.distracted = True
        s.log(
            "distracted",
            f"{p.label()} ({self.trait(p)}) does nothing this activation "
            "and loses his tackle zones.",
            self.rule,
        )
