"""Set-up (seed): kicking team first, own half, three on the line in the centre field, at most
two in each wide zone, eleven players or all the team has, reserves."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tablesports.core.errors import IllegalActionError
from tablesports.core.protocol import CHANCE
from tablesports.games.bloodbowl.actions import Place, Reserve, SetupDone, UseFormation
from tablesports.games.bloodbowl.procedures.setup_rules import setup_problem
from tablesports.games.bloodbowl.state import BloodBowlState
from tests.games.bloodbowl.helpers import AWAY, HOME, at, edit, play, to_setup, top


def test_kicking_team_sets_up_first() -> None:
    s = to_setup()
    assert top(s) == "setup"
    assert s.current_player() == s.kicking == HOME
    play(s, "formation line", "setup done")
    assert s.current_player() == AWAY


def test_players_are_set_up_in_their_own_half() -> None:
    s = to_setup()
    with pytest.raises(IllegalActionError, match="own half"):
        play(s, "place 1 at 13,7")
    assert all(a.x <= 12 for a in s.legal_actions() if isinstance(a, Place))
    play(s, "place 1 at 12,7")
    assert at(s, 12, 7) == (HOME, 1)


def test_at_most_two_players_in_each_wide_zone() -> None:
    s = to_setup()
    play(s, "place 1 at 12,0", "place 2 at 11,3")
    with pytest.raises(IllegalActionError, match="at most two players"):
        play(s, "place 3 at 12,1")
    assert not any(isinstance(a, Place) and a.y < 4 for a in s.legal_actions())
    # the bottom wide zone is still open
    play(s, "place 3 at 12,14")


def test_three_on_the_line_of_scrimmage_in_the_centre_field() -> None:
    s = to_setup()
    # eight placed in the backfield leaves exactly three to go, all on the line
    for n, y in zip(range(1, 9), range(4, 12), strict=False):
        play(s, f"place {n} at 5,{y}")
    with pytest.raises(IllegalActionError, match="line of scrimmage"):
        play(s, "place 9 at 6,7")
    places = [a for a in s.legal_actions() if isinstance(a, Place)]
    assert places and all(a.x == 12 and 4 <= a.y <= 10 for a in places)
    # a wide-zone square on the line does not count as the centre field
    assert not any(a.y in (0, 14) for a in places)


def test_eleven_players_and_no_more() -> None:
    s = to_setup()
    play(s, "formation line")
    assert len(s.on_pitch(HOME)) == 11
    assert not any(isinstance(a, (Place, Reserve)) for a in s.legal_actions())
    with pytest.raises(IllegalActionError, match="already set up"):
        play(s, "place 12 at 3,7")


def test_setup_done_only_when_eleven_are_set_up() -> None:
    s = to_setup()
    play(s, "place 1 at 12,7")
    assert SetupDone() not in s.legal_actions()
    with pytest.raises(IllegalActionError, match="must set up 11"):
        play(s, "setup done")


def test_a_player_may_stay_in_the_reserves_only_if_eleven_can_still_be_fielded() -> None:
    s = to_setup()  # the humans have twelve players: one may rest
    play(s, "reserve 1")
    assert Reserve(2) not in s.legal_actions()
    with pytest.raises(IllegalActionError, match="eleven players"):
        play(s, "reserve 2")


def test_players_are_placed_in_shirt_number_order() -> None:
    s = to_setup()
    with pytest.raises(IllegalActionError, match="shirt-number order"):
        play(s, "place 5 at 12,7")


def test_remove_takes_a_player_back() -> None:
    s = to_setup()
    play(s, "place 1 at 12,7", "remove 1")
    assert at(s, 12, 7) is None
    assert Place(1, 12, 7) in s.legal_actions()


def restart_setup_with(s: BloodBowlState, fit: int) -> BloodBowlState:
    """The humans' set-up again, in notation, with only #1..#fit fit to play."""

    def change(data: dict[str, Any]) -> None:
        for entry in data["players"][HOME]:
            if entry["number"] > fit:
                entry["box"] = "casualty"
        setup = data["stack"][-1]
        setup.update(phase=0, pool=[], target=0)

    return edit(s, change)


def test_a_team_of_three_sets_up_all_on_the_line_in_the_centre_field() -> None:
    s = restart_setup_with(to_setup(), 3)
    assert s.stack[-1].target == 3
    places = [a for a in s.legal_actions() if isinstance(a, Place)]
    assert places and all(a.x == 12 and 4 <= a.y <= 10 for a in places)
    play(s, "place 1 at 12,4", "place 2 at 12,5", "place 3 at 12,6", "setup done")
    assert top(s) == "setup" and s.current_player() == AWAY


def test_team_with_fewer_than_eleven_sets_up_all_it_has() -> None:
    s = restart_setup_with(to_setup(), 7)
    assert s.stack[-1].target == 7
    assert UseFormation("line") in s.legal_actions()
    play(s, "formation line", "setup done")
    assert len(s.on_pitch(HOME)) == 7


def test_random_placements_always_finish_a_legal_setup() -> None:
    rng = random.Random(7)
    for _ in range(30):
        s = to_setup()
        while top(s) == "setup" and s.current_player() != CHANCE:
            team = s.current_player()
            actions = s.legal_actions()
            action = actions[rng.randrange(len(actions))]
            s.apply_action(action)
            if isinstance(action, SetupDone):
                assert setup_problem(s, team, 11) is None
        assert top(s) == "nominate_kicker"


@settings(max_examples=40, deadline=None)
@given(fit=st.integers(min_value=1, max_value=12), seed=st.integers(0, 10**6))
def test_any_random_setup_of_any_team_size_ends_legal(fit: int, seed: int) -> None:
    rng = random.Random(seed)
    s = restart_setup_with(to_setup(), fit)
    target = min(11, fit)
    assert s.stack[-1].target == target
    while top(s) == "setup" and s.current_player() == HOME:
        actions = s.legal_actions()
        s.apply_action(actions[rng.randrange(len(actions))])
    assert setup_problem(s, HOME, target) is None
    assert len(s.on_pitch(HOME)) == target


def test_take_backs_are_limited_per_setup() -> None:
    s = to_setup()
    for _ in range(16):
        play(s, "place 1 at 12,7", "remove 1")
    play(s, "place 1 at 12,7")
    assert not any(str(a).startswith("remove") for a in s.legal_actions())
    with pytest.raises(IllegalActionError, match="take-backs"):
        play(s, "remove 1")
