"""`tablesports play`: a person against an agent, or two people, read from a pipe."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablesports.agents import registry as agent_registry
from tablesports.core.protocol import Action, Game, State
from tablesports.core.records import read_records, replay
from tests.cli.helpers import assert_clean_error, run
from tests.dicegame import HOLD


def test_actions_are_chosen_by_number_or_text_and_bad_entries_are_explained(
    runner: CliRunner,
) -> None:
    # Pig opens with only `roll` legal for the player to move, so `hold` parses but is illegal.
    lines = ["hold", "roll", "1", "9", "foo", "quit", ""]
    result = run(runner, "play", "pig", "--seed", "1", input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "illegal action hold: it is not among the legal actions: roll" in out
    assert out.count("you (seat 0) plays: roll") == 2  # once typed, once by number
    assert "no action 9: choose 1" in out
    assert "'foo' is not an action or a command here" in out
    assert "you left the game" in out


def test_an_illegal_entry_leaves_the_game_unchanged(runner: CliRunner) -> None:
    result = run(runner, "play", "pig", "--seed", "1", input="hold\nhistory\nquit\n\n")
    history = result.stdout.split("> history")[1].split("> quit")[0]
    assert "   2. chance: (hidden from you)" in history
    assert "   3." not in history  # only the two deals: the rejected hold left no trace


def test_the_opponents_hidden_edge_is_not_shown_but_your_own_is(runner: CliRunner) -> None:
    result = run(runner, "play", "pig", "--seat", "1", "--seed", "5", input="quit\n\n")
    lines = result.stdout.splitlines()
    assert lines[1].startswith("dice committed to ")  # the seed itself only at the end
    lines = lines[1:]
    assert lines[1] == "chance: (hidden from you)"  # seat 0's edge
    assert lines[2] == "    · player 0 is dealt a secret edge"  # the same whatever the edge
    assert lines[3].startswith("chance: D3=")  # your own edge, seat 1
    assert "edges [None, " in result.stdout  # the drawing hides it too


def test_a_finished_game_is_saved_and_replays_to_the_same_result(
    runner: CliRunner, tmp_path: Path
) -> None:
    # Always rolling, you never bank: the random agent wins in the end.
    saved = tmp_path / "game.json"
    args = ["play", "pig", "--seed", "2", "--save", str(saved), "--full-record"]
    result = run(runner, *args, input="1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "result: random (seat 1) wins (returns -1 / +1)" in result.stdout
    assert f"record saved to {saved}" in result.stdout
    (record,) = read_records(saved)
    assert record.players == ["human", "random"] and record.seed == 2
    assert record.returns == [-1.0, 1.0]
    final = [step.state for step in replay(record)][-1]
    assert final.is_terminal() and final.returns() == [-1.0, 1.0]

    replayed = run(runner, "replay", str(saved))
    assert replayed.exit_code == 0, replayed.output
    assert "result: random (seat 1) wins (returns -1 / +1)" in replayed.stdout


def test_quit_offers_to_save_the_game_so_far(runner: CliRunner, tmp_path: Path) -> None:
    target = tmp_path / "left.json"
    result = run(runner, "play", "pig", "--seed", "3", input=f"roll\nquit\n{target}\n")
    assert "save the game? a file name" in result.stdout
    (record,) = read_records(target)
    assert record.returns is None
    assert [p for p, _ in record.history][:3] == [-1, -1, 0]


def test_quit_with_save_option_asks_yes_or_no(runner: CliRunner, tmp_path: Path) -> None:
    target = tmp_path / "g.jsonl"
    result = run(runner, "play", "pig", "--save", str(target), input="roll\nquit\n\n")
    assert f"save the game to {target}? [Y/n]" in result.stdout
    (record,) = read_records(target)
    assert record.history[2] == (0, "roll")


def test_end_of_input_ends_the_game_cleanly(runner: CliRunner) -> None:
    result = run(runner, "play", "pig", "--seed", "1", input="")
    assert result.exit_code == 0, result.output
    assert "(input ended: the game is left unfinished)" in result.stdout


def test_help_lists_the_commands(runner: CliRunner) -> None:
    result = run(runner, "play", "pig", "--seed", "1", input="help\n")
    for command in ("board", "actions", "history", "save [FILE]", "quit"):
        assert command in result.stdout


def test_hot_seat_lets_two_people_take_turns_at_one_screen(runner: CliRunner) -> None:
    # Always rolling, nobody banks: the game goes on until the input ends.
    result = run(runner, "play", "pig", "--vs", "human", "--seed", "6", input="\n1\n" * 40)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "seat 0 > " in out and "seat 1 > " in out and "you (seat" not in out
    for seat in (0, 1):  # hidden edges: the screen is handed over between the two
        assert f"seat {seat}: your turn - press Enter when only you see the screen" in out
    assert out.count("chance: (hidden)") == 2 and "D3=" not in out  # each edge hidden from one
    assert "seat 0 plays: roll" in out and "seat 1 plays: roll" in out


def test_play_from_a_position_and_replay_it(runner: CliRunner, tmp_path: Path) -> None:
    saved = tmp_path / "nim.json"
    args = ["play", "nim", "--position", "3/0", "--save", str(saved)]
    result = run(runner, *args, input="take 3\n")
    assert "pile: ||| (3)" in result.stdout
    assert "result: you win (returns +1 / -1)" in result.stdout
    replayed = run(runner, "replay", str(saved))
    assert "from the position 3/0" in replayed.stdout
    assert "result: human (seat 0) wins" in replayed.stdout


def test_game_options_reach_the_game(runner: CliRunner) -> None:
    result = run(runner, "play", "nim", "-o", "pile=2", input="take 2\n")
    assert "pile: || (2)" in result.stdout and "result: you win" in result.stdout


def test_bad_play_arguments_are_explained(runner: CliRunner) -> None:
    assert_clean_error(run(runner, "play", "pig", "--seat", "2"), "--seat must be one of 0, 1")
    assert_clean_error(
        run(runner, "play", "pig", "--vs", "nobody"), "unknown agent 'nobody'", "random"
    )
    assert_clean_error(run(runner, "play", "pig", "--position", "x"), "has no position notation")
    assert_clean_error(
        run(runner, "play", "nim", "--position", "x"), "nim positions are counters/player"
    )


class _Cheat:
    """An agent that always holds, legal or not."""

    name = "cheat"

    def __init__(self, game: Game, seed: int = 0) -> None:
        pass

    def reset(self, seed: int) -> None:
        pass

    def step(self, state: State) -> Action:
        return HOLD


def test_an_agents_illegal_action_is_reported(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(agent_registry._extra, "cheat", _Cheat)
    result = run(runner, "play", "pig", "--vs", "cheat", "--seat", "1", "--seed", "1")
    assert_clean_error(result, "agent 'cheat' (seat 0) returned the illegal action hold")


def test_a_game_against_a_bot_is_saved_as_your_seats_view_unless_full_record(
    runner: CliRunner, tmp_path: Path
) -> None:
    # Pig deals each seat a secret edge: your saved game must not show the bot's while it is
    # played; once it is over nothing is hidden any more, and it is saved whole
    mine, full = tmp_path / "mine.json", tmp_path / "full.json"
    run(runner, "play", "pig", "--seed", "2", "--save", str(mine), input="1\n1\nquit\n\n")
    args = ["play", "pig", "--seed", "2", "--save", str(full), "--full-record"]
    run(runner, *args, input="1\n1\nquit\n\n")
    (seen,) = read_records(mine)
    (whole,) = read_records(full)
    assert seen.seat_view == 0 and whole.seat_view is None
    assert seen.history[1] == (-1, "?") and whole.history[1][1].startswith("D3=")
    assert seen.history[0] == whole.history[0]  # your own edge you do see
    assert seen.returns is None and whole.returns is None
    shown = run(runner, "replay", str(mine))
    assert shown.exit_code == 0, shown.output
    assert "seat 0's view" in shown.stdout and "2. chance: (hidden)" in shown.stdout
    assert "before the game is over" in shown.stdout
    over = tmp_path / "over.json"
    run(runner, "play", "pig", "--seed", "2", "--save", str(over), input="1\n" * 400)
    (ended,) = read_records(over)
    assert ended.returns is not None and not ended.redacted and ended.seed is not None


def test_a_seats_view_cannot_be_resumed_and_says_why(runner: CliRunner, tmp_path: Path) -> None:
    target = tmp_path / "left.json"
    run(runner, "play", "pig", "--seed", "3", "--save", str(target), input="roll\nquit\n\n")
    assert_clean_error(
        run(runner, "play", "--resume", str(target)), "seat 0's view", "--full-record"
    )
