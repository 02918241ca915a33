"""Jukem Soccer at the prompt, as a person plays it: an answer to a SHOT, a play, the replies."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.cli.helpers import run

# jukem-greedy (seat 1) shoots SHOT-3a at once; the person (seat 0) holds SAVE-4
SHOOTS = (
    "turn 1; possession1 PASS-3 PASS-4 PASS-5; hand1 SHOT-3a PASS-6; hand0 SAVE-4 PASS-1 PASS-2"
)


def _play(runner: CliRunner, position: str, *lines: str) -> str:
    args = ["play", "jukem", "--vs", "jukem-greedy", "--seed", "1", "--position", position]
    result = run(runner, *args, input="\n".join([*lines, "quit", ""]) + "\n")
    assert result.exit_code == 0, result.output
    return result.stdout


def test_jukem_an_answer_and_a_play_to_the_end_of_the_turn_at_the_prompt(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    out = _play(runner, SHOOTS, "board", "save SAVE-4", "history", "1")
    # `save SAVE-4` as the menu shows it is the play, not the `save` command
    assert "you (seat 0) plays: save SAVE-4" in out
    assert "record saved" not in out and not (tmp_path / "SAVE-4").exists()
    assert "SHOT-3a against SAVE-4: GOAL for player 1" in out
    # `board` draws the position again with its numbered menu
    after_board = out.split("> board")[1].split("> save SAVE-4")[0]
    assert "1. save SAVE-4" in after_board and "2. no save" in after_board
    # the SHOT was face down when played; `history` names it once turned face up
    history = out.split("> history")[1].split("> 1")[0]
    assert "jukem-greedy (seat 1) plays: shot SHOT-3a (face down, revealed later)" in history
    # the person's play, then the bot's answer to it: the end of the person's turn
    assert "you (seat 0) plays: play PASS-1" in out
    assert "jukem-greedy (seat 1) plays: no penalty" in out.split("plays: play PASS-1")[1]


def test_jukem_enter_takes_the_only_choice(runner: CliRunner) -> None:
    # the person holds no SAVE: asked all the same (being asked tells nothing), `no save` the
    # one choice, which Enter takes
    position = "turn 1; possession1 PASS-3 PASS-4 PASS-5; hand1 SHOT-3a PASS-6; hand0 PASS-1"
    out = _play(runner, position, "")
    assert "1. no save (Enter)" in out
    assert "you (seat 0) plays: no save" in out


def test_game_over_offers_to_save(runner: CliRunner, tmp_path: Path) -> None:
    target = tmp_path / "won.json"
    lines = ["take 1", str(target)]  # a pile of one: the person takes it and wins
    args = ["play", "nim", "--seed", "1", "-o", "pile=1"]
    result = run(runner, *args, input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "result:" in result.stdout
    assert "save the game? a file name" in result.stdout.split("result:")[1]
    assert target.exists()
