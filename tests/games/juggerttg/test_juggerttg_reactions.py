"""Re-rolls (R5), range terms (R65) and the order of simultaneous reactions (R88, R89, R118).

The talents: fitz (Reflex 5) and tove (Reflex 1) have "Nochmal!" (reroll: their own roll),
xan (Reflex 4) and rhea (Reflex 1) "Finte" (force_reroll: the enemy's roll against them); lio
"Abfangen" (quickstep on enter_range), brisk "Schatten" (move_in_range), kes "Nachsetzen"
(leave_range).
"""

from __future__ import annotations

import pytest

from tablesports.core.errors import DataFileError
from tablesports.games.juggerttg.board import DIST
from tablesports.games.juggerttg.data import parse_heroes
from tests.games.juggerttg.helpers import h, legal, play, pos, x


def test_r5_a_reroll_talent_rolls_the_attack_again_once() -> None:
    st = pos("r2 fitz long k6 E 5/5; b2 wren long m6 W 3/4", "rda=4 init=red active=r2")
    play(st, "attack b2", "buy 0", "parry", "buy 0", "skulls 0")
    # a roll of only blanks is answered before it misses (house rule to R107)
    assert st.phase == "reroll" and st.player == 0
    assert legal(st) == {"reroll r2", "no-reaction"}
    events = play(st, "reroll r2")
    assert "r2 (Nochmal!): its roll is re-rolled" in events
    assert st.phase == "roll-attack" and st.fp[h("r2")] == 5 - 2 - 1
    events = play(st, "skulls 1")
    assert events == ["r2 rolls again 1 skulls with 5 dice"]
    assert st.phase == "roll-defence"  # a re-rolled roll is never re-rolled again (R5)


def test_r5_a_roll_left_standing_goes_on_to_the_defence_roll() -> None:
    st = pos("r2 fitz long k6 E 5/5; b2 wren long m6 W 3/4", "rda=4 init=red active=r2")
    play(st, "attack b2", "buy 0", "parry", "buy 0", "skulls 2", "no-reaction")
    assert st.phase == "roll-defence" and st.fp[h("r2")] == 3


def test_r5_the_defender_rerolls_its_own_parry() -> None:
    st = pos("r2 wren long k6 E 3/4; b2 fitz long m6 W 5/5", "rda=4 init=red active=r2")
    play(st, "attack b2", "buy 0", "parry", "buy 0", "skulls 2", "skulls 0")
    assert st.phase == "reroll" and legal(st) == {"reroll b2", "no-reaction"}
    play(st, "reroll b2", "skulls 3")
    assert st.down[h("b2")] == 0 and st.phase == "act"  # 3 parry skulls beat 2


def test_r5_force_reroll_makes_the_attacker_roll_again() -> None:
    st = pos("r2 wren long k6 E 3/4; b2 xan long m6 W 5/5", "rda=4 init=red active=r2")
    play(st, "attack b2", "buy 0", "parry", "buy 0", "skulls 3")
    assert st.phase == "reroll" and st.player == 1 and legal(st) == {"reroll b2", "no-reaction"}
    events = play(st, "reroll b2")
    assert "b2 (Finte): r2's roll is re-rolled" in events
    play(st, "skulls 0")
    assert st.phase == "act" and st.down[h("b2")] == 0  # the new roll stands: a miss


def test_r88_the_higher_reflex_answers_a_roll_first_then_the_other_side() -> None:
    # fitz (Reflex 5) and xan (Reflex 4) may both answer fitz's roll; blue has the initiative
    st = pos("r2 fitz long k6 E 5/5; b2 xan long m6 W 5/5", "rda=4 init=blue active=r2")
    play(st, "attack b2", "buy 0", "parry", "buy 0", "skulls 1")
    assert st.phase == "reroll" and st.player == 0 and legal(st) == {"reroll r2", "no-reaction"}
    play(st, "no-reaction")  # fitz lets it stand: now xan may call
    assert st.player == 1 and legal(st) == {"reroll b2", "no-reaction"}
    play(st, "reroll b2")
    assert st.phase == "roll-attack" and st.fp[h("r2")] == 3 and st.fp[h("b2")] == 5 - 2 - 1


def test_r88_r5_when_the_first_answers_the_other_cannot() -> None:
    st = pos("r2 fitz long k6 E 5/5; b2 xan long m6 W 5/5", "rda=4 init=blue active=r2")
    play(st, "attack b2", "buy 0", "parry", "buy 0", "skulls 1", "reroll r2", "skulls 2")
    assert st.phase == "roll-defence"  # xan's Finte is not offered: the roll was re-rolled


@pytest.mark.parametrize(("init", "first"), [("red", "r2"), ("blue", "b2")])
def test_r88_on_equal_reflex_the_initiative_players_hero_answers_first(
    init: str, first: str
) -> None:
    # tove and rhea both have Reflex 1
    st = pos("r2 tove long k6 E 4/3; b2 rhea long m6 W 5/4", f"rda=4 init={init} active=r2")
    play(st, "attack b2", "buy 0", "parry", "buy 0", "skulls 1")
    assert st.phase == "reroll" and legal(st) == {f"reroll {first}", "no-reaction"}
    second = "b2" if first == "r2" else "r2"
    play(st, "no-reaction")
    assert legal(st) == {f"reroll {second}", "no-reaction"}
    play(st, "no-reaction")
    assert st.phase == "roll-defence"


