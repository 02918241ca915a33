"""`bloodbowl-scripted`: a careful coach for the whole match.

Each team turn it scores when the ball carrier can reach the end zone safely enough; takes
the safe blocks (two or more dice, its own choice) first; blitzes the opposing ball carrier;
sends its surest handler to a loose ball; moves the carrier forward only along squares that
need no roll; then cages him (team-mates on the squares around him) and closes on the ball.
On defence the others close in on the opposing carrier along squares that need no roll, and
in every turn its Prone players stand up (on defence closing in too) rather than lie idle.
Everywhere else (set-up, kick-off, dice and pushes) it takes the sensible choice.

As the `prior` of a search it is also asked about actions it did not declare (a search trying
another player's block); it then plays them sensibly too: the block with the best dice, the
blitz on the opposing carrier, a pick-up, or a move to a square beside the carrier.
"""

from __future__ import annotations

import random
from typing import Any

from tablesports.core.protocol import Game, State
from tablesports.games.bloodbowl.actions import (
    Argue,
    EndActivation,
    EndCharge,
    EndTurn,
    GiveBall,
    KickAt,
    SelectionDone,
    UseApothecary,
    UseBribe,
    UseFormation,
)
from tablesports.games.bloodbowl.ball import HELD, ON_GROUND
from tablesports.games.bloodbowl.bot_plan import ActivationPlan
from tablesports.games.bloodbowl.bot_throws import (
    THROWS,
    ball_throw,
    mark_throw,
    on_the_ball_plan,
    score_throw,
)
from tablesports.games.bloodbowl.pitch import (
    HALF_WIDTH,
    HEIGHT,
    NEIGHBOURS,
    WIDTH,
    coords,
    end_zone_column,
    index,
)
from tablesports.games.bloodbowl.players import (
    CASUALTY,
    KO,
    PRONE,
    SENT_OFF,
    STANDING,
    Player,
)
from tablesports.games.bloodbowl.procedures.tests_of_skill import passes
from tablesports.games.bloodbowl.state import BloodBowlState
from tablesports.games.bloodbowl.tables import NUMBERS
from tablesports.games.bloodbowl.turn.actions import (
    Aim,
    Bite,
    ChooseDie,
    Declare,
    FollowUp,
    HatredReroll,
    Interfere,
    MovePath,
    PuntAim,
    PushCrowd,
    PushTo,
    Reroll,
    SkillUse,
    ThrowAim,
)
from tablesports.games.bloodbowl.turn.activation import Activation
from tablesports.games.bloodbowl.turn.block import PRO_PICK, block_strengths, dice_count
from tablesports.games.bloodbowl.turn.common import marking
from tablesports.games.bloodbowl.turn.diving_tackle import DIVE
from tablesports.games.bloodbowl.turn.passing import pass_range
from tablesports.games.bloodbowl.turn.paths import reach
from tablesports.games.bloodbowl.turn.pro import USE_PRO
from tablesports.games.bloodbowl.turn.rolls import path_rolls, success

GOOD_FOR_ATTACKER = {"pow": 5, "stumble": 4, "push": 3, "both-down": 1, "skull": 0}
SCORE_CHANCE = 0.45
"""Go for the end zone when the path succeeds at least this often (re-rolls not counted)."""


WIN = 1_000_000.0
"""A won match's score (`ScriptedBot.score`): above any sum of the position's terms."""
_LOST = {KO: 30.0, CASUALTY: 50.0, SENT_OFF: 50.0}
"""A player out of the match's worth, in `score`'s points: knocked out, a casualty, sent off."""


def distance(a: int, b: int) -> int:
    """Squares between two squares, moving in any of the 8 directions (`coords` inlined: a
    fifth of a planner's time went to this call)."""
    dx = a % WIDTH - b % WIDTH
    dy = a // WIDTH - b // WIDTH
    return max(dx, -dx, dy, -dy)


def straight(a: int, b: int) -> int:
    """Squares between two squares along the rows and columns: of two squares as far away
    (`distance`), the one more nearly in line."""
    dx = a % WIDTH - b % WIDTH
    dy = a // WIDTH - b // WIDTH
    return abs(dx) + abs(dy)


def near(p: Player, square: int, extra: int = 0) -> bool:
    """Whether `square` is within `extra` squares of where `p` can move (and Rush) this turn:
    a cheap test that spares the pathfinder the players who are too far away."""
    (x, y), (px, py) = coords(square), coords(p.square)
    return max(abs(x - px), abs(y - py)) <= p.ma + NUMBERS.max_rushes + extra


