"""The end of a drive (seed), in its four steps: Secret Weapons sent off (argue the call,
Bribes), end-of-drive effects with the weather first, KO recovery on 4+, expiry."""

from __future__ import annotations

from typing import Any

import pytest

from tablesports.core.errors import IllegalActionError
from tablesports.games.bloodbowl.ball import NO_BALL
from tablesports.games.bloodbowl.players import KO, RESERVES, SENT_OFF
from tests.games.bloodbowl.helpers import (
    AWAY,
    HOME,
    edit,
    last_turns,
    play,
    texts,
    to_first_turn,
    top,
)

DEATHROLLER = 12  # the dwarf team's #12


def dwarves_with_deathroller(bribes: int = 0, box: str | None = None) -> Any:
    """Dwarfs (home) kicked; the Deathroller played this drive; the drive ends next."""
    s = last_turns(to_first_turn(home="dwarf"))

    def change(data: dict[str, Any]) -> None:
        roller = next(e for e in data["players"][HOME] if e["number"] == DEATHROLLER)
        roller["played"] = True
        if box:
            roller["box"] = box
        data["bribes"] = [bribes, 0]

    s = edit(s, change)
    play(s, "end turn")
    assert top(s) == "secret_weapons" and s.current_player() == HOME
    return s


def test_secret_weapon_is_sent_off_at_the_end_of_the_drive() -> None:
    s = dwarves_with_deathroller()
    assert {str(a) for a in s.legal_actions()} == {"accept", "argue the call"}
    events = play(s, "accept")
    assert s.player(HOME, DEATHROLLER).box == SENT_OFF
    assert "sent off (Secret Weapon)" in texts(events)


def test_secret_weapon_is_sent_off_even_off_the_pitch() -> None:
    s = dwarves_with_deathroller(box=KO)
    play(s, "accept")
    assert s.player(HOME, DEATHROLLER).box == SENT_OFF


def test_secret_weapon_that_did_not_play_stays() -> None:
    s = last_turns(to_first_turn(home="dwarf"))
    play(s, "end turn")
    assert top(s) != "secret_weapons"
    assert s.player(HOME, DEATHROLLER).box == RESERVES


def test_arguing_the_call_on_a_six_keeps_the_player() -> None:
    s = dwarves_with_deathroller()
    events = play(s, "argue the call", "D6=6")
    assert s.player(HOME, DEATHROLLER).box == RESERVES
    assert "Well, When You Put It Like That" in texts(events)


def test_arguing_the_call_on_a_one_sends_the_coach_off_too() -> None:
    s = dwarves_with_deathroller()
    play(s, "argue the call", "D6=1")
    assert s.coach_ejected == [True, False]
    assert {str(a) for a in s.legal_actions()} == {"accept"}
    play(s, "accept")
    assert s.player(HOME, DEATHROLLER).box == SENT_OFF


def test_failed_argument_may_be_followed_by_a_bribe() -> None:
    s = dwarves_with_deathroller(bribes=1)
    play(s, "argue the call", "D6=3")
    assert {str(a) for a in s.legal_actions()} == {"accept", "use bribe"}
    with pytest.raises(IllegalActionError, match="argued already"):
        play(s, "argue the call")
    play(s, "use bribe", "D6=2")
    assert s.player(HOME, DEATHROLLER).box == RESERVES
    assert s.bribes == [0, 0]


def test_bribe_fails_on_a_one() -> None:
    s = dwarves_with_deathroller(bribes=1)
    play(s, "use bribe", "D6=1")
    assert s.bribes == [0, 0]
    assert "use bribe" not in {str(a) for a in s.legal_actions()}
    play(s, "accept")
    assert s.player(HOME, DEATHROLLER).box == SENT_OFF


def test_sweltering_heat_makes_players_sit_out_the_next_drive() -> None:
    s = last_turns(to_first_turn())
    s = edit(s, lambda d: d.update(weather="sweltering_heat"))
    play(s, "end turn")
    assert top(s) == "drive_end_effects"
    rolls = ["D6=1"] + ["D6=4"] * 21  # 22 players on the pitch, the first collapses
    events = play(s, *rolls)
    assert "collapses in the heat" in texts(events)
    human1 = s.player(HOME, 1)
    assert top(s) == "setup" and s.drive == 2  # the next drive (second half) has started
    assert human1.box == RESERVES and human1.sits_out == 2
    assert human1 not in s.available(HOME)
    assert s.player(HOME, 2) in s.available(HOME)


def test_knocked_out_players_recover_on_four_or_more() -> None:
    s = last_turns(to_first_turn())

    def knock_out(data: dict[str, Any]) -> None:
        for team, number in ((HOME, 12), (AWAY, 12)):
            entry = next(e for e in data["players"][team] if e["number"] == number)
            entry["box"] = KO

    s = edit(s, knock_out)
    play(s, "end turn")
    assert top(s) == "ko_recovery"
    events = play(s, "D6=4", "D6=3")
    assert s.player(HOME, 12).box == RESERVES
    assert s.player(AWAY, 12).box == KO
    assert "recovers" in texts(events) and "stays knocked out" in texts(events)


def test_drive_long_effects_expire_at_the_end_of_the_drive() -> None:
    s = last_turns(to_first_turn())

    def effects(data: dict[str, Any]) -> None:
        data["free_rerolls"] = [1, 1]
        data["cheering"] = [True, False]
        data["players"][HOME][7].update(ma_mod=-1, av_mod=-1)

    s = edit(s, effects)
    play(s, "end turn")
    assert s.free_rerolls == [0, 0] and s.cheering == [False, False]
    assert s.player(HOME, 8).ma_mod == 0 and s.player(HOME, 8).av_mod == 0
    assert all(p.square < 0 for p in s.players)
    assert s.ball_state == NO_BALL


def test_end_of_drive_steps_run_in_the_seeds_order() -> None:
    s = dwarves_with_deathroller()
    s = edit(s, lambda d: d.update(weather="sweltering_heat"))

    def ko(data: dict[str, Any]) -> None:
        data["players"][AWAY][11]["box"] = KO

    s = edit(s, ko)
    events = play(s, "accept", *["D6=6"] * 22, "D6=5")
    kinds = [e.kind for e in events if e.kind in ("sent_off", "recovery", "drive")]
    assert kinds.index("sent_off") < kinds.index("recovery") < kinds.index("drive")
