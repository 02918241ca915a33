"""Movement, facing, attacks of opportunity and lunges (R52-R66, R91-R93, R116-R121)."""

from __future__ import annotations

import pytest

from tablesports.core.errors import IllegalActionError
from tablesports.games.juggerttg import board
from tablesports.games.juggerttg.board import CENTRE, NEIGHBOURS, in_view
from tests.games.juggerttg.helpers import h, legal, play, pos, x

# wren: agility 0; mave: agility 2 and the passive talent "Flinke Füße" (+1 hex)
RUNNER = "r2 wren long k6 E 3/4"


def test_r52_movement_costs_0_1_2_fp_and_reaches_3_5_7() -> None:
    for kind, cost, reach in (("jog", 0, 3), ("run", 1, 5), ("sprint", 2, 7)):
        st = pos(RUNNER, "rda=4 init=red active=r2")
        play(st, kind)
        assert st.fp[h("r2")] == 3 - cost and st.moves_left == reach


def test_r54_agility_and_a_passive_talent_add_to_the_range() -> None:
    st = pos("r2 mave long k6 E 3/3", "rda=4 init=red active=r2")
    play(st, "run")
    assert st.moves_left == 5 + 2 + 1


def test_r53_a_declared_movement_cannot_change() -> None:
    st = pos(RUNNER, "rda=4 init=red active=r2")
    play(st, "jog")
    with pytest.raises(IllegalActionError, match="R53"):
        play(st, "sprint")
    play(st, "step l6", "step m6", "step n6")
    with pytest.raises(IllegalActionError, match="R52"):
        play(st, "step o6")


def test_r55_r61_steps_go_to_free_adjacent_hexes_and_r57_set_the_facing() -> None:
    st = pos(RUNNER + "; r3 dov shield l6 E 3/3", "rda=4 init=red active=r2")
    play(st, "jog")
    steps = {a for a in legal(st) if a.startswith("step")}
    assert steps == {"step k5", "step j5", "step j6", "step j7", "step k7"}  # l6 is taken
    play(st, "step j7")
    assert st.facing[h("r2")] == 4  # SW
    with pytest.raises(IllegalActionError, match="R55"):
        play(st, "step m6")


def test_r62_r134_stepping_off_the_field_knocks_down_for_3_stones() -> None:
    st = pos("r2 wren long b6 W 3/4", "rda=4 init=red active=r2")
    play(st, "jog", "step a6")
    assert st.down[h("r2")] == 1 and st.penalty[h("r2")] == 3
    assert st.active == -1  # a kneeling hero cannot act on (R132)


def test_r91_the_field_of_view_is_270_degrees() -> None:
    ring1 = [n for n in NEIGHBOURS[CENTRE] if in_view(CENTRE, 0, n)]
    assert [board.name(n) for n in ring1] == ["l6", "k5", "k7"]  # only the 3 front hexes
    ring2 = [n for n in board.HEXES if board.DIST[CENTRE][n] == 2 and in_view(CENTRE, 0, n)]
    assert len(ring2) == 7  # of 12: the rear wedge of 90 degrees holds the other 5
    for f in range(6):
        seen = [n for n in board.HEXES if 1 <= board.DIST[CENTRE][n] <= 3]
        assert sum(in_view(CENTRE, f, n) for n in seen) == 3 + 7 + 13


def test_r93_the_facing_may_be_set_after_each_action_but_only_once() -> None:
    st = pos(RUNNER, "rda=4 init=red active=r2")
    play(st, "face W")
    assert not any(a.startswith("face") for a in legal(st))
    play(st, "jog")
    assert "face E" in legal(st)


def test_r117_a_step_into_an_enemy_range_offers_an_attack_of_opportunity() -> None:
    st = pos("r2 wren long k6 E 3/4; b2 bex long n6 W 3/3", "rda=4 init=red active=r2")
    play(st, "jog", "step l6")
    assert st.phase == "aoo" and st.player == 1
    assert legal(st) == {"aoo b2", "no-reaction"}
    play(st, "aoo b2")
    assert st.phase == "aoo-face" and st.player == 0  # R119: the mover sets its facing
    play(st, "face E")
    assert st.combat.kind == "aoo" and st.fp[h("b2")] == 1  # R116: 2 FP
    play(st, "buy 0")
    assert "talent-parry" not in legal(st)  # R120: a basic defence only
    play(st, "parry", "buy 0", "skulls 1", "skulls 2")
    assert st.phase == "act" and st.active == h("r2")  # the activation goes on


def test_r118_r66_nobody_reacts_to_an_aoo_and_a_lunge_is_no_movement() -> None:
    # eno has the reaction talent "Ausfallschritt" (lunge 1 hex)
    st = pos("r2 wren long k6 E 3/4; b2 eno long m6 W 3/4", "rda=4 init=red active=r2")
    play(st, "attack b2")
    assert st.phase == "react"
    assert "lunge n6" in legal(st) and "no-reaction" in legal(st)
    play(st, "lunge n6")  # out of the long spar's range 2: the attack is cancelled
    assert st.phase == "act" and st.fp[h("r2")] == 1  # R66: the points stay spent
    assert st.pos[h("b2")] == x("n6")


def test_r121_a_thrown_chain_still_makes_an_aoo_for_3_fp() -> None:
    body = "r2 wren long k6 E 3/4; b2 bex chain o6 W 3/0 thrown"
    st = pos(body, "rda=4 init=red active=r2")
    play(st, "jog", "step l6")
    assert st.phase == "aoo"
    play(st, "aoo b2", "face E")
    assert st.fp[h("b2")] == 0 and st.chain_ready[h("b2")] == 1
    body = "r2 wren long k6 E 3/4; b2 bex chain o6 W 2/0 thrown"
    st = pos(body, "rda=4 init=red active=r2")
    play(st, "jog", "step l6")
    assert st.phase == "act"  # 2 points cannot pay reload and attack
