"""Iron Hard Skin (2025): no opponent modifies an armour roll against him (issue 43 finding
11). Mighty Blow is tested with the new teams' skills; here a Foul's assists, a chainsaw Foul's
+3 and the Chainsaw Attack's +3, each beside the same roll against a player without it. The
Chaos Dwarf Blockers (#5-7) have it, AV 10+; the human Lineman #1 has AV 9+."""

from __future__ import annotations

from tests.games.bloodbowl.turn.turn_helpers import act, log, position


def test_iron_hard_skin_the_fouls_assists_do_not_count_against_his_armour() -> None:
    # 4+5 = 9, +1 for H2's assist = 10 would break AV 10+
    s = position("H1 8,7", "H2 10,6", "A5 9,7 prone", teams=("human", "chaos-dwarf"))
    events = act(s, "foul 1", "foul 9,7", "2D6=4+5")
    assert "against AV 10+: holds" in log(events), log(events)
    s = position("H1 8,7", "H2 10,6", "A4 9,7 prone", teams=("human", "chaos-dwarf"))
    events = act(s, "foul 1", "foul 9,7", "2D6=4+5")  # #4, the Sneaky Stabba, has no such skin
    assert "assists +1" in log(events) and "broken" in log(events), log(events)


def test_iron_hard_skin_a_chainsaw_foul_adds_nothing_to_his_armour_roll() -> None:
    # 4+4 = 8, +3 = 11 would break AV 10+
    s = position("H8 10,7", "A5 11,7 prone", rerolls=(0, 0), teams=("goblin", "chaos-dwarf"))
    events = act(s, "foul 8", "chainsaw foul 11,7", "D6=3", "2D6=4+4")
    assert "against AV 10+: holds" in log(events), log(events)
    s = position("H8 10,7", "A1 11,7 prone", rerolls=(0, 0), teams=("goblin", "human"))
    events = act(s, "foul 8", "chainsaw foul 11,7", "D6=3", "2D6=3+3")  # 6 + 3 = 9 vs 9+
    assert "Armour 2D6=3+3 +3 against AV 9+: broken" in log(events)


def test_iron_hard_skin_the_chainsaw_attack_adds_nothing_to_his_armour_roll() -> None:
    s = position("H8 10,7", "A5 11,7", rerolls=(0, 0), teams=("goblin", "chaos-dwarf"))
    events = act(s, "chainsaw 8", "chainsaw at 11,7", "D6=2", "2D6=4+4")  # 8, not 11
    assert "armour 2D6=4+4 +0 against AV 10+: holds" in log(events), log(events)
    s = position("H8 10,7", "A1 11,7", rerolls=(0, 0), teams=("goblin", "human"))
    events = act(s, "chainsaw 8", "chainsaw at 11,7", "D6=2", "2D6=3+3")
    assert "armour 2D6=3+3 +3 against AV 9+: broken" in log(events)
