"""The kick-off event table (seed): every entry, made to fire by forcing the 2D6."""

from __future__ import annotations

from typing import Any

import pytest

from tablesports.core.errors import IllegalActionError
from tablesports.games.bloodbowl.actions import Select, Shift
from tablesports.games.bloodbowl.ball import HELD, OUT
from tablesports.games.bloodbowl.pitch import index
from tablesports.games.bloodbowl.players import RESERVES, STUNNED
from tablesports.games.bloodbowl.procedures.kickoff_events import EVENT_PROCEDURES
from tablesports.games.bloodbowl.tables import KICKOFF
from tests.games.bloodbowl.helpers import (
    AWAY,
    HOME,
    at,
    bench_player,
    edit,
    move_player,
    play,
    texts,
    to_kickoff_event,
    top,
)

EVENT_ROLL = {
    "get_the_ref": "2D6=1+1",
    "time_out": "2D6=1+2",
    "solid_defence": "2D6=1+3",
    "high_kick": "2D6=1+4",
    "cheering_fans": "2D6=1+5",
    "brilliant_coaching": "2D6=1+6",
    "changing_weather": "2D6=2+6",
    "quick_snap": "2D6=3+6",
    "charge": "2D6=4+6",
    "dodgy_snack": "2D6=5+6",
    "pitch_invasion": "2D6=6+6",
}


def test_the_table_has_every_2d6_total_and_a_procedure_for_each_event() -> None:
    assert sorted(KICKOFF) == list(range(2, 13))
    assert {e.event for e in KICKOFF.values()} == set(EVENT_PROCEDURES) == set(EVENT_ROLL)


@pytest.mark.parametrize("event", sorted(EVENT_ROLL))
def test_each_event_fires_on_its_2d6_total(event: str) -> None:
    s = to_kickoff_event()
    events = play(s, EVENT_ROLL[event])
    assert events[0].data["event"] == event
    assert KICKOFF[sum(int(f) for f in EVENT_ROLL[event][4:].split("+"))].event == event


def test_get_the_ref_gives_each_team_a_bribe() -> None:
    s = to_kickoff_event()
    play(s, EVENT_ROLL["get_the_ref"])
    assert s.bribes == [1, 1]


def test_time_out_moves_both_markers_forward_early_in_the_half() -> None:
    s = to_kickoff_event()
    play(s, EVENT_ROLL["time_out"])
    assert s.turn == [1, 1]


@pytest.mark.parametrize("kicking_marker", [6, 7, 8])
def test_time_out_moves_both_markers_back_from_turn_six(kicking_marker: int) -> None:
    s = edit(to_kickoff_event(), lambda d: d.update(turn=[kicking_marker, kicking_marker - 1]))
    play(s, EVENT_ROLL["time_out"])
    assert s.turn == [kicking_marker - 1, kicking_marker - 2]


def test_time_out_on_turn_five_moves_forward() -> None:
    s = edit(to_kickoff_event(), lambda d: d.update(turn=[5, 5]))
    play(s, EVENT_ROLL["time_out"])
    assert s.turn == [6, 6]


def test_solid_defence_redeploys_up_to_d3_plus_3_open_kicking_players() -> None:
    s = to_kickoff_event()
    play(s, EVENT_ROLL["solid_defence"], "D3=1")  # up to 4
    selectable = {a.number for a in s.legal_actions() if isinstance(a, Select)}
    assert selectable == {4, 5, 6, 7, 8, 9, 10, 11}  # #1-3 are Marked on the line
    with pytest.raises(IllegalActionError, match="Open players"):
        play(s, "select 2")
    play(s, "select 9", "select 11", "selection done")
    assert s.player(HOME, 9).square < 0 and s.player(HOME, 11).square < 0
    assert top(s) == "setup" and s.current_player() == HOME
    play(s, "place 9 at 11,9", "place 11 at 3,7", "setup done")
    assert at(s, 11, 9) == (HOME, 9) and at(s, 3, 7) == (HOME, 11)
    assert len(s.on_pitch(HOME)) == 11


def test_solid_defence_selection_stops_at_d3_plus_3() -> None:
    s = to_kickoff_event()
    play(s, EVENT_ROLL["solid_defence"], "D3=1", "select 4", "select 5", "select 6", "select 8")
    assert top(s) == "setup"  # the fourth selection ended the choosing


def test_solid_defence_redeployment_keeps_the_setup_rules() -> None:
    s = to_kickoff_event()
    play(s, EVENT_ROLL["solid_defence"], "D3=3", "select 4", "select 5", "selection done")
    # #6 and #7 already stand in the wide zones ... and #4, #5 must go back: two wide at most
    play(s, "place 4 at 11,1")
    with pytest.raises(IllegalActionError, match="wide zone"):
        play(s, "place 5 at 11,2")


