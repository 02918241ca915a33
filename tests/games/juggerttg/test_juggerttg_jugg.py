"""The Jugg: pick-up, throw, passes, scoring, dropping; wrestling (R73-R84, R122-R130)."""

from __future__ import annotations

import pytest

from tablesports.core.errors import IllegalActionError
from tests.games.juggerttg.helpers import h, legal, play, pos, x

# the Qwiks in play: r1 gala (talent "Sicherer Griff": Jugg actions 1 FP cheaper), r1 nils
OTHER_QWIK = "b8 sami qwik s11 W 4/2"


def test_r78_pick_up_costs_1_fp_on_the_jugg_and_2_next_to_it() -> None:
    st = pos("r1 pim qwik k6 E 4/3", "rda=4 init=red active=r1 jugg=k6", OTHER_QWIK)
    play(st, "pickup")
    assert st.carrier == h("r1") and st.fp[h("r1")] == 3
    st = pos("r1 pim qwik j6 E 4/3", "rda=4 init=red active=r1 jugg=k6", OTHER_QWIK)
    play(st, "pickup")
    assert st.fp[h("r1")] == 2


def test_r67_a_passive_talent_changes_a_rule_nils_picks_up_from_next_to_it_for_1_fp() -> None:
    st = pos("r1 nils qwik j6 E 4/3", "rda=4 init=red active=r1 jugg=k6", OTHER_QWIK)
    play(st, "pickup")
    assert st.fp[h("r1")] == 3


def test_r78_only_the_qwik_picks_up() -> None:
    st = pos("r2 wren long k6 E 3/4", "rda=4 init=red active=r2 jugg=k6")
    with pytest.raises(IllegalActionError, match="R78"):
        play(st, "pickup")


def test_r80_a_throw_costs_1_fp_per_1_to_3_hexes() -> None:
    body = "r1 nils qwik k6 E 4/3 carrier"
    st = pos(body, "rda=4 init=red active=r1 jugg=carried", OTHER_QWIK)
    play(st, "throw n6")  # 3 hexes: 1 FP
    assert st.jugg == x("n6") and st.carrier == -1 and st.fp[h("r1")] == 3
    st = pos(body, "rda=4 init=red active=r1 jugg=carried", OTHER_QWIK)
    play(st, "throw o6")  # 4 hexes: 2 FP
    assert st.fp[h("r1")] == 2


def test_r82_r8_scoring_costs_2_on_the_mal_3_next_to_it_and_wins_the_short_game() -> None:
    st = pos(
        "r1 pim qwik s6 E 2/0 carrier; b8 sami qwik k1 W 4/2",
        "rda=4 init=red active=r1 jugg=carried",
        "",
    )
    play(st, "score")
    assert st.is_terminal() and st.returns() == [1.0, -1.0] and st.score == [1, 0]
    st = pos(
        "r1 pim qwik r6 E 2/0 carrier; b8 sami qwik k1 W 4/2",
        "rda=4 init=red active=r1 jugg=carried",
        "",
    )
    with pytest.raises(IllegalActionError, match="R82"):
        play(st, "score")  # next to the Mal it costs 3


def test_r73_r75_a_close_pompfer_moves_the_jugg_1_fp_per_hex() -> None:
    st = pos("r2 wren long k6 E 3/4", "rda=4 init=red active=r2 jugg=l6")
    play(st, "pass n6")
    assert st.jugg == x("n6") and st.fp[h("r2")] == 1
    st = pos("r2 wren long k6 E 3/4", "rda=4 init=red active=r2 jugg=m6")
    play(st, "pass n6")  # two hexes away: 2 FP per hex
    assert st.fp[h("r2")] == 1


def test_r74_a_chain_player_cannot_play_the_jugg() -> None:
    st = pos("r2 wren chain k6 E 3/4", "rda=4 init=red active=r2 jugg=l6")
    assert not any(a.startswith("pass") for a in legal(st))
    with pytest.raises(IllegalActionError, match="R73, R74"):
        play(st, "pass n6")


def test_r132_a_knocked_down_carrier_puts_the_jugg_on_an_empty_adjacent_hex() -> None:
    body = "r2 wren long k6 E 3/4; b8 sami qwik m6 W 0/0 carrier; r3 dov shield n6 W 0/0"
    st = pos(body, "rda=4 init=red active=r2 jugg=carried", "r8 nils qwik b1 E 4/3")
    play(st, "attack b8", "buy 0", "skulls 1", "skulls 0")
    assert st.phase == "drop" and st.player == 1
    assert "drop n6" not in legal(st) and "drop l6" in legal(st)  # an empty hex (R132)
    play(st, "drop l5")
    assert st.jugg == x("l5") and st.carrier == -1


def test_r122_r123_a_qwik_wins_a_wrestle_and_takes_the_jugg() -> None:
    body = "r1 nils qwik k6 E 4/3; b8 sami qwik l6 W 0/0 carrier"
    st = pos(body, "rda=4 init=red active=r1 jugg=carried", "")
    play(st, "wrestle b8")
    assert st.phase == "buy-attack"
    play(st, "buy 0", "skulls 1", "skulls 0")
    assert legal(st) >= {"take", "hold"}
    play(st, "take")
    assert st.carrier == h("r1") and st.down[h("b8")] == 0  # wrestling knocks nobody down


def test_r124_r130_a_held_qwik_cannot_move_and_the_hold_costs_1_fp_to_keep() -> None:
    body = "r1 nils qwik k6 E 4/3 holds=b8; b8 sami qwik l6 W 4/2"
    st = pos(body, "rda=4 init=blue turn=blue", "")
    play(st, "activate b8")
    assert "jog" not in legal(st)
    with pytest.raises(IllegalActionError, match="R124"):
        play(st, "run")
    st = pos(body, "rda=4 init=red", "")
    play(st, "activate r1")
    assert st.phase == "hold-start" and legal(st) == {"keep-hold", "end-hold"}
    play(st, "keep-hold")
    assert st.fp[h("r1")] == 3 and st.holder == h("r1")


def test_r125_the_defender_who_wins_a_wrestling_duel_may_push() -> None:
    body = "r1 nils qwik k6 E 4/3; b8 sami qwik l6 W 4/2"
    st = pos(body, "rda=4 init=red active=r1", "")
    play(st, "wrestle b8", "no-reaction", "buy 0", "duel", "buy 1", "skulls 1", "skulls 2")
    assert st.phase == "push" and st.player == 1
    play(st, "push j6")
    assert st.pos[h("r1")] == x("j6")
