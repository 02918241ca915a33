"""`juggers-aim`: aims by simulating candidate flicks with the game's own physics.

For each candidate (its coin towards points of the gap between its two team-mates, straight at
the goal, or at an opponent's coin, at several strengths) it plays the flick on a copy of the
state with the most likely execution noise (none) and scores what follows: a meta first, then
knocking opponents off (an attacker's fall ends the attack), then a position from which the next
flick can pass between team-mates nearer the goal; fouls and own falls cost. It declares a
supermove when its best flick is a shot and the supermove makes the flick surer or harder.
Penalties: its most precise Jugger shoots at the centre of the goal.

Parameters: ``juggers-aim:strengths=6`` (strength levels tried per aim point) and
``juggers-aim:robust=5`` (the best five flicks are scored again as the average over all fifteen
noise outcomes, weighted by their probabilities: surer flicks, fifteen times the thinking for
those five; 0, the default, plays the best flick under the most likely noise).
"""

from __future__ import annotations

import math
import random
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from tablesports.core.protocol import Action, Game, State, validate_options
from tablesports.games.juggers.actions import Choose, Flick, Noise, Pick, Place, Shooter, Sub, Super
from tablesports.games.juggers.phases import CHOOSE, DRAFT, PLACE, PLAY, SHOOT, SHOOTER
from tablesports.games.juggers.state import NOISE_OUTCOMES, JuggersState

CENTRE_NOISE = Noise(0, 0)
META = 1000.0
WIN = 1_000_000.0
"""A won match's score (`AimBot.score`): above any sum of the position's terms."""
# cells of the formations, for team A (team B's are mirrored): the gate, then the flicker
ATTACK_CELLS = ((5, 3), (5, 4), (3, 3))
DEFEND_CELLS = ((2, 3), (2, 4))


