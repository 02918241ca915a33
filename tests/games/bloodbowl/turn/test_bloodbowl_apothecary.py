"""The Apothecary (BB2020): once a match, for a player Knocked Out or a casualty. The victims
are Reikland Reavers (human, away, whose roster allows an Apothecary), hit by the Troll's
Projectile Vomit (see test_bloodbowl_special_actions)."""

from __future__ import annotations

from typing import Any

from tablesports.games.bloodbowl.players import CASUALTY, KO, RESERVES
from tests.games.bloodbowl.turn.test_bloodbowl_special_actions import vomit
from tests.games.bloodbowl.turn.test_bloodbowl_throw_team_mate import orcs_with_troll
from tests.games.bloodbowl.turn.turn_helpers import act, legal_texts, position, who


def hit(s: Any, injury: str) -> None:
    """The Troll's vomit breaks A5's armour (10 against AV 9+); then the injury roll."""
    vomit(s, "11,7", 6)
    act(s, "2D6=5+5", injury)


def troll_against(away: str = "human") -> Any:
    return position(
        "H13 10,7", "H1 9,7", "A5 11,7", rerolls=(0, 0), teams=(orcs_with_troll(), away)
    )


def test_the_apothecary_sends_a_knocked_out_player_to_the_reserves() -> None:
    s = troll_against()
    assert s.apothecaries == [1, 1]
    hit(s, "2D6=4+5")  # 9: Knocked Out
    assert who(s, "A5").box == KO
    assert s.current_player() == 1 and legal_texts(s) == ["use apothecary", "no apothecary"]
    act(s, "use apothecary")
    assert who(s, "A5").box == RESERVES and s.apothecaries == [1, 0]
    assert s.stack[-1].name == "team_turn" and s.current_player() == 0


def test_the_apothecary_is_used_once_a_match() -> None:
    s = position(
        "H13 10,7",
        "H1 9,7",
        "A5 11,7",
        "A6 8,7",
        rerolls=(0, 0),
        teams=(orcs_with_troll(), "human"),
    )
    hit(s, "2D6=4+5")
    act(s, "use apothecary", "block 1")  # then the orc lineman blocks A6
    act(s, "block 8,7", "block dice=pow", "choose pow", "push to 7,7", "stay")
    act(s, "2D6=5+5", "2D6=4+5")  # A6: armour broken, Knocked Out
    assert who(s, "A6").box == KO and s.apothecaries == [1, 0]
    assert "use apothecary" not in legal_texts(s) and s.current_player() == 0


def test_for_a_casualty_a_second_roll_of_badly_hurt_patches_him_up() -> None:
    s = troll_against()
    hit(s, "2D6=6+5")  # 11: a casualty
    act(s, "D16=10")  # Serious Injury
    assert legal_texts(s) == ["use apothecary", "no apothecary"]
    act(s, "use apothecary", "D16=3")  # Badly Hurt
    assert who(s, "A5").box == RESERVES


def test_for_a_casualty_a_second_roll_worse_than_badly_hurt_leaves_him_out() -> None:
    s = troll_against()
    hit(s, "2D6=6+5")
    act(s, "D16=10", "use apothecary", "D16=12")
    assert who(s, "A5").box == CASUALTY and s.apothecaries[1] == 0


def test_a_team_whose_roster_has_no_apothecary_is_never_offered_one() -> None:
    s = troll_against("shambling-undead")  # A5: a Skeleton Lineman (Regeneration)
    assert s.apothecaries == [1, 0]
    vomit(s, "11,7", 6)
    act(s, "2D6=5+4", "2D6=4+5")  # AV 8+ broken; injury 9: KO
    assert who(s, "A5").box == KO and s.stack[-1].name == "team_turn"
