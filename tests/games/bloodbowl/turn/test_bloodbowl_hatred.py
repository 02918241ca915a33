"""Hatred (X) (2025 trait, BSData season-3 .gst): in a Block against a player with the
keyword X, re-roll a single Player Down (skull) die. The hater here is given the trait as an
advancement would (`grant`); the Troll keyword's positions are in data/keywords.toml."""

from __future__ import annotations

from typing import Any

from tablesports.games.bloodbowl.turn.hatred import hates, keywords
from tests.games.bloodbowl.turn.turn_helpers import act, legal_texts, log, position, who


def grant(s: Any, name: str, skill: str) -> None:
    """Player `name` has gained `skill` (an advancement)."""
    p = who(s, name)
    p.skills = p.skills | {skill}


def troll_position(*extra: str) -> Any:
    # the Reikland Blitzer #10 (ST 3) next to the Black Orcs' Trained Troll #12 (ST 5)
    s = position("H10 10,7", "A12 11,7", *extra, rerolls=(0, 0), teams=("human", "black-orc"))
    grant(s, "H10", "Hatred (Troll)")
    return s


def test_hatred_rerolls_one_player_down_die_against_a_troll() -> None:
    s = troll_position()
    act(s, "block 10", "block 11,7", "block dice=skull,push")
    assert "hatred reroll" in legal_texts(s)  # offered to the attacker, the Troll chooses
    events = act(s, "hatred reroll", "block dice=pow")
    assert "(Hatred) re-rolls a Player Down: pow" in log(events)
    assert s.stack[-1].faces == ["push", "pow"]
    assert "hatred reroll" not in legal_texts(s)  # once a block


def test_hatred_rerolls_a_single_die_of_two_player_downs() -> None:
    s = troll_position()
    act(s, "block 10", "block 11,7", "block dice=skull,skull", "hatred reroll", "block dice=push")
    assert s.stack[-1].faces == ["skull", "push"]
    assert "hatred reroll" not in legal_texts(s)


def test_hatred_also_in_a_blitz() -> None:
    s = troll_position()
    act(s, "blitz 10", "blitz 11,7", "block dice=skull,stumble")
    assert "hatred reroll" in legal_texts(s)


def test_no_hatred_against_a_player_without_the_keyword_or_without_a_player_down() -> None:
    s = position("H10 10,7", "A1 11,7", rerolls=(0, 0))  # an orc Lineman: no Troll
    grant(s, "H10", "Hatred (Troll)")
    act(s, "block 10", "block 11,7", "block dice=skull")
    assert "hatred reroll" not in legal_texts(s)
    s = troll_position()
    act(s, "block 10", "block 11,7", "block dice=push,pow")
    assert "hatred reroll" not in legal_texts(s)


def test_hatred_keywords_name_the_trolls_of_every_roster() -> None:
    from tablesports.games.bloodbowl.rules_data import rosters

    trolls = {p.name for r in rosters().values() for p in r.positions if "Troll" in p.name}
    assert trolls - {"Troll Slayer"} <= keywords()["Troll"]
    s = troll_position()
    assert hates(who(s, "H10"), who(s, "A12")) and not hates(who(s, "A12"), who(s, "H10"))
