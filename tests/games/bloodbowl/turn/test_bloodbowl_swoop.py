"""Swoop (2025 skill): a thrown Doom Diver who would scatter may swoop instead (the throw-in
template facing an end zone or a sideline, a D6 direction, a D6 squares), then lands with a
re-roll of the landing test. The Goblin team plays at home (#10 a Trained Troll, Throw
Team-mate, PA 5+; #6 the Doom Diver, Right Stuff and Swoop; #1 a Goblin Lineman)."""

from __future__ import annotations

from typing import Any

from tablesports.games.bloodbowl.players import PRONE, RESERVES, STANDING
from tests.games.bloodbowl.turn.turn_helpers import (
    act,
    goblins,
    legal_texts,
    log,
    sq,
    who,
)


def subpar_throw(s: Any, thrown: int = 6) -> None:
    """The Troll (Really Stupid passed, Always Hungry not biting) throws a short pass to
    14,7 and misses: subpar."""
    act(s, "throw team-mate 10", "D6=6", f"throw {thrown} to 14,7", "D6=6", "D6=3")


def test_a_subpar_throw_of_a_swooper_offers_the_swoop() -> None:
    s = goblins("H10 10,7", "H6 11,7", "A1 20,2")
    subpar_throw(s)
    assert s.current_player() == 0
    assert set(legal_texts(s)) == {
        "no swoop",
        "swoop east",
        "swoop west",
        "swoop north",
        "swoop south",
    }


def test_swoop_travels_by_the_template_and_rerolls_the_landing() -> None:
    s = goblins("H10 10,7", "H6 11,7", "A1 20,2")
    subpar_throw(s)
    events = act(s, "swoop east", "D6=3", "D6=2")  # straight on, two squares: 16,7
    assert "comes down at 16,7" in log(events)
    events = act(s, "D6=2", "D6=4")  # the landing fails, Swoop re-rolls it: 4 passes
    assert "failure" in log(events) and "success" in log(events)
    diver = who(s, "H6")
    assert diver.square == sq("16,7") and diver.stance == STANDING and not s.turnover


def test_swoop_diagonal_north() -> None:
    s = goblins("H10 10,7", "H6 11,7", "A1 20,2")
    subpar_throw(s)
    act(s, "swoop north", "D6=1", "D6=3")  # a diagonal of the template facing y = 0
    # from the target 14,7: a D6 of 1 is the diagonal towards x = 25 when facing y = 0
    assert who(s, "H6").square == sq("17,4")


def test_no_swoop_scatters_three_times_as_usual() -> None:
    s = goblins("H10 10,7", "H6 11,7", "A1 20,2")
    subpar_throw(s)
    events = act(s, "no swoop", "D8=5", "D8=5", "D8=5")
    assert "comes down at 17,7" in log(events)


def test_swooping_off_the_pitch_lands_in_the_crowd() -> None:
    s = goblins("H10 10,2", "H6 11,2", "A1 20,12")
    act(s, "throw team-mate 10", "D6=6", "throw 6 to 14,2", "D6=6", "D6=3")
    act(s, "swoop north", "D6=3", "D6=4")
    assert who(s, "H6").box == RESERVES or who(s, "H6").square < 0


def test_a_player_without_swoop_is_not_offered_it() -> None:
    s = goblins("H10 10,7", "H1 11,7", "A1 20,2")
    subpar_throw(s, thrown=1)
    assert "no swoop" not in legal_texts(s)
    assert who(s, "H1").stance in (STANDING, PRONE)
