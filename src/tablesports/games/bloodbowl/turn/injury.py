"""Knock-downs, armour, injury and casualty rolls (BB2020, kept by the 2025 edition).

`ArmourInjury` rolls 2D6 against AV (broken on AV or more), then 2D6 on the injury table
(the Stunty table for Stunty players), then D16 on the casualty table, then Regeneration.
Mighty Blow (+1, Blocks) and Dirty Player (+2, Fouls) are added where they help: to the
armour roll if that breaks it, else to the injury roll. A Foul whose armour or injury roll
shows a double sends the fouler off. A player pushed into the crowd skips the armour roll,
and a Stunned result there puts him in the reserves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D6, TWO_D6, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.ball import HELD, IN_AIR
from tablesports.games.bloodbowl.players import CASUALTY, KO, PRONE, RESERVES, STUNNED
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.loose_ball import Bounce
from tablesports.games.bloodbowl.tables import INJURY
from tablesports.games.bloodbowl.turn.apothecary import offer_apothecary
from tablesports.games.bloodbowl.turn.common import active_team, turnover
from tablesports.games.bloodbowl.turn.data import CASUALTY_TABLE, STUNTY_INJURY, TN
from tablesports.games.bloodbowl.turn.send_off import SendOff

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

D16 = Dice(1, 16)
ARMOUR, INJURY_ROLL, CASUALTY_ROLL, REGENERATION, DECAY = 0, 1, 2, 3, 4
_WORST = ("badly_hurt", "seriously_hurt", "serious_injury", "lasting_injury", "dead")
RULE = "armour, injury and casualty (BB2020)"
STEADY_FOOTING_ROLL = 6
"""Steady Footing (2025): a 6 keeps him on his feet."""


def mighty_blow(s: BloodBowlState, pid: int) -> int:
    return TN.mighty_blow if pid >= 0 and s.players[pid].has("Mighty Blow (+1)") else 0


class ArmourInjury(Procedure):
    """`bonus` (Mighty Blow, Dirty Player) is spent once; `modifier` is the Foul's assists;
    `fouler` is sent off on a double; `crowd` skips the armour roll; `stunned_ko` makes a
    Stunned result a KO (a fumbled Kick Team-mate); `result` is the casualty result, for
    the Apothecary."""

    __slots__ = (
        "bitten",
        "bonus",
        "claws",
        "crowd",
        "fouler",
        "modifier",
        "pid",
        "result",
        "send_off",
        "stunned_ko",
    )
    name = "armour_injury"
    rule = RULE

    def __init__(
        self,
        pid: int = -1,
        bonus: int = 0,
        modifier: int = 0,
        fouler: int = -1,
        crowd: bool = False,
        stunned_ko: bool = False,
        claws: bool = False,
    ) -> None:
        super().__init__()
        self.bitten = False  # Bloodlust's bite: a casualty is Badly Hurt (BB2020)
        self.claws = claws
        self.stunned_ko = stunned_ko
        self.result = ""
        self.pid = pid
        self.bonus = bonus
        self.modifier = modifier
        self.fouler = fouler
        self.crowd = crowd
        self.send_off = False
        if crowd:
            self.phase = INJURY_ROLL

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE

    def dice(self, s: BloodBowlState) -> Dice | None:
        return (
            D16
            if self.phase in (CASUALTY_ROLL, DECAY)
            else D6
            if self.phase == REGENERATION
            else TWO_D6
        )

    def describe(self, s: BloodBowlState) -> str:
        what = ("armour", "injury", "casualty", "Regeneration", "Decay casualty")[self.phase]
        return f"{what} roll for {s.players[self.pid].label()}"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        p = s.players[self.pid]
        if self.phase == ARMOUR:
            iron = "Iron Hard Skin" in p.skills  # 2025: no modifier to his armour, no Claws
            total = action.total + (0 if iron else self.modifier)
            if self.fouler < 0 and "Chainsaw" in p.skills:  # 2025: +3 once he is down
                total += 3
            if self.fouler >= 0 and action.faces[0] == action.faces[1]:
                self.send_off = True
            broken = total >= p.av
            if not broken and self.claws and not iron and action.total >= TN.claws_armour:
                broken = True  # Claws: 8+ before modifiers, whatever the AV (BB2020)
                s.log("claws", "Claws: the armour breaks on 8+.", "Claws (BB2020)")
            if not broken and self.bonus and not iron and total + self.bonus >= p.av:
                total += self.bonus
                self.bonus = 0
                broken = True
            s.log(
                "armour",
                f"Armour {action}{_mod(total - action.total)} against AV {p.av}+: "
                f"{'broken' if broken else 'holds'}.",
                RULE,
                roll=action.total,
                total=total,
            )
            if broken:
                self.phase = INJURY_ROLL
                return False
            return self._done(s)
        if self.phase == INJURY_ROLL:
            if self.fouler >= 0 and action.faces[0] == action.faces[1]:
                self.send_off = True
            total = min(12, action.total + self.bonus)
            stunty = p.has("Stunty")
            result = STUNTY_INJURY[total].result if stunty else INJURY[total].result
            if result == "ko" and total == (7 if stunty else 8) and p.has("Thick Skull"):
                result = "stunned"  # BB2020: with Stunty, KO'd only on 8 and a 7 is Stunned
            if result == "stunned" and (self.stunned_ko or "Ball & Chain" in p.skills):
                result = "ko"
            if result == "casualty" and self.bitten:
                result = "badly_hurt"
            s.log(
                "injury",
                f"Injury {action}{_mod(total - action.total)}: {p.label()} is {_WORDS[result]}.",
                RULE,
                roll=action.total,
                result=result,
            )
            if result == "stunned":
                if self.crowd:
                    s.take_off(p, RESERVES)
                else:
                    p.stance = STUNNED
            elif result == "ko":
                s.take_off(p, KO)
                s.push(*offer_apothecary(s, self.pid, "ko"))
            elif result == "badly_hurt":
                s.take_off(p, CASUALTY)
                self.result = result
                return self._after_casualty(s)
            else:
                s.take_off(p, CASUALTY)
                self.phase = CASUALTY_ROLL
                return False
            return self._done(s)
        if self.phase in (CASUALTY_ROLL, DECAY):
            band = CASUALTY_TABLE[action.value]
            s.log(
                "casualty",
                f"Casualty {action}: {p.label()} is {band.name}.",
                RULE,
                roll=action.value,
                result=band.result,
            )
            if self.phase == DECAY:  # the worse of the two results applies
                self.result = max(self.result, band.result, key=_rank)
            else:
                self.result = band.result
                if p.has("Decay"):
                    self.phase = DECAY
                    return False
            return self._after_casualty(s)
        ok = action.value >= TN.regeneration_roll
        s.log(
            "regeneration",
            f"Regeneration D6={action.value}: "
            f"{'he regenerates and goes to the reserves' if ok else 'no luck'}.",
            "Regeneration (BB2020)",
        )
        if ok:
            p.box = RESERVES
        else:
            s.push(*offer_apothecary(s, self.pid, self.result))
        return self._done(s)

    def _after_casualty(self, s: BloodBowlState) -> bool:
        if s.players[self.pid].has("Regeneration"):
            self.phase = REGENERATION
            return False
        s.push(*offer_apothecary(s, self.pid, self.result))
        return self._done(s)

    def _done(self, s: BloodBowlState) -> bool:
        if self.send_off:
            s.push(SendOff(self.fouler))
        return True


_WORDS = {
    "stunned": "Stunned",
    "ko": "Knocked Out",
    "badly_hurt": "Badly Hurt (a casualty)",
    "casualty": "a Casualty",
}


def _rank(result: str) -> int:
    return _WORST.index(result) if result in _WORST else len(_WORST)


def _mod(m: int) -> str:
    return f" {m:+d}" if m else ""


def injury_roll(s: BloodBowlState, q: Player, lost_ball: str = "", bitten: bool = False) -> None:
    """Push `q`'s injury roll (his armour is already broken, or never rolled) and, if he held
    the ball, its bounce; `lost_ball`, when given, is the turnover that losing it makes."""
    injury = ArmourInjury(q.pid)
    injury.phase = INJURY_ROLL
    injury.bitten = bitten
    procs: list[Procedure] = [injury]
    if s.ball_state == HELD and s.ball == q.square:
        s.ball_state = IN_AIR
        procs.append(Bounce(q.square))
        if lost_ball:
            turnover(s, lost_ball)
    s.push(*procs)


def knock_down(
    s: BloodBowlState, pid: int, by: int = -1, fell: bool = False, loose: int = -1
) -> None:
    """Put `pid` Prone where he stands, push his armour roll and, if he held the ball, its
    bounce; a player of the active team going down is a turnover (BB2020). `loose` is the
    square of a ball lying where he fell (it bounces after his armour roll). A player with
    Steady Footing first rolls his D6 (`SteadyFooting`)."""
    p = s.players[pid]
    if "Steady Footing" in p.skills:
        s.push(SteadyFooting(pid, by, fell, loose))
        return
    _knock_down(s, p, by, fell, loose)


def _knock_down(s: BloodBowlState, p: Player, by: int, fell: bool, loose: int) -> None:
    pid = p.pid
    p.stance = PRONE
    p.rooted = False
    had_ball = s.ball_state == HELD and s.ball == p.square
    word = "falls over" if fell else "is knocked down"
    s.log("knocked_down", f"{p.label()} {word} at {s.where(p.square)}.", RULE, player=p.number)
    claws = by >= 0 and s.players[by].has("Claws")
    procs: list[Procedure] = [ArmourInjury(pid, bonus=mighty_blow(s, by), claws=claws)]
    if "Ball & Chain" in p.skills:  # 2025: an injury roll at once, Stunned counting as KO
        procs[0].phase = INJURY_ROLL
    if had_ball and not fell and "Safe Pair of Hands" in p.skills:
        from tablesports.games.bloodbowl.turn.safe_hands import SafePairOfHands

        s.ball_state = IN_AIR
        procs.insert(0, SafePairOfHands(pid, p.square))  # put down as he goes Prone
    elif had_ball:  # the ball is loose at once and bounces once the rolls are done
        s.ball_state = IN_AIR
        procs.append(Bounce(p.square))
    s.push(*procs)
    if loose >= 0:  # a ball lying where he fell bounces, after his armour roll
        s.ball_state = IN_AIR
        s.stack.insert(len(s.stack) - 1, Bounce(loose))
    if p.team == active_team(s):
        s.knocked_over = pid  # CHARGE! stops when one of its players goes down (seed)
        turnover(s, f"{p.label()} went down")


class SteadyFooting(Procedure):
    """Steady Footing (2025): about to be Knocked Down or to Fall Over, a D6: on a 6 he stays
    on his feet (no turnover; in his activation he goes on); else he goes down as usual."""

    __slots__ = ("by", "fell", "loose", "pid")
    name = "steady_footing"
    rule = "Steady Footing (2025)"

    def __init__(self, pid: int = -1, by: int = -1, fell: bool = False, loose: int = -1) -> None:
        super().__init__()
        self.pid = pid
        self.by = by
        self.fell = fell
        self.loose = loose

    def actor(self, s: BloodBowlState) -> int | None:
        return CHANCE if s.players[self.pid].square >= 0 else None

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D6

    def describe(self, s: BloodBowlState) -> str:
        return f"{s.players[self.pid].label()}: Steady Footing roll"

    def step(self, s: BloodBowlState, action: Any) -> bool:
        p = s.players[self.pid]
        if action is None:  # he left the pitch meanwhile
            return True
        if action.value >= STEADY_FOOTING_ROLL:
            s.log(
                "steady_footing",
                f"{p.label()} (Steady Footing): D6={action.value}: he keeps his feet.",
                self.rule,
                roll=action.value,
                success=True,
            )
            return True
        s.log(
            "steady_footing",
            f"{p.label()} (Steady Footing): D6={action.value}: he goes down.",
            self.rule,
            roll=action.value,
            success=False,
        )
        _knock_down(s, p, self.by, self.fell, self.loose)
        return True
