"""Set-up, drives, Stones, activations, points and pins (R11-R51, R131-R148)."""

from __future__ import annotations

import pytest

from tablesports.core.errors import IllegalActionError
from tablesports.core.registry import load
from tablesports.games.juggerttg import rules
from tests.games.juggerttg.helpers import GAME, h, legal, play, pos

DONE = "r8 nils qwik b1 E 4/3 done; b8 sami qwik s11 W 4/2 done"


def start(game=GAME):  # type: ignore[no-untyped-def]
    """A new game through the free pick and the line-up, to the initiative roll."""
    st = game.new_initial_state()
    while st.phase != "init-roll":
        st.apply_action(st.legal_actions()[0])
    return st


def test_r11_r14_r15_the_free_pick_gives_five_different_heroes_within_30() -> None:
    st = start()
    for p in (0, 1):
        cards = [st.card[k] for k in rules.seats(p) if st.card[k] >= 0]
        assert len(cards) == 5 and len(set(cards)) == 5
        assert sum(GAME.heroes[c].cost for c in cards) <= 30
    # the same hero may be in both teams (R14)
    assert set(st.card[0:5]) & set(st.card[8:13])


def test_r29_r12_each_team_has_one_qwik_and_four_pompfers_with_at_most_one_chain() -> None:
    st = start()
    for p in (0, 1):
        roles = [st.role[k] for k in rules.seats(p) if st.card[k] >= 0]
        assert roles.count(rules.QWIK) == 1 and roles.count(rules.POMPFER) == 4
        chains = [k for k in rules.seats(p) if st.spar[k] >= 0 and rules.spar(st, k).chain]
        assert len(chains) <= 1


def test_r31_the_initiative_roll_winner_chooses_and_ties_are_rolled_again() -> None:
    st = start()
    play(st, "skulls 2", "skulls 2")
    assert st.phase == "init-roll"
    play(st, "skulls 1", "skulls 3")
    assert st.phase == "init-choose" and st.player == 1
    play(st, "initiative red")
    assert st.init == 0
    assert st.phase == "place" and st.player == 1  # R32: the other player places first


def test_r32_r26_placement_on_the_start_slots_with_the_jugg_on_the_centre() -> None:
    st = start()
    play(st, "skulls 3", "skulls 1", "initiative red")
    slots = {a.split()[-1] for a in legal(st)}
    assert slots == {f"{c}{r}" for r, c in zip(range(1, 12), "tutututututu", strict=False)}
    while st.phase == "place":
        st.apply_action(st.legal_actions()[0])
    assert st.phase == "turn" and st.stone == 0
    assert rules.jugg_hex(st) == 5 * 21 + 10  # k6


def test_r49_teamplay_points_count_heroes_of_the_same_real_team() -> None:
    # arlo, gala, mave, yara, elke: all "Ashfield Rats": 5 heroes give 4 TPP
    body = "r1 gala qwik b1 E 3/4; r2 arlo long b3 E 4/3; r3 mave long b5 E 3/3"
    st = pos(body, qwiks="b8 sami qwik s11 W 4/2")
    assert st.tpp[0] == 2 and st.tpp[1] == 0


def test_r47_r50_points_are_paid_fp_then_tpp_then_ap_and_r48_the_last_ap_exhausts() -> None:
    st = pos("r2 wren long k6 E 1/1", "rda=4 init=red active=r2 tpp=1/0")
    play(st, "sprint")  # 2 points: 1 FP and 1 TPP
    assert (st.fp[h("r2")], st.tpp[0], st.ap[h("r2")]) == (0, 0, 1)
    st = pos("r2 wren long k6 E 1/1", "rda=4 init=red active=r2 tpp=0/0")
    play(st, "sprint")
    assert st.ap[h("r2")] == 0 and st.exhausted[h("r2")] == 1


def test_r48_an_exhausted_hero_only_jogs_and_loses_a_die() -> None:
    st = pos("r2 wren long k6 E 3/0 exhausted; b2 bex long m6 W 3/3", "rda=4 init=red active=r2")
    assert "run" not in legal(st) and "jog" in legal(st)
    play(st, "attack b2")
    assert st.combat.attack_dice == 3  # attack 2 - 1 + long 2


def test_r38_r40_heroes_activate_in_reflex_order_initiative_player_first() -> None:
    body = "r2 wren long k6 E 3/4; r3 bex long k8 E 3/3; b2 zeb long n6 W 3/3"
    st = pos(body, "rda=4 init=blue turn=blue")
    assert st.player == 1 and legal(st) == {"activate b2", "activate b8", "delay b2", "delay b8"}
    with pytest.raises(IllegalActionError, match="R40"):
        play(st, "activate r2")
    play(st, "activate b2", "done", "activate b8", "done")
    assert st.player == 0 and "activate r2" in legal(st) and "activate r3" not in legal(st)
    with pytest.raises(IllegalActionError, match="R38"):
        play(st, "activate r3")  # Reflex 1: it acts at RDA 1


