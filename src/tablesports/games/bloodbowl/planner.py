"""`bloodbowl-planner`: the scripted coach, with its choices of what to do next put to the dice.

At each decision of its team turn (which player acts next, and how, or end the turn) it lists
a few plans beside the scripted bot's own: a plan is a declared action and what the player is
to do in it (where to go, whom to hit), which `ScriptedBot` then carries out, and the bot
plays the rest of the turn. Each plan is scored by `rollouts` determinised playouts (the same
dice seeds for every plan: common random numbers) of the rest of this turn and the opponent's
next one, both teams played by the scripted bot, scored by `evaluate` (touchdowns, the ball
and its progress, players down or out). The bot's plan is kept unless another one's mean,
paired playout by playout, beats it by `margin`. Everything else (set-up, kick-off, dice,
pushes, the steps inside an activation) is the scripted bot's.

The plans the bot never makes itself (`alternatives`): ending the turn now (hold back); a foul
on a player lying down (the bot never fouls); a blitz on any Standing opponent (the bot only
blitzes the ball carrier); every block another player could throw (the bot throws only
two-dice blocks, and in its own order).
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from tablesports.core.protocol import CHANCE, TERMINAL, Game, State, validate_options
from tablesports.games.bloodbowl.actions import EndTurn
from tablesports.games.bloodbowl.bot import ScriptedBot
from tablesports.games.bloodbowl.bot_plan import ActivationPlan
from tablesports.games.bloodbowl.pitch import NEIGHBOURS
from tablesports.games.bloodbowl.players import STANDING, Player
from tablesports.games.bloodbowl.state import BloodBowlState
from tablesports.games.bloodbowl.turn.actions import Declare
from tablesports.games.bloodbowl.turn.block import assists, block_strengths, dice_count
from tablesports.games.bloodbowl.turn.paths import Reach, reach
from tablesports.games.bloodbowl.turn.rolls import path_rolls, success

Plan = tuple[Any, ActivationPlan]
"""A declaration (or `EndTurn`) and the scripted bot's plan for the activation it starts."""


class PlannerOptions(BaseModel):
    """The search budget of `bloodbowl-planner`."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    rollouts: int = Field(6, ge=1, description="playouts per plan")
    width: int = Field(4, ge=0, description="plans tried beside the bot's own (0: the bot alone)")
    margin: float = Field(
        0.02, ge=0.0, description="mean value another plan needs above the bot's to be played"
    )
    seconds: float = Field(
        0.0, ge=0.0, description="time cap per decision (0: none; rollouts then decide alone)"
    )
    horizon: int = Field(1, ge=0, le=3, description="opponent team turns played out after this one")


class PlannerBot:
    """The scripted bot, overruled by playouts when another plan is clearly better."""

    name = "bloodbowl-planner"
    Options = PlannerOptions

    def __init__(self, game: Game | None = None, seed: int = 0, **params: Any) -> None:
        options = validate_options(PlannerOptions, params, f"agent {self.name!r}")
        assert isinstance(options, PlannerOptions)
        self.options = options
        self.game = game
        self.seed = seed
        self.bot = ScriptedBot(game, seed)
        self.players = [ScriptedBot(game, seed), ScriptedBot(game, seed)]
        self.decisions = 0
        self.searched = 0
        """Decisions searched and plans overruled (for the figures)."""
        self.overruled = 0
        self.last_values: list[tuple[str, float]] = []
        """Each plan of the last search and its mean value (for tests and analysis)."""
        self.last_playouts = 0
        """Playouts run for the last search (every plan the same number)."""

    def reset(self, seed: int) -> None:
        self.seed = seed
        self.bot.reset(seed)
        self.decisions = self.searched = self.overruled = 0

    # --- the decision ------------------------------------------------------------------------
    def step(self, state: State) -> Any:
        assert isinstance(state, BloodBowlState)
        default = self.bot.step(state)
        if self.options.width == 0 or not isinstance(default, (Declare, EndTurn)):
            return default
        self.decisions += 1
        plans: list[Plan] = [(default, replace(self.bot.plan))]
        plans += alternatives(state, default)[: self.options.width]
        if len(plans) == 1:
            return default
        self.searched += 1
        best = self._search(state, plans)
        if best == 0:
            return default
        self.overruled += 1
        action, plan = plans[best]
        self.bot.plan = replace(plan)
        return action

    def _search(self, state: BloodBowlState, plans: list[Plan]) -> int:
        """The index of the plan to play: the bot's (0) unless another beats it by `margin`."""
        opts = self.options
        me = state.current_player()
        deadline = time.perf_counter() + opts.seconds if opts.seconds else 0.0
        totals = [0.0] * len(plans)
        done = 0
        base = self.seed * 1_000_003 + self.decisions * 7919
        for i in range(opts.rollouts):
            if deadline and i and time.perf_counter() > deadline:
                break
            for k, plan in enumerate(plans):
                totals[k] += self._playout(state, plan, me, random.Random(base + i))
            done += 1
        self.last_playouts = done * len(plans)
        means = [t / done for t in totals]
        self.last_values = [(str(a), m) for (a, _), m in zip(plans, means, strict=True)]
        best = max(range(len(plans)), key=lambda k: means[k])
        return best if means[best] > means[0] + opts.margin else 0

    def _playout(self, state: BloodBowlState, plan: Plan, me: int, rng: random.Random) -> float:
        """Play `plan`, the rest of the turn and `horizon` opponent turns; my value."""
        s = state.clone()
        action, bot_plan = plan
        bots = self.players
        for b in bots:
            b.plan = ActivationPlan()
        bots[me].plan = replace(bot_plan)
        s.apply_legal(action)
        half, drive = s.half, s.drive
        h = self.options.horizon
        # stop as the opponent's next turn starts (horizon 0) or as my h-th turn from now does
        stop_team, stop_at = (1 - me, s.turn[1 - me] + 1) if h == 0 else (me, s.turn[me] + h)
        while True:
            player = s.current_player()
            if player == TERMINAL:
                return s.returns()[me]
            if s.half != half or s.drive != drive or s.turn[stop_team] >= stop_at:
                break
            if player == CHANCE:
                s.apply_legal(s.sample_chance(rng))
            else:
                s.apply_legal(bots[player].step(s))
        assert self.game is not None
        values = self.game.evaluate(s)
        return values[me] if values is not None else 0.0


