"""Blood Bowl at the prompt, as a person plays it: who is who, a block, the end of the turn."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from tests.cli.helpers import run
from tests.games.bloodbowl.helpers import to_first_turn


def _orcs(runner: CliRunner, *lines: str) -> str:
    """`play bloodbowl` as the orcs (seat 1) at their first turn, typing `lines`."""
    position = json.dumps(to_first_turn().to_json())
    args = ["play", "bloodbowl", "--seat", "1", "--seed", "1", "--position", position]
    result = run(runner, *args, input="\n".join([*lines, "quit", ""]) + "\n")
    assert result.exit_code == 0, result.output
    return result.stdout


def test_bloodbowl_a_block_to_the_end_of_the_turn_at_the_prompt(runner: CliRunner) -> None:
    out = _orcs(runner, "info 2", "block 2 on 2", "1", "1", "2", "history", "end turn")
    assert "A2: Lineman of Gouged Eye · MA 5 ST 3 AG 3+ PA 4+ AV 10+ · 13,7" in out
    for played in ("block 2", "block 12,7", "choose push", "push to 11,7", "stay", "end turn"):
        assert f"you (seat 1) plays: {played}\n" in out
    # `history` keeps what the roll was for, not the bare `block dice=push`
    history = out.split("> history")[1].split("> end turn")[0]
    assert "chance: block dice=push\n      · #2 Lineman blocks #2 Lineman: block dice=push." in (
        history
    )
    assert "random (seat 0) plays:" in out.split("plays: end turn")[1]  # the other team's turn


def test_bloodbowl_roster_lists_both_teams_with_their_values(runner: CliRunner) -> None:
    out = _orcs(runner, "help", "roster", "info H12", "info 40")
    assert "  roster         both teams" in out.split("> help")[1]
    roster = out.split("> roster")[1].split("> info H12")[0]
    for heading in ("#", "position", "MA", "ST", "AG", "PA", "AV", "where", "skills"):
        assert heading in roster.splitlines()[1]
    assert len([line for line in roster.splitlines() if line.startswith(("H ", "A "))]) == 24
    assert "Ogre" in roster and "Bone Head" in roster and "reserves" in roster
    assert "H12: Ogre of Reikland Reavers · MA 5 ST 5" in out
    assert "no #40 in Gouged Eye: the numbers are 1 2 3" in out


def test_bloodbowl_pitch_is_labelled_on_both_axes_at_120_columns() -> None:
    runner = CliRunner(env={"COLUMNS": "120"})
    position = json.dumps(to_first_turn().to_json())
    args = ["play", "bloodbowl", "--seat", "1", "--position", position]
    out = run(runner, *args, input="quit\n\n").stdout
    columns = "   " + "".join(f"{x:<4}" for x in range(26))
    assert out.count(columns.rstrip() + "\n") == 2  # above and below the pitch, every column
    rows = [line for line in out.splitlines() if line[:2].strip().isdigit() and "=" in line]
    assert [int(r[:2]) for r in rows] == list(range(15))
    assert all(r.rstrip().endswith(str(y)) for y, r in enumerate(rows))  # and on the right
    assert max(len(line) for line in out.splitlines()) <= 120


def test_bloodbowl_a_block_on_a_player_in_the_reserves_says_so_in_one_line(
    runner: CliRunner,
) -> None:
    out = _orcs(runner, "block 1 on 12", "b 1 40")
    said = out.split("> block 1 on 12\n")[1].splitlines()[0]
    assert said == (
        "block on #12: #12 Ogre of Reikland Reavers is in the reserves, not on the pitch; the "
        "opponents on the pitch are #1 #2 #3 #4 #5 #6 #7 #8 #9 #10 #11 (or aim at a square: x,y)"
    )
    assert "forms:" not in out  # not the 1,200 characters of every action's form
    said = out.split("> b 1 40\n")[1].splitlines()[0]
    assert said.startswith("block on #40: there is no opponent #40 in Reikland Reavers; the ")
    assert "you (seat 1) plays:" not in out  # nothing was played