def test_r39_recovery_refills_focus_when_the_rda_reaches_the_reflex() -> None:
    body = "r2 wren long k6 E 0/4 done; b2 bex long m8 W 0/3"
    done = "r8 nils qwik b1 E 4/3 done; b8 sami qwik s11 W 4/2 done"
    st = pos(body, "rda=4 init=red", qwiks=done)
    # RDA 4: nothing left to activate, so the RDA falls; bex (Reflex 1) recovers at RDA 1
    assert st.rda == 1 and st.fp[h("b2")] == 5 and st.fp[h("r2")] == 0


def test_r44_a_delay_costs_1_fp_and_the_hero_acts_later_in_the_stone() -> None:
    st = pos("r2 wren long k6 E 3/4", "rda=4 init=red")
    play(st, "delay r2")
    assert st.fp[h("r2")] == 2 and st.delayed[h("r2")] == 1
    assert "activate r2" in legal(st)  # R44: at any moment while red is on turn


def test_r36_r137_the_penalty_phase_takes_one_stone_and_a_hero_stands_up() -> None:
    body = "r2 wren long k6 E 0/4 done down1; r3 bex long k8 E 0/3 done down2"
    st = pos(
        body, "rda=1 init=red", qwiks="r8 nils qwik b1 E 4/3 done; b8 sami qwik s11 W 4/2 done"
    )
    assert st.phase == "stand" and st.player == 0  # r2 is up and chooses its facing (R137)
    assert st.down[h("r2")] == 0 and st.penalty[h("r3")] == 1
    play(st, "face W")
    assert st.phase == "init-roll" and st.stone == 1  # R37: the initiative every Stone


def test_r139_r141_a_pompfer_pins_an_adjacent_kneeling_enemy_for_1_fp() -> None:
    st = pos("r2 wren long k6 E 3/4; b2 bex long l6 W 0/3 down1", "rda=4 init=red active=r2")
    play(st, "pin b2")
    assert st.pinned_by[h("b2")] == h("r2") and st.fp[h("r2")] == 2


def test_r146_qwiks_and_chain_players_cannot_pin() -> None:
    st = pos("r2 wren chain k6 E 3/4; b2 bex long l6 W 0/3 down1", "rda=4 init=red active=r2")
    with pytest.raises(IllegalActionError, match="R146"):
        play(st, "pin b2")


def test_r143_a_pinned_hero_stays_down_after_its_penalty() -> None:
    body = "r2 wren long k6 E 3/4 done; b2 bex long l6 W 0/3 down1 pinned-by=r2"
    st = pos(
        body, "rda=1 init=red", qwiks="r8 nils qwik b1 E 4/3 done; b8 sami qwik s11 W 4/2 done"
    )
    assert st.down[h("b2")] == 1 and st.penalty[h("b2")] == 0


def test_r144_r145_the_pin_ends_when_the_pinner_moves_away_and_the_hero_kneels_on() -> None:
    body = "r2 wren long k6 E 3/4; b2 bex long l6 W 0/3 down0 pinned-by=r2"
    st = pos(body, "rda=4 init=red active=r2")
    play(st, "jog", "step j6")
    assert st.pinned_by[h("b2")] == -1  # released (R144 d) ...
    assert st.down[h("b2")] == 1  # ... but kneeling until blue is on turn again (R145)
    assert st.phase == "act" and st.player == 0


def test_r144_attacking_releases_the_pin() -> None:
    body = "r2 wren long k6 E 3/4; b2 bex long l6 W 0/3 down2 pinned-by=r2; b3 dov long l5 W 0/0"
    st = pos(body, "rda=4 init=red active=r2")
    play(st, "attack b3")
    assert st.pinned_by[h("b2")] == -1


def test_r9_r35_a_long_game_goes_on_after_a_point_with_a_new_line_up() -> None:
    game = load("juggerttg", length="long")
    st = game.from_position(
        "length=long rda=4 init=red active=r1 jugg=carried / r1 nils qwik s6 E 2/0 carrier; "
        "r2 wren long m6 E 3/4 down2; r3 bex sub - E 0/1; b8 sami qwik k1 W 4/2"
    )
    play(st, "score")
    assert not st.is_terminal() and st.score == [1, 0]
    assert st.phase == "field" and st.down[h("r2")] == 0
    assert st.ap[h("r3")] == 2  # R47: a substitute recovers its Will (bex: 1) in stamina