# --- the plans the scripted bot does not make -----------------------------------------------------
def alternatives(s: BloodBowlState, default: Any) -> list[Plan]:
    """Plans beside the bot's own, likeliest to matter first: a foul, a blitz on someone
    other than the ball carrier, the blocks, and ending the turn now."""
    team = s.current_player()
    declared = [a for a in s.legal_actions() if isinstance(a, Declare)]
    out: list[Plan] = []
    foul = _foul_plan(s, team, declared)
    if foul is not None:
        out.append(foul)
    blitz = _blitz_plan(s, team, declared)
    if blitz is not None and blitz[0] != default:
        out.append(blitz)
    blocks = []
    for a in declared:
        if a.kind != "block" or a == default:
            continue
        p = s.player(team, a.number)
        assert p is not None
        best = None
        for sq in NEIGHBOURS[p.square]:
            q = s.pitch[sq]
            if q < 0 or s.players[q].team == team or s.players[q].stance != STANDING:
                continue
            n, mine = dice_count(*block_strengths(s, p, s.players[q], p.st))
            key = n if mine else -n
            if best is None or key > best[0]:
                best = (key, sq)
        if best is not None and best[0] >= 1:
            blocks.append((best[0], a, ActivationPlan(p.pid, aim=best[1])))
    blocks.sort(key=lambda b: -b[0])
    out += [(a, plan) for _, a, plan in blocks]
    if not isinstance(default, EndTurn):
        out.append((EndTurn(), ActivationPlan()))
    return out


def _standing_declarers(
    s: BloodBowlState, team: int, declared: list[Declare], kind: str
) -> Iterator[tuple[Declare, Player, Reach]]:
    """The declarations of `kind` whose player stands on the pitch, with where he can go."""
    for a in declared:
        if a.kind != kind:
            continue
        p = s.player(team, a.number)
        if p is not None and p.stance == STANDING and p.square >= 0:
            yield a, p, reach(s, p.pid, 0)


def _foul_plan(s: BloodBowlState, team: int, declared: list[Declare]) -> Plan | None:
    """The foul with the most help: a player who can reach, with no roll, a square beside an
    opponent lying down; the victim with the most assists and the weakest armour."""
    best: tuple[tuple[int, int, int], Declare, ActivationPlan] | None = None
    for a, p, r in _standing_declarers(s, team, declared, "foul"):
        for pid in s.team_pids[1 - team]:
            v = s.players[pid]
            if v.square < 0 or v.stance == STANDING:
                continue
            for sq in NEIGHBOURS[v.square]:
                if sq != p.square and (sq not in r.risk or r.risk[sq]):
                    continue
                helpers = assists(s, team, v, p) - (1 if sq != p.square else 0)
                key = (helpers, -v.av, sq == p.square)
                if best is None or key > best[0]:
                    plan = ActivationPlan(p.pid, aim=v.square, force=True)
                    if sq != p.square:
                        plan.goal = sq
                    best = (key, a, plan)
    return None if best is None else (best[1], best[2])


def _blitz_plan(s: BloodBowlState, team: int, declared: list[Declare]) -> Plan | None:
    """The blitz with the most dice on any Standing opponent, from a square reached with no
    roll (or where the blitzer stands)."""
    best: tuple[tuple[int, float], Declare, ActivationPlan] | None = None
    for a, p, r in _standing_declarers(s, team, declared, "blitz"):
        for pid in s.team_pids[1 - team]:
            v = s.players[pid]
            if v.square < 0 or v.stance != STANDING:
                continue
            for sq in NEIGHBOURS[v.square]:
                if sq != p.square and (sq not in r.risk or success(path_rolls(s, r, sq)) < 0.99):
                    continue
                n, mine = dice_count(*block_strengths(s, p, v, p.st))
                if not mine or n < 2:
                    continue
                key = (n, -v.av - v.st * 0.1)
                if best is None or key > best[0]:
                    plan = ActivationPlan(p.pid, aim=v.square)
                    if sq != p.square:
                        plan.goal = sq
                    best = (key, a, plan)
    return None if best is None else (best[1], best[2])
