"""The `bloodbowl-scripted` bot's Throw Team-mate, Kick Team-mate and On the Ball: it throws
a Right Stuff ball carrier into the end zone when the throw and the landing are likely, not
when they are long shots; it throws a player next to a threatening opposing carrier; it moves
a player On the Ball next to the target of a pass. Home is the Ogre team (Gnoblars #1-7 with
Right Stuff, Ogre Blockers #8-11 with Throw Team-mate, PA 5+; the Runt Punter #12 with Kick
Team-mate, PA 4+), playing towards x = 25."""

from __future__ import annotations

from typing import Any

from tablesports.games.bloodbowl.bot import ScriptedBot
from tablesports.games.bloodbowl.bot_throws import d6_chance, success
from tablesports.games.bloodbowl.pitch import NEIGHBOURS
from tests.games.bloodbowl.helpers import GAME
from tests.games.bloodbowl.turn.test_bloodbowl_scripted_bot import drive_bot
from tests.games.bloodbowl.turn.turn_helpers import act, position, sq, who

OGRES = ("ogre", "human")


def ogre_position(*players: str, ball: str, moved: str = "") -> Any:
    """Ogres at home; `moved` walks the Gnoblar carrier #1 there first (he has acted)."""
    s = position(*players, ball=ball, teams=OGRES)
    if moved:
        act(s, "move 1", f"move 1 to {moved}", "end activation")
    return s


def test_the_chance_of_a_test_counts_a_natural_one_and_six() -> None:
    assert d6_chance(3, 0) == 4 / 6
    assert d6_chance(5, -3) == 1 / 6  # only the 6
    assert d6_chance(2, 3) == 5 / 6  # the 1 still fails


def test_it_throws_the_carrier_into_the_end_zone_with_a_quick_pass() -> None:
    # the Gnoblar has run to 21,7 next to the Ogre: a quick pass (5+) into the end zone,
    # then the landing (3+); with the team re-roll that works 44% of the time
    s = ogre_position("H1 17,7", "H8 22,8", "A1 10,1", ball="17,7", moved="21,7")
    ogre, gnoblar = who(s, "H8"), who(s, "H1")
    assert abs(success(s, ogre, gnoblar, ogre.square, sq("25,7")) - 4 / 9) < 1e-9
    chosen = drive_bot(s, ScriptedBot(GAME), steps=3)
    assert chosen[0] == "throw team-mate 8"
    assert chosen[1].startswith("throw 1 to 25,")
    assert s.score == [1, 0]  # every die rolled a 6: superb, landed, a touchdown


def test_the_runt_punter_kicks_him_in_from_further_away() -> None:
    # a short pass for the Runt Punter (PA 4+, 5+ with the -1): also 44%
    s = ogre_position("H1 17,7", "H12 20,8", "A1 10,1", ball="17,7", moved="19,7")
    chosen = drive_bot(s, ScriptedBot(GAME), steps=3)
    assert chosen[0] == "kick team-mate 12" and chosen[1].startswith("throw 1 to 25,")
    assert s.score == [1, 0]


def test_it_does_not_throw_a_long_shot() -> None:
    # the same short pass by an Ogre Blocker (PA 5+, 6+ with the -1): 24%, not worth the ball
    s = ogre_position("H1 17,7", "H8 20,8", "A1 10,1", ball="17,7", moved="19,7")
    ogre, gnoblar = who(s, "H8"), who(s, "H1")
    assert success(s, ogre, gnoblar, ogre.square, sq("25,7")) < 0.3
    assert drive_bot(s, ScriptedBot(GAME), steps=1) == ["end turn"]


def test_it_does_not_throw_from_a_marked_square() -> None:
    # two humans Mark the Ogre: the quick pass needs a 6; he blocks one of them instead
    s = ogre_position("H1 17,7", "H8 22,8", "A1 23,9", "A2 23,7", ball="17,7", moved="21,7")
    chosen = drive_bot(s, ScriptedBot(GAME), steps=1)
    assert not chosen[0].startswith(("throw", "kick"))


def test_the_thrower_walks_up_to_the_carrier_first() -> None:
    # the Ogre is two squares off: he walks next to the Gnoblar (no roll), then throws
    s = ogre_position("H1 17,7", "H8 22,10", "A1 10,1", ball="17,7", moved="21,7")
    chosen = drive_bot(s, ScriptedBot(GAME), steps=4)
    assert chosen[0] == "throw team-mate 8"
    assert chosen[1].startswith("move 8 to ") and chosen[2].startswith("throw 1 to 25,")
    assert s.score == [1, 0]


def test_it_throws_a_player_next_to_an_opposing_carrier_about_to_score() -> None:
    # the human carrier at 3,7 is three squares from the home end zone; the Blitz is spent:
    # the Ogre throws the Gnoblar next to him so that he is Marked
    s = position("H1 8,7", "H8 7,7", "H2 20,2", "A5 3,7", ball="3,7", teams=OGRES)
    act(s, "blitz 2", "end activation")
    chosen = drive_bot(s, ScriptedBot(GAME), steps=3)
    assert chosen[0] == "throw team-mate 8" and chosen[1].startswith("throw 1 to ")
    assert who(s, "H1").square in NEIGHBOURS[sq("3,7")]


def test_it_moves_a_player_on_the_ball_next_to_the_catcher() -> None:
    # the human Thrower passes to 12,7; the Amazons' Python Warrior Thrower (On the Ball)
    # steps next to the catcher's square before the throw
    s = position("H7 8,7", "H5 12,7", "A6 14,9", "A1 20,2", ball="8,7", teams=("human", "amazon"))
    act(s, "pass 7", "pass to 12,7")
    assert s.current_player() == 1 and s.stack[-1].name == "on_the_ball"
    bot = ScriptedBot(GAME)
    for _ in range(3):
        if s.current_player() != 1:
            break
        act(s, bot.step(s))
    assert who(s, "A6").square in NEIGHBOURS[sq("12,7")]


def test_a_loony_with_no_safe_block_saws_instead() -> None:
    # the Loony (ST 2) next to a human Lineman (ST 3): the block is the human's choice
    s = position("H8 10,7", "A1 11,7", "H1 2,2", "A2 20,2", ball="2,2", teams=("goblin", "human"))
    chosen = drive_bot(s, ScriptedBot(GAME), steps=2)
    assert chosen[0] == "chainsaw 8" and chosen[1].startswith("chainsaw at 11,7")
