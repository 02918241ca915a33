"""More rules: duels, holds, late activations, the Jugg's bounds, the long game's line-up
(R28, R42, R84, R101, R112, R126-R129, R138, R142)."""

from __future__ import annotations

from tablesports.core.registry import load
from tablesports.games.juggerttg import rules
from tablesports.games.juggerttg.board import FIELD, SLOTS
from tests.games.juggerttg.helpers import h, legal, play, pos


def test_r101_a_duel_needs_the_attacker_in_the_defenders_range_and_sight() -> None:
    # b2 has a short spar (range 1): the long spar attacks from 2 hexes, so no duel
    st = pos("r2 wren long k6 E 3/4; b2 bex shield m6 W 3/3", "rda=4 init=red active=r2")
    play(st, "attack b2", "buy 0")
    assert "duel" not in legal(st) and "parry" in legal(st)


def test_r112_a_duel_with_a_thrown_chain_costs_3_and_reloads_it() -> None:
    st = pos("r2 wren long k6 E 3/4; b2 bex chain m6 W 3/0 thrown", "rda=4 init=red active=r2")
    play(st, "attack b2", "buy 0")
    assert "duel" in legal(st)
    play(st, "duel")
    assert st.fp[h("b2")] == 0 and st.chain_ready[h("b2")] == 1
    st = pos("r2 wren long k6 E 3/4; b2 bex chain m6 W 2/0 thrown", "rda=4 init=red active=r2")
    play(st, "attack b2", "buy 0")
    assert "duel" not in legal(st)


def test_r126_a_tied_wrestling_duel_has_no_effect() -> None:
    body = "r1 nils qwik k6 E 4/3; b8 pim qwik l6 W 4/3"
    st = pos(body, "rda=4 init=red active=r1", "")
    play(st, "wrestle b8", "buy 0", "duel", "buy 0", "skulls 1", "skulls 1")
    assert st.phase == "act" and st.holder == -1 and st.carrier == -1


def test_r127_r129_the_held_qwik_escapes_by_winning_a_wrestle() -> None:
    body = "r1 nils qwik k6 E 4/3 holds=b8; b8 pim qwik l6 W 4/3"
    st = pos(body, "rda=2 init=blue turn=blue", "")  # pim: Reflex 2
    play(st, "activate b8", "wrestle r1", "buy 0", "parry", "buy 0", "skulls 1", "skulls 0")
    assert st.phase == "wrestle-result"
    play(st, "hold")  # the old hold ends; b8 now holds r1
    assert st.holder == h("b8") and st.held == h("r1")


def test_r128_the_holder_may_end_the_hold() -> None:
    body = "r1 nils qwik k6 E 4/3 holds=b8; b8 pim qwik l6 W 4/3"
    st = pos(body, "rda=4 init=red", "")
    play(st, "activate r1", "end-hold")
    assert st.holder == -1 and st.fp[h("r1")] == 4


def test_r142_a_pin_costs_nothing_to_keep() -> None:
    body = "r2 wren long k6 E 3/4; b2 bex long l6 W 0/3 down2 pinned-by=r2"
    st = pos(body, "rda=4 init=red active=r2")
    play(st, "done")
    assert st.pinned_by[h("b2")] == h("r2") and st.fp[h("r2")] == 3


def test_r138_a_hero_up_again_after_its_reflex_passed_may_still_act() -> None:
    # wren (Reflex 4) was pinned at RDA 4 and released; at RDA 2 red may activate it
    body = "r2 wren long k6 E 3/4; r3 dara long k8 E 5/2"
    st = pos(body, "rda=2 init=red", "r8 nils qwik b1 E 4/3 done; b8 sami qwik s11 W 4/2 done")
    assert "activate r2" in legal(st) and "activate r3" in legal(st)


def test_r84_the_jugg_is_never_thrown_off_the_field() -> None:
    body = "r1 nils qwik b6 E 4/3 carrier"
    st = pos(body, "rda=4 init=red active=r1 jugg=carried", "b8 sami qwik s11 W 4/2")
    targets = [a.a for a in st.legal_actions() if a.kind == "throw"]
    assert targets and all(FIELD[t] for t in targets)
    assert not set(targets) & set(SLOTS[0])


def test_r42_the_facing_is_chosen_at_the_start_of_an_activation() -> None:
    st = pos("r2 wren long k6 E 3/4", "rda=4 init=red")
    play(st, "activate r2")
    assert {"face W", "face NE", "face SW"} <= legal(st)


def test_r28_in_the_long_game_five_of_eight_take_the_field_each_drive() -> None:
    game = load("juggerttg", length="long")
    st = game.new_initial_state()
    while st.phase == "recruit":
        st.apply_action(st.legal_actions()[0])
    assert st.phase == "field" and len(st.legal_actions()) == 8
    for _ in range(5):
        st.apply_action(st.legal_actions()[0])
    assert st.phase == "qwik"
    assert sum(rules.on_field(st, k) for k in rules.seats(0)) == 5
    assert sum(st.role[k] == rules.SUB for k in rules.seats(0)) == 3


def test_r10_r43_the_stone_limit_ends_the_game_and_more_points_win() -> None:
    game = load("juggerttg", length="long", max_stones=3)
    done = "r8 nils qwik b1 E 4/3 done; b8 sami qwik s11 W 4/2 done"
    st = game.from_position(f"length=long stone=2 rda=1 score=1-0 / {done}")
    assert st.is_terminal() and st.returns() == [1.0, -1.0]  # the Stone was counted (R43)
    st = game.from_position(f"length=long stone=1 rda=1 score=1-0 / {done}")
    assert not st.is_terminal() and st.stone == 2


def test_r56_movement_may_be_split_around_an_action() -> None:
    body = "r2 wren long k6 E 3/4; b2 bex long n6 W 0/0"
    st = pos(body, "rda=4 init=red active=r2")
    play(st, "jog", "step l6")  # b2 cannot pay an AoO
    play(st, "attack b2", "buy 0", "skulls 0")
    assert st.moves_left == 2 and "step k6" in legal(st)


def test_r76_a_pompfer_moves_the_jugg_through_and_onto_occupied_hexes() -> None:
    body = "r2 wren long k6 E 3/4; b2 bex long m6 W 3/3"
    st = pos(body, "rda=4 init=red active=r2 jugg=l6")
    play(st, "pass m6")
    assert st.jugg == st.pos[h("b2")]


def test_r145_after_a_release_another_hero_may_pin_again() -> None:
    body = (
        "r2 wren long k6 E 3/4; r3 dov long m6 W 3/3 done; b2 bex long l6 W 0/3 down2 pinned-by=r3"
    )
    st = pos(body, "rda=4 init=red active=r2")
    assert "pin b2" not in legal(st)  # pinned already
    st = pos(body.replace(" pinned-by=r3", ""), "rda=4 init=red active=r2")
    play(st, "pin b2")
    assert st.pinned_by[h("b2")] == h("r2")