def test_high_kick_moves_an_open_receiving_player_under_the_ball() -> None:
    s = to_kickoff_event("20,7", 2, 1)  # the ball will land at 20,6
    play(s, EVENT_ROLL["high_kick"])
    choices = {a.number for a in s.legal_actions()}
    assert choices == {4, 5, 6, 7, 8, 9, 10, 11}  # orcs #1-3 are Marked on the line
    play(s, "select 8")
    assert at(s, 20, 6) == (AWAY, 8)
    assert top(s) == "catch"


def test_high_kick_does_nothing_when_the_ball_lands_out() -> None:
    s = to_kickoff_event("24,7", 5, 3)
    events = play(s, EVENT_ROLL["high_kick"])
    assert "No Open player" in texts(events)
    assert top(s) == "touchback"


@pytest.mark.parametrize(
    ("home", "away", "winners"),
    [(4, 2, [True, False]), (1, 5, [False, True]), (3, 3, [True, True])],
)
def test_cheering_fans_gives_the_higher_roll_an_extra_assist(
    home: int, away: int, winners: list[bool]
) -> None:
    s = to_kickoff_event()
    events = play(s, EVENT_ROLL["cheering_fans"], f"D6={home}", f"D6={away}")
    assert s.cheering == winners
    assert f"= {home + 1}" in texts(events)  # one cheerleader each


@pytest.mark.parametrize(("home", "away", "free"), [(6, 2, [1, 0]), (2, 3, [0, 1]), (4, 4, [1, 1])])
def test_brilliant_coaching_gives_the_higher_roll_a_free_reroll(
    home: int, away: int, free: list[int]
) -> None:
    s = to_kickoff_event()
    play(s, EVENT_ROLL["brilliant_coaching"], f"D6={home}", f"D6={away}")
    assert s.free_rerolls == free


def test_brilliant_coaching_is_one_worse_without_a_head_coach() -> None:
    s = edit(to_kickoff_event(), lambda d: d.update(coach_ejected=[True, False]))
    play(s, EVENT_ROLL["brilliant_coaching"], "D6=4", "D6=4")
    assert s.free_rerolls == [0, 1]


def test_changing_weather_rolls_new_weather_without_scatter() -> None:
    s = to_kickoff_event("20,7", 2, 1)
    play(s, EVENT_ROLL["changing_weather"], "2D6=6+5")
    assert s.weather == "pouring_rain"
    assert top(s) == "bounce"  # no scatter: the ball lands at 20,6 and bounces
    assert s.ball == index(20, 6)


def test_changing_weather_to_perfect_conditions_scatters_the_ball_three_times() -> None:
    s = to_kickoff_event("20,7", 2, 1)
    play(s, EVENT_ROLL["changing_weather"], "2D6=3+4")
    assert s.weather == "perfect_conditions" and top(s) == "scatter"
    play(s, "D8=5", "D8=5", "D8=7")
    assert s.ball == index(22, 7)
    assert top(s) == "bounce"


def test_scatter_off_the_pitch_is_a_touchback() -> None:
    s = to_kickoff_event("24,1", 2, 1)  # lands at 24,0
    play(s, EVENT_ROLL["changing_weather"], "2D6=3+4", "D8=2")
    assert s.ball_state == OUT and top(s) == "touchback"


def test_quick_snap_moves_open_receiving_players_one_square() -> None:
    s = to_kickoff_event()
    play(s, EVENT_ROLL["quick_snap"], "D3=1")  # up to 4
    movers = {a.number for a in s.legal_actions() if isinstance(a, Shift)}
    assert movers == {4, 5, 6, 7, 8, 9, 10, 11}
    with pytest.raises(IllegalActionError, match="one square"):
        play(s, "shift 8 to 18,7")
    play(s, "shift 8 to 17,7", "shift 4 to 13,4")
    assert at(s, 17, 7) == (AWAY, 8) and at(s, 13, 4) == (AWAY, 4)
    assert not any(isinstance(a, Shift) and a.number == 8 for a in s.legal_actions())


def test_quick_snap_may_cross_into_the_opponents_half() -> None:
    s = edit(to_kickoff_event(), lambda d: move_player(d, AWAY, 9, 13, 1))
    play(s, EVENT_ROLL["quick_snap"], "D3=1", "shift 9 to 12,1")
    assert at(s, 12, 1) == (AWAY, 9)


def test_quick_snap_stops_after_d3_plus_3_players() -> None:
    s = to_kickoff_event()
    play(s, EVENT_ROLL["quick_snap"], "D3=1")
    play(s, "shift 4 to 14,4", "shift 5 to 14,10", "shift 6 to 15,3", "shift 7 to 15,11")
    assert top(s) != "quick_snap"


