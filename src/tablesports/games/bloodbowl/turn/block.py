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

from collections.abc import Callable
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
    Face,
    FollowUp,
    HatredReroll,
)
from tablesports.games.bloodbowl.turn.common import (
    NO_REROLL,
    REROLL,
    can_team_reroll,
    has_tackle_zone,
    spend_team_reroll,
)
from tablesports.games.bloodbowl.turn.foul_appearance import foul_appearance
from tablesports.games.bloodbowl.turn.guard import guards
from tablesports.games.bloodbowl.turn.hatred import RULE as HATRED_RULE
from tablesports.games.bloodbowl.turn.hatred import hates
from tablesports.games.bloodbowl.turn.injury import knock_down
from tablesports.games.bloodbowl.turn.pro import USE_PRO, pro_ready, pro_roll, try_pro
from tablesports.games.bloodbowl.turn.push import Push
from tablesports.games.bloodbowl.turn.wrestle import (
    FEND,
    WRESTLE,
    can_fend,
    fend_log,
    wrestle,
    wrestler,
)

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
WRESTLING, FENDING = 11, 12  # bb-newteams: Wrestle's and Fend's choices (turn/wrestle.py)
PRO_ROLL, PRO_PICK, PRO_DIE = 13, 14, 15  # Pro (2025): its D6, the die picked, its re-roll
BRAWLER = Brawl()
HATRED = HatredReroll()
DOWN = (Face.STUMBLE, Face.POW)
"""The faces that knock the defender down (Stumble unless Dodge turns it into a Push)."""
PUSHED_BACK = (Face.PUSH, Face.STUMBLE, Face.POW)


def block_st(att: Player, blitz: bool) -> int:
    """The attacker's strength for a block: Horns adds 1 in a Blitz (BB2020)."""
    return att.st + (1 if blitz and "Horns" in att.skills else 0)


