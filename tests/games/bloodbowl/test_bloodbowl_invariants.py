"""Invariants over random matches (hypothesis picks the seeds)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.ball import HELD, ON_GROUND
from tablesports.games.bloodbowl.pitch import SIZE
from tablesports.games.bloodbowl.players import PITCH, STANDING
from tablesports.games.bloodbowl.procedures.setup_rules import setup_problem
from tablesports.games.bloodbowl.state import BloodBowlState
from tests.games.bloodbowl.helpers import GAME


def check(s: BloodBowlState) -> None:
    for sq in range(SIZE):
        pid = s.pitch[sq]
        if pid >= 0:
            assert s.players[pid].square == sq
    for p in s.players:
        assert (p.square >= 0) == (p.box == PITCH)
        if p.square >= 0:
            assert s.pitch[p.square] == p.pid
    for team in (0, 1):
        swarmers = sum(1 for p in s.on_pitch(team) if p.has("Swarming"))
        assert len(s.on_pitch(team)) <= 11 + min(3, swarmers // 2)
        assert 0 <= s.turn[team] <= s.turns_per_half
    if s.ball_state == HELD:
        carrier = s.carrier()
        assert carrier is not None and carrier.stance == STANDING
    if s.ball_state == ON_GROUND and s.pitch[s.ball] >= 0:
        # a ball under a player only while he picks it up or it is about to bounce
        assert any(p.name in ("bounce", "pick_up") for p in s.stack)


@settings(max_examples=15, deadline=None)
@given(st.integers(min_value=0, max_value=10**6))
def test_random_matches_keep_the_pitch_consistent(seed: int) -> None:
    rng = random.Random(seed)
    s = GAME.new_initial_state()
    assert isinstance(s, BloodBowlState)
    while not s.is_terminal():
        if s.stack[-1].name == "nominate_kicker":
            # the set-ups are done: both must be legal for the kick-off
            for team in (0, 1):
                target = min(11, len(s.on_pitch(team)))
                assert setup_problem(s, team, target) is None
        if s.current_player() == CHANCE:
            s.apply_legal(s.sample_chance(rng))
        else:
            actions = s.legal_actions()
            s.apply_legal(actions[rng.randrange(len(actions))])
        check(s)
    assert s.half == 2
