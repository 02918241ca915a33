"""Wrestle and Fend (2025 skills), the choices a Block gives the two players' coaches.

Wrestle: when Both Down is the block die chosen, a player in the Block (attacker or target)
with Wrestle may use it (`use wrestle`, `no wrestle`): both players are Placed Prone, whatever
other skills they have (Block, Juggernaut...), with no armour roll. The attacker's coach is
asked first; if he declines, the target's. Placed Prone with the ball, a player drops it (it
bounces; Safe Pair of Hands puts it down); it is a turnover only when the active player held
it (house rule, after the BB2020 wording; the 2025 text is silent). Juggernaut turns a Both
Down of a Blitz into a Push before Wrestle can be used (house rule).

Fend: when a player with Fend is Pushed Back by a Block, his coach may forbid the follow-up
(`use fend`, `no fend`), unless the attacker has Ball & Chain or is a Blitzing Juggernaut.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablesports.games.bloodbowl.ball import HELD, IN_AIR
from tablesports.games.bloodbowl.players import PRONE
from tablesports.games.bloodbowl.procedures.loose_ball import Bounce
from tablesports.games.bloodbowl.turn.actions import SkillUse
from tablesports.games.bloodbowl.turn.common import active_team, turnover

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

WRESTLE_RULE = "Wrestle (2025)"
FEND_RULE = "Fend (2025)"
WRESTLE = (SkillUse("wrestle", True), SkillUse("wrestle", False))
FEND = (SkillUse("fend", True), SkillUse("fend", False))


def place_prone(s: BloodBowlState, p: Player, rule: str) -> None:
    """Place `p` Prone where he stands, with no armour roll; a ball he holds bounces (Safe
    Pair of Hands: his coach puts it down); the active team losing the ball is a turnover."""
    from tablesports.games.bloodbowl.turn.safe_hands import SafePairOfHands

    p.stance = PRONE
    p.rooted = False
    s.log("placed_prone", f"{p.label()} is Placed Prone at {s.where(p.square)}.", rule)
    if s.ball_state != HELD or s.ball != p.square:
        return
    s.ball_state = IN_AIR
    if "Safe Pair of Hands" in p.skills:
        s.push(SafePairOfHands(p.pid, p.square))
    else:
        s.push(Bounce(p.square))
    if p.team == active_team(s):
        turnover(s, f"{p.label()} lost the ball")


def wrestler(att: Player, dfd: Player, asked: int) -> int:
    """The next player (pid) whose coach may use Wrestle on a Both Down, -1 when none: the
    attacker first, then the target; `asked` is the last one asked (-1: nobody yet)."""
    if asked < 0 and "Wrestle" in att.skills:
        return att.pid
    if asked != dfd.pid and "Wrestle" in dfd.skills:
        return dfd.pid
    return -1


def wrestle(s: BloodBowlState, att: Player, dfd: Player, who: Player) -> None:
    """Both players Placed Prone (the target first: a ball he holds bounces before)."""
    s.log("wrestle", f"{who.label()} uses Wrestle.", WRESTLE_RULE)
    if dfd.standing:
        place_prone(s, dfd, WRESTLE_RULE)
    if att.standing:
        place_prone(s, att, WRESTLE_RULE)


def can_fend(att: Player, dfd: Player, blitz: bool) -> bool:
    """Fend may be used against this attacker (not Ball & Chain, not a Blitzing Juggernaut)."""
    return (
        "Fend" in dfd.skills
        and "Ball & Chain" not in att.skills
        and not (blitz and "Juggernaut" in att.skills)
    )


def fend_log(s: BloodBowlState, dfd: Player, att: Player) -> None:
    s.log("fend", f"{dfd.label()} (Fend): {att.label()} may not follow up.", FEND_RULE)
