"""The conformance properties on a sample of team pairings (tests/test_conformance.py plays
the default Human v Orc match). The pairings bring rules the default match never meets: Kick
and Throw Team-mate (ogre), Projectile Vomit (black-orc's Troll), Unchannelled Fury and Horns
(chaos-chosen, khorne), Claws, Foul Appearance, Nerves of Steel, Decay, no Apothecary (the
undead teams), Brawler, Grab, Safe Pass, Cloud Burster, Swarming beyond eleven (snotling),
Leap, Take Root, Stab, Shadowing, Jump Up, Dump-off (wood-elf v dark-elf), On the Ball
(lizardmen), Animosity and Safe Pair of Hands (underworld, chaos-renegade), Hit and Run (amazon),
Hypnotic Gaze and Bloodlust (vampire),
Drunkard, Pick-me-up, Strip Ball, Disturbing Presence (norse); the 2025 rosters' Taunt (orc),
Eye Gouge (necromantic, shambling-undead), No Ball (norse, necromantic), Sprint (wood-elf),
Insignificant (underworld), Unsteady, and Stab and Strip Ball of the 2025 Skaven (skaven);
Chainsaw, Bombardier, Swoop, Pogo, Ball & Chain and Throw Team-mate by Trolls (goblin v ogre),
Sprint, Insignificant and the Pump Wagon's Dirty Player (+1) (the 2025 snotling v goblin). A
tenth of `TABLESPORTS_PLAYOUTS` (at least 5) playouts per pairing, two probed deeply."""

from __future__ import annotations

import os
import random
from functools import cache

import pytest

from tablesports import conformance as c
from tablesports.core.registry import load

PAIRINGS = [
    ("ogre", "chaos-chosen"),
    ("necromantic", "elven-union"),
    ("khorne", "tomb-kings"),
    ("shambling-undead", "snotling"),
    ("black-orc", "human"),
    ("high-elf", "dwarf"),
    ("wood-elf", "dark-elf"),
    ("lizardmen", "underworld"),
    ("chaos-renegade", "orc"),
    ("amazon", "wood-elf"),
    ("vampire", "dark-elf"),
    ("norse", "lizardmen"),
    ("skaven", "orc"),
    ("goblin", "ogre"),
    ("snotling", "goblin"),
]
PLAYOUTS = max(5, int(os.environ.get("TABLESPORTS_PLAYOUTS", "200")) // 10)


@cache
def probes_of(home: str, away: str) -> list[c.Probe]:
    game = load("bloodbowl", home=home, away=away)
    return [p for seed in range(2) for p in c.probes(game, seed)]


@pytest.mark.parametrize(("home", "away"), PAIRINGS)
def test_random_playouts_of_the_pairing_end(home: str, away: str) -> None:
    c.check_playouts_end(load("bloodbowl", home=home, away=away), range(PLAYOUTS))


@pytest.mark.parametrize(("home", "away"), PAIRINGS)
def test_the_pairing_keeps_every_protocol_property(home: str, away: str) -> None:
    probes = probes_of(home, away)
    strangers = list({str(a): a for p in probes for a in c._moves_here(p.state)[:40]}.values())
    random.Random(0).shuffle(strangers)
    for probe in probes:
        c.check_legal_actions_apply(probe)
        c.check_illegal_actions_raise(probe, strangers[:40])
        c.check_clone_is_independent(probe)
        c.check_json_round_trip(probe)
        c.check_action_text_round_trip(probe)
        c.check_codec(probe)
        c.check_evaluate(probe)


@pytest.mark.parametrize(("home", "away"), PAIRINGS)
def test_the_pairings_records_replay(home: str, away: str) -> None:
    game = load("bloodbowl", home=home, away=away)
    c.check_record_round_trip(game, 0)
    c.check_same_seed_same_game(game, 0)
