"""Skills and traits in their 2025 wording (bloodbowl-S3.gst): Sprint, Sure Feet, No Ball,
Insignificant, Unsteady, Steady Footing, Taunt, Eye Gouge.

Until a shipped roster names a skill, a test gives it to a player of the position it builds
(`gain`), as a league player gains a skill; once a roster has it, the roster's player is used.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tablesports import load
from tablesports.core.errors import DataFileError
from tablesports.games.bloodbowl.players import STANDING
from tablesports.games.bloodbowl.rules_data import (
    Position,
    Roster,
    Team,
    TeamPlayer,
    check_insignificant,
)
from tablesports.games.bloodbowl.state import BloodBowlState
from tablesports.games.bloodbowl.turn.actions import KINDS
from tests.games.bloodbowl.turn.turn_helpers import act, legal_texts, log, position, sq, who


def gain(s: BloodBowlState, name: str, *skills: str) -> Any:
    """Player "H8" of the position `s` gains `skills` (a league advancement)."""
    p = who(s, name)
    p.skills = p.skills | frozenset(skills)
    return p


# --- Sprint -------------------------------------------------------------------------------


def test_sprint_gives_a_third_rush_in_a_move_action() -> None:
    # human #8, a Catcher: MA 8; with Sprint 8 + 3 squares in a Move
    s = position("H8 5,7", rerolls=(0, 0))
    act(s, "move 8")
    assert "move 8 to 15,7 (rush 2+, rush 2+)" in legal_texts(s)
    assert not any(t.startswith("move 8 to 16,7") for t in legal_texts(s))
    s = position("H8 5,7", rerolls=(0, 0))
    gain(s, "H8", "Sprint")
    act(s, "move 8")
    assert "move 8 to 16,7 (rush 2+, rush 2+, rush 2+)" in legal_texts(s)
    events = act(s, "move 8 to 16,7", "D6=2", "D6=2", "D6=2")
    assert log(events).count("rush: D6=2") == 3
    assert who(s, "H8").square == sq("16,7") and who(s, "H8").stance == STANDING


def test_sprint_gives_no_third_rush_in_a_blitz() -> None:
    s = position("H8 5,7", "A1 20,1", rerolls=(0, 0))
    gain(s, "H8", "Sprint")
    act(s, "blitz 8")
    assert "move 8 to 15,7 (rush 2+, rush 2+)" in legal_texts(s)
    assert not any(t.startswith("move 8 to 16,7") for t in legal_texts(s))


# --- Sure Feet ----------------------------------------------------------------------------


def test_sure_feet_re_rolls_a_failed_rush() -> None:
    s = position("H8 5,7", rerolls=(0, 0))
    gain(s, "H8", "Sure Feet")
    events = act(s, "move 8", "move 8 to 14,7", "D6=1", "D6=2")
    assert "re-rolls the rush (Sure Feet)" in log(events)
    assert who(s, "H8").square == sq("14,7") and not s.turnover


def test_sure_feet_re_rolls_only_once_a_turn() -> None:
    s = position("H8 5,7", rerolls=(0, 0))
    gain(s, "H8", "Sure Feet")
    events = act(s, "move 8", "move 8 to 15,7", "D6=1", "D6=2", "D6=1")
    assert log(events).count("(Sure Feet)") == 1
    assert s.turnover and who(s, "H8").square == sq("15,7")  # he Falls Over there


def test_without_sure_feet_a_failed_rush_falls_over() -> None:
    s = position("H8 5,7", rerolls=(0, 0))
    act(s, "move 8", "move 8 to 14,7", "D6=1")
    assert s.turnover and who(s, "H8").stance != STANDING


# --- No Ball ------------------------------------------------------------------------------


def test_no_ball_fails_the_pick_up_with_no_roll_a_turnover() -> None:
    s = position("H1 5,7", "A1 20,1", ball="6,7")
    gain(s, "H1", "No Ball")
    events = act(s, "move 1", "move 1 to 6,7")
    assert "(No Ball) fails to pick up the ball" in log(events)
    assert s.turnover and s.stack[-1].name == "bounce"  # no D6 asked, the ball bounces


def test_no_ball_never_catches_a_hand_off() -> None:
    s = position("H7 10,7", "H1 11,7", "A1 20,1", ball="10,7")
    gain(s, "H1", "No Ball")
    act(s, "hand-off 7", "hand-off to 11,7")
    assert s.stack[-1].name == "bounce"  # no catch roll: the ball bounces off him


def test_no_ball_declares_no_pass_nor_hand_off() -> None:
    s = position("H1 10,7", "A1 20,1", ball="10,7")
    gain(s, "H1", "No Ball")
    assert "hand-off 1" not in legal_texts(s) and "pass 1" not in legal_texts(s)


def test_no_ball_may_not_interfere_with_a_pass() -> None:
    # as test_bloodbowl_pass: A1 on 10,5 lies on the wild pass's path, A2 with No Ball too
    s = position("H1 10,7", "H8 14,7", "A1 10,5", "A2 10,6", ball="10,7", rerolls=(0, 0))
    gain(s, "A2", "No Ball")
    act(s, "pass 1", "pass to 14,7", "D6=2", "D8=2", "D6=3")
    assert [str(a) for a in s.legal_actions()] == ["no interference", "interfere 1"]


# --- Insignificant ------------------------------------------------------------------------


def _small_roster() -> Roster:
    """A roster whose Snotlings are Insignificant (as the 2025 Underworld Denizens' are)."""

    def line(name: str, skills: tuple[str, ...]) -> Position:
        return Position(
            name=name, max=16, cost=15_000, ma=5, st=1, ag=3, pa=5, av=6, skills=skills,
            edition="2025",
        )  # fmt: skip

    return Roster(
        name="Test",
        edition="2025",
        reroll_cost=70_000,
        positions=(line("Goblin", ()), line("Snotling", ("Insignificant", "Titchy"))),
    )


def _team(goblins: int, snotlings: int) -> Team:
    names = ["Goblin"] * goblins + ["Snotling"] * snotlings
    return Team(
        name="T",
        roster="underworld",
        edition="2025",
        rerolls=0,
        cheerleaders=0,
        assistant_coaches=0,
        fan_factor=1,
        players=tuple(TeamPlayer(number=i + 1, position=n) for i, n in enumerate(names)),
    )


def test_insignificant_players_may_not_outnumber_the_others() -> None:
    check_insignificant(_team(6, 6), _small_roster(), "team.toml", "team")  # as many: allowed
    with pytest.raises(DataFileError, match="7 Insignificant players \\(Snotling\\) and 5"):
        check_insignificant(_team(5, 7), _small_roster(), "team.toml", "team")


# --- Unsteady -----------------------------------------------------------------------------


def test_unsteady_forbids_only_secure_the_ball_which_this_program_does_not_offer() -> None:
    # Unsteady takes away the 2025 Secure the Ball action; once that action is added, Unsteady
    # must refuse it (this test then fails as a reminder)
    assert not any("secure" in kind for kind in KINDS)
    plain = position("H7 10,7", "A1 11,7", ball="10,7")
    steady = position("H7 10,7", "A1 11,7", ball="10,7")
    gain(steady, "H7", "Unsteady")
    assert legal_texts(steady) == legal_texts(plain)  # every other action as before


# --- Steady Footing -----------------------------------------------------------------------


def test_steady_footing_on_a_6_a_failed_rush_does_not_fall_over_and_he_moves_on() -> None:
    s = position("H8 5,7", rerolls=(0, 0))
    gain(s, "H8", "Steady Footing")
    events = act(s, "move 8", "move 8 to 14,7", "D6=1", "D6=6")
    assert "(Steady Footing): D6=6: he keeps his feet" in log(events)
    assert not s.turnover and who(s, "H8").stance == STANDING
    assert who(s, "H8").square == sq("14,7")
    assert s.stack[-1].name == "activation"  # his activation goes on


def test_steady_footing_below_6_he_falls_over_a_turnover() -> None:
    s = position("H8 5,7", rerolls=(0, 0))
    gain(s, "H8", "Steady Footing")
    events = act(s, "move 8", "move 8 to 14,7", "D6=1", "D6=5")
    assert "(Steady Footing): D6=5: he goes down" in log(events)
    assert s.turnover and who(s, "H8").stance != STANDING


def test_steady_footing_keeps_a_blocked_player_standing_and_holding_the_ball() -> None:
    s = position("H1 8,7", "A1 9,7", ball="9,7")
    gain(s, "A1", "Steady Footing")
    act(s, "block 1", "block 9,7", "block dice=pow", "choose pow", "push to 10,7", "stay")
    events = act(s, "D6=6")
    assert "keeps his feet" in log(events)
    assert who(s, "A1").stance == STANDING and who(s, "A1").square == sq("10,7")
    assert s.ball == sq("10,7") and s.carrier() is who(s, "A1")


def test_steady_footing_saves_the_attacker_in_a_both_down_no_turnover() -> None:
    s = position("H1 8,7", "A1 9,7")  # neither has Block
    gain(s, "H1", "Steady Footing")
    act(s, "block 1", "block 9,7", "block dice=both-down", "choose both-down")
    events = act(s, "D6=6", "2D6=1+2")  # his Steady Footing, then A1's armour
    assert "keeps his feet" in log(events)
    assert who(s, "H1").stance == STANDING and who(s, "A1").stance != STANDING
    assert not s.turnover and s.stack[-1].name == "team_turn"


# --- Taunt --------------------------------------------------------------------------------


def test_taunt_lets_the_pushed_players_coach_make_the_attacker_follow_up() -> None:
    s = position("H1 8,7", "A1 9,7")
    gain(s, "A1", "Taunt")
    act(s, "block 1", "block 9,7", "block dice=push", "choose push", "push to 10,7", "stay")
    assert s.current_player() == 1 and legal_texts(s) == ["follow up", "stay"]
    events = act(s, "follow up")
    assert "(Taunt) draws #1" in log(events)
    assert who(s, "H1").square == sq("9,7")


def test_taunt_declined_the_attacker_stays() -> None:
    s = position("H1 8,7", "A1 9,7")
    gain(s, "A1", "Taunt")
    act(s, "block 1", "block 9,7", "block dice=push", "choose push", "push to 10,7", "stay")
    act(s, "stay")
    assert who(s, "H1").square == sq("8,7") and s.stack[-1].name == "team_turn"


def test_taunt_is_not_asked_when_the_attacker_follows_up_nor_without_it() -> None:
    s = position("H1 8,7", "A1 9,7")
    gain(s, "A1", "Taunt")
    act(s, "block 1", "block 9,7", "block dice=push", "choose push", "push to 10,7")
    act(s, "follow up")
    assert who(s, "H1").square == sq("9,7") and s.current_player() == 0
    s = position("H1 8,7", "A1 9,7")
    act(s, "block 1", "block 9,7", "block dice=push", "choose push", "push to 10,7", "stay")
    assert s.current_player() == 0 and s.stack[-1].name == "team_turn"


def test_taunt_cannot_draw_a_rooted_attacker() -> None:
    s = position("H1 8,7", "A1 9,7")
    gain(s, "A1", "Taunt")
    who(s, "H1").rooted = True  # as after a Take Root roll of 1
    act(s, "block 1", "block 9,7", "block dice=push", "choose push", "push to 10,7")
    assert who(s, "H1").square == sq("8,7") and s.stack[-1].name == "team_turn"


# --- Eye Gouge ----------------------------------------------------------------------------


def _gouge(eye_gouge: bool) -> BloodBowlState:
    """H1 blocks orc Lineman A1 from 8,7 back to 10,7, next to human H2 (11,8), who is about
    to block A2 (12,8): A1 would give A2 a defensive assist."""
    s = position("H1 8,7", "H2 11,8", "A1 9,7", "A2 12,8")
    if eye_gouge:
        gain(s, "H1", "Eye Gouge")
    act(s, "block 1", "block 9,7", "block dice=push", "choose push", "push to 10,7", "stay")
    act(s, "block 2", "block 12,8")
    return s


def test_eye_gouge_a_player_it_pushed_back_gives_no_assists() -> None:
    assert len(_gouge(False).chance_outcomes()[0][0].faces) == 2  # ST 3 against 3 + 1 assist
    s = _gouge(True)
    assert len(s.chance_outcomes()[0][0].faces) == 1  # no assist from A1
    assert who(s, "A1").gouged


def test_eye_gouge_lasts_until_the_gouged_player_is_next_activated() -> None:
    s = position("H1 8,7", "A1 9,7", "A2 12,1")
    gain(s, "H1", "Eye Gouge")
    act(s, "block 1", "block 9,7", "block dice=push", "choose push", "push to 10,7", "stay")
    assert who(s, "A1").gouged
    act(s, "end turn")
    assert who(s, "A1").gouged  # still, in the opponents' turn until he acts
    act(s, "move 1")
    assert not who(s, "A1").gouged


def test_eye_gouge_is_kept_in_the_position_notation() -> None:
    s = position("H1 8,7", "A1 9,7")
    gain(s, "H1", "Eye Gouge")
    act(s, "block 1", "block 9,7", "block dice=push", "choose push", "push to 10,7", "stay")
    again = s.game.state_from_json(s.to_json())
    assert who(again, "A1").gouged and not who(again, "H1").gouged


# --- the 2025 rosters that bring them -----------------------------------------------------


def test_the_2025_wood_elf_catcher_sprints() -> None:
    s = position("H7 5,7", rerolls=(0, 0), teams=("wood-elf", "orc"))  # Catcher, MA 8
    act(s, "move 7")
    assert "move 7 to 16,7 (rush 2+, rush 2+, rush 2+)" in legal_texts(s)


def test_the_2025_big_un_taunts_the_human_ogre_forward() -> None:
    s = position("H12 8,7", "A9 9,7")  # human Ogre (ST 5) blocks the Big Un (ST 4, Taunt)
    act(s, "block 12", "D6=6", "block 9,7", "block dice=push,push", "choose push")
    act(s, "push to 10,7", "stay")
    assert s.current_player() == 1 and legal_texts(s) == ["follow up", "stay"]
    act(s, "follow up")
    assert who(s, "H12").square == sq("9,7")


def test_the_2025_zombie_gouges_whoever_it_pushes() -> None:
    s = position("H1 8,7", "A1 9,7", teams=("necromantic", "orc"))  # Zombie against a Lineman
    act(s, "block 1", "block 9,7", "block dice=push", "choose push", "push to 10,7", "stay")
    assert who(s, "A1").gouged


def test_the_2025_beer_boar_has_no_ball() -> None:
    s = position("H5 5,7", "A1 20,1", ball="6,7", teams=("norse", "orc"))
    events = act(s, "move 5", "move 5 to 6,7")
    assert "(No Ball) fails to pick up the ball" in log(events) and s.turnover


def test_a_team_file_with_more_insignificant_snotlings_than_others_is_refused(
    tmp_path: Path,
) -> None:
    players = ", ".join(
        f'{{ number = {n}, position = "{pos}" }}'
        for n, pos in enumerate(["Underworld Snotling"] * 6 + ["Underworld Goblin Lineman"] * 5, 1)
    )
    path = tmp_path / "team.toml"
    path.write_text(
        '[team]\nname = "Small Ones"\nroster = "underworld"\nedition = "2025"\nrerolls = 1\n'
        f"cheerleaders = 0\nassistant_coaches = 0\nfan_factor = 1\nplayers = [{players}]\n",
        encoding="utf-8",
    )
    with pytest.raises(DataFileError, match=r"6 Insignificant players .* and 5 others"):
        load("bloodbowl", home=str(path))
