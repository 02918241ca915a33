"""The observation tensor's quick path (`encode_state`, read from the state's fields) gives
bit for bit the array of `encode` (read from `observation(player)`), over many random-play
positions of several pairings, for both observers, and with drive-long MA and AV changes
(DODGY SNACK) that need their own rows of characteristics."""

from __future__ import annotations

import random

import numpy as np

from tablesports.core.protocol import CHANCE
from tablesports.core.registry import load
from tablesports.games.bloodbowl.ball import HELD
from tablesports.games.bloodbowl.players import PITCH, PRONE, STUNNED
from tablesports.games.bloodbowl.state import BloodBowlState
from tablesports.games.bloodbowl.tensor import encode, encode_state


def _positions(home: str, away: str, count: int, seed: int) -> list[BloodBowlState]:
    """`count` positions along random playouts (every decision and chance node)."""
    game = load("bloodbowl", home=home, away=away)
    rng = random.Random(seed)
    out: list[BloodBowlState] = []
    state = game.new_initial_state()
    while len(out) < count:
        if state.is_terminal():
            state = game.new_initial_state()
        assert isinstance(state, BloodBowlState)
        out.append(state.clone())
        if state.current_player() == CHANCE:
            state.apply_legal(state.sample_chance(rng))
        else:
            state.apply_legal(state.sample_legal(rng))
    return out


PAIRINGS = [
    ("human", "orc"),
    ("wood-elf", "dark-elf"),
    ("vampire", "norse"),
    ("snotling", "goblin"),
]


def test_encode_state_is_encode_of_the_observation_over_random_play() -> None:
    seen = {"prone or stunned": 0, "used": 0, "distracted": 0, "ball held": 0}
    for home, away in PAIRINGS:
        game = load("bloodbowl", home=home, away=away)
        for state in _positions(home, away, 1200, seed=7):
            on_pitch = [p for p in state.players if p.box == PITCH]
            seen["prone or stunned"] += any(p.stance in (PRONE, STUNNED) for p in on_pitch)
            seen["used"] += any(p.used for p in on_pitch)
            seen["distracted"] += any(p.distracted for p in on_pitch)
            seen["ball held"] += state.ball_state == HELD
            for player in (0, 1):
                quick = encode_state(state, player)
                slow = encode(game, state.observation(player), player)
                assert quick.dtype == np.float32 and quick.tobytes() == slow.tobytes()
    assert all(seen.values()), f"the playouts never showed some of {seen}"


def test_encode_state_is_encode_with_drive_long_ma_and_av_changes() -> None:
    game = load("bloodbowl")
    changed = 0
    for state in _positions("human", "orc", 400, seed=3)[::20]:
        data = state.to_json()
        here = 0
        for team, players in enumerate(data["players"]):
            for k, p in enumerate(players):
                if "square" in p and k % 3 == team:  # some on the pitch, of both teams
                    p["ma_mod"], p["av_mod"] = (-1, 0) if k % 2 else (-2, 1)
                    here += 1
        modded = game.state_from_json(data)
        for player in (0, 1):
            quick = encode_state(modded, player)
            slow = encode(game, modded.observation(player), player)
            assert quick.tobytes() == slow.tobytes()
            if here:  # the changed characteristics show
                assert quick.tobytes() != encode_state(state, player).tobytes()
        changed += here
    assert changed
