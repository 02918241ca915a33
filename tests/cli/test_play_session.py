"""Playing Blood Bowl and HanniBall at the prompt: short moves, a short menu, undo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablesports.agents import registry as agent_registry
from tablesports.core.protocol import Action, Game, State
from tablesports.core.records import read_records
from tests.cli.helpers import assert_clean_error, run
from tests.games.bloodbowl.helpers import to_first_turn


def _orcs_first_turn(runner: CliRunner, *lines: str) -> str:
    """`play bloodbowl` as the orcs (seat 1) at their first turn, typing `lines`."""
    position = json.dumps(to_first_turn().to_json())
    args = ["play", "bloodbowl", "--seat", "1", "--seed", "3", "--position", position]
    result = run(runner, *args, input="\n".join([*lines, "quit", ""]) + "\n")
    assert result.exit_code == 0, result.output
    return result.stdout


def test_bloodbowl_move_straight_from_the_turn_menu(runner: CliRunner) -> None:
    out = _orcs_first_turn(runner, "7 15,11")
    assert "you (seat 1) plays: move 7\n" in out
    assert "you (seat 1) plays: move 7 to 15,11" in out
    assert "move 7 to x,y: " in out  # the player in hand's moves, summarised


def test_the_turn_menu_is_a_summary_not_every_action(runner: CliRunner) -> None:
    out = _orcs_first_turn(runner)
    menu = out.split("now: Gouged Eye: turn 1 of half 1\n")[1].split("you (seat 1) >")[0]
    assert "move block blitz: 1 2 3" in menu and "end turn" in menu
    assert len(menu.splitlines()) < 8  # not the 30-odd declarations one per line


def test_undo_takes_back_a_whole_shortcut(runner: CliRunner) -> None:
    out = _orcs_first_turn(runner, "7 15,11", "undo", "history")
    assert "took back move 7, move 7 to 15,11" in out
    history = out.split("> history")[1]
    assert "move 7" not in history


def test_undo_with_nothing_to_take_back_says_so(runner: CliRunner) -> None:
    assert "nothing to undo yet" in _orcs_first_turn(runner, "undo")


def test_hanniball_two_squares_and_undo_against_the_bot(runner: CliRunner) -> None:
    lines = ["c2c3", "end", "undo", "history", "quit", ""]
    args = ["play", "hanniball", "--vs", "hanniball-greedy", "--seed", "1"]
    result = run(runner, *args, input="\n".join(lines) + "\n")
    out = result.stdout
    assert "you (seat 0) plays: c2-c3" in out and "you (seat 0) plays: end" in out
    assert "hanniball-greedy (seat 1) plays" in out  # the bot replied
    assert "took back end and " in out  # the end of the turn and the bot's reply
    history = out.split("> history")[1]
    assert "c2-c3" in history and "plays: end" not in history and "greedy" not in history


def test_hanniball_undo_turn_takes_back_a_whole_turn_as_one_undo(runner: CliRunner) -> None:
    """Issue 46 finding 6: after a step and `end`, a plain `undo` takes back only the `end`
    (a whole turn could cost all 5 undos); `undo turn` takes back the turn, as one undo."""
    lines = ["c2c3", "end", "undo turn", "history", "quit", ""]
    args = ["play", "hanniball", "--vs", "hanniball-greedy", "--seed", "1"]
    result = run(runner, *args, input="\n".join(lines) + "\n")
    out = result.stdout
    assert "hanniball-greedy (seat 1) plays" in out  # the bot replied before the undo
    assert "took back c2-c3, end and " in out and "(4 undos left)" in out
    history = out.split("> history")[1]
    assert "c2-c3" not in history and "greedy" not in history
    # a plain undo still takes back one command
    plain = run(runner, *args, input="\n".join(["c2c3", "end", "undo", "quit", ""]))
    assert "took back end and " in plain.stdout and "(4 undos left)" in plain.stdout


def test_a_saved_game_is_resumed_with_its_opponent_and_seat(
    runner: CliRunner, tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    args = ["play", "hanniball", "--vs", "hanniball-greedy", "--seat", "1", "--seed", "4"]
    first = run(runner, *args, "--save", str(saved), input="c14c13\nend\nquit\n\n")
    assert f"continue it with: tablesports play --resume {saved}" in first.stdout
    (record,) = read_records(saved)
    assert record.meta == {"vs": "hanniball-greedy", "seat": 1}
    steps = len(record.history)

    again = run(runner, "play", "--resume", str(saved), input="undo\nundo\nquit\n\n")
    out = again.stdout
    assert again.exit_code == 0, again.output
    assert f"you are seat 1, against hanniball-greedy; resumed at step {steps}" in out
    assert "\ndice committed to " in out
    assert " 13   .  e  l  e " in out  # Black's Lion on c13, as it was left
    # the resumed game draws from a fresh secret: undo never reaches back before the resume
    assert out.count("cannot undo: the game was saved or resumed after that move") == 2
    assert "took back" not in out
    (record,) = read_records(saved)  # saved again, into the same file
    assert len(record.history) >= steps


def test_a_level_is_played_by_name_kept_in_the_record_and_resumed(
    runner: CliRunner, tmp_path: Path
) -> None:
    # HanniBall's normal is the shipped network: a spec a record alone may not choose
    # (`value` loads a file), but a level is the project's own table and resumes by name
    saved = tmp_path / "game.json"
    args = ["play", "hanniball", "--vs", "normal", "--seat", "1", "--seed", "4"]
    first = run(runner, *args, "--save", str(saved), "--full-record", input="quit\n\n")
    assert first.exit_code == 0, first.output
    against = "against normal (value:net=hanniball,base=hanniball-greedy)"
    assert against in first.stdout
    (record,) = read_records(saved)
    assert record.meta == {"vs": "normal", "seat": 1}
    again = run(runner, "play", "--resume", str(saved), input="quit\n\n")
    assert again.exit_code == 0, again.output
    assert f"you are seat 1, {against}; resumed at step" in again.stdout
    # a level the game does not offer is named, with the ones it does
    assert_clean_error(
        run(runner, "play", "jukem", "--vs", "strongest"),
        "jukem has no level 'strongest': its levels are easy, normal, hard",
    )


def test_a_record_naming_a_huge_opponent_is_refused_without_echoing_it(
    runner: CliRunner, tmp_path: Path
) -> None:
    saved = tmp_path / "game.json"
    run(
        runner,
        "play",
        "pig",
        "--seed",
        "3",
        "--save",
        str(saved),
        "--full-record",
        input="quit\n\n",
    )
    forged = json.loads(saved.read_text())
    forged["meta"]["vs"] = "x" * 100_000
    saved.write_text(json.dumps(forged))
    result = run(runner, "play", "--resume", str(saved))
    assert_clean_error(result, "names an opponent of 100,000 characters", "the levels:")
    assert "x" * 300 not in result.output


def test_resume_refuses_a_finished_game_and_a_different_game(
    runner: CliRunner, tmp_path: Path
) -> None:
    saved = tmp_path / "done.json"
    run(runner, "play", "nim", "--position", "3/0", "--save", str(saved), input="take 3\n")
    assert_clean_error(run(runner, "play", "--resume", str(saved)), "that game is over")
    assert_clean_error(
        run(runner, "play", "jukem", "--resume", str(saved)), "is a game of nim, not jukem"
    )
    assert_clean_error(run(runner, "play"), "play needs a GAME")


class _Interrupted:
    """An agent whose thinking is cut short by Ctrl-C."""

    name = "slow"

    def __init__(self, game: Game, seed: int = 0) -> None:
        pass

    def reset(self, seed: int) -> None:
        pass

    def step(self, state: State) -> Action:
        raise KeyboardInterrupt


def test_ctrl_c_while_the_bot_thinks_still_saves_the_record(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(agent_registry._extra, "slow", _Interrupted)
    saved = tmp_path / "cut.json"
    args = ["play", "hanniball", "--vs", "slow", "--save", str(saved)]
    result = run(runner, *args, input="c2c3\nend\n")
    assert result.exit_code == 0, result.output
    assert "(interrupted: the game is left unfinished)" in result.stdout
    (record,) = read_records(saved)
    assert record.history == [(0, "c2-c3"), (0, "end")]


def test_rules_and_help_inside_the_game(runner: CliRunner) -> None:
    result = run(runner, "play", "hanniball", input="rules\nhelp\nquit\n")
    assert "HanniBall" in result.stdout and "goal area" in result.stdout.lower()
    assert "undo" in result.stdout and "shortcuts: d4e6 moves" in result.stdout


def test_undo_in_hot_seat_never_takes_back_the_other_persons_hidden_play(
    runner: CliRunner,
) -> None:
    # Jukem hides cards: seat 0's play told seat 1 something, so seat 1 cannot take it back
    lines = ["", "1", "", "undo", "quit", ""]
    result = run(runner, "play", "jukem", "--vs", "human", "--seed", "4", input="\n".join(lines))
    out = result.stdout
    assert "seat 0 plays: play " in out  # seat 0's own screen shows its play
    assert "cannot undo: the other side has played since that move" in out
    assert "took back" not in out


def test_hanniball_menu_keeps_the_line_of_the_piece_in_hand(runner: CliRunner) -> None:
    result = run(runner, "play", "hanniball", "--seed", "1", input="c2c3\nquit\n\n")
    after = result.stdout.split("you (seat 0) plays: c2-c3")[1]
    assert "\nc3: -c4 " in after  # the Lion just moved: its next steps
    assert "legal actions: type one, a shortcut, or actions [WORD]" in after
    assert "\nb3: " not in after  # the other pieces are left for `actions`


def _history(out: str) -> str:
    """The lines `history` printed (the last time it was typed)."""
    return out.split("> history\n")[-1].split(" > ")[0].rsplit("\n", 1)[0]


@pytest.mark.parametrize(
    ("game", "extra", "moves"),
    [
        ("hanniball", [], ["c2c3", "1"]),
        # imperfect information: the resumed history hides what the live one hid
        ("jukem", ["--vs", "jukem-greedy", "--full-record"], ["1", "1", "1", "1"]),
    ],
)
def test_history_after_a_resume_lists_every_step_from_the_start(
    runner: CliRunner, tmp_path: Path, game: str, extra: list[str], moves: list[str]
) -> None:
    saved = tmp_path / "game.json"
    lines = "\n".join([*moves, "history", "quit", "", ""])
    first = run(runner, "play", game, "--seed", "3", *extra, "--save", str(saved), input=lines)
    assert first.exit_code == 0, first.output
    before = _history(first.stdout)
    assert before.count("plays") >= 2, before
    again = run(runner, "play", "--resume", str(saved), input="history\nquit\nn\n")
    assert again.exit_code == 0, again.output
    assert _history(again.stdout) == before  # was "no moves yet": only the steps since