def assists(
    s: BloodBowlState, helper_team: int, target: Player, other: Player, guard: bool = False
) -> int:
    """Team-mates of `helper_team` next to `target` who can assist against it (BB2020); in a
    Block (`guard`), a player with Guard assists however many opponents Mark him (2025)."""
    n = 0
    pitch, players = s.pitch, s.players
    for sq in NEIGHBOURS[target.square]:
        pid = pitch[sq]
        if pid < 0 or pid == other.pid:
            continue
        q = players[pid]
        if q.team != helper_team or not has_tackle_zone(q) or q.gouged:  # Eye Gouge
            continue
        if guard and "Guard" in q.skills and guards(s, q):
            n += 1
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
    a = st + assists(s, att.team, dfd, att, True) + (1 if s.cheering[att.team] else 0)
    d = dfd.st + assists(s, dfd.team, att, dfd, True)
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
        "asked",
        "attacker",
        "blitz",
        "brawled",
        "ddown",
        "defender",
        "faces",
        "fended",
        "frenzied",
        "hated",
        "mine",
        "n",
        "pro_face",
        "pushed",
        "redo",
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
        self.hated = False  # Hatred's re-roll of a Player Down die is used
        self.redo = Face.BOTH_DOWN  # the face a skill's re-roll of one die takes back
        self.asked = -1  # Wrestle: the last player whose coach was asked
        self.fended = False
        self.pro_face = ""  # Pro: the face of the die being re-rolled

    def actor(self, s: BloodBowlState) -> int | None:
        ph = self.phase
        if ph in (DAUNTLESS, ROLL, FOUL_APPEARANCE, BRAWL, PRO_ROLL, PRO_DIE):
            return CHANCE
        if ph in (DECIDE, PRO_PICK):
            return s.players[self.attacker].team
        if ph == DEFENDER:
            return s.players[self.defender].team
        if ph == WRESTLING:
            return s.players[self.asked].team
        if ph == FENDING:
            return s.players[self.defender].team if self._can_follow(s) else None
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
        if self.phase in (BRAWL, PRO_DIE):
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
            if self._can_hate(s):
                out.append(HATRED)
            if self._can_pro(s):
                out.append(USE_PRO)
            return out
        if self.phase == PRO_PICK:
            return self._faces()
        if self.phase == DEFENDER:
            return self._faces()
        if self.phase == WRESTLING:
            return list(WRESTLE)
        if self.phase == FENDING:
            return list(FEND)
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
        if self.phase == PRO_PICK:
            return f"{a.label()} (Pro): choose the block die to re-roll ({', '.join(self.faces)})"
        if self.phase == WRESTLING:
            return f"Both Down: {s.players[self.asked].label()} may use Wrestle"
        if self.phase == FENDING:
            return f"{d.label()} may use Fend: {a.label()} may not follow up"
        if self.phase == TAUNT:
            return f"{d.label()} (Taunt) may make {a.label()} follow up"
        return f"{a.label()} blocks {d.label()}"

    def why(self, s: BloodBowlState, action: Any) -> str:
        return f"{self.describe(s)}: the choices are {', '.join(map(str, self.legal(s)))}"

    # --- doing it: one method per phase (`STEPS`) ----------------------------------------------
    def step(self, s: BloodBowlState, action: Any) -> bool:
        by_phase = STEPS.get(self.phase)
        return True if by_phase is None else by_phase(self, s, action)

    def _pair(self, s: BloodBowlState) -> tuple[Player, Player]:
        return s.players[self.attacker], s.players[self.defender]

    def _step_start(self, s: BloodBowlState, action: Any) -> bool:
        att, dfd = self._pair(s)
        if not (att.standing and dfd.standing and dfd.square in NEIGHBOURS[att.square]):
            return True
        if dfd.has("Foul Appearance") and not self.frenzied:
            self.phase = FOUL_APPEARANCE
            return False
        return self._start(s, att, dfd)

    def _step_foul_appearance(self, s: BloodBowlState, action: Any) -> bool:
        att, dfd = self._pair(s)
        if foul_appearance(s, att, dfd, action.value):
            return True
        return self._start(s, att, dfd)

    def _step_dauntless(self, s: BloodBowlState, action: Any) -> bool:
        att, dfd = self._pair(s)
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

    def _step_brawl(self, s: BloodBowlState, action: Any) -> bool:
        """Brawler's or Hatred's re-roll of one die (`redo`)."""
        att = s.players[self.attacker]
        kept = list(self.faces)  # a copy: the block_dice event holds the faces as rolled
        kept.remove(self.redo)
        self.faces = sorted([*kept, *action.faces], key=FACES.index)
        if self.redo == Face.SKULL:
            s.log(
                "hatred",
                f"{att.label()} (Hatred) re-rolls a Player Down: {action.faces[0]}.",
                HATRED_RULE,
            )
        else:
            s.log(
                "brawler",
                f"{att.label()} (Brawler) re-rolls a Both Down: {action.faces[0]}.",
                "Brawler (BB2020)",
            )
        return self._decide(s, att)

    def _step_pro_roll(self, s: BloodBowlState, action: Any) -> bool:
        att = s.players[self.attacker]
        self.phase = PRO_PICK if pro_roll(s, att, action.value) else DECIDE
        return False if self.phase == PRO_PICK else self._decide(s, att)

    def _step_pro_pick(self, s: BloodBowlState, action: Any) -> bool:
        self.pro_face = action.face
        self.phase = PRO_DIE
        return False

    def _step_pro_die(self, s: BloodBowlState, action: Any) -> bool:
        att = s.players[self.attacker]
        kept = list(self.faces)  # a copy: the block_dice event holds the faces as rolled
        kept.remove(self.pro_face)
        self.faces = sorted([*kept, *action.faces], key=FACES.index)
        s.log(
            "pro",
            f"{att.label()} (Pro) re-rolls a {self.pro_face}: {action.faces[0]}.",
            "Pro (2025)",
        )
        return self._decide(s, att)

    def _step_roll(self, s: BloodBowlState, action: Any) -> bool:
        att, dfd = self._pair(s)
        self.faces = list(action.faces)
        s.log(
            "block_dice",
            f"{att.label()} blocks {dfd.label()}: {action}.",
            self.rule,
            faces=self.faces,
            attacker_chooses=self.mine,
        )
        return self._decide(s, att)

    def _step_choice(self, s: BloodBowlState, action: Any) -> bool:
        """DECIDE and DEFENDER: a die chosen, or a re-roll (Pro, Brawler, Hatred, the team's),
        or the attacker's coach leaves the choice to the stronger defender's."""
        att, dfd = self._pair(s)
        if action == USE_PRO:
            try_pro(s, att)
            self.rerolled = True  # no other re-roll for these dice
            self.phase = PRO_ROLL
            return False
        if action == BRAWLER:
            self.brawled = True
            self.redo = Face.BOTH_DOWN
            self.phase = BRAWL
            return False
        if action == HATRED:
            self.hated = True
            self.redo = Face.SKULL
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

    def _step_wrestling(self, s: BloodBowlState, action: Any) -> bool:
        att, dfd = self._pair(s)
        if action.use:
            wrestle(s, att, dfd, s.players[self.asked])
            self.phase = KNOCK
            return False
        return self._both_down(s, att, dfd)

    def _step_fending(self, s: BloodBowlState, action: Any) -> bool:
        att, dfd = self._pair(s)
        if action is not None and action.use:
            self.fended = True
            fend_log(s, dfd, att)
        self.phase = PUSHED
        return False

    def _step_follow(self, s: BloodBowlState, action: Any) -> bool:
        """PUSHED and TAUNT: the follow-up, then the ball stripped and the knock-downs."""
        att, dfd = self._pair(s)
        ph = self.phase
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

    def _step_knock(self, s: BloodBowlState, action: Any) -> bool:
        """After the knock-downs: Frenzy's second block, or the end (a touchdown, maybe)."""
        att, dfd = self._pair(s)
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
            self.mine
            or (not self.rerolled and can_team_reroll(s, att.team))
            or self._can_brawl(s)
            or self._can_hate(s)
            or self._can_pro(s)
        ):
            self.phase = DEFENDER
        return False

    def _can_brawl(self, s: BloodBowlState) -> bool:
        """Brawler (BB2020): in a Block on its own, once, one die showing Both Down."""
        return (
            not self.blitz
            and not self.brawled
            and Face.BOTH_DOWN in self.faces
            and s.players[self.attacker].has("Brawler")
        )

    def _can_hate(self, s: BloodBowlState) -> bool:
        """Hatred (2025): once in the block, one die showing Player Down (skull), against a
        player with the keyword in brackets."""
        return (
            not self.hated
            and Face.SKULL in self.faces
            and hates(s.players[self.attacker], s.players[self.defender])
        )

    def _can_pro(self, s: BloodBowlState) -> bool:
        """Pro (2025): one block die, in his own activation, no die re-rolled before."""
        return (
            not self.rerolled
            and not self.brawled
            and not self.hated
            and pro_ready(s, s.players[self.attacker])
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
        if face == Face.STUMBLE and dfd.has("Dodge") and not att.has("Tackle"):
            face = Face.PUSH
        if face == Face.BOTH_DOWN and jugg:
            face = Face.PUSH
        if face == Face.BOTH_DOWN and ("Wrestle" in att.skills or "Wrestle" in dfd.skills):
            self.asked = -1
            return self._both_down(s, att, dfd)
        return self._apply_face(s, att, dfd, face, jugg)

    def _both_down(self, s: BloodBowlState, att: Player, dfd: Player) -> bool:
        """Wrestle (2025): ask the next coach who may use it, else Both Down as usual."""
        self.asked = wrestler(att, dfd, self.asked)
        if self.asked >= 0:
            self.phase = WRESTLING
            return False
        return self._apply_face(s, att, dfd, Face.BOTH_DOWN, False)

    def _apply_face(
        self, s: BloodBowlState, att: Player, dfd: Player, face: str, jugg: bool
    ) -> bool:
        self.adown = face == Face.SKULL or (face == Face.BOTH_DOWN and not att.has("Block"))
        self.ddown = face in DOWN or (face == Face.BOTH_DOWN and not dfd.has("Block"))
        self.pushed = face in PUSHED_BACK
        if self.pushed and dfd.has("Stand Firm") and not jugg:
            s.log("stand_firm", f"{dfd.label()} stands firm.", "Stand Firm (BB2020)")
            self.pushed = False
        if self.pushed and dfd.rooted:
            s.log("rooted", f"{dfd.label()} is rooted: he is not pushed.", "Take Root (BB2020)")
            self.pushed = False
        self.phase = FENDING if self.pushed and can_fend(att, dfd, self.blitz) else PUSHED
        self.strip = (
            face == Face.PUSH
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
            and not self.fended
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


BlockStep = Callable[[Block, "BloodBowlState", Any], bool]
STEPS: dict[int, BlockStep] = {
    START: Block._step_start,
    FOUL_APPEARANCE: Block._step_foul_appearance,
    DAUNTLESS: Block._step_dauntless,
    BRAWL: Block._step_brawl,
    PRO_ROLL: Block._step_pro_roll,
    PRO_PICK: Block._step_pro_pick,
    PRO_DIE: Block._step_pro_die,
    ROLL: Block._step_roll,
    DECIDE: Block._step_choice,
    DEFENDER: Block._step_choice,
    WRESTLING: Block._step_wrestling,
    FENDING: Block._step_fending,
    PUSHED: Block._step_follow,
    TAUNT: Block._step_follow,
    KNOCK: Block._step_knock,
}
"""What `Block.step` does in each phase (DONE, and any other: the block is over)."""
