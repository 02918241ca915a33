"""The Vampires' traits (BB2020). Hypnotic Gaze: a Special action (`hypnotic gaze 7`, any
number a turn; he may move first, then `gaze at 14,6`) at a Standing opponent he Marks who
has a tackle zone: an Agility test at -1 per other opponent Marking him; passed, the target
loses his tackle zone until he is next activated; the activation ends either way.

Bloodlust (2+)/(3+): on activation, after the declaration, a D6 (+1 for a Block or a Blitz)
must reach the number; failed (a natural 1 always fails) he goes on with his activation, but
he must bite a Thrall Lineman team-mate next to him (Standing, Prone or Stunned; `bite 3`)
before he passes, hands off or scores, and by the end of his activation. The bitten Thrall
takes an injury roll, a casualty counting as Badly Hurt; no turnover unless the Thrall held
the ball. With no bite by the end of the activation it is a turnover, he loses his tackle zone
until he is next activated, and a ball he holds bounces (house rule: his declared action is
kept; BB2020 lets him switch it to a Move)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.ball import HELD, IN_AIR
from tablesports.games.bloodbowl.pitch import NEIGHBOURS
from tablesports.games.bloodbowl.procedures.loose_ball import Bounce
from tablesports.games.bloodbowl.turn.common import Test, marking, team_turn, turnover
from tablesports.games.bloodbowl.turn.injury import injury_roll

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

THRALL = "Thrall Lineman"
LUST = "Bloodlust ("


def bloodlust_target(p: Player) -> int:
    for skill in p.skills:
        if skill.startswith(LUST):
            return int(skill[len(LUST)])
    return 0


def thralls(s: BloodBowlState, p: Player) -> list[Player]:
    """The Thrall team-mates next to `p` (any stance) he could bite."""
    out = []
    for sq in NEIGHBOURS[p.square]:
        q = s.pitch[sq]
        if q >= 0 and s.players[q].team == p.team and s.players[q].position.name == THRALL:
            out.append(s.players[q])
    return out


def _activation(s: BloodBowlState) -> Any:
    for proc in reversed(s.stack):
        if proc.name == "activation":
            return proc
    return None


class Bloodlust(Test):
    name = "bloodlust"
    kind = "bloodlust"
    rule = "Bloodlust (BB2020)"

    def live(self, s: BloodBowlState) -> bool:
        return s.players[self.pid].square >= 0

    def target(self, s: BloodBowlState, p: Player) -> int:
        return bloodlust_target(p)

    def modifier(self, s: BloodBowlState, p: Player) -> int:
        act = _activation(s)
        return int(act is not None and act.kind in ("block", "blitz"))

    def fail(self, s: BloodBowlState, p: Player) -> None:
        act = _activation(s)
        if act is not None:
            act.hungry = True
        s.log(
            "bloodlust",
            f"{p.label()} thirsts for blood: he must bite a Thrall before he passes, hands off "
            "or scores, and before his activation ends.",
            self.rule,
        )


def bite(s: BloodBowlState, p: Player, thrall: Player) -> None:
    """`p` bites `thrall`: an injury roll (a casualty is Badly Hurt); a ball he held bounces
    and is a turnover."""
    s.log("bite", f"{p.label()} bites {thrall.label()}.", "Bloodlust (BB2020)")
    injury_roll(s, thrall, f"{thrall.label()} was bitten with the ball", bitten=True)


def starve(s: BloodBowlState, p: Player) -> None:
    """The activation ended with no bite: a turnover (in a team turn of his team; not in a
    kick-off's free activation, house rule), no tackle zone, the ball dropped."""
    tt = team_turn(s)
    if tt is not None and tt.team == p.team:
        turnover(s, f"{p.label()} found no Thrall to bite")
    if p.square < 0:
        return
    p.distracted = True
    s.log("bloodlust", f"{p.label()} loses his tackle zone until he is next activated.")
    if s.ball_state == HELD and s.ball == p.square:
        s.ball_state = IN_AIR
        s.push(Bounce(p.square))


class HypnoticGaze(Test):
    """`square` is the target's square."""

    name = "hypnotic_gaze"
    kind = "hypnotic gaze"
    rule = "Hypnotic Gaze: an Agility test, -1 per other opponent Marking him (BB2020)"

    def modifier(self, s: BloodBowlState, p: Player) -> int:
        return -(marking(s, p.team, p.square) - 1)

    def succeed(self, s: BloodBowlState, p: Player) -> None:
        q = s.players[s.pitch[self.square]]
        q.distracted = True
        s.log("hypnotic_gaze", f"{q.label()} is hypnotised: he loses his tackle zone.", self.rule)