def test_charge_gives_selected_open_players_a_free_move() -> None:
    s = to_kickoff_event()
    play(s, EVENT_ROLL["charge"], "D3=1", "select 8", "select 9", "selection done")
    assert {str(a) for a in s.legal_actions()} == {
        "end charge",
        "move 8",
        "blitz 8",
        "move 9",
        "blitz 9",
    }
    play(s, "move 8")
    assert top(s) == "activation" and s.current_player() == HOME
    play(s, "move 8 to 11,7")
    assert at(s, 11, 7) == (HOME, 8)
    play(s, "end activation")
    assert top(s) == "charge"
    assert {str(a) for a in s.legal_actions()} == {"end charge", "move 9", "blitz 9"}
    play(s, "end charge")
    assert top(s) == "bounce"  # the ball lands after the event


def test_one_charging_player_may_blitz_instead() -> None:
    s = edit(to_kickoff_event(), lambda d: move_player(d, HOME, 8, 11, 5))
    play(s, EVENT_ROLL["charge"], "D3=1", "select 8", "select 9", "selection done")
    play(s, "blitz 8", "move 8 to 12,5")  # next to orc #1 on the line at 13,6
    # the note says the dice: a Catcher (ST 3 in 2025) against ST 3
    assert "blitz 13,6 (1 die)" in {str(a) for a in s.legal_actions()}
    # a Catcher (ST 3) against ST 3: one die, the blitzer's coach chooses
    play(s, "blitz 13,6", "block dice=pow", "choose pow", "push to 14,7", "stay", "2D6=1+1")
    assert s.player(AWAY, 1).stance == "prone"
    play(s, "end activation")
    assert {str(a) for a in s.legal_actions()} == {"end charge", "move 9"}


def test_charge_ends_when_a_selected_player_falls_over() -> None:
    s = to_kickoff_event()
    play(s, EVENT_ROLL["charge"], "D3=1", "select 10", "select 11", "selection done")
    play(s, "move 11", "move 11 to 5,0")  # a Blitzer, MA 7, from 5,7: 7 squares
    # the first Rush fails (no team re-roll while the ball is in the air: house rule)
    events = play(s, "move 11 to 6,0 (rush 2+)", "D6=1", "2D6=1+1")
    assert "falls over" in texts(events) and "CHARGE! ends" in texts(events)
    assert top(s) != "charge"
    assert s.player(HOME, 10).square == index(8, 9)  # never activated


def test_charge_move_needs_a_dodge_to_leave_a_marked_square() -> None:
    s = edit(to_kickoff_event(), lambda d: move_player(d, HOME, 8, 12, 9))
    play(s, EVENT_ROLL["charge"], "D3=1")
    # #8 at 12,9 is next to orc #3 at 13,8: Marked, so not Open and not selectable
    assert Select(8) not in s.legal_actions()


@pytest.mark.parametrize(("home", "away"), [(2, 5), (3, 3)])
def test_dodgy_snack_weakens_a_random_player_of_the_lower_roll(home: int, away: int) -> None:
    s = to_kickoff_event()
    play(s, EVENT_ROLL["dodgy_snack"], f"D6={home}", f"D6={away}", "pick 8", "D6=4")
    human8 = s.player(HOME, 8)
    assert human8.ma == 7 and human8.av == 7  # Catcher MA 8, AV 8+
    if home == away:
        assert top(s) == "snack_victim"
        play(s, "pick 2", "D6=1")
        assert s.player(AWAY, 2).box == RESERVES and s.player(AWAY, 2).sits_out == s.drive
    else:
        assert top(s) != "snack_victim"


def test_dodgy_snack_on_a_one_sends_the_player_to_the_reserves_for_the_drive() -> None:
    s = to_kickoff_event()
    play(s, EVENT_ROLL["dodgy_snack"], "D6=1", "D6=6", "pick 3", "D6=1")
    p = s.player(HOME, 3)
    assert p.box == RESERVES and p.square < 0 and p.sits_out == s.drive


def test_dodgy_snack_picks_only_players_on_the_pitch() -> None:
    s = to_kickoff_event()
    play(s, EVENT_ROLL["dodgy_snack"], "D6=1", "D6=6")
    picks = {str(o) for o, _ in s.chance_outcomes()}
    assert picks == {f"pick {n}" for n in range(1, 12)}  # not #12, in the reserves
    assert abs(sum(p for _, p in s.chance_outcomes()) - 1) < 1e-9


def test_pitch_invasion_stuns_d3_random_players_of_the_lower_roll() -> None:
    s = to_kickoff_event()
    events = play(s, EVENT_ROLL["pitch_invasion"], "D6=1", "D6=4")  # 1+2 against 4+2
    assert "+ 2 fan factor" in texts(events)
    play(s, "D3=2", "pick 9", "pick 10")
    assert s.player(HOME, 9).stance == STUNNED and s.player(HOME, 10).stance == STUNNED
    assert s.player(HOME, 9).square >= 0
    assert all(p.stance != STUNNED for p in s.on_pitch(AWAY))


