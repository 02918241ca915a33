"""The Foul with assists and the send-off; armour, injury and casualty rolls and the skills
that change them (BB2020)."""

from __future__ import annotations

from typing import Any

from tablesports.games.bloodbowl.players import CASUALTY, KO, PRONE, RESERVES, SENT_OFF, STUNNED
from tests.games.bloodbowl.turn.turn_helpers import act, legal_texts, log, position, sq, who

TROLLS: dict[str, Any] = {
    "name": "Troll Test",
    "roster": "orc",
    "edition": "BB2020",
    "rerolls": 0,
    "cheerleaders": 0,
    "assistant_coaches": 0,
    "fan_factor": 0,
    "players": [{"number": 1, "position": "Troll"}, {"number": 2, "position": "Lineman"}],
}


def test_foul_only_a_prone_or_stunned_opponent_next_to_him() -> None:
    s = position("H1 8,7", "A1 9,7 prone", "A2 9,8", "A3 7,6 stunned")
    act(s, "foul 1")
    fouls = sorted(t for t in legal_texts(s) if t.startswith("foul"))
    # the notes give the armour and the assists (A2 at 9,8 helps his team-mates: -1)
    assert fouls == ["foul 7,6 (armour 10+, -1)", "foul 9,7 (armour 10+, -1)"]


def test_foul_armour_roll_counts_assists_both_ways() -> None:
    # H2 assists (next to A1, Marked by nobody else); A2 next to H1 counts against
    s = position("H1 8,7", "H2 10,6", "A1 9,7 prone", "A2 7,8")
    events = act(s, "foul 1", "foul 9,7")
    assert "assists +0" in log(events)
    s = position("H1 8,7", "H2 10,6", "A1 9,7 prone")
    events = act(s, "foul 1", "foul 9,7", "2D6=4+5")  # 9 +1 against AV 10: broken
    assert "assists +1" in log(events) and "broken" in log(events)


def test_a_double_on_the_foul_sends_the_fouler_off_and_ends_the_turn() -> None:
    s = position("H1 8,7", "A1 9,7 prone", "H2 2,2")
    act(s, "foul 1", "foul 9,7", "2D6=3+3")  # armour holds, but a double
    assert legal_texts(s) == ["accept", "argue the call"]
    events = act(s, "accept")
    assert who(s, "H1").box == SENT_OFF and "Turnover" in log(events)


def test_a_bribe_keeps_the_fouler_on_the_pitch_on_2_plus() -> None:
    s = position("H1 8,7", "A1 9,7 prone")
    s.bribes[0] = 1
    events = act(s, "foul 1", "foul 9,7", "2D6=3+3", "use bribe", "D6=2")
    assert who(s, "H1").square == sq("8,7") and "Turnover" not in log(events)


def test_a_won_argument_sends_the_fouler_to_the_reserves_instead() -> None:
    s = position("H1 8,7", "A1 9,7 prone")
    events = act(s, "foul 1", "foul 9,7", "2D6=3+3", "argue the call", "D6=6")
    assert who(s, "H1").box == RESERVES and "Turnover" not in log(events)


def test_dirty_player_adds_to_the_foul() -> None:
    s = position("H12 8,7", "A1 9,7 prone", teams=("dwarf", "orc"))  # Death Roller: DP (+1)
    events = act(s, "foul 12", "foul 9,7", "2D6=4+5")  # 9 +1 against AV 10
    assert "broken" in log(events)


def test_injury_table_stunned_ko_casualty_and_the_d16() -> None:
    for roll, stance_or_box in (("2D6=3+4", STUNNED), ("2D6=4+4", KO), ("2D6=5+5", CASUALTY)):
        s = position("H1 8,7", "A1 9,7")
        act(s, "block 1", "block 9,7", "block dice=pow", "choose pow", "push to 10,7", "stay")
        act(s, "2D6=5+5", roll)  # armour 10 against AV 10: broken
        a1 = who(s, "A1")
        assert (a1.stance if a1.square >= 0 else a1.box) == stance_or_box
        if stance_or_box == CASUALTY:
            assert s.chance_outcomes()[0][0].die == "D16"
            events = act(s, "D16=15")
            assert "DEAD" in log(events)


def test_thick_skull_turns_a_knock_out_on_8_into_stunned() -> None:
    s = position("A9 8,7", "H12 9,7", team=1, rerolls=(0, 0))  # Ogre: Thick Skull, AV 10
    act(s, "block 9", "block 9,7", "block dice=pow,pow", "choose pow", "push to 10,7", "stay")
    # the Ogre's coach chooses (ST 5 against 4); the Big Un's Mighty Blow: injury 7+1 = 8
    act(s, "2D6=5+5", "2D6=3+4")
    assert who(s, "H12").stance == STUNNED


def test_stunty_players_use_the_stunty_injury_table() -> None:
    s = position("H1 8,7", "A12 9,7")  # Goblin: Stunty, AV 8
    act(s, "block 1", "block 9,7", "block dice=pow,pow", "choose pow", "push to 10,7", "stay")
    act(s, "2D6=4+4", "2D6=3+4")  # 7: Stunned on the normal table, KO on Stunty's
    assert who(s, "A12").box == KO


def test_regeneration_saves_a_casualty_on_4_plus() -> None:
    s = position("H12 8,7", "A1 9,7", teams=("human", TROLLS), rerolls=(0, 0))  # type: ignore[arg-type]
    act(s, "block 12", "D6=6", "block 9,7", "block dice=pow", "choose pow", "push to 10,7")
    act(s, "stay", "2D6=6+6", "2D6=6+6", "D16=1")
    assert s.stack[-1].name == "armour_injury"  # the Regeneration roll
    act(s, "D6=4")
    assert who(s, "A1").box == RESERVES


def test_a_knocked_down_ball_carrier_drops_the_ball() -> None:
    s = position("H1 8,7", "A1 9,7", ball="9,7")
    act(s, "block 1", "block 9,7", "block dice=pow", "choose pow", "push to 10,7", "stay")
    act(s, "2D6=1+1")
    assert who(s, "A1").stance == PRONE and s.stack[-1].name == "bounce"


def _bruiser_injured(injury: str) -> Any:
    """Black Orc #1, a Goblin Bruiser Lineman (Stunty and Thick Skull, AV 8), knocked down by
    a human Lineman; armour 10 breaks, then the injury roll given."""
    s = position("H1 8,7", "A1 9,7", teams=("human", "black-orc"))
    act(s, "block 1", "block 9,7", "block dice=pow,pow", "choose pow", "push to 10,7", "stay")
    act(s, "2D6=5+5", injury)
    return who(s, "A1")


def test_thick_skull_with_stunty_is_stunned_on_7() -> None:
    # BB2020 Thick Skull: with Stunty, KO'd only on 8, and a 7 is treated as Stunned
    assert _bruiser_injured("2D6=3+4").stance == STUNNED


def test_thick_skull_with_stunty_is_knocked_out_on_8() -> None:
    assert _bruiser_injured("2D6=4+4").box == KO