class ScriptedBot:
    name = "bloodbowl-scripted"

    def __init__(self, game: Game | None = None, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.plan = ActivationPlan()

    def reset(self, seed: int) -> None:
        self.rng.seed(seed)
        self.plan = ActivationPlan()

    def score(self, s: BloodBowlState, me: int) -> float:
        """How good `s` is for coach `me`, in points (higher is better): the game's own terms
        (`game.evaluate`'s, by the thousand and unclamped). A touchdown 300; the ball held 100,
        plus up to 200 as its carrier crosses the opposing half; a loose ball on the ground 5
        a square by which my nearest standing player is nearer it than theirs (at most 6);
        each player lying down 10, knocked out 30, a casualty or sent off 50. A finished
        match is +-WIN. The value agent's `base=` adds its net's +-5."""
        if s.is_terminal():
            return WIN * s.returns()[me]
        v = 300.0 * (s.score[me] - s.score[1 - me])
        carrier = s.carrier()
        if carrier is not None:
            to_go = abs(coords(carrier.square)[0] - end_zone_column(1 - carrier.team))
            held = 100.0 + 200.0 * max(0, HALF_WIDTH - to_go) / HALF_WIDTH
            v += held if carrier.team == me else -held
        elif s.ball_state == ON_GROUND and s.ball >= 0:
            near = [
                min(
                    (distance(p.square, s.ball) for p in s.on_pitch(t) if p.stance == STANDING),
                    default=6,
                )
                for t in (me, 1 - me)
            ]
            v += 5.0 * (min(near[1], 6) - min(near[0], 6))
        for team, sign in ((me, 1.0), (1 - me, -1.0)):
            for pid in s.team_pids[team]:
                p = s.players[pid]
                if p.square >= 0:
                    v -= sign * (10.0 if p.stance != STANDING else 0.0)
                else:
                    v -= sign * _LOST.get(p.box, 0.0)
        return v

    # --- the decision ------------------------------------------------------------------------
    def step(self, state: State) -> Any:
        assert isinstance(state, BloodBowlState)
        s = state
        actions = s.legal_actions()
        if len(actions) == 1:
            return actions[0]
        kinds = {type(a) for a in actions}
        top = s.stack[-1]
        if isinstance(top, Activation):
            return self._activation(s, top, actions)
        if Declare in kinds or EndTurn in kinds:
            return self._turn(s, actions)
        for handler in (
            self._skill_choice,
            self._skill_use,
            self._interfere,
            self._dice,
            self._push,
            self._follow,
            self._reroll,
            self._drive,
        ):
            action = handler(s, actions, kinds)
            if action is not None:
                return action
        return actions[0]

    # --- outside team turns -----------------------------------------------------------------
    def _drive(self, s: BloodBowlState, actions: list[Any], kinds: set[type]) -> Any:
        team = s.current_player()
        if UseFormation in kinds:
            names = {a.name: a for a in actions if isinstance(a, UseFormation)}
            pick = "wedge" if team != s.kicking else "line"
            return names.get(pick) or next(iter(names.values()))
        if KickAt in kinds:
            deep = WIDTH - 6 if team == 0 else 5  # five columns in from the receivers' end zone
            best = min(
                (a for a in actions if isinstance(a, KickAt)),
                key=lambda a: abs(a.x - deep) + abs(a.y - HEIGHT // 2),
            )
            return best
        if GiveBall in kinds:
            mine = [a for a in actions if isinstance(a, GiveBall)]
            return max(mine, key=lambda a: self._handler_score(s, s.player(team, a.number)))
        if UseApothecary(True) in actions:  # the first casualty or KO gets it
            return UseApothecary(True)
        for kind in (UseBribe, Argue, SelectionDone, EndCharge):
            if kind in kinds:
                return next(a for a in actions if isinstance(a, kind))
        named = {str(a): a for a in actions}
        for text in ("choose receive", "call heads", "setup done"):
            if text in named:
                return named[text]
        return None

    def _handler_score(self, s: BloodBowlState, p: Player | None) -> int:
        if p is None:
            return -99
        x = coords(p.square)[0] if p.square >= 0 else 0
        back = x if p.team == 1 else WIDTH - x
        return back + (5 if p.has("Sure Hands") else 0) - 2 * s.markers(p.team, p.square)

    def _dice(self, s: BloodBowlState, actions: list[Any], kinds: set[type]) -> Any:
        if ChooseDie not in kinds:
            return None
        top: Any = s.stack[-1]
        att = s.players[top.attacker]
        dfd = s.players[top.defender]
        me = s.current_player()

        def value(a: ChooseDie) -> int:
            face = a.face
            if face == "stumble" and dfd.has("Dodge") and not att.has("Tackle"):
                face = "push"
            v = GOOD_FOR_ATTACKER[face]
            if face == "push" and att.has("Strip Ball") and s.carrier() is dfd:
                v = GOOD_FOR_ATTACKER["pow"]  # Strip Ball: the push knocks the ball loose
            if face == "both-down":
                v = 2 + dfd.has("Block") * -2 + att.has("Block") * 2 - 1
                v = max(0, min(4, v))
            return v

        dice = [a for a in actions if isinstance(a, ChooseDie)]
        if top.phase == PRO_PICK:  # Pro: re-roll the worst die
            return min(dice, key=value)
        best = max(dice, key=value) if me == att.team else min(dice, key=value)
        if me == att.team and value(best) <= 1:
            for again in (USE_PRO, Reroll(True)):  # Pro first: it costs nothing
                if again in actions:
                    return again
        return best

    def _skill_choice(self, s: BloodBowlState, actions: list[Any], kinds: set[type]) -> Any:
        """Dump-off to a free team-mate in reach, Hit and Run away, Safe Pair of Hands onto
        the square furthest from the opponents; Diving Tackle when the dive makes the test
        fail; Diving Catch always (by the surest hands); Hatred's re-roll always."""
        top: Any = s.stack[-1]
        if top.name == "dump_off":
            p = s.players[top.pid]
            free = [
                a
                for a in actions
                if isinstance(a, Aim)
                and (q := s.pitch[index(a.x, a.y)]) >= 0
                and s.players[q].team == p.team
                and s.players[q].standing
                and not s.markers(p.team, q_sq := index(a.x, a.y))
                and q_sq != p.square
            ]
            return free[0] if free else actions[0]
        if top.name == "hit_and_run":
            moves = [a for a in actions if isinstance(a, MovePath)]
            if moves:  # always free and safe: away from the opponents, nearer his end zone
                col = end_zone_column(s.players[top.pid].team)
                return min(moves, key=lambda a: abs(a.x - col))
            return actions[0]
        if top.name == "trickster":  # to the square fewest opponents Mark, if fewer than now
            p = s.players[top.pid]
            aims = [a for a in actions if isinstance(a, Aim)]
            best = min(aims, key=lambda a: s.markers(p.team, index(a.x, a.y)), default=None)
            here = s.markers(p.team, p.square)
            if best is not None and s.markers(p.team, index(best.x, best.y)) < here:
                return best
            return actions[-1]
        if top.name == "on_the_ball":
            choice, plan = on_the_ball_plan(s, top, actions)
            if plan is not None:
                self.plan = plan
            return choice
        if top.name == "diving_tackle":  # dive when it makes the Dodge or Leap fail
            fails = not passes(top.roll, top.target, top.modifier + DIVE)
            picks = [a for a in actions if not isinstance(a, SelectionDone)]
            return picks[0] if fails and picks else SelectionDone()
        if top.name == "diving_catch":  # trying costs nothing: the surest hands try
            team = s.current_player()
            picks = [a for a in actions if not isinstance(a, SelectionDone)]
            return min(picks, key=lambda a: s.player(team, a.number).ag)  # type: ignore[union-attr]
        if HatredReroll in kinds:  # a Player Down die re-rolled can only get better
            return HatredReroll()
        if top.name == "safe_pair_of_hands":
            team = s.current_player()
            return min(actions, key=lambda a: s.markers(team, index(a.x, a.y)))
        return None

    def _interfere(self, s: BloodBowlState, actions: list[Any], kinds: set[type]) -> Any:
        if Interfere not in kinds:
            return None
        top: Any = s.stack[-1]
        team = s.current_player()
        options = [a for a in actions if isinstance(a, Interfere) and a.number]
        # a failed attempt costs nothing (BB2020): the likeliest interferer always tries
        return min(options, key=lambda a: top.interference_target(s, s.player(team, a.number)))

    def _push(self, s: BloodBowlState, actions: list[Any], kinds: set[type]) -> Any:
        if PushCrowd in kinds:
            return PushCrowd()
        pushes = [a for a in actions if isinstance(a, PushTo)]
        if not pushes:
            return None
        # towards the nearest touchline: fewer places to go next time
        return min(pushes, key=lambda a: min(a.y, HEIGHT - 1 - a.y))

    def _follow(self, s: BloodBowlState, actions: list[Any], kinds: set[type]) -> Any:
        if FollowUp not in kinds:
            return None
        top: Any = s.stack[-1]
        att = s.players[top.attacker]
        carrier = s.carrier()
        return FollowUp(carrier is not att)

    def _reroll(self, s: BloodBowlState, actions: list[Any], kinds: set[type]) -> Any:
        if Reroll not in kinds:
            return None
        for again in (USE_PRO, Reroll(True)):  # Pro first: it costs nothing
            if again in actions:
                return again
        return Reroll(False)

    def _skill_use(self, s: BloodBowlState, actions: list[Any], kinds: set[type]) -> Any:
        """Wrestle instead of a Both Down that would knock him down (no Block); Fend and
        Plague Ridden always."""
        if SkillUse not in kinds or len(kinds) > 1:  # Pro beside a re-roll: `_reroll`
            return None
        skill = actions[0].skill
        if skill == "wrestle":
            top: Any = s.stack[-1]
            return SkillUse(skill, not s.players[top.asked].has("Block"))
        return SkillUse(skill, True)

    # --- the team turn --------------------------------------------------------------------------
    def _turn(self, s: BloodBowlState, actions: list[Any]) -> Any:
        team = s.current_player()
        declared = {(a.kind, a.number): a for a in actions if isinstance(a, Declare)}
        carrier = s.carrier()
        own = carrier if carrier is not None and carrier.team == team else None
        if own is not None and own.stance != STANDING:
            own = None
        # 1. score
        if own is not None and ("move", own.number) in declared:
            target = self._score_target(s, own, 0, sprint=True)
            if target is not None:
                self.plan = ActivationPlan(pid=own.pid, goal=target, force=True)
                return declared[("move", own.number)]
        # 1b. or a team-mate throws him there (Throw Team-mate, Kick Team-mate)
        if own is not None:
            plan = self._throw(score_throw(s, declared, own))
            if plan is not None:
                return plan
        # 1c. the last turn of the half and no run scores: a thrower with Hail Mary Pass throws
        # to a team-mate standing in the end zone (a normal pass when he is in range)
        if own is not None and ("pass", own.number) in declared:
            plan = self._hail_mary_plan(s, own, declared)
            if plan is not None:
                return plan
        # 2. blitz the opposing carrier
        if carrier is not None and carrier.team != team and carrier.stance == STANDING:
            plan = self._blitz_plan(s, team, carrier, declared)
            if plan is not None:
                return plan
            # 2b. no blitz reaches him: a Right Stuff player is thrown next to him
            plan = self._throw(mark_throw(s, declared, carrier))
            if plan is not None:
                return plan
        # 3. safe blocks
        for (kind, number), a in declared.items():
            if kind != "block":
                continue
            p = s.player(team, number)
            assert p is not None
            for sq in NEIGHBOURS[p.square]:
                q = s.pitch[sq]
                if q < 0 or s.players[q].team == team or s.players[q].stance != STANDING:
                    continue
                n, mine_choice = dice_count(*block_strengths(s, p, s.players[q], p.st))
                if mine_choice and (n >= 2 or (p.has("Block") and not s.players[q].has("Block"))):
                    if p is carrier:
                        continue
                    self.plan = ActivationPlan(pid=p.pid, aim=sq)
                    return a
        # 3b. a Big Guy with Projectile Vomit, or a Stabber, who has no safe block, vomits or
        # stabs instead
        plan = self._vomit_plan(s, team, declared)
        if plan is not None:
            return plan
        # 3c. a Vampire next to an opponent who Marks the carrier hypnotises him
        if own is not None:
            plan = self._gaze_plan(s, team, own, declared)
            if plan is not None:
                return plan
        # 4. a loose ball: the surest handler goes for it
        if s.ball_state == ON_GROUND:
            plan = self._pickup_plan(s, team, declared)
            if plan is not None and self.plan.chance >= 0.5:
                return plan
            thrown = self._throw(ball_throw(s, declared))
            if thrown is not None:
                return thrown
            if plan is not None:
                return plan
        # 4b. a thrower passes to a free team-mate further up who may still move
        if own is not None and ("pass", own.number) in declared:
            plan = self._pass_plan(s, own, declared)
            if plan is not None:
                return plan
        # 4c. a carrier with Punt Marked by two or more, with no safe square to go to: he
        # punts the ball downfield rather than be sacked where he stands
        if own is not None and ("punt", own.number) in declared and self._cornered(s, own):
            self.plan = ActivationPlan(pid=own.pid)
            return declared[("punt", own.number)]
        # 5. the carrier moves on safely, then the cage forms around him
        if own is not None and ("move", own.number) in declared:
            goal = self._advance_target(s, own)
            if goal is not None:
                self.plan = ActivationPlan(pid=own.pid, goal=goal)
                return declared[("move", own.number)]
        focus = carrier.square if carrier is not None else s.ball
        if focus >= 0:
            plan = self._support_plan(s, team, declared, focus, own is not None)
            if plan is not None:
                return plan
        # 6. on defence, the others close in on the carrier along squares that need no roll
        defending = carrier is not None and carrier.team != team
        if defending:
            plan = self._close_in_plan(s, team, declared, focus)
            if plan is not None:
                return plan
        # 7. a Prone player stands up (on defence he then closes in on the carrier too)
        plan = self._stand_up_plan(s, team, declared, focus if defending else -1)
        if plan is not None:
            return plan
        return EndTurn()

    def _close_in_plan(
        self, s: BloodBowlState, team: int, declared: dict[Any, Any], focus: int
    ) -> Any:
        """The Standing player who gets nearest the opposing carrier with a move that needs no
        roll (then nearest his own end zone: between the carrier and the touchdown)."""
        home = end_zone_column(team)
        best = None
        for (kind, number), a in declared.items():
            if kind != "move":
                continue
            p = s.player(team, number)
            if p is None or p.stance != STANDING or p.square in NEIGHBOURS[focus]:
                continue
            here = distance(p.square, focus)
            for sq, risk in reach(s, p.pid, 0).risk.items():
                if not risk and distance(sq, focus) < here:
                    key = (distance(sq, focus), abs(sq % WIDTH - home), straight(sq, focus))
                    if best is None or key < best[0]:
                        best = (key, p, a)
        if best is None:
            return None
        _, p, a = best
        self.plan = ActivationPlan(pid=p.pid, toward=focus)
        return a

    def _stand_up_plan(
        self, s: BloodBowlState, team: int, declared: dict[Any, Any], focus: int
    ) -> Any:
        """A Prone player's Move: he stands up, then (`focus` >= 0) closes in on it."""
        for (kind, number), a in declared.items():
            p = s.player(team, number) if kind == "move" else None
            if p is not None and p.stance == PRONE:
                self.plan = ActivationPlan(pid=p.pid, toward=focus)
                return a
        return None

    @staticmethod
    def _cornered(s: BloodBowlState, p: Player) -> bool:
        """Marked by two or more, and every square he could reach needs a roll."""
        if marking(s, p.team, p.square) < 2:
            return False
        return all(risk for risk in reach(s, p.pid, 0, p.has("Break Tackle")).risk.values())

    def _hail_mary_plan(self, s: BloodBowlState, p: Player, declared: dict[Any, Any]) -> Any:
        """Hail Mary Pass, only on the team's last turn of the half (no run scored, step 1),
        to a Standing team-mate in the opponents' end zone: any chance beats none."""
        if "Hail Mary Pass" not in p.skills or s.turn[p.team] < s.turns_per_half:
            return None
        column = end_zone_column(1 - p.team)
        for q in s.on_pitch(p.team):
            if q is not p and q.standing and coords(q.square)[0] == column:
                self.plan = ActivationPlan(pid=p.pid, aim=q.square)
                return declared[("pass", p.number)]
        return None

    def _pass_plan(self, s: BloodBowlState, p: Player, declared: dict[Any, Any]) -> Any:
        """Pass where he stands (a quick or short pass needing 3+ or better, not Marked) to
        a Standing, unmarked team-mate who has not acted, at least four columns nearer the
        end zone, with AG 3+ or better: the surest such catcher, then the furthest up."""
        if p.pa <= 0 or marking(s, p.team, p.square):
            return None
        goal = end_zone_column(1 - p.team)
        ahead = abs(coords(p.square)[0] - goal)
        best: tuple[tuple[int, int], int] | None = None
        for pid in s.team_pids[p.team]:
            q = s.players[pid]
            if q is p or q.used or q.square < 0 or q.stance != STANDING or q.ag > 3:
                continue
            gain = ahead - abs(coords(q.square)[0] - goal)
            band = pass_range(s, p.square, q.square)
            if gain < 4 or band is None or band.modifier < -1 or marking(s, p.team, q.square):
                continue
            if p.pa - band.modifier > 3:
                continue
            key = (-q.ag, gain)
            if best is None or key > best[0]:
                best = (key, q.square)
        if best is None:
            return None
        target = best[1]
        self.plan = ActivationPlan(pid=p.pid, aim=target)
        return declared[("pass", p.number)]

    def _vomit_plan(self, s: BloodBowlState, team: int, declared: dict[Any, Any]) -> Any:
        """Projectile Vomit (2+ to hit, an armour roll), Stab (an armour roll) or Chainsaw (2+,
        an armour roll +3) at the weakest-armoured opponent next to a player who has it, when a
        block would not give him the choice of two dice."""
        for (kind, number), a in declared.items():
            if kind not in ("projectile vomit", "stab", "breathe fire", "chainsaw"):
                continue
            p = s.player(team, number)
            assert p is not None
            targets = [
                sq
                for sq in NEIGHBOURS[p.square]
                if s.pitch[sq] >= 0
                and s.players[s.pitch[sq]].team != team
                and s.players[s.pitch[sq]].stance == STANDING
            ]
            if not targets:
                continue
            n, mine = dice_count(*block_strengths(s, p, s.players[s.pitch[targets[0]]], p.st))
            if mine and n >= 2:
                continue  # the block is better
            self.plan = ActivationPlan(
                pid=p.pid, aim=min(targets, key=lambda q: s.players[s.pitch[q]].av)
            )
            return a
        return None

    def _gaze_plan(
        self, s: BloodBowlState, team: int, own: Player, declared: dict[Any, Any]
    ) -> Any:
        """Hypnotic Gaze, without moving, at an opponent who Marks the ball carrier, by a
        player next to him whose Agility test needs 3+ or better."""
        for (kind, number), a in declared.items():
            if kind != "hypnotic gaze":
                continue
            p = s.player(team, number)
            if p is None or p.stance != STANDING:
                continue
            for sq in NEIGHBOURS[p.square]:
                q = s.pitch[sq]
                if q < 0 or s.players[q].team == team or not s.players[q].standing:
                    continue
                if s.players[q].distracted or sq not in NEIGHBOURS[own.square]:
                    continue
                if p.ag + marking(s, team, p.square) - 1 <= 3:
                    self.plan = ActivationPlan(pid=p.pid, aim=sq)
                    return a
        return None

    def _score_target(
        self, s: BloodBowlState, p: Player, moved: int, sprint: bool = False
    ) -> int | None:
        """An end-zone square he reaches likely enough; `sprint`: in a Move action, with
        Sprint's third Rush if he has it."""
        r = reach(s, p.pid, moved, False, sprint and "Sprint" in p.skills)
        col = end_zone_column(1 - p.team)
        best, best_p = None, SCORE_CHANCE
        last_turn = s.turn[p.team] >= s.turns_per_half
        for sq in r.risk:
            if sq % WIDTH == col:
                c = success(path_rolls(s, r, sq))
                if c > best_p or (last_turn and best is None):
                    best, best_p = sq, c
        return best

    def _advance_target(self, s: BloodBowlState, p: Player) -> int | None:
        """The square nearest the end zone that needs no roll; when every move needs one
        (he is Marked), the likeliest step forward."""
        r = reach(s, p.pid, 0)
        col = end_zone_column(1 - p.team)
        here = abs(coords(p.square)[0] - col)
        safe = [
            (s.markers(p.team, sq) > 0, abs(sq % WIDTH - col), -self._room(s, p, sq), sq)
            for sq, risk in r.risk.items()
            if not risk and abs(sq % WIDTH - col) < here
        ]
        if safe:
            return min(safe)[3]
        if not s.markers(p.team, p.square):
            return None
        risky = [
            (c * (1 + 0.03 * (here - abs(sq % WIDTH - col))), sq)
            for sq in r.risk
            if not s.markers(p.team, sq) and (c := success(path_rolls(s, r, sq))) >= 0.5
        ]
        return max(risky)[1] if risky else None

    @staticmethod
    def _room(s: BloodBowlState, p: Player, square: int) -> int:
        """How far the nearest Standing opponent is, and off the touchlines."""
        x, y = coords(square)
        near = 99
        for pid in s.team_pids[1 - p.team]:
            q = s.players[pid]
            if q.standing:
                qx, qy = coords(q.square)
                near = min(near, max(abs(qx - x), abs(qy - y)))
        return min(near, 4) + min(y, HEIGHT - 1 - y, 3)

    def _blitz_plan(
        self, s: BloodBowlState, team: int, carrier: Player, declared: dict[Any, Any]
    ) -> Any:
        best = None
        for (kind, number), a in declared.items():
            if kind != "blitz":
                continue
            p = s.player(team, number)
            if p is None or p.stance != STANDING or not near(p, carrier.square, 1):
                continue
            r = reach(s, p.pid, 0)
            for sq in NEIGHBOURS[carrier.square]:
                if sq not in r.risk:
                    continue
                rolls = path_rolls(s, r, sq)
                if sum(roll.kind == "rush" for roll in rolls) < 2:
                    c = success(rolls) * (1 + p.st + p.has("Block"))
                    if best is None or c > best[0]:
                        best = (c, p, sq, a)
            if s.pitch[p.square] == p.pid and p.square in NEIGHBOURS[carrier.square]:
                c = 2.0 * (1 + p.st + p.has("Block"))
                if best is None or c > best[0]:
                    best = (c, p, p.square, a)
        if best is None or best[0] < 1.5:
            return None
        _, p, sq, a = best
        self.plan = ActivationPlan(pid=p.pid, goal=sq, aim=carrier.square)
        return a

    def _pickup_plan(self, s: BloodBowlState, team: int, declared: dict[Any, Any]) -> Any:
        best = None
        for (kind, number), a in declared.items():
            if kind != "move":
                continue
            p = s.player(team, number)
            if p is None or p.no_ball() or p.stance != STANDING or not near(p, s.ball):
                continue
            r = reach(s, p.pid, 0)
            if s.ball in r.risk:
                c = success(path_rolls(s, r, s.ball)) + (0.2 if p.has("Sure Hands") else 0)
                if best is None or c > best[0]:
                    best = (c, p, a)
        if best is None:
            return None
        self.plan = ActivationPlan(pid=best[1].pid, goal=s.ball, force=True, chance=best[0])
        return best[2]

    def _throw(self, found: tuple[Declare, ActivationPlan] | None) -> Any:
        """Adopt a Throw/Kick Team-mate plan (see `bot_throws`): its declaration."""
        if found is None:
            return None
        declare, self.plan = found
        return declare

    def _support_plan(
        self, s: BloodBowlState, team: int, declared: dict[Any, Any], focus: int, cage: bool
    ) -> Any:
        wanted = [sq for sq in NEIGHBOURS[focus] if s.pitch[sq] < 0]
        if cage:  # a cage: the four corners only, so that the carrier can still get out
            fx, fy = coords(focus)
            wanted = [sq for sq in wanted if abs(sq % WIDTH - fx) + abs(sq // WIDTH - fy) == 2]
        for sq in wanted:
            for (kind, number), a in declared.items():
                if kind != "move":
                    continue
                p = s.player(team, number)
                if p is None or p.square == focus or p.stance != STANDING:
                    continue
                if (p.square in NEIGHBOURS[focus] and cage) or not near(p, sq):
                    continue
                r = reach(s, p.pid, 0)
                if sq in r.risk and success(path_rolls(s, r, sq)) >= 0.8:
                    self.plan = ActivationPlan(pid=p.pid, goal=sq)
                    return a
        return None

    # --- an activation --------------------------------------------------------------------------
    def _activation(self, s: BloodBowlState, top: Activation, actions: list[Any]) -> Any:
        p = s.players[top.pid]
        if self.plan.pid != top.pid:
            # someone else declared this action (a search trying another move): make a plan
            self.plan = self._improvise(s, top, p)
        plan = self.plan
        if top.hungry:  # Bloodlust: bite a Thrall first, or walk up to one
            bites = [a for a in actions if isinstance(a, Bite)]
            if bites:
                return bites[0]
            step = self._to_thrall(s, top, p, actions)
            if step is not None:
                return step
        if top.kind in THROWS:
            return self._throw_step(s, p, actions, plan)
        if top.kind == "punt":  # towards the opponents' end zone, where he stands
            column = end_zone_column(1 - p.team)
            punt = PuntAim("x", column)
            return punt if punt in actions else EndActivation()
        aims = [a for a in actions if isinstance(a, Aim)]
        if aims and top.kind == "block" and plan.aim < 0:
            plan.aim = self._best_block(s, p, aims)
        goal = plan.goal
        aim = plan.aim
        if aims and aim >= 0:
            for a in aims:
                if index(a.x, a.y) == aim:
                    self.plan = ActivationPlan()
                    return a
        toward = plan.toward
        if toward is not None:
            return self._toward(p, actions, toward)
        if top.kind in ("move", "blitz") and s.ball_state == HELD and s.carrier() is p:
            target = self._score_target(s, p, top.moved, sprint=top.kind == "move")
            if target is not None:
                goal = target
        if goal >= 0 and goal != p.square:
            path = next(
                (a for a in actions if isinstance(a, MovePath) and index(a.x, a.y) == goal),
                None,
            )
            if path is not None and success(path_rolls(s, top.reachable(s), goal)) >= 0.5:
                return path
            leap = self._leap(s, top, p, actions, goal)
            if leap is not None:
                return leap
            if path is not None and (plan.force or top.kind == "blitz"):
                return path
        return EndActivation()

    @staticmethod
    def _toward(p: Player, actions: list[Any], focus: int) -> Any:
        """The move that needs no roll and ends nearest `focus` (none when `focus` < 0)."""
        here = distance(p.square, focus) if focus >= 0 else 0
        paths = [
            a
            for a in actions
            if isinstance(a, MovePath) and not a.risk and distance(index(a.x, a.y), focus) < here
        ]
        if not paths:
            return EndActivation()
        return min(
            paths, key=lambda a: (distance(sq := index(a.x, a.y), focus), straight(sq, focus))
        )

    @staticmethod
    def _throw_step(s: BloodBowlState, p: Player, actions: list[Any], plan: ActivationPlan) -> Any:
        """Walk (with no roll) to the square the throw is made from, then throw."""
        goal, throw = plan.goal if plan.goal >= 0 else p.square, plan.throw
        if throw is None:
            return EndActivation()
        if goal != p.square:
            for a in actions:
                if isinstance(a, MovePath) and index(a.x, a.y) == goal and not a.risk:
                    return a
            return EndActivation()
        number, target = throw
        for a in actions:
            if isinstance(a, ThrowAim) and a.number == number and index(a.x, a.y) == target:
                return a
        return EndActivation()

    @staticmethod
    def _to_thrall(s: BloodBowlState, top: Activation, p: Player, actions: list[Any]) -> Any:
        """A safe move next to a Thrall team-mate (for a Vampire who must bite)."""
        wanted = {
            sq
            for pid in s.team_pids[p.team]
            if s.players[pid].position.name == "Thrall Lineman" and s.players[pid].square >= 0
            for sq in NEIGHBOURS[s.players[pid].square]
        }
        r = top.reachable(s)
        moves = [
            (rolls, a)
            for a in actions
            if isinstance(a, MovePath)
            and (sq := index(a.x, a.y)) in wanted
            and success(rolls := path_rolls(s, r, sq)) >= 0.8
        ]
        # the fewest rolls (a path of one roll counts as one of none)
        return min(moves, key=lambda m: max(0, len(m[0]) - 1))[1] if moves else None

    @staticmethod
    def _leap(s: BloodBowlState, top: Activation, p: Player, actions: list[Any], goal: int) -> Any:
        """Leap (Wardancers) out of a Marked square when no likely path reaches the goal: to
        an unmarked square nearer the goal, on a roll of 3+ or better."""
        if not s.markers(p.team, p.square):
            return None
        gx, gy = coords(goal)
        here = max(abs(gx - p.square % WIDTH), abs(gy - p.square // WIDTH))
        best = None
        for a in actions:
            if not isinstance(a, Aim) or a.verb != "leap to":
                continue
            sq = index(a.x, a.y)
            if success(top.leap_rolls(s, p, sq)) >= 4 / 6:
                d = max(abs(gx - a.x), abs(gy - a.y))
                if d < here and not s.markers(p.team, sq) and (best is None or d < best[0]):
                    best = (d, a)
        return best[1] if best else None

    def _improvise(self, s: BloodBowlState, top: Activation, p: Player) -> ActivationPlan:
        """A plan for an action the bot did not declare itself: what this player would do
        best in that action (his `pid` alone when nothing fits: he ends it at once)."""
        plan = ActivationPlan(p.pid)
        if top.acted or top.moved:
            return plan
        team = p.team
        carrier = s.carrier()
        if top.kind == "blitz" and carrier is not None and carrier.team != team:
            r = reach(s, p.pid, 0)
            squares = [sq for sq in NEIGHBOURS[carrier.square] if sq in r.risk]
            if p.square in NEIGHBOURS[carrier.square]:
                plan.aim = carrier.square
            elif squares:
                plan.goal = max(squares, key=lambda sq: success(path_rolls(s, r, sq)))
                plan.aim = carrier.square
        elif top.kind in THROWS:  # the throw the bot would make with him, if any
            declared = {(top.kind, p.number): None}
            own = carrier if carrier is not None and carrier.team == team else None
            found = score_throw(s, declared, own) if own is not None else None
            if found is None and carrier is not None and carrier.team != team:
                found = mark_throw(s, declared, carrier)
            if found is None and s.ball_state == ON_GROUND:
                found = ball_throw(s, declared)
            if found is not None:
                plan = found[1]
        elif top.kind == "move":
            if carrier is p:
                goal = self._score_target(s, p, 0, sprint=True)
                if goal is None:
                    goal = self._advance_target(s, p)
                if goal is not None:
                    plan.goal = goal
            elif s.ball_state == ON_GROUND and near(p, s.ball) and not p.no_ball():
                if s.ball in reach(s, p.pid, 0).risk:
                    plan.goal, plan.force = s.ball, True
            else:
                focus = carrier.square if carrier is not None else s.ball
                if focus >= 0:
                    r = reach(s, p.pid, 0)
                    safe = [
                        sq
                        for sq in NEIGHBOURS[focus]
                        if sq in r.risk and success(path_rolls(s, r, sq)) >= 0.8
                    ]
                    if safe:
                        plan.goal = safe[0]
        return plan

    @staticmethod
    def _best_block(s: BloodBowlState, p: Player, aims: list[Aim]) -> int:
        """The square of the block with the most dice in the blocker's favour."""

        def dice(a: Aim) -> int:
            sq = index(a.x, a.y)
            n, mine = dice_count(*block_strengths(s, p, s.players[s.pitch[sq]], p.st))
            return n if mine else -n

        best = max(aims, key=dice)
        return index(best.x, best.y)
