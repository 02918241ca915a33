"""The Block (BB2020): block dice by strength and assists, the choice of a die by the
stronger side's coach, the result, the push-back, the follow-up and the knock-downs.

Dice: equal strength one die; stronger two, more than twice as strong three; the stronger
side's coach chooses. An assist is a Standing team-mate next to the opponent who is not
Marked by any other player of the opposing team. The attacking coach may re-roll all the
dice with a team re-roll. CHEERING FANS gives one extra assist to the team's first Block of
the drive (seed). Skills: Block, Dodge, Tackle, Stand Firm, Juggernaut (Blitz), Dauntless,
Frenzy, Mighty Blow (in the armour roll).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from math import factorial, prod
from typing import TYPE_CHECKING, Any

from tablesports.core.chance import D6, Dice
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.ball import HELD, IN_AIR
from tablesports.games.bloodbowl.pitch import NEIGHBOURS, coords, end_zone_column
from tablesports.games.bloodbowl.players import STANDING
from tablesports.games.bloodbowl.procedures.base import Procedure
from tablesports.games.bloodbowl.procedures.loose_ball import Bounce
from tablesports.games.bloodbowl.tables import NUMBERS
from tablesports.games.bloodbowl.turn.actions import (
    FACE_WEIGHT,
    FACES,
    BlockDice,
    Brawl,
    ChooseDie,
    FollowUp,
)
from tablesports.games.bloodbowl.turn.common import (
    NO_REROLL,
    REROLL,
    can_team_reroll,
    has_tackle_zone,
    spend_team_reroll,
)
from tablesports.games.bloodbowl.turn.foul_appearance import foul_appearance
from tablesports.games.bloodbowl.turn.injury import knock_down
from tablesports.games.bloodbowl.turn.push import Push

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState


def _dice_outcomes(n: int) -> list[tuple[BlockDice, float]]:
    out = []
    for combo in combinations_with_replacement(FACES, n):
        counts = [combo.count(f) for f in FACES]
        ways = factorial(n) // prod(factorial(c) for c in counts)
        p = ways * prod((FACE_WEIGHT[f] / 6) ** c for f, c in zip(FACES, counts, strict=True))
        out.append((BlockDice(combo), p))
    return out


BLOCK_OUTCOMES = {n: _dice_outcomes(n) for n in (1, 2, 3)}
FOLLOW, STAY = FollowUp(True), FollowUp(False)
FRENZY = "Frenzy (BB2020)"
STRIP = "Strip Ball (BB2020)"
TAUNT_RULE = "Taunt (2025)"
START, DAUNTLESS, ROLL, DECIDE, DEFENDER, PUSHED, KNOCK, DONE, FOUL_APPEARANCE, BRAWL = range(10)
TAUNT = 10
"""The pushed player's coach may make the attacker follow up (Taunt, 2025)."""
BRAWLER = Brawl()


def block_st(att: Player, blitz: bool) -> int:
    """The attacker's strength for a block: Horns adds 1 in a Blitz (BB2020)."""
    return att.st + (1 if blitz and "Horns" in att.skills else 0)


def assists(s: BloodBowlState, helper_team: int, target: Player, other: Player) -> int:
    """Team-mates of `helper_team` next to `target` who can assist against it (BB2020)."""
    n = 0
    pitch, players = s.pitch, s.players
    for sq in NEIGHBOURS[target.square]:
        pid = pitch[sq]
        if pid < 0 or pid == other.pid:
            continue
        q = players[pid]
        if q.team != helper_team or not has_tackle_zone(q) or q.gouged:  # Eye Gouge
            continue
        free = True
        for sq2 in NEIGHBOURS[q.square]:
            pid2 = pitch[sq2]
            if pid2 >= 0 and pid2 != target.pid:
                r = players[pid2]
                if r.team != helper_team and has_tackle_zone(r):
                    free = False
                    break
        n += free
    return n


def block_strengths(s: BloodBowlState, att: Player, dfd: Player, st: int) -> tuple[int, int]:
    a = st + assists(s, att.team, dfd, att) + (1 if s.cheering[att.team] else 0)
    d = dfd.st + assists(s, dfd.team, att, dfd)
    return a, d