def test_pitch_invasion_on_a_tie_hits_both_teams() -> None:
    s = to_kickoff_event()
    play(s, EVENT_ROLL["pitch_invasion"], "D6=3", "D6=3", "D3=1", "pick 9", "D3=1", "pick 11")
    assert s.player(HOME, 9).stance == STUNNED and s.player(AWAY, 11).stance == STUNNED


def test_stunned_player_under_the_ball_cannot_catch() -> None:
    s = to_kickoff_event("19,8", 2, 1)  # lands on orc #11
    play(s, EVENT_ROLL["pitch_invasion"], "D6=6", "D6=1", "D3=1", "pick 11")
    assert top(s) == "bounce"
    assert s.ball_state != HELD


def _with_ogre_and_halfling(data: dict[str, object]) -> None:
    """The humans' Ogre (#12, Throw Team-mate) on 8,7 and a Halfling Hopeful (#13, Right
    Stuff) next to him on 8,8, both Open."""
    team: Any = data["teams"]
    hopeful = {"number": 13, "position": "Halfling Hopeful", "name": ""}
    team[0]["players"] = [*team[0]["players"], hopeful]
    players: Any = data["players"]
    players[0].append({"number": 13, "position": "Halfling Hopeful"})
    bench_player(data, HOME, 9)  # room for the two: 11 on the pitch
    bench_player(data, HOME, 11)
    move_player(data, HOME, 12, 8, 7)
    move_player(data, HOME, 13, 8, 8)


def test_charge_offers_one_throw_team_mate_to_a_selected_player_with_the_skill() -> None:
    s = edit(to_kickoff_event(), _with_ogre_and_halfling)
    play(s, EVENT_ROLL["charge"], "D3=1", "select 12", "select 8", "selection done")
    offered = {str(a) for a in s.legal_actions()}
    assert "throw team-mate 12" in offered and "throw team-mate 8" not in offered
    play(s, "throw team-mate 12", "D6=6", "throw 13 to 11,8", "D6=6", "D6=4")
    assert at(s, 11, 8) == (HOME, 13)  # a superb throw, a safe landing
    assert top(s) == "charge"
    assert {str(a) for a in s.legal_actions()} == {"end charge", "move 8", "blitz 8"}


def _punter_and_gnoblar(data: dict[str, object]) -> None:
    bench_player(data, HOME, 11)  # room for the Runt Punter: 11 on the pitch
    move_player(data, HOME, 12, 8, 7)  # the Runt Punter (Kick Team-mate)
    move_player(data, HOME, 6, 8, 8)  # a Gnoblar (Right Stuff)


def test_charge_offers_one_kick_team_mate_to_a_selected_player_with_the_trait() -> None:
    s = edit(to_kickoff_event(home="ogre"), _punter_and_gnoblar)
    play(s, EVENT_ROLL["charge"], "D3=1", "select 12", "select 8", "selection done")
    offered = {str(a) for a in s.legal_actions()}
    # the Ogre Blocker #8 may Throw Team-mate too (he may walk up to a Gnoblar first)
    assert "kick team-mate 12" in offered and "throw team-mate 8" in offered
    play(s, "kick team-mate 12", "D6=6", "throw 6 to 11,8", "D6=6", "D6=4")
    assert at(s, 11, 8) == (HOME, 6)
    assert {str(a) for a in s.legal_actions()} == {
        "end charge",
        "move 8",
        "blitz 8",
        "throw team-mate 8",
    }


def test_solid_defence_puts_back_every_selected_player_even_beyond_eleven() -> None:
    # the Snotlings kick; Swarming sets up a twelfth player (#12 on 6,7) before the event
    s = to_kickoff_event(home="snotling")
    play(s, "D3=1", "place 12 at 6,7")
    play(s, EVENT_ROLL["solid_defence"], "D3=1", "select 12", "selection done")
    assert top(s) == "setup" and s.stack[-1].target == 12  # type: ignore[attr-defined]
    assert "place 12 at 6,7" in {str(a) for a in s.legal_actions()}
    play(s, "place 12 at 6,6", "setup done")
    assert at(s, 6, 6) == (HOME, 12)


@pytest.mark.parametrize("event", ["charge", "solid_defence"])
def test_a_selection_of_open_players_saved_before_its_d3_loads_back(event: str) -> None:
    """Before the D3 the choosing team is not known (-1): a save then is a consistent state."""
    s = to_kickoff_event()
    play(s, EVENT_ROLL[event])
    assert s.stack[-1].phase == 0 and s.stack[-1].team == -1
    again = s.game.state_from_json(s.to_json())
    assert again.to_json() == s.to_json()
    play(again, "D3=1")
    assert again.stack[-1].team == s.kicking
