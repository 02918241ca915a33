"""Swarming (the seed names it at the deviation of the kick), Sidestep and Titchy: the
Snotling linemen's skills."""

from __future__ import annotations

import pytest

from tablesports.core.errors import IllegalActionError
from tests.games.bloodbowl.helpers import PREGAME, SETUPS, new_match, play, texts, top
from tests.games.bloodbowl.turn.turn_helpers import act, legal_texts, position, sq, who


def snotlings_kicking():  # type: ignore[no-untyped-def]
    s = new_match(home="snotling")
    play(s, *PREGAME, *SETUPS, "kicker 8", "kick at 19,7", "D8=2", "D6=1")
    return s


def test_swarming_comes_after_the_deviation_and_before_the_kick_off_event() -> None:
    s = snotlings_kicking()
    assert top(s) == "swarming" and s.chance_outcomes()[0][0].die == "D3"
    events = play(s, "D3=2")
    assert "up to 2 more" in texts(events)
    assert len(s.on_pitch(0)) == 11
    play(s, "place 12 at 3,7", "place 13 at 4,7")
    assert len(s.on_pitch(0)) == 13  # more than eleven
    assert top(s) == "kickoff_event"  # the orcs have no Swarming players


def test_swarming_players_stay_off_the_line_and_the_wide_zones() -> None:
    s = snotlings_kicking()
    play(s, "D3=3")
    texts_now = legal_texts(s)
    assert "place 12 at 3,7" in texts_now
    assert "place 12 at 12,7" not in texts_now  # the line of scrimmage
    assert "place 12 at 5,2" not in texts_now  # a wide zone
    assert "place 12 at 14,7" not in texts_now  # the opponents' half
    with pytest.raises(IllegalActionError, match="not on the line of scrimmage"):
        play(s, "place 12 at 12,7")
    play(s, "place 12 at 3,7", "setup done")  # he may stop early
    assert len(s.on_pitch(0)) == 12 and top(s) == "kickoff_event"


def test_swarming_cannot_add_more_than_the_swarmers_already_set_up() -> None:
    s = snotlings_kicking()
    for number in range(4, 12):  # only three Snotlings stay on the pitch
        p = s.player(0, number)
        assert p is not None
        s.take_off(p, "reserves")
    events = play(s, "D3=3")
    assert "up to 3 more" in texts(events)
    # with one Swarming player left in the reserves, one at most
    s2 = snotlings_kicking()
    for number in range(2, 17):
        p = s2.player(0, number)
        assert p is not None
        if number <= 11:
            s2.take_off(p, "reserves")
            p.box = "casualty"
    events = play(s2, "D3=3")
    assert "up to 1 more" in texts(events)


def test_sidestep_lets_his_own_coach_choose_any_empty_square() -> None:
    s = position("H1 8,7", "A1 9,7", teams=("human", "snotling"))
    act(s, "block 1", "block 9,7", "block dice=push,push,push", "choose push")
    assert s.current_player() == 1  # the Snotlings' coach chooses
    assert "push to 8,6" in legal_texts(s)  # sideways, even back towards the blocker's side
    act(s, "push to 8,6")
    assert who(s, "A1").square == sq("8,6")


def test_titchy_dodges_at_plus_one_and_is_no_hindrance_to_dodge_into() -> None:
    # a Snotling (AG 3+, Titchy, Stunty) dodges away from an orc: 2+
    s = position("H1 8,7", "A1 9,7", teams=("snotling", "orc"))
    act(s, "move 1")
    assert "move 1 to 7,7 (dodge 2+)" in legal_texts(s)
    # a human dodging into a square Marked by two Snotlings takes no -1 for them
    s = position("H1 8,7", "A1 9,6", "A2 9,8", teams=("human", "snotling"))
    act(s, "move 1")
    assert "move 1 to 9,7 (dodge 3+)" in legal_texts(s)
