"""The scripted bot's Throw Team-mate and Kick Team-mate, and its On the Ball.

Three throws, each only when the odds are good (the thrower's Passing test times the
landing's Agility test, with the team re-roll the bot would spend):

- to score: a Right Stuff ball carrier next to a thrower (or a thrower who can walk, with no
  roll, next to him) is thrown into the opposing end zone;
- to mark: when the opposing ball carrier is close to scoring and no blitz reaches him, a
  Right Stuff player is thrown next to him (a failed landing costs no turnover);
- to the ball: when no team-mate can reach a loose ball safely, a Right Stuff player who has
  not acted is thrown next to it, to pick it up with his own action.

Only players next to the thrower, and target squares in the few columns that matter, are
looked at: the bot plays thousands of games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesports.games.bloodbowl.bot_plan import ActivationPlan
from tablesports.games.bloodbowl.pitch import HEIGHT, NEIGHBOURS, WIDTH, coords, end_zone_column
from tablesports.games.bloodbowl.players import STANDING
from tablesports.games.bloodbowl.turn.actions import Declare
from tablesports.games.bloodbowl.turn.common import can_team_reroll, disturbing, marking
from tablesports.games.bloodbowl.turn.data import TN
from tablesports.games.bloodbowl.turn.paths import reach
from tablesports.games.bloodbowl.turn.throw_team_mate import throw_band

if TYPE_CHECKING:
    from tablesports.games.bloodbowl.players import Player
    from tablesports.games.bloodbowl.state import BloodBowlState

THROWS = ("throw team-mate", "kick team-mate")
SCORE_THROW = 0.4
"""Throw the carrier into the end zone when it works at least this often (re-roll counted)."""
MARK_THROW = 0.3
"""Throw a player next to a threatening opposing carrier at least this often."""
BALL_THROW = 0.35
"""Throw a player next to a loose ball at least this often."""


def d6_chance(target: int, modifier: int) -> float:
    """The chance of a D6 test: a 1 fails, a 6 passes, else roll + modifier >= target."""
    return (1 + sum(1 for r in range(2, 6) if r + modifier >= target)) / 6


def throw_chance(s: BloodBowlState, p: Player, frm: int, to: int) -> float:
    """The chance that `p`, throwing from `frm`, makes a superb throw to `to` (0 out of range)."""
    band = throw_band(s, frm, to)
    if band is None:
        return 0.0
    mod = (
        band.modifier
        - marking(s, p.team, frm)
        - disturbing(s, p.team, frm)
        + s.weather_entry().pass_modifier
        + ("Strong Arm" in p.skills)
    )
    a = d6_chance(p.pa, mod)
    if "Pass" in p.skills:
        a = 1 - (1 - a) ** 2
    if "Always Hungry" in p.skills:
        a *= 5 / 6  # a 1 on the D6 before the throw: no throw at all
    return a


def success(s: BloodBowlState, p: Player, q: Player, frm: int, to: int) -> float:
    """The chance that `q`, thrown by `p` from `frm` to `to`, lands there on his feet, with
    the team re-roll the bot spends on the first failure (on the throw or the landing)."""
    a = throw_chance(s, p, frm, to)
    if a <= 0:
        return 0.0
    b = d6_chance(q.ag, -marking(s, q.team, to))
    if not can_team_reroll(s, p.team):
        return a * b
    if "Pass" in p.skills:  # the throw re-rolls itself: the team re-roll is the landing's
        return a * (1 - (1 - b) ** 2)
    return a * (1 - (1 - b) ** 2) + (1 - a) * a * b


def throwable(s: BloodBowlState, team: int, q: Player) -> bool:
    return (
        q.team == team
        and q.standing
        and "Right Stuff" in q.skills
        and q.st <= TN.right_stuff_max_st
    )


def _throwers(s: BloodBowlState, declared: dict[Any, Any]) -> list[tuple[Player, Any]]:
    team = s.current_player()
    out = []
    for (kind, number), a in declared.items():
        if kind in THROWS:
            p = s.player(team, number)
            if p is not None and p.stance == STANDING and p.pa > 0 and not p.rooted:
                out.append((p, a))
    return out


def _best(
    s: BloodBowlState, p: Player, q: Player, frm: int, targets: list[int]
) -> tuple[float, int]:
    best = (0.0, -1)
    for t in targets:
        if s.pitch[t] < 0:
            c = success(s, p, q, frm, t)
            if c > best[0]:
                best = (c, t)
    return best


def score_throw(
    s: BloodBowlState, declared: dict[Any, Any], carrier: Player
) -> tuple[Declare, ActivationPlan] | None:
    """A plan to throw the Right Stuff `carrier` into the end zone, or (when he has not acted)
    onto an unmarked square within his MA of it, from where he runs in this turn: from where
    the thrower stands if the carrier is next to him, else from a square next to the carrier
    that the thrower reaches with no roll."""
    if not throwable(s, carrier.team, carrier):
        return None
    col = end_zone_column(1 - carrier.team)
    cx = coords(carrier.square)[0]
    run = 0 if carrier.used else carrier.ma
    if abs(cx - col) > 8 + run:  # a short pass reaches 6 squares; the thrower may step 2
        return None
    last_turn = s.turn[carrier.team] >= s.turns_per_half
    best: tuple[float, Player, Any, int, int] | None = None
    for p, a in _throwers(s, declared):
        if carrier.square in NEIGHBOURS[p.square]:
            froms = [p.square]
        else:
            px, py = coords(p.square)
            x, y = coords(carrier.square)
            if max(abs(px - x), abs(py - y)) > p.ma + 1:
                continue
            r = reach(s, p.pid, 0)
            froms = [f for f in NEIGHBOURS[carrier.square] if r.risk.get(f) == ""]
        for f in froms:
            c, t = _best(s, p, carrier, f, _score_targets(s, carrier, f, col, run))
            if t >= 0 and (best is None or c > best[0]):
                best = (c, p, a, f, t)
    if best is None or (best[0] < SCORE_THROW and not (last_turn and best[0] > 0.1)):
        return None
    _, p, a, f, t = best
    return a, ActivationPlan(p.pid, goal=f, throw=(carrier.number, t))


def _score_targets(s: BloodBowlState, q: Player, frm: int, col: int, run: int) -> list[int]:
    """The end zone squares in a short pass of `frm`, and (`run` > 0) the unmarked squares
    in reach from which `q` walks into it with no roll (`run` columns away at most)."""
    x0, y0 = coords(frm)
    out = []
    for y in range(max(0, y0 - 6), min(HEIGHT, y0 + 7)):
        for x in range(max(0, x0 - 6), min(WIDTH, x0 + 7)):
            d = abs(x - col)
            if d == 0 or (d <= run and not marking(s, q.team, x + y * WIDTH)):
                out.append(x + y * WIDTH)
    return out


def mark_throw(
    s: BloodBowlState, declared: dict[Any, Any], carrier: Player
) -> tuple[Declare, ActivationPlan] | None:
    """A plan to throw a Right Stuff player next to the opposing `carrier` when he is within a
    move and a Rush or two of scoring."""
    team = 1 - carrier.team
    cx = coords(carrier.square)[0]
    if abs(cx - end_zone_column(team)) > carrier.ma + 3:
        return None
    targets = list(NEIGHBOURS[carrier.square])
    return _adjacent_throw(s, declared, targets, MARK_THROW, need_unused=False)


def ball_throw(
    s: BloodBowlState, declared: dict[Any, Any]
) -> tuple[Declare, ActivationPlan] | None:
    """A plan to throw a Right Stuff player who has not acted next to the loose ball, onto a
    square where no opponent Marks him."""
    team = s.current_player()
    targets = [t for t in NEIGHBOURS[s.ball] if not marking(s, team, t)]
    return _adjacent_throw(s, declared, targets, BALL_THROW, need_unused=True)


def _adjacent_throw(
    s: BloodBowlState,
    declared: dict[Any, Any],
    targets: list[int],
    threshold: float,
    need_unused: bool,
) -> tuple[Declare, ActivationPlan] | None:
    team = s.current_player()
    best: tuple[float, Player, Any, Player, int] | None = None
    for p, a in _throwers(s, declared):
        for sq in NEIGHBOURS[p.square]:
            pid = s.pitch[sq]
            if pid < 0:
                continue
            q = s.players[pid]
            if not throwable(s, team, q) or (need_unused and q.used):
                continue
            if s.carrier() is q:
                continue  # the carrier is only thrown to score
            c, t = _best(s, p, q, p.square, targets)
            if t >= 0 and (best is None or c > best[0]):
                best = (c, p, a, q, t)
    if best is None or best[0] < threshold:
        return None
    _, p, a, q, t = best
    return a, ActivationPlan(p.pid, goal=p.square, throw=(q.number, t))


# --- On the Ball ------------------------------------------------------------------------------


def on_the_ball_plan(
    s: BloodBowlState, top: Any, actions: list[Any]
) -> tuple[Any, ActivationPlan | None]:
    """Which player with On the Ball moves, and where (`selection done` when none gains):
    at a kick-off the one who gets nearest the ball's square; against a pass the one who
    reaches a square next to its target (he will Mark the catcher). Only squares needing no
    roll count."""
    from tablesports.games.bloodbowl.actions import Select, SelectionDone

    team = top.team
    if top.kickoff:
        focus = s.ball
        wanted = None
    else:
        pass_proc = next((pr for pr in reversed(s.stack) if pr.name == "pass_action"), None)
        if pass_proc is None:
            return SelectionDone(), None
        focus = getattr(pass_proc, "target", -1)
        wanted = set(NEIGHBOURS[focus])
    if focus < 0:
        return SelectionDone(), None
    fx, fy = coords(focus)
    best: tuple[int, Any, ActivationPlan] | None = None
    for a in actions:
        if not isinstance(a, Select):
            continue
        p = s.player(team, a.number)
        if p is None:
            continue
        r = reach(s, p.pid, max(0, p.ma - 3))
        px, py = coords(p.square)
        here = max(abs(px - fx), abs(py - fy))
        for sq, risk in r.risk.items():
            if risk or (wanted is not None and sq not in wanted):
                continue
            if top.kickoff and _crosses(team, sq):
                continue
            d = max(abs(sq % WIDTH - fx), abs(sq // WIDTH - fy))
            if d < here and (best is None or d < best[0]):
                best = (d, a, ActivationPlan(p.pid, goal=sq))
    if best is None:
        return SelectionDone(), None
    return best[1], best[2]


def _crosses(team: int, sq: int) -> bool:
    from tablesports.games.bloodbowl.pitch import in_half

    return not in_half(team, sq % WIDTH)
