"""The rolls of a path as numbers (`turn/rolls.py`, what the bots weigh paths by) agree with
the texts the pathfinder writes for people, on positions of random play with the skills that
change the rolls (Stunty, Titchy, Prehensile Tail, Break Tackle, Sprint, Drunkard)."""

from __future__ import annotations

import random

import pytest

from tablesports.core.protocol import CHANCE
from tablesports.core.registry import load
from tablesports.games.bloodbowl.state import BloodBowlState
from tablesports.games.bloodbowl.turn.paths import reach
from tablesports.games.bloodbowl.turn.rolls import path_rolls, success, text

PAIRS = [("skaven", "snotling"), ("goblin", "norse"), ("underworld", "halfling")]


def positions(home: str, away: str, seed: int, every: int = 40) -> list[BloodBowlState]:
    game = load("bloodbowl", home=home, away=away)
    s = game.new_initial_state()
    assert isinstance(s, BloodBowlState)
    rng = random.Random(seed)
    out = []
    for n in range(1200):
        if s.is_terminal():
            break
        if s.current_player() == CHANCE:
            s.apply_action(s.sample_chance(rng))
            continue
        if n % every == 0:
            out.append(s.clone())
        s.apply_action(s.sample_legal(rng))
    return out


@pytest.mark.parametrize(("home", "away"), PAIRS)
def test_path_rolls_agree_with_the_pathfinders_texts(home: str, away: str) -> None:
    squares = 0
    for s in positions(home, away, seed=len(home)):
        for p in s.players:
            if p.square < 0 or not p.standing:
                continue
            for moved, break_tackle, sprint in ((0, False, False), (2, True, True)):
                r = reach(s, p.pid, moved, break_tackle, sprint)
                for sq, risk in r.risk.items():
                    rolls = path_rolls(s, r, sq)
                    assert text(rolls) == risk, (p.label(), sq)
                    assert 0 < success(rolls) <= 1
                    squares += 1
    assert squares > 10_000
