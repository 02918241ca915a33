"""The scripted bot's use of the 2025 skills (Diving Tackle, Diving Catch, Hatred), on the
2025 rosters: Dwarf Blitzer #9 (Diving Tackle), Troll Slayer #11 (Hatred (Troll)), Elf
Catcher #8 (Diving Catch), Elf Thrower #7 (Hail Mary Pass)."""

from __future__ import annotations

from tablesports.games.bloodbowl.bot import ScriptedBot
from tablesports.games.bloodbowl.pitch import end_zone_column
from tablesports.games.bloodbowl.state import BloodBowlState
from tests.games.bloodbowl.helpers import GAME
from tests.games.bloodbowl.turn.turn_helpers import act, position


def test_the_bot_dives_when_the_dive_makes_the_dodge_fail() -> None:
    # the Reikland Catcher (#8, AG 3+) dodges away from the Dwarf Blitzer #9
    s = position("H8 10,7", "A9 11,7", rerolls=(0, 0), teams=("human", "dwarf"))
    act(s, "move 8", "move 8 to 9,7", "D6=4")  # 4 - 2 = 2: a dive makes it fail
    assert s.stack[-1].name == "diving_tackle"
    assert str(ScriptedBot(GAME).step(s)) == "select 9"
    s = position("H8 10,7", "A9 11,7", rerolls=(0, 0), teams=("human", "dwarf"))
    act(s, "move 8", "move 8 to 9,7", "D6=6")  # a 6 passes anyway: no dive
    assert str(ScriptedBot(GAME).step(s)) == "selection done"


def test_the_bot_tries_a_diving_catch() -> None:
    # the Elf Thrower #7 passes to the empty 14,7, next to the Elf Catcher #8
    s = position("H7 10,7", "H8 14,8", ball="10,7", rerolls=(0, 0), teams=("elven-union", "orc"))
    act(s, "pass 7", "pass to 14,7", "D6=6")
    assert s.stack[-1].name == "diving_catch"
    assert str(ScriptedBot(GAME).step(s)) == "select 8"


def test_the_bot_rerolls_a_player_down_against_a_troll() -> None:
    # the Troll Slayer #11 blocks the Black Orcs' Trained Troll #12
    s = position("H11 10,7", "A12 11,7", rerolls=(0, 0), teams=("dwarf", "black-orc"))
    act(s, "block 11", "block 11,7", "D6=1", "block dice=skull,push")  # Dauntless fails
    assert str(ScriptedBot(GAME).step(s)) == "hatred reroll"


def hail_mary_position(turn: int) -> BloodBowlState:
    # the Elf Thrower #7 on 3,7 with the ball; the Elf Catcher #8 stands in the end zone
    column = end_zone_column(1)
    s = position(
        "H7 3,7", f"H8 {column},7", "A1 4,7", "A2 3,8", ball="3,7", teams=("elven-union", "orc")
    )
    s.turn[0] = turn
    return s


def test_the_bot_throws_a_hail_mary_only_on_its_last_turn_of_the_half() -> None:
    s = hail_mary_position(turn=8)
    bot = ScriptedBot(GAME)
    assert str(bot.step(s)) == "pass 7"
    act(s, bot.step(s))
    assert str(bot.step(s)).startswith(f"hail mary to {end_zone_column(1)},7")
    s = hail_mary_position(turn=7)
    assert str(ScriptedBot(GAME).step(s)) != "pass 7"


def test_the_bot_punts_with_a_cornered_runner() -> None:
    # the Dark Elf Runner #5 (Punt) holds the ball, Marked by two orc Linemen
    s = position("H5 10,7", "A1 11,7", "A2 11,8", ball="10,7", teams=("dark-elf", "orc"))
    bot = ScriptedBot(GAME)
    assert str(bot.step(s)) == "punt 5"
    act(s, bot.step(s))
    assert str(bot.step(s)) == f"punt towards x={end_zone_column(1)}"
    s = position("H5 10,7", "A1 11,7", ball="10,7", teams=("dark-elf", "orc"))
    assert str(ScriptedBot(GAME).step(s)) != "punt 5"  # Marked by one: he moves on