def test_r118_nobody_rerolls_in_an_attack_of_opportunity() -> None:
    # fitz attacks wren as she steps into his range: neither side may answer the rolls
    st = pos("r2 wren long o6 W 3/4; b2 fitz long k6 E 5/5", "rda=4 init=red active=r2")
    play(st, "jog", "step n6", "step m6", "aoo b2", "face W", "buy 0", "parry", "buy 0")
    play(st, "skulls 0")
    assert st.phase == "act" and st.active == h("r2")


def test_r65_entering_the_range_calls_an_enter_range_quickstep() -> None:
    # lio's long spar reaches 2: n6 is outside, m6 inside
    assert DIST[x("k6")][x("n6")] == 3 and DIST[x("k6")][x("m6")] == 2
    st = pos("r2 wren long o6 W 3/4; b2 lio long k6 W 5/2", "rda=4 init=red active=r2")
    play(st, "jog", "step n6")
    assert st.phase == "act"  # outside to outside: no range term
    play(st, "step m6")
    assert st.phase == "aoo" and st.player == 1
    assert "quickstep b2 l6" in legal(st) and "aoo b2" not in legal(st)  # lio faces away
    events = play(st, "quickstep b2 l6")
    assert any("quickstep to l6" in e for e in events)
    assert st.pos[h("b2")] == x("l6") and st.fp[h("b2")] == 4
    assert st.phase == "act" and st.player == 0 and st.active == h("r2")
    play(st, "step l5")  # inside to inside: Abfangen is not called
    assert st.phase == "act"


def test_r65_moving_within_the_range_calls_a_move_in_range_quickstep() -> None:
    st = pos("r2 wren long o6 W 3/4; b2 brisk long k6 W 5/2", "rda=4 init=red active=r2")
    play(st, "jog", "step n6", "step m6")
    assert st.phase == "act"  # entering does not call Schatten
    assert DIST[x("k6")][x("l5")] == 2
    play(st, "step l5")
    assert st.phase == "aoo" and any(a.startswith("quickstep b2") for a in legal(st))


def test_r65_leaving_the_range_calls_a_leave_range_quickstep() -> None:
    st = pos("r2 wren long m6 E 3/4; b2 kes long k6 W 4/2", "rda=4 init=red active=r2")
    play(st, "jog", "step n6")
    assert st.phase == "aoo" and legal(st) >= {"quickstep b2 l6", "no-reaction"}
    play(st, "quickstep b2 l6")
    assert st.pos[h("b2")] == x("l6")


def test_r89_r66_one_answer_to_a_step_and_a_quickstep_calls_no_aoo() -> None:
    # lio faces the mover: AoO or quickstep, one of them (R89); the quickstep ends the answers
    st = pos(
        "r2 wren long o6 W 3/4; b2 lio long k6 E 5/2; r3 bex long i6 E 3/3",
        "rda=4 init=red active=r2",
    )
    play(st, "jog", "step n6", "step m6")
    assert {"aoo b2", "quickstep b2 j6"} <= legal(st)
    play(st, "quickstep b2 j6")  # into bex's range 2: a quickstep is not standard movement
    assert st.phase == "act" and st.player == 0


def test_r65_a_quickstep_talent_needs_its_range_term() -> None:
    text = """
[talents.step]
name = "Step"
label = "Reaktion"
effect = "quickstep"

[heroes.ann]
name = "Ann"
team = "T"
reflex = 3
attack = 1
parry = 1
agility = 0
focus = 4
stamina = 3
will = 1
talent = "step"
cost = 4
"""
    with pytest.raises(DataFileError, match=r"mine.toml: talent 'step'.*needs a trigger"):
        parse_heroes(text, "mine.toml")
    bad = text.replace('effect = "quickstep"', 'effect = "reroll"\ntrigger = "leave_range"')
    bad = bad.replace('label = "Reaktion"', 'label = "Reaktion"')
    with pytest.raises(DataFileError, match="only a quickstep takes a trigger"):
        parse_heroes(bad, "mine.toml")
    wrong = text.replace('effect = "quickstep"', 'effect = "quickstep"\ntrigger = "nearby"')
    with pytest.raises(DataFileError, match="talent 'step', field 'trigger'"):
        parse_heroes(wrong, "mine.toml")


def test_r88_r5_r65_illegal_answers_name_their_rule_and_change_nothing() -> None:
    from tablesports.core.errors import IllegalActionError

    st = pos("r2 fitz long k6 E 5/5; b2 xan long m6 W 5/5", "rda=4 init=blue active=r2")
    play(st, "attack b2", "buy 0", "parry", "buy 0", "skulls 1")
    before = st.to_json()
    with pytest.raises(IllegalActionError, match="R88: both may answer this roll; r2"):
        st.apply_action(st.parse_action("reroll b2"))
    with pytest.raises(IllegalActionError, match="R5: a roll is re-rolled only by a talent"):
        st.apply_action(st.parse_action("reroll r8"))
    assert st.to_json() == before
    assert "r2 rolled 1 skulls with 5 dice" in st.render(0)
    st = pos("r2 wren long o6 W 3/4; b2 lio long k6 W 5/2", "rda=4 init=red active=r2")
    play(st, "jog", "step n6", "step m6")
    with pytest.raises(IllegalActionError, match="R65: a quickstep answers only"):
        st.apply_action(st.parse_action("quickstep b2 m7"))
