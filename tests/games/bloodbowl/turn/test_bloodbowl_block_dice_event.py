"""A `block_dice` event says what was rolled, and stays so: a re-roll of one die (Brawler, Pro)
never changes the event made before it (an event is a value)."""

from __future__ import annotations

from tablesports.core.events import Event
from tests.games.bloodbowl.turn.turn_helpers import act, position


def block_dice(events: list[Event]) -> Event:
    (event,) = [e for e in events if e.kind == "block_dice"]
    return event


def test_brawler_reroll_leaves_the_block_dice_event_as_rolled() -> None:
    # Thunder Valley Greenskins: #6 a Black Orc (ST 4, Brawler): two dice against a lineman
    s = position("H6 10,7", "A1 11,7", rerolls=(0, 0), teams=("black-orc", "orc"))
    first = block_dice(act(s, "block 6", "block 11,7", "block dice=skull,both-down"))
    assert list(first.data["faces"]) == ["skull", "both-down"]
    act(s, "brawler reroll", "block dice=pow")
    assert list(first.data["faces"]) == ["skull", "both-down"]


def test_pro_reroll_leaves_the_block_dice_event_as_rolled() -> None:
    # Imperial Nobility: #9 a Noble Blitzer (Pro), one die against an orc lineman
    s = position("H9 10,7", "A1 11,7", rerolls=(0, 0), teams=("imperial-nobility", "orc"))
    first = block_dice(act(s, "block 9", "block 11,7", "block dice=skull"))
    act(s, "use pro", "D6=5", "choose skull", "block dice=pow")
    assert list(first.data["faces"]) == ["skull"]
