"""The edges of three BB2020 rules the other tests cross only in the middle: three block dice
only for more than twice the strength (exactly double is two); a Prone or Stunned player
neither assists nor cancels an assist (he has no tackle zone); a Prone player stands up without
a roll with MA 3 or more, and on a D6 of 4+ with MA 2 or less."""

from __future__ import annotations

import pytest

from tablesports.games.bloodbowl.players import PRONE, STANDING
from tablesports.games.bloodbowl.state import BloodBowlState
from tests.games.bloodbowl.turn.turn_helpers import act, legal_texts, position, who


def _dice(s: BloodBowlState) -> int:
    return len(s.chance_outcomes()[0][0].faces)


def _chooser(s: BloodBowlState, faces: str) -> int:
    """Who chooses the die, once rolled (the attacker's coach declines a re-roll first)."""
    act(s, f"block dice={faces}")
    if "no reroll" in legal_texts(s):
        act(s, "no reroll")
    return s.current_player()


# human #1-#3 Linemen ST 3; orc #12 a Goblin ST 2 on 9,7; #2 and #3 assist from 10,6 and 10,8
@pytest.mark.parametrize(
    ("helpers", "dice"), [((), 2), (("H2 10,6",), 2), (("H2 10,6", "H3 10,8"), 3)]
)
def test_three_block_dice_only_for_more_than_twice_the_strength(
    helpers: tuple[str, ...], dice: int
) -> None:
    s = position("H1 8,7", "A12 9,7", *helpers, rerolls=(0, 0))  # 3, 4 (double), 5 against 2
    act(s, "block 1", "block 9,7")
    assert _dice(s) == dice
    assert _chooser(s, ",".join(["push"] * dice)) == 0


@pytest.mark.parametrize(
    ("helpers", "dice"), [((), 2), (("H2 10,6",), 2), (("H2 10,6", "H3 10,8"), 3)]
)
def test_a_defender_more_than_twice_as_strong_rolls_three_dice_and_chooses(
    helpers: tuple[str, ...], dice: int
) -> None:
    # the Goblin blocks the Lineman, whose team-mates next to the Goblin assist the defender
    s = position("H1 8,7", "A12 9,7", *helpers, team=1, rerolls=(0, 0))
    act(s, "block 12", "block 8,7")
    assert _dice(s) == dice
    assert _chooser(s, ",".join(["push"] * dice)) == 0  # the stronger defender's coach


@pytest.mark.parametrize("stance", ["prone", "stunned"])
def test_a_prone_or_stunned_player_gives_no_assist(stance: str) -> None:
    s = position("H1 8,7", "H2 9,6 " + stance, "A1 9,7")  # H2 next to the target, down
    act(s, "block 1", "block 9,7")
    assert _dice(s) == 1
    s = position("H1 8,7", "A1 9,7", "A2 8,6 " + stance)  # A2 next to the attacker, down
    act(s, "block 1", "block 9,7")
    assert _dice(s) == 1


@pytest.mark.parametrize("stance", ["prone", "stunned"])
def test_a_prone_or_stunned_player_cancels_no_assist(stance: str) -> None:
    # A2 lies next to the assisting H2: down, he does not Mark him, so H2 still assists
    s = position("H1 8,7", "H2 9,6", "A1 9,7", "A2 10,5 " + stance)
    act(s, "block 1", "block 9,7")
    assert _dice(s) == 2
    s = position("H1 8,7", "H2 9,6", "A1 9,7", "A2 10,5")  # standing, he cancels it
    act(s, "block 1", "block 9,7")
    assert _dice(s) == 1


def test_a_prone_player_with_ma_3_stands_up_without_a_roll() -> None:
    # Shambling Undead #11, a Mummy, MA 3: standing up costs his whole MA, then he may Rush
    s = position("H11 5,7 prone", teams=("shambling-undead", "orc"))
    act(s, "move 11")
    assert who(s, "H11").stance == STANDING and s.current_player() == 0
    assert "move 11 to 6,7 (rush 2+)" in legal_texts(s)


@pytest.mark.parametrize(("roll", "stance"), [("D6=3", PRONE), ("D6=4", STANDING)])
def test_a_prone_player_with_ma_2_stands_up_on_4_plus(roll: str, stance: str) -> None:
    # Wood Elf #11, a Loren Forest Treeman, MA 2: Take Root first (6: he does not root)
    s = position("H11 5,7 prone", teams=("wood-elf", "orc"))
    act(s, "move 11", "D6=6")
    assert s.stack[-1].name == "stand_up"
    act(s, roll)
    assert who(s, "H11").stance == stance
