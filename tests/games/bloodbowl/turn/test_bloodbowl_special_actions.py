"""Projectile Vomit and Kick Team-mate (BB2020 traits): the Troll of Gouged Eye (#13, added to
the orcs, at home) vomits; the Runt Punter of the Flayed Rock All-Stars (ogre, #12) kicks a
Gnoblar."""

from __future__ import annotations

from typing import Any

from tablesports.games.bloodbowl.players import KO, PRONE, STANDING, STUNNED
from tests.games.bloodbowl.turn.test_bloodbowl_throw_team_mate import troll_position
from tests.games.bloodbowl.turn.turn_helpers import act, log, plain_texts, position, sq, who


def vomit(s: Any, at: str, roll: int) -> list[Any]:
    """The Troll (#13) declares Projectile Vomit; Really Stupid passes (a lineman beside him)."""
    return act(s, "projectile vomit 13", "D6=6", f"vomit at {at}", f"D6={roll}")


def test_projectile_vomit_is_a_special_action_instead_of_a_block() -> None:
    s = troll_position("H13 10,7", "H1 9,7", "A5 11,7")
    assert "projectile vomit 13" in plain_texts(s) and "block 13" in plain_texts(s)
    assert "projectile vomit 1" not in plain_texts(s)  # a lineman has no such trait
    act(s, "projectile vomit 13", "D6=6")
    assert plain_texts(s) == ["end activation", "vomit at 11,7"]  # no move, a Standing target


def test_projectile_vomit_on_2_plus_hits_the_target_who_goes_prone_if_armour_breaks() -> None:
    s = troll_position("H13 10,7", "H1 9,7", "A5 11,7")
    vomit(s, "11,7", 2)
    act(s, "2D6=5+4")  # 9 against AV 9+: broken
    assert who(s, "A5").stance == PRONE and s.stack[-1].name == "armour_injury"
    act(s, "2D6=3+4")  # injury 7: Stunned
    assert who(s, "A5").stance == STUNNED and not s.turnover


def test_projectile_vomit_armour_roll_cannot_be_modified() -> None:
    # the Troll has Mighty Blow (+1): 8 against AV 9+ would break with it, not without
    s = troll_position("H13 10,7", "H1 9,7", "A5 11,7")
    events = vomit(s, "11,7", 6) + act(s, "2D6=4+4")
    assert "Armour 2D6=4+4 against AV 9+: holds" in log(events)
    assert who(s, "A5").stance == STANDING and s.stack[-1].name == "team_turn"


def test_projectile_vomit_on_a_1_covers_the_troll_himself() -> None:
    s = troll_position("H13 10,7", "H1 9,7", "A5 11,7")
    events = vomit(s, "11,7", 1) + act(s, "2D6=5+5")  # 10 against the Troll's AV 10+
    assert "covers himself" in log(events)
    assert who(s, "H13").stance == PRONE and who(s, "A5").stance == STANDING
    act(s, "2D6=1+2")
    assert who(s, "H13").stance == STUNNED
    assert not s.turnover and s.stack[-1].name == "team_turn"  # Prone without the ball


def test_projectile_vomit_may_replace_the_block_of_a_blitz() -> None:
    s = troll_position("H13 10,7", "H1 9,7", "A5 12,7")
    act(s, "blitz 13", "D6=6", "move 13 to 11,7")
    assert "vomit at 12,7" in plain_texts(s) and "blitz 12,7" in plain_texts(s)
    act(s, "vomit at 12,7", "D6=3", "2D6=1+1")  # armour holds
    assert "move 13 to 11,8" in plain_texts(s)  # the Blitz moves on


def ogres(*players: str, **kw: Any) -> Any:
    return position(*players, teams=("ogre", "human"), rerolls=(0, 0), **kw)


def kick(s: Any, target: str) -> None:
    """The Runt Punter (#12) kicks the Gnoblar #1 next to him; Bone Head passes."""
    act(s, "kick team-mate 12", "D6=6", f"throw 1 to {target}")


def test_kick_team_mate_is_its_own_special_action_beside_throw_team_mate() -> None:
    s = ogres("H12 10,7", "H1 11,7", "H8 10,9", "H2 11,9")
    assert "kick team-mate 12" in plain_texts(s) and "throw team-mate 8" in plain_texts(s)
    assert "throw team-mate 12" not in plain_texts(s)  # the Runt Punter only kicks
    kick(s, "13,7")
    act(s, "D6=4", "D6=3")  # PA 4+, quick pass: superb; the Gnoblar lands on 3+
    assert who(s, "H1").square == sq("13,7") and who(s, "H1").stance == STANDING
    assert "kick team-mate 12" not in plain_texts(s)  # once a turn
    assert "throw team-mate 8" in plain_texts(s)  # and it does not use up the throw


def test_a_fumbled_kick_removes_the_kicked_player_with_an_injury_roll_stunned_as_ko() -> None:
    s = ogres("H12 10,7", "H1 11,7")
    kick(s, "13,7")
    events = act(s, "D6=1")
    assert "fumbled" in log(events) and who(s, "H1").square < 0
    act(s, "2D6=1+2")  # injury 3 (+1 Mighty Blow): Stunned, which counts as KO
    assert who(s, "H1").box == KO
