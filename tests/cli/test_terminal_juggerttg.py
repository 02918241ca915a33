"""Jugger TTG at the prompt, as a person plays it: the recruit table, lineup, a hero's turn."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from tablesports.cli import shortcuts
from tests.cli.helpers import run

LINEUP = ["1"] * 14  # four recruits more, the Qwik, four spars, five places: the first of each


def _play(runner: CliRunner, *lines: str) -> str:
    args = ["play", "juggerttg", "--seed", "9"]
    result = run(runner, *args, input="\n".join([*lines, "quit", ""]) + "\n")
    assert result.exit_code == 0, result.output
    return result.stdout


def test_juggerttg_from_the_recruit_to_the_end_of_a_heros_turn(runner: CliRunner) -> None:
    moves = ["activate r5", "jog", "b5", "s b5", "done"]
    out = _play(runner, "arlo", "info bex", "help", *LINEUP, *moves)
    first = out.split("you (seat 0) >")[0]
    # the recruit list is a table of values, several heroes a line: the board stays in sight
    assert "hero   $  R A P Ag FP AP W" in first and "arlo   8  3 3 3  1  4  3 2" in first
    assert len(first.splitlines()) < 45
    assert "you (seat 0) plays: recruit arlo" in out
    assert "bex: Bex Vell of the Saltmarsh Crows" in out  # `info NAME`: team and talent
    helped = out.split("> help")[1]
    assert "shortcuts: a b3 attacks hero b3, s b3 steps to hex b3" in helped
    for word in ("RDA ", "TPP ", "aoo r3 ", "buy N, +N "):
        assert f"\n  {word}" in helped
    # a bare b5 is both blue's hero b5 and the hex b5: asked, not guessed
    assert "b5 is both hero b5 and hex b5: type 'a b5' for the hero or 's b5' for the hex" in out
    assert "you (seat 0) plays: step b5" in out
    assert "you (seat 0) plays: done" in out
    # then blue's turn: its bot (seeded by the move number) activates or delays its hero b5
    assert re.search(r"random \(seat 1\) plays: (activate|delay) b5", out.split("plays: done")[1])


def test_buy_shows_its_price_and_matches_without_it() -> None:
    from tablesports.core.registry import load

    state = load("juggerttg").new_initial_state()
    assert shortcuts.label(state, "buy 2") == "buy 2 (4 points)"
    assert shortcuts.label(state, "buy 0") == "buy 0"
    assert shortcuts.bare("buy 2 (4 points)") == "buy 2"


def test_a_bare_hex_is_read_from_the_field_the_placement_or_step_there(
    runner: CliRunner,
) -> None:
    """In a 5-hero game b6 and b7 are only hexes (no such hero): a bare one is the step there,
    not `attack b7`; at the line-up a bare a7 places the hero to place now, as Juggers' `1 c4`
    does; a name that is a hero on the field is still asked about."""
    places = ["1"] * 9  # recruits, the Qwik and the spars; then the five places, typed bare
    out = _play(runner, "arlo", *places, "a7", "a7", "a1", "a2", "a3", "a4")
    assert "you (seat 0) plays: place r1 a7" in out
    # a7 is taken now: the game says why r2 may not go there, not why a step is refused
    assert "illegal action place r2 a7: it is not among the legal actions: place r2 a1" in out
    for n, where in enumerate(["a1", "a2", "a3", "a4"], 2):
        assert f"you (seat 0) plays: place r{n} {where}" in out
    out = _play(runner, "arlo", *LINEUP, "activate r5", "jog", "b6", "b7", "b5")
    assert "attack b6" not in out and "attack b7" not in out
    assert "you (seat 0) plays: step b6\n" in out and "you (seat 0) plays: step b7\n" in out
    assert "b5 is both hero b5 and hex b5" in out  # hero b5 stands on t9: asked, not guessed


DUEL = (
    "rda=4 init=red active=r2 / r1 nils qwik c6 E 4/3; r2 wren chain k6 E 3/4 thrown; "
    "b3 sami qwik l6 W 4/2; b1 tove shield s6 W 4/3"
)
"""Red's chain r2 (thrown) stands next to blue's Qwik b3, who may be attacked or talent-attacked."""


def _hot_seat(runner: CliRunner, *lines: str, position: str = DUEL) -> str:
    args = ["play", "juggerttg", "--seed", "3", "--vs", "human", "--position", position]
    result = run(runner, *args, input="\n".join([*lines, "quit", ""]) + "\n")
    assert result.exit_code == 0, result.output
    return result.stdout


def test_enter_takes_the_usual_answer_the_prompt_shows(runner: CliRunner) -> None:
    """Declining a reaction and buying no dice are one key (Enter), said in the prompt; where
    nothing is usual (the activation's choices, the defence) Enter plays nothing."""
    out = _hot_seat(runner, "re", "a b3", "", "", "p", "", "", "d")
    assert "seat 1 [Enter: no-reaction] > \nseat 1 plays: no-reaction" in out
    assert "seat 0 [Enter: buy 0] > \nseat 0 plays: buy 0" in out
    assert "seat 1 > p\nseat 1 plays: parry" in out  # a Qwik may only parry (G29)
    assert "seat 1 [Enter: buy 0] > \nseat 1 plays: buy 0" in out
    # the activation has no usual choice: the empty line is asked again, then `d` is done
    assert "seat 0 > \nseat 0 > d\nseat 0 plays: done" in out
    # after the activation, only r1 may act: Enter activates it (its delay is typed)
    assert "seat 0 [Enter: activate r1] > quit" in out


def test_first_letters_and_plus_n_are_exact_or_refused_with_the_readings(
    runner: CliRunner,
) -> None:
    out = _hot_seat(runner, "r", "re", "a b3", "", "", "p", "+1")
    # `r` begins run and reload (the chain is thrown): refused with both, nothing played
    assert "seat 0 > r\n'r' could be run, reload: type more of the one you mean\nseat 0 > re" in out
    assert "seat 0 plays: reload" in out
    assert "seat 1 [Enter: buy 0] > +1\nseat 1 plays: buy 1" in out


def test_a_long_menu_keeps_the_attacks_and_talents_numbered(runner: CliRunner) -> None:
    """r2 with a long spar on the Jugg: 134 passes fold into one line; the attack and the talent
    keep their numbers, and the number plays the talent (3 keys instead of `talent b3`'s 10)."""
    out = _hot_seat(runner, "10", position=DUEL.replace("chain k6 E 3/4 thrown", "long k6 E 3/4"))
    menu = out.split("seat 0 > 10")[0]
    assert re.search(r"\n9\. attack b3  10\. talent b3\n", menu)
    assert "pass HEX: " in menu
    assert "seat 0 > 10\nseat 0 plays: talent b3" in out