class AimOptions(BaseModel):
    """The bot's parameters (`juggers-aim:robust=5`), checked by pydantic."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    strengths: int = Field(6, ge=1, le=50, description="strength levels tried per aim point")
    robust: int = Field(0, ge=0, le=50, description="best flicks scored again over all noise")


class AimBot:
    name = "juggers-aim"
    Options = AimOptions

    def __init__(self, game: Game | None = None, seed: int = 0, **params: Any):
        options = validate_options(AimOptions, params, f"agent {self.name!r}")
        assert isinstance(options, AimOptions)
        strengths = options.strengths
        self.robust = options.robust
        self.rng = random.Random(seed)
        self.levels = (
            [round(0.2 + 0.8 * i / (strengths - 1), 2) for i in range(strengths)]
            if strengths > 1
            else [0.6]
        )
        self.planned: Flick | None = None

    def reset(self, seed: int) -> None:
        self.rng.seed(seed)
        self.planned = None

    def step(self, state: State) -> Action:
        assert isinstance(state, JuggersState)
        phase = state.phase
        team = state.current_player()
        if phase == PLAY:
            return self._play(state, team)
        if phase == PLACE:
            return self._place(state, team)
        if phase == SHOOT:
            return self._penalty(state, team)
        if phase == SHOOTER:
            base = team * 4  # the most precise of those who may shoot (R22)
            return Shooter(
                min(state.shooters(team), key=lambda j: state.character(base + j - 1).precision)
            )
        if phase == DRAFT:
            return self._pick(state, team)
        if phase == CHOOSE:
            return Choose("attack")
        legal = state.legal_actions()
        return legal[self.rng.randrange(len(legal))]

    def score(self, state: JuggersState, me: int) -> float:
        """How good `state` is for team `me`, in points (higher is better), on the scale of the
        bot's own flick scores: a meta 1000 (`META`), a penalty goal 500, each Jugger on the
        table 20 (a fall costs it the inning's play), each life point 15 and morale point 2,
        and the attacker's placing for the next flick (`_position`: a coin near the goal and a
        gate between team-mates, up to about 16) for the attacker, against the defender.
        A finished match is +-WIN. The value agent's `base=` adds its net's +-5."""
        if state.is_terminal():
            return WIN * state.returns()[me]
        opp = 1 - me
        v = META * (state.score[me] - state.score[opp])
        v += 500.0 * (state.pen_goals[me] - state.pen_goals[opp])
        v += 20.0 * (len(state.on_table(me)) - len(state.on_table(opp)))
        v += 15.0 * (sum(state.hp[me * 4 : me * 4 + 4]) - sum(state.hp[opp * 4 : opp * 4 + 4]))
        v += 2.0 * (state.morale[me] - state.morale[opp])
        if state.attacker in (0, 1):
            sign = 1.0 if state.attacker == me else -1.0
            v += sign * _position(state, state.attacker)
        return v

    def candidates(self, state: JuggersState) -> list[Action] | None:
        """The steps worth trying in a turn of play, for a lookahead over this bot's evaluation
        (the value agent's `base=`): its aimed flicks (at the goal, the gaps between team-mates,
        the opponents' coins) and the turn's other choices (a supermove, a substitution),
        rather than the legal grid of 120 flicks a Jugger. None outside a turn of play."""
        if state.phase != PLAY:
            return None
        team = state.current_player()
        base = team * 4
        if state.declared >= 0:
            flickers = [state.declared]
        else:
            flickers = [s for s in range(base, base + 4) if state.flickable(s)]
        if not flickers:
            return None
        others = [a for a in state.legal_actions() if not isinstance(a, Flick)]
        return [*self._candidates(state, team, flickers), *others]

    # --- before the match ---------------------------------------------------------------
    def _pick(self, state: JuggersState, team: int) -> Action:
        left = state.budget[team]
        picked = sum(1 for s in range(team * 4, team * 4 + 4) if state.chars[s] >= 0)
        remaining = 3 - picked
        options = [a for a in state.legal_actions() if isinstance(a, Pick)]
        chars = state.game.characters
        index = state.game.index_of
        cheapest = sorted(chars[index[a.character]].cost for a in options)

        def value(a: Pick) -> float:
            c = chars[index[a.character]]
            afford = c.cost + sum(cheapest[:remaining]) <= left
            return (100 if afford else 0) + 10 / c.precision + c.life * 2 + c.stamina / 20

        return max(options, key=value)

    def _place(self, state: JuggersState, team: int) -> Action:
        base = team * 4
        attacking = team == state.attacker
        cells = ATTACK_CELLS if attacking else DEFEND_CELLS
        free = set(state.free_cells(team))
        waiting = [
            s
            for s in range(base, base + 4)
            if state.hp[s] > 0 and state.pos[s] is None and not state.played[s]
        ]
        # the healthiest, not injured, Juggers first
        waiting.sort(key=lambda s: (state.injured(s), -state.hp[s], state.character(s).precision))
        slot = waiting[0]
        for c, r in cells:
            cell = (c, r) if team == 0 else (11 - c, r)
            if cell in free:
                return Place(slot - base + 1, *cell)
        legal = [
            a for a in state.legal_actions() if isinstance(a, Place) and a.jugger == slot - base + 1
        ]
        return legal[self.rng.randrange(len(legal))]

    # --- penalties ----------------------------------------------------------------------------
    def _penalty(self, state: JuggersState, team: int) -> Action:
        t = state.game.table
        gx = t.width - t.goal_line / 2 if team == 0 else t.goal_line / 2
        x, y = state.pos[state.shooter] or (t.width / 2, t.height / 2)
        angle = round(math.degrees(math.atan2(t.height / 2 - y, gx - x)), 1) % 360.0
        j = state.shooter % 4 + 1
        best = max(
            (Flick(j, angle, s) for s in (0.65, 0.7, 0.8, 0.9)),
            key=lambda f: self._score(state, f, team),
        )
        return best

    # --- the turn -----------------------------------------------------------------------------
    def _play(self, state: JuggersState, team: int) -> Action:
        base = team * 4
        if state.declared >= 0:
            plan = self.planned
            self.planned = None
            if plan is not None and base + plan.jugger - 1 == state.declared:
                return plan
            return self._best(state, team, [state.declared])[1]
        flickers = [s for s in range(base, base + 4) if state.flickable(s)]
        if not flickers:
            subs = [a for a in state.legal_actions() if isinstance(a, Sub)]
            if subs:
                return subs[0]
            return state.legal_actions()[0]
        value, flick = self._best(state, team, flickers)
        slot = base + flick.jugger - 1
        sm = state.character(slot).supermove
        if value >= META and state.can_declare(slot) and (sm.precision < 1.0 or sm.power > 1.0):
            self.planned = flick
            return Super(flick.jugger)
        return flick

    def _best(self, state: JuggersState, team: int, flickers: list[int]) -> tuple[float, Flick]:
        scored = [(self._score(state, f, team), f) for f in self._candidates(state, team, flickers)]
        best = max(scored, key=lambda vf: vf[0])
        if self.robust <= 0:
            return best
        # the best few again, averaged over every noise outcome with its probability
        top = sorted(scored, key=lambda vf: -vf[0])[: self.robust]
        expected = []
        for straight, f in top:
            total = 0.0
            for noise, p in NOISE_OUTCOMES:
                v = straight if noise == CENTRE_NOISE else self._score(state, f, team, noise)
                total += p * v
            expected.append((total, f))
        return max(expected, key=lambda vf: vf[0])

    def _candidates(self, state: JuggersState, team: int, flickers: list[int]) -> list[Flick]:
        t = state.game.table
        base = team * 4
        gx = t.width - t.goal_line / 2 if team == 0 else t.goal_line / 2
        goal = (gx, t.height / 2)
        attacking = team == state.attacker
        mine = state.on_table(team)
        theirs = state.on_table(1 - team)
        out: list[Flick] = []
        for s in flickers:
            p = state.pos[s]
            assert p is not None
            j = s - base + 1
            targets: list[tuple[float, float]] = [goal]
            if attacking:
                mates = [m for m in mine if m != s]
                if len(mates) == 2:
                    a, b = state.pos[mates[0]], state.pos[mates[1]]
                    assert a is not None and b is not None
                    targets += [
                        (a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u)
                        for u in (0.35, 0.5, 0.65)
                    ]
            else:
                targets += [q for q in (state.pos[o] for o in theirs) if q is not None]
            for tx, ty in targets:
                angle = math.degrees(math.atan2(ty - p[1], tx - p[0])) % 360.0
                out.extend(Flick(j, round(angle, 1) % 360.0, lv) for lv in self.levels)
        return out

    def _score(
        self, state: JuggersState, f: Flick, team: int, noise: Action = CENTRE_NOISE
    ) -> float:
        child = state.clone()
        child.apply_legal(f)
        child.apply_legal(noise)
        events = child.apply_legal(child.chance_outcomes()[0][0])
        attacker = state.attacker
        value = 0.0
        for e in events:
            if e.kind == "meta" or (e.kind == "penalty" and "META" in e.text):
                value += META if team == attacker or state.shooter >= 0 else -META
            elif e.kind == "foul":
                value += -30.0 if team == attacker else 30.0
            elif e.kind == "fall":
                slot = e.data["slot"]
                own = slot // 4 == team
                ends = slot // 4 == attacker
                value += (-20.0 if own else 8.0) + ((-15.0 if own else 25.0) if ends else 0.0)
        if state.shooter >= 0:
            return value
        return value + _position(child, attacker) * (1.0 if team == attacker else -1.0)


def _position(state: JuggersState, attacker: int) -> float:
    """How well placed the attacker's coins are for a pass between team-mates near the goal."""
    t = state.game.table
    gx = t.width if attacker == 0 else 0.0
    coins = [p for p in (state.pos[s] for s in state.on_table(attacker)) if p is not None]
    if not coins:
        return 0.0
    mid = t.height / 2
    near = min(math.hypot(gx - x, mid - y) for x, y in coins)
    value = 10.0 * (1.0 - near / t.width)
    if len(coins) == 3:
        gap_needed = 2 * t.coin_radius + 20.0
        for k in range(3):
            c = coins[k]
            a, b = (coins[i] for i in range(3) if i != k)
            gap = math.hypot(a[0] - b[0], a[1] - b[1]) - 2 * t.coin_radius
            if gap < gap_needed:
                continue
            gate_x = (a[0] + b[0]) / 2
            behind = (gate_x - c[0]) * (1 if attacker == 0 else -1)
            if 0 < behind < 450:
                value += 4.0 + 2.0 * min(1.0, gap / 150.0)
                break
    # coins near the edges are easy to knock off
    for x, y in coins:
        if min(y, t.height - y) < 60 or min(x, t.width - x) < 40:
            value -= 1.5
    return value
