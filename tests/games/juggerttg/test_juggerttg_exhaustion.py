"""Exhaustion comes after the action that spent the last AP completes (R48)."""

from __future__ import annotations

from tests.games.juggerttg.helpers import h, play, pos


def test_r48_exhausted_after_the_attack_that_spent_the_last_ap() -> None:
    st = pos("r2 wren long k6 E 0/2; b2 bex long m6 W 3/3", "rda=4 init=red active=r2")
    play(st, "attack b2")
    assert st.ap[h("r2")] == 0 and st.exhausted[h("r2")] == 0
    assert st.combat.attack_dice == 4  # hero attack 2 + long spar 2: not yet exhausted
    play(st, "parry", "buy 0", "skulls 1", "skulls 2")
    assert st.exhausted[h("r2")] == 1  # the combat is over: now it is


def test_r48_a_parry_paid_with_the_last_ap_rolls_every_die() -> None:
    st = pos("r2 wren long k6 E 3/4; b2 bex long m6 W 0/2", "rda=4 init=red active=r2")
    play(st, "attack b2", "buy 0", "parry")
    assert st.ap[h("b2")] == 0 and st.combat.defence_dice == 3  # hero parry 2 + long spar 1
    play(st, "skulls 3", "skulls 3")
    assert st.exhausted[h("b2")] == 1


def test_r48_a_run_paid_with_the_last_ap_keeps_its_range() -> None:
    st = pos("r2 wren long k6 E 0/1; b2 bex long s6 W 3/3", "rda=4 init=red active=r2")
    play(st, "run")
    assert st.moves_left == 5  # Table 3: a Run reaches 5 hexes, not an exhausted jog's 3
    assert st.exhausted[h("r2")] == 1  # the next action finds it exhausted


def test_r48_not_exhausted_at_any_step_inside_the_combat_only_after_it() -> None:
    # issue 43 finding 11: every phase of the combat is inside the action, the attack roll too
    st = pos("r2 wren long k6 E 0/2; b2 bex long m6 W 3/3", "rda=4 init=red active=r2")
    play(st, "attack b2")
    for step in ("parry", "buy 0", "skulls 1"):
        play(st, step)
        assert st.exhausted[h("r2")] == 0, f"exhausted already after {step!r}"
        assert st.combat.attack_dice == 4, step  # the attack rolls with every die it had
    play(st, "skulls 2")
    assert st.exhausted[h("r2")] == 1
