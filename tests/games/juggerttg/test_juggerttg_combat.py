"""Combat: attack, defence, dice, results, chain, flank and back attacks (R97-R121)."""

from __future__ import annotations

import pytest

from tablesports.core.errors import IllegalActionError
from tests.games.juggerttg.helpers import h, legal, play, pos

DUEL = "r2 wren long k6 E 3/4; b2 bex long m6 W 3/3"


def test_r103_r108_parry_fails_when_the_attack_shows_more_skulls() -> None:
    st = pos(DUEL, "rda=4 init=red active=r2")
    play(st, "attack b2")
    assert st.combat.attack_dice == 4  # R103: hero attack 2 + long spar 2
    assert st.fp[h("r2")] == 1  # 2 FP paid on declaration
    play(st, "buy 0", "parry")
    assert st.combat.defence_dice == 3  # R105: hero parry 2 + long spar parry 1
    play(st, "buy 0", "skulls 3", "skulls 2")
    assert st.down[h("b2")] == 1 and st.penalty[h("b2")] == 3  # R133: a long spar, 3 Stones


def test_r108_a_tie_favours_the_parry() -> None:
    st = pos(DUEL, "rda=4 init=red active=r2")
    play(st, "attack b2", "buy 0", "parry", "buy 0", "skulls 2", "skulls 2")
    assert st.down[h("b2")] == 0 and st.down[h("r2")] == 0


def test_r107_only_blanks_miss_and_the_defender_does_not_roll() -> None:
    st = pos(DUEL, "rda=4 init=red active=r2")
    play(st, "attack b2", "buy 0", "duel", "buy 0", "skulls 0")
    assert st.phase == "act"  # no defence roll: the combat is over (G26 in a duel too)
    assert st.down[h("b2")] == 0 and st.down[h("r2")] == 0


def test_r109_a_duel_hits_the_lower_roll_and_a_double_hits_both() -> None:
    st = pos(DUEL, "rda=4 init=red active=r2")
    play(st, "attack b2", "buy 0", "duel")
    assert st.combat.defence_dice == 5  # R105: a duel rolls hero attack 3 + spar attack 2
    play(st, "buy 0", "skulls 2", "skulls 2")
    assert st.down[h("b2")] == 1 and st.down[h("r2")] == 1  # DOPPEL
    st = pos(DUEL, "rda=4 init=red active=r2")
    play(st, "attack b2", "buy 0", "duel", "buy 0", "skulls 1", "skulls 3")
    assert st.down[h("r2")] == 1 and st.down[h("b2")] == 0


def test_r104_r106_bought_dice_cost_two_each_once_per_combat() -> None:
    st = pos(DUEL, "rda=4 init=red active=r2")
    play(st, "attack b2")
    assert "buy 2" in legal(st)  # 1 FP + 4 AP left: 2 dice at 2 points each
    assert "buy 3" not in legal(st)
    play(st, "buy 2")
    assert st.combat.attack_dice == 6
    play(st, "parry", "buy 1")
    assert st.combat.defence_dice == 4
    assert st.phase == "roll-attack"


def test_r98_no_defence_only_when_nothing_can_be_paid() -> None:
    st = pos("r2 wren long k6 E 3/4; b2 bex long m6 W 1/0", "rda=4 init=red active=r2")
    play(st, "attack b2", "buy 0")
    assert (
        st.combat.defence == "none" and st.combat.defence_dice == 1
    )  # R102: only the spar's parry value
    st = pos(DUEL, "rda=4 init=red active=r2")
    play(st, "attack b2", "buy 0")
    assert "no-defence" not in legal(st)


def test_r99_an_attack_needs_range_and_sight() -> None:
    st = pos("r2 wren long k6 E 3/4; b2 bex long n6 W 3/3", "rda=4 init=red active=r2")
    with pytest.raises(IllegalActionError, match="R99"):
        play(st, "attack b2")
    st = pos("r2 wren long k6 W 3/4; b2 bex long m6 W 3/3", "rda=4 init=red active=r2")
    with pytest.raises(IllegalActionError, match="R99, R91"):
        play(st, "attack b2")


def test_r94_a_standing_hero_in_line_blocks_sight_and_r96_a_kneeling_one_does_not() -> None:
    body = "r2 wren long k6 E 3/4; b2 bex long m6 W 3/3; b3 dov shield l6 W 3/3"
    st = pos(body, "rda=4 init=red active=r2")
    assert "attack b2" not in legal(st) and "attack b3" in legal(st)
    st = pos(body + " down2", "rda=4 init=red active=r2")
    assert "attack b2" in legal(st)


def test_r111_the_chain_is_thrown_after_an_attack_and_reloaded_for_1_fp() -> None:
    st = pos("r2 wren chain k6 E 3/4; b2 bex long m6 W 0/0", "rda=4 init=red active=r2")
    play(st, "attack b2", "buy 0", "skulls 3", "skulls 0")
    assert st.penalty[h("b2")] == 5  # R133: the chain's 5 Stones
    assert st.chain_ready[h("r2")] == 0
    assert not any(a.startswith("attack") for a in legal(st))
    play(st, "reload")
    assert st.chain_ready[h("r2")] == 1 and st.fp[h("r2")] == 0


def test_r114_a_flank_attack_takes_the_spar_parry_away() -> None:
    # r2 starts in front of b2 (b2 faces W) and attacks from its back side
    # (b2 has no points left, so it makes no attack of opportunity and cannot parry)
    st = pos("r2 wren shield k6 E 3/4; b2 bex long m6 W 0/0", "rda=4 init=red")
    play(st, "activate r2", "run", "step k7", "step l7", "step m7")
    # b2 on m6 facing W cannot see m7 (its rear): the attack is a flank attack
    play(st, "face NW", "attack b2", "buy 0")
    assert st.combat.flank == 1 and st.combat.defence == "none"
    assert st.combat.defence_dice == 0  # R102: no spar parry against a flank attack (1 otherwise)
    play(st, "skulls 1")
    assert st.down[h("b2")] == 1


def test_r115_a_back_attack_cannot_be_defended() -> None:
    st = pos("r2 wren long o6 W 3/4; b2 bex long m6 W 3/3", "rda=4 init=red active=r2")
    play(st, "attack b2")
    assert st.combat.back == 1
    assert st.phase == "buy-attack"
    play(st, "buy 0")
    assert st.combat.defence == "none" and st.combat.defence_dice == 0 and st.phase == "roll-attack"
    play(st, "skulls 1")
    assert st.down[h("b2")] == 1
