"""Talents, reactions of the carrier, double pins and the European variants (R66-R72, R79, R113,
R124, R135, R140, R24)."""

from __future__ import annotations

from tablesports.core.registry import load
from tests.games.juggerttg.helpers import h, legal, play, pos, x


def test_r113_r72_mach_sie_nieder_makes_a_bonus_attack_without_fp_or_bought_dice() -> None:
    # arlo's "Mach' sie nieder!": 3 FP, a standard attack, then one bonus attack
    st = pos(
        "r2 arlo long k6 E 4/3; b2 bex long m6 W 0/0; b3 dov long l5 W 0/0",
        "rda=4 init=red active=r2",
    )
    play(st, "talent b2")
    assert st.fp[h("r2")] == 1 and st.bonus_left == 1
    play(st, "buy 0", "skulls 2", "skulls 0")
    assert st.down[h("b2")] == 1
    assert st.phase == "bonus" and legal(st) == {"attack b3"}  # it must be made first (R72)
    play(st, "attack b3")
    assert st.fp[h("r2")] == 1  # no FP for the bonus attack
    assert st.phase == "roll-attack"  # no dice bought (R113), b3 cannot pay a defence


def test_r70_a_parade_talent_adds_dice_against_a_standard_attack() -> None:
    # cato's "Mauer": a parry with 2 more dice for 3 FP
    st = pos("r2 wren long k6 E 3/4; b2 cato long m6 W 5/4", "rda=4 init=red active=r2")
    play(st, "attack b2", "buy 0", "talent-parry")
    assert st.combat.defence_dice == 2 + 1 + 2 and st.fp[h("b2")] == 2


def test_r79_the_carrier_may_throw_the_jugg_when_an_attack_is_declared_on_him() -> None:
    body = "r2 wren long k6 E 3/4; b8 nils qwik m6 W 4/3 carrier"
    st = pos(body, "rda=4 init=red active=r2 jugg=carried", "r8 pim qwik b1 E 4/3")
    play(st, "attack b8")
    assert st.phase == "react" and st.player == 1
    play(st, "throw p6")
    assert st.jugg == x("p6") and st.carrier == -1 and st.phase == "buy-attack"


def test_r124_a_held_qwik_makes_no_lunge() -> None:
    # sami (lunge talent) is held by r8: the attack on it offers no reaction
    body = "r2 wren long k6 E 3/4; b8 sami qwik m6 W 4/2; r8 pim qwik m5 E 4/3 holds=b8"
    st = pos(body, "rda=4 init=red active=r2", "")
    play(st, "attack b8")
    assert st.phase == "buy-attack"


def test_r140_two_short_spars_pin_two_kneeling_enemies() -> None:
    body = "r2 wren twoshort k6 E 3/4; b2 bex long l6 W 0/3 down2; b3 dov long j6 E 0/3 down2"
    st = pos(body, "rda=4 init=red active=r2")
    play(st, "pin b2", "pin b3")
    assert st.pinned_by[h("b2")] == h("r2") and st.pinned_by[h("b3")] == h("r2")
    st = pos(body.replace("twoshort", "shield"), "rda=4 init=red active=r2")
    play(st, "pin b2")
    assert "pin b3" not in legal(st)


def test_r135_r24_the_european_corners_and_counts() -> None:
    game = load("juggerttg", european_corners=True, european_counts=True)
    st = game.from_position(
        "rda=4 init=red active=r2 / r2 wren long c2 W 3/4; b2 bex long m6 W 3/3; "
        "r8 nils qwik k11 E 4/3; b8 sami qwik s11 W 4/2"
    )
    play(st, "jog", "step b2")  # a hex touching the corner diagonal is out
    assert st.down[h("r2")] == 1 and st.penalty[h("r2")] == 3
    st = game.from_position(
        "rda=4 init=red active=r2 / r2 wren long k6 E 3/4; b2 bex long m6 W 3/3; "
        "r8 nils qwik k11 E 4/3; b8 sami qwik s11 W 4/2"
    )
    play(st, "attack b2", "buy 0", "parry", "buy 0", "skulls 3", "skulls 0")
    assert st.penalty[h("b2")] == 5  # a close spar: 5 Stones in Europe
