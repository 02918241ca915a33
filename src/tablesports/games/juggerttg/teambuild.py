"""How `juggerttg-greedy` values heroes and teams: the draft and the free pick as decisions.

A team wants one Qwik (agility, Reflex, focus, a Jugg talent), a chain carrier (attack) and
fighters (attack, parry, Reflex, focus); heroes of one real-world team add teamplay points
(Table 2). A pick is worth what it adds to the team's value, less its cost measured against
the budget left per open slot, so cheap heroes are welcome when money is short.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from tablesports.games.juggerttg.data import Hero

TALENT_FIGHT = {
    "bonus_attack": 1.0,
    "attack_dice": 0.7,
    "parry_dice": 0.6,
    "duel_dice": 0.6,
    "reroll": 0.6,
    "force_reroll": 0.5,
    "lunge": 0.4,
    "quickstep": 0.3,
    "extra_move": 0.3,
}
TALENT_QWIK = {"jugg_discount": 1.0, "extra_move": 0.6, "lunge": 0.5, "reroll": 0.3}
TPP_WORTH = 0.8
COST_WORTH = 0.5  # value per recruit point beyond the budget left per open slot


def fighter(h: Hero) -> float:
    t = TALENT_FIGHT.get(h.talent.effect, 0.0) if h.talent else 0.0
    return (
        1.0 * h.attack
        + 0.8 * h.parry
        + 0.35 * h.reflex
        + 0.35 * h.focus
        + 0.25 * h.stamina
        + 0.2 * h.agility
        + t
    )


def qwik(h: Hero) -> float:
    t = TALENT_QWIK.get(h.talent.effect, 0.0) if h.talent else 0.0
    return 1.2 * h.agility + 0.8 * h.reflex + 0.6 * h.focus + 0.2 * h.stamina + t


def chain(h: Hero) -> float:
    return fighter(h) + 0.5 * h.attack - 0.3 * h.parry


def team_value(team: Sequence[Hero], size: int) -> float:
    """The best role assignment's value: a Qwik, a chain, fighters; substitutes count little."""
    if not team:
        return 0.0
    fights = sorted(((fighter(h), h) for h in team), key=lambda x: -x[0])
    best = float("-inf")
    for q in team:  # the Qwik is the one whose Qwik value beats its fighting most
        rest = [(v, h) for v, h in fights if h is not q]
        on_field = rest[:4]
        bench = rest[4:]
        chain_gain = max((chain(h) - v for v, h in on_field), default=0.0)
        v = qwik(q) + sum(v for v, _ in on_field) + max(0.0, chain_gain)
        v += 0.3 * sum(v for v, _ in bench)
        best = max(best, v)
    counts = Counter(h.team for h in team)
    tpp = sum(n - 1 for n in counts.values() if n >= 2)
    missing = size - len(team)
    return best + TPP_WORTH * min(tpp, 4) - 0.01 * missing


def pick_score(team: Sequence[Hero], hero: Hero, size: int, budget_left: int) -> float:
    """What recruiting ``hero`` adds, less its cost beyond the budget left per open slot."""
    slots = max(1, size - len(team))
    gain = team_value([*team, hero], size) - team_value(team, size)
    return gain - COST_WORTH * (hero.cost - budget_left / slots)


def swap_gain(team: Sequence[Hero], out: Hero, hero: Hero, size: int) -> float:
    rest = [h for h in team if h is not out]
    return team_value([*rest, hero], size) - team_value(team, size)
