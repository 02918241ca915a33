"""Re-pinning: a released hero kneels on until its player is on turn again (R145, R147)."""

from __future__ import annotations

from tests.games.juggerttg.helpers import h, legal, play, pos

DONE_QWIKS = "r8 nils qwik b1 E 4/3 done; b8 sami qwik s11 W 4/2 done"
PINNED = "r2 wren long k6 E 3/4; b2 bex long l6 W 0/3 down0 pinned-by=r2"


def test_r145_a_released_hero_may_be_pinned_again_before_its_players_turn() -> None:
    st = pos(PINNED, "rda=4 init=red active=r2", qwiks=DONE_QWIKS)
    play(st, "unpin b2")
    assert st.pinned_by[h("b2")] == -1 and st.down[h("b2")] == 1
    assert "pin b2" in legal(st)  # any active hero, the one who let go included
    play(st, "pin b2")
    assert st.pinned_by[h("b2")] == h("r2") and st.fp[h("r2")] == 2


def test_r145_r147_a_released_hero_stands_up_when_its_player_is_on_turn() -> None:
    st = pos(PINNED, "rda=4 init=red active=r2", qwiks=DONE_QWIKS)
    play(st, "unpin b2", "done")
    assert st.turn_player == 1  # blue's turn at this RDA: nobody pinned b2 again
    assert st.down[h("b2")] == 0
    assert st.phase == "face-after" and st.player == 1  # R137: it chooses its new facing
    play(st, "face W")
    assert st.facing[h("b2")] == 3


def test_r145_a_released_hero_cannot_be_attacked_in_the_opponents_turn() -> None:
    st = pos(PINNED, "rda=4 init=red active=r2", qwiks=DONE_QWIKS)
    play(st, "unpin b2")
    assert st.phase == "act" and st.player == 0  # r2 goes on; b2 has no facing to choose
    assert "attack b2" not in legal(st)  # still kneeling: out of play (G30)


def test_r147_a_hero_released_while_its_player_is_on_turn_stands_up_at_once() -> None:
    body = PINNED + "; b3 dov long m6 W 3/3"
    st = pos(body, "rda=3 init=blue active=b3", qwiks=DONE_QWIKS)
    play(st, "attack r2", "buy 0", "parry")  # R144 (a): r2 takes its spar off b2
    assert st.pinned_by[h("b2")] == -1
    play(st, "buy 0", "skulls 0")
    assert st.down[h("b2")] == 0
    assert st.phase == "face-after" and st.player == 1
