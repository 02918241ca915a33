"""Blood Bowl at the prompt, as a person plays it: who is who, a block, the end of the turn,
and a risky move's rolls and chance before it is played."""

from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from tablesports.cli.shortcuts.odds import percent
from tablesports.games.bloodbowl.pitch import index
from tablesports.games.bloodbowl.state import BloodBowlState
from tablesports.games.bloodbowl.turn.rolls import path_rolls, success
from tests.cli.helpers import run
from tests.games.bloodbowl.helpers import play, to_first_turn


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
    # the block's dice are said before it is played, without a question
    assert "> block 2 on 2\ndice: block 12,7 (1 die)\nyou (seat 1) plays" in out
    assert "play it?" not in out
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


def _after_declaring(number: int) -> BloodBowlState:
    """The orcs' first turn with `move N` declared: its legal moves carry the notes the web
    app prints on its lit squares."""
    s = to_first_turn()
    play(s, f"move {number}")
    return s


def _web_note(s: BloodBowlState, square: str) -> tuple[str, str]:
    """The legal move to `square` as the web app lights it (its note), and the game's chance
    of making its rolls (`rolls.success`, as its bots weigh paths)."""
    (listed,) = [a for a in s.legal_actions() if str(a).split(" (")[0].endswith(f" {square}")]
    activation = s.stack[-1]
    r = activation.reachable(s)
    chance = success(path_rolls(s, r, index(*map(int, square.split(",")))))
    return str(listed), percent(chance)


def test_bloodbowl_a_move_with_dodges_shows_its_rolls_and_chance_and_a_no_cancels_it(
    runner: CliRunner,
) -> None:
    out = _orcs(runner, "8 11,5", "n", "history", "8 14,2")
    listed, chance = _web_note(_after_declaring(8), "11,5")
    assert listed == "move 8 to 11,5 (dodge 5+, dodge 5+)" and chance == "11%"
    asked = out.split("> 8 11,5\n")[1].split("> history")[0]
    assert asked.startswith(
        f"rolls: {listed}: {chance} to make every roll (re-rolls not counted); "
        "team re-rolls left: 3\nplay it? Enter or y plays, anything else cancels > n\n"
        "not played: the position is as it was\n"
    )
    assert "plays:" not in asked and "chance:" not in asked  # not declared, no die rolled
    assert out.split("> history\n")[1].startswith("no moves yet\n")
    # a move with no roll on the way is played at once, as before
    assert "> 8 14,2\nyou (seat 1) plays: move 8\n" in out
    assert "you (seat 1) plays: move 8 to 14,2\n" in out


def test_bloodbowl_a_risky_move_confirmed_with_enter_rolls_after_the_answer(
    runner: CliRunner,
) -> None:
    out = _orcs(runner, "8 12,5", "")
    _, after = out.split("> 8 12,5\n")
    question, answer = after.split("cancels > \n", 1)
    assert "rolls: move 8 to 12,5 (dodge 5+): 33% to make every roll" in question
    assert "chance:" not in question
    assert answer.startswith("you (seat 1) plays: move 8\n")
    assert "you (seat 1) plays: move 8 to 12,5\nchance: D6=" in answer


def test_bloodbowl_a_bang_or_confirm_off_plays_a_risky_move_without_asking(
    runner: CliRunner,
) -> None:
    out = _orcs(runner, "8 12,5!")
    assert "play it?" not in out and "plays: move 8 to 12,5\nchance: D6=" in out
    out = _orcs(runner, "confirm maybe", "confirm off", "8 12,5")
    assert "> confirm maybe\nconfirm takes on or off, not 'maybe'\n" in out
    assert "confirm off: a line that rolls dice plays at once" in out
    assert "play it?" not in out and "plays: move 8 to 12,5\nchance: D6=" in out


def test_bloodbowl_safe_walks_the_path_up_to_its_first_roll_and_stops(
    runner: CliRunner,
) -> None:
    s = _after_declaring(8)
    path = [_web_note(s, sq)[0] for sq in ("15,6", "14,6", "13,5", "12,5", "11,5")]
    assert path[2] == "move 8 to 13,5" and path[3].endswith("(dodge 5+)")  # the web's notes
    out = _orcs(runner, "safe 8 11,5", "history")
    played = out.split("> safe 8 11,5\n")[1].split("> history")[0]
    assert "you (seat 1) plays: move 8 to 13,5\n" in played
    assert "play it?" not in played and "chance:" not in played  # no roll at all
    out = _orcs(runner, "8 11,5 safe")
    assert "you (seat 1) plays: move 8 to 13,5\n" in out


def test_bloodbowl_safe_plays_nothing_when_the_first_square_needs_a_roll(
    runner: CliRunner,
) -> None:
    out = _orcs(runner, "safe 2 14,2", "history", "safe end")
    said = out.split("> safe 2 14,2\n")[1].splitlines()[0]
    assert said == (
        "safe: the first square towards 14,2 already needs a roll (dodge 3+); nothing played"
    )
    assert out.split("> history\n")[1].startswith("no moves yet\n")
    said = out.split("> safe end\n")[1].splitlines()[0]
    assert said.startswith("safe goes with a move (safe 8 14,2)")


def test_bloodbowl_moves_lists_each_square_with_the_webs_rolls_and_chance(
    runner: CliRunner,
) -> None:
    out = _orcs(runner, "moves 8", "moves 40", "moves")
    listing = out.split("> moves 8\n")[1].split("> moves 40")[0]
    assert listing.startswith("#8 Lineman can reach")
    assert "  dodge 5+, dodge 5+ (11%): 11,5 11,9\n" in listing
    # every square listed carries the note and chance of the web's lit square, and all are
    s = _after_declaring(8)
    seen = set()
    rows = re.sub(r"\n    ", " ", listing).splitlines()[1:]
    for line in [row for row in rows if row.startswith("  ")]:
        head, squares = line.strip().rsplit(": ", 1)
        for part in squares.split():
            x, ys = part.split(",")
            low, _, high = ys.partition("-")
            for y in range(int(low), int(high or low) + 1):
                listed, chance = _web_note(s, f"{x},{y}")
                note = listed.split(" (", 1)[1][:-1] if " (" in listed else ""
                assert head == (f"{note} ({chance})" if note else "no roll"), (x, y)
                seen.add((int(x), y))
    assert len(seen) == sum(str(a).startswith("move 8 to") for a in s.legal_actions())
    assert "moves 40: no player #40 of yours is on the pitch" in out
    assert "moves needs a shirt number: moves 7 (no player of yours is acting now)" in out


def test_bloodbowl_help_names_moves_confirm_bang_and_safe(runner: CliRunner) -> None:
    out = _orcs(runner, "help").split("> help")[1]
    assert "  moves [N]      where player N" in out
    assert "8 14,2! plays at once, safe 8 14,2 stops before the first roll" in out