def dice_count(a: int, d: int) -> tuple[int, bool]:
    """How many block dice, and whether the attacker chooses."""
    if a == d:
        return 1, True
    if a > d:
        return (3 if a > 2 * d else 2), True
    return (3 if d > 2 * a else 2), False


class Block(Procedure):
    __slots__ = (
        "adown",
        "attacker",
        "blitz",
        "brawled",
        "ddown",
        "defender",
        "faces",
        "frenzied",
        "mine",
        "n",
        "pushed",
        "rerolled",
        "st",
        "strip",
        "vacated",
    )
    name = "block"
    rule = "the Block (BB2020)"

    def __init__(self, attacker: int = -1, defender: int = -1, blitz: bool = False) -> None:
        super().__init__()
        self.strip = False  # Strip Ball: a Push Back makes the carrier drop the ball
        self.attacker = attacker
        self.defender = defender
        self.blitz = blitz
        self.brawled = False
        self.faces: list[str] = []
        self.n = 1
        self.mine = True
        self.rerolled = False
        self.st = 0
        self.vacated = -1
        self.pushed = False
        self.adown = False
        self.ddown = False
        self.frenzied = False

    def actor(self, s: BloodBowlState) -> int | None:
        ph = self.phase
        if ph in (DAUNTLESS, ROLL, FOUL_APPEARANCE, BRAWL):
            return CHANCE
        if ph == DECIDE:
            return s.players[self.attacker].team
        if ph == DEFENDER:
            return s.players[self.defender].team
        if ph == PUSHED and self._can_follow(s) and not s.players[self.attacker].has("Frenzy"):
            return s.players[self.attacker].team
        if ph == TAUNT:
            return s.players[self.defender].team
        return None

    def dice(self, s: BloodBowlState) -> Dice | None:
        return D6

    def outcomes(self, s: BloodBowlState) -> list[tuple[Any, float]]:
        if self.phase == ROLL:
            return BLOCK_OUTCOMES[self.n]
        if self.phase == BRAWL:
            return BLOCK_OUTCOMES[1]
        return D6.outcomes()

    def _faces(self) -> list[ChooseDie]:
        return [ChooseDie(f) for f in dict.fromkeys(self.faces)]

    def legal(self, s: BloodBowlState) -> list[Any]:
        if self.phase == DECIDE:
            out: list[Any] = self._faces() if self.mine else [NO_REROLL]
            if not self.rerolled and can_team_reroll(s, s.players[self.attacker].team):
                out.append(REROLL)
            if self._can_brawl(s):
                out.append(BRAWLER)
            return out
        if self.phase == DEFENDER:
            return self._faces()
        return [FOLLOW, STAY]

    def describe(self, s: BloodBowlState) -> str:
        a, d = s.players[self.attacker], s.players[self.defender]
        if self.phase in (DECIDE, DEFENDER):
            who = "attacker" if self.phase == DECIDE and self.mine else "defender"
            return (
                f"{a.label()} blocks {d.label()}: block dice {', '.join(self.faces)} "
                f"({who} chooses)"
            )
        if self.phase == PUSHED:
            return f"{a.label()} may follow up"
        if self.phase == TAUNT:
            return f"{d.label()} (Taunt) may make {a.label()} follow up"
        return f"{a.label()} blocks {d.label()}"

    def why(self, s: BloodBowlState, action: Any) -> str:
        return f"{self.describe(s)}: the choices are {', '.join(map(str, self.legal(s)))}"

    # --- doing it --------------------------------------------------------------------------
    def step(self, s: BloodBowlState, action: Any) -> bool:
        att, dfd = s.players[self.attacker], s.players[self.defender]
        ph = self.phase
        if ph == START:
            if not (att.standing and dfd.standing and dfd.square in NEIGHBOURS[att.square]):
                return True
            if dfd.has("Foul Appearance") and not self.frenzied:
                self.phase = FOUL_APPEARANCE
                return False
            return self._start(s, att, dfd)
        if ph == FOUL_APPEARANCE:
            if foul_appearance(s, att, dfd, action.value):
                return True
            return self._start(s, att, dfd)
        if ph == DAUNTLESS:
            ok = action.value + self.st > dfd.st
            s.log(
                "dauntless",
                f"{att.label()} (Dauntless): D6={action.value} + ST {self.st} "
                f"against ST {dfd.st}: {'success' if ok else 'failure'}.",
                "Dauntless (BB2020)",
            )
            if ok:
                self.st = dfd.st
            return self._count(s, att, dfd)
        if ph == BRAWL:
            self.faces.remove("both-down")
            self.faces = sorted([*self.faces, *action.faces], key=FACES.index)
            s.log(
                "brawler",
                f"{att.label()} (Brawler) re-rolls a Both Down: {action.faces[0]}.",
                "Brawler (BB2020)",
            )
            return self._decide(s, att)
        if ph == ROLL:
            self.faces = list(action.faces)
            s.log(
                "block_dice",
                f"{att.label()} blocks {dfd.label()}: {action}.",
                self.rule,
                faces=self.faces,
                attacker_chooses=self.mine,
            )
            return self._decide(s, att)
        if ph in (DECIDE, DEFENDER):
            if action == BRAWLER:
                self.brawled = True
                self.phase = BRAWL
                return False
            if action == REROLL:
                spend_team_reroll(s, att.team)
                self.rerolled = True
                self.phase = ROLL
                return False
            if action == NO_REROLL:
                self.phase = DEFENDER
                return False
            return self._resolve(s, att, dfd, action.face)
        if ph in (PUSHED, TAUNT):
            follow = action == FOLLOW or (action is None and self._can_follow(s))
            if ph == PUSHED and action == STAY and "Taunt" in dfd.skills:
                self.phase = TAUNT  # his coach may make the attacker follow up (2025)
                return False
            if follow and ph == TAUNT:
                s.log("taunt", f"{dfd.label()} (Taunt) draws {att.label()} on.", TAUNT_RULE)
            if follow:
                had_ball = s.ball_state == HELD and s.ball == att.square
                s.place(att, self.vacated)
                if had_ball:
                    s.ball = self.vacated
                s.log("follow_up", f"{att.label()} follows up.", self.rule)
            self.phase = KNOCK
            if self.strip and dfd.square >= 0 and s.ball_state == HELD and s.ball == dfd.square:
                s.log("strip_ball", f"{att.label()} strips the ball from {dfd.label()}.", STRIP)
                s.ball_state = IN_AIR  # it bounces from where he was pushed (BB2020)
                s.push(Bounce(dfd.square))
            if self.ddown and dfd.square >= 0:
                knock_down(s, dfd.pid, by=att.pid)
            if self.adown:
                knock_down(s, att.pid)
            return False
        if ph == KNOCK:
            self.phase = DONE
            if (
                att.has("Frenzy")
                and not self.frenzied
                and self.pushed
                and att.standing
                and dfd.standing
                and dfd.square in NEIGHBOURS[att.square]
                and not s.turnover
            ):
                return self._frenzy(s, att)
            self._touchdown(s)
            return True
        return True

    def _frenzy(self, s: BloodBowlState, att: Player) -> bool:
        """Frenzy's second block (BB2020): the target was pushed back and still stands next
        to him. In a Blitz it costs one more square of movement (a Rush once his MA is
        spent; none left, no second block)."""
        from tablesports.games.bloodbowl.turn.moving import Rush

        self._touchdown(s)  # a carrier who followed up into the end zone has scored
        if s.scorer >= 0:
            return True
        procs: list[Procedure] = []
        if self.blitz:
            act = next((p for p in reversed(s.stack) if p.name == "activation"), None)
            moved = getattr(act, "moved", 0)
            if moved >= att.ma + NUMBERS.max_rushes:
                s.log("frenzy", f"{att.label()} (Frenzy) has no movement left.", FRENZY)
                return True
            if moved >= att.ma:
                procs.append(Rush(self.attacker, att.square))
            act.moved = moved + 1  # type: ignore[union-attr]
        again = Block(self.attacker, self.defender, self.blitz)
        again.frenzied = True
        s.log("frenzy", f"{att.label()} (Frenzy) blocks again.", FRENZY)
        s.push(*procs, again)
        return False

    def _decide(self, s: BloodBowlState, att: Player) -> bool:
        self.phase = DECIDE
        if not (
            self.mine or (not self.rerolled and can_team_reroll(s, att.team)) or self._can_brawl(s)
        ):
            self.phase = DEFENDER
        return False

    def _can_brawl(self, s: BloodBowlState) -> bool:
        """Brawler (BB2020): in a Block on its own, once, one die showing Both Down."""
        return (
            not self.blitz
            and not self.brawled
            and "both-down" in self.faces
            and s.players[self.attacker].has("Brawler")
        )

    def _start(self, s: BloodBowlState, att: Player, dfd: Player) -> bool:
        self.st = block_st(att, self.blitz)
        if att.has("Dauntless") and self.st < dfd.st:
            self.phase = DAUNTLESS
            return False
        return self._count(s, att, dfd)

    def _count(self, s: BloodBowlState, att: Player, dfd: Player) -> bool:
        a, d = block_strengths(s, att, dfd, self.st)
        if s.cheering[att.team]:
            s.cheering[att.team] = False
            s.log(
                "cheering",
                "CHEERING FANS: an extra assist for this first Block.",
                "kick-off event 6: CHEERING FANS (seed)",
            )
        self.n, self.mine = dice_count(a, d)
        self.phase = ROLL
        return False

    def _resolve(self, s: BloodBowlState, att: Player, dfd: Player, face: str) -> bool:
        s.log(
            "block",
            f"{s.team_name(att.team if self.phase == DECIDE else dfd.team)} choose {face}.",
            self.rule,
            face=face,
        )
        jugg = self.blitz and att.has("Juggernaut")
        if face == "stumble" and dfd.has("Dodge") and not att.has("Tackle"):
            face = "push"
        if face == "both-down" and jugg:
            face = "push"
        self.adown = face == "skull" or (face == "both-down" and not att.has("Block"))
        self.ddown = face in ("stumble", "pow") or (face == "both-down" and not dfd.has("Block"))
        self.pushed = face in ("push", "stumble", "pow")
        if self.pushed and dfd.has("Stand Firm") and not jugg:
            s.log("stand_firm", f"{dfd.label()} stands firm.", "Stand Firm (BB2020)")
            self.pushed = False
        if self.pushed and dfd.rooted:
            s.log("rooted", f"{dfd.label()} is rooted: he is not pushed.", "Take Root (BB2020)")
            self.pushed = False
        self.phase = PUSHED
        self.strip = (
            face == "push"
            and self.pushed
            and att.has("Strip Ball")
            and s.ball_state == HELD
            and s.ball == dfd.square
        )
        if self.pushed and "Eye Gouge" in att.skills:
            dfd.gouged = True  # no assists until he is next activated (2025)
            s.log("eye_gouge", f"{att.label()} gouges {dfd.label()}.", "Eye Gouge (2025)")
        if self.pushed:
            self.vacated = dfd.square
            grab = not self.blitz and att.has("Grab")
            s.push(Push(dfd.pid, att.square, att.team, grab=grab))
        return False

    def _can_follow(self, s: BloodBowlState) -> bool:
        att = s.players[self.attacker]
        return (
            self.pushed
            and not self.adown
            and att.standing
            and not att.rooted  # Take Root: he may not leave his square
            and self.vacated >= 0
            and s.pitch[self.vacated] < 0
        )

    def _touchdown(self, s: BloodBowlState) -> None:
        carrier = s.carrier()
        if (
            carrier is not None
            and carrier.stance == STANDING
            and s.scorer < 0
            and coords(carrier.square)[0] == end_zone_column(1 - carrier.team)
        ):
            s.touchdown(carrier)
