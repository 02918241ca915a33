"""Ctrl-C anywhere in `play` saves the record before leaving: at a prompt, while a bot thinks,
while a roll is shown or the board drawn, at the end, at the quit prompt."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from tablesports.agents.registry import make_agent
from tablesports.cli.session import PlaySession
from tablesports.core.records import read_records, replay
from tablesports.core.registry import load

GAME = "hanniball"


class CtrlCConsole(Console):
    """A console whose `at`-th print is cut by Ctrl-C (once), as a person could at any time."""

    def __init__(self, at: int) -> None:
        super().__init__(file=io.StringIO(), width=120, force_terminal=False)
        self.at = at
        self.prints = 0

    def print(self, *args: Any, **kwargs: Any) -> None:
        self.prints += 1
        if self.prints == self.at:
            raise KeyboardInterrupt
        super().print(*args, **kwargs)


def _session(at: int, save: Path | None, lines: list[str]) -> tuple[PlaySession, CtrlCConsole]:
    game = load(GAME)
    out = CtrlCConsole(at)
    typed = iter(lines)

    def read_line(prompt: str) -> str:
        out.print(prompt, end="")
        line = next(typed, None)
        if line is None:
            raise EOFError
        return line

    agents = [None, make_agent("hanniball-greedy", game)]
    session = PlaySession(game.new_initial_state(), agents, 5, out, read_line, save_path=save)
    return session, out


LINES = ["c2c3", "end", "b2b3", "end", "d2d3", "end", "e2e3", "end", "quit", ""]


def _whole_game(tmp_path: Path) -> tuple[list[tuple[int, str]], int]:
    session, out = _session(0, tmp_path / "whole.json", LINES)
    session.run()
    return [(p, str(a)) for p, a in session.state.history], out.prints


def test_ctrl_c_at_any_print_saves_a_sound_record_of_the_game_so_far(tmp_path: Path) -> None:
    full, prints = _whole_game(tmp_path)
    assert prints > 20 and len(full) >= 6
    for at in range(1, prints + 1):
        saved = tmp_path / f"cut{at}.json"
        session, _ = _session(at, saved, LINES)
        assert session.run() is False
        assert saved.exists(), f"Ctrl-C at print {at} saved nothing"
        (record,) = read_records(saved)
        assert record.history == full[: len(record.history)]  # the game so far, whole steps
        assert len(record.history) == len(session.state.history)
        list(replay(record))  # and it replays


def test_ctrl_c_at_the_prompt_saves(tmp_path: Path) -> None:
    saved = tmp_path / "prompt.json"
    game = load(GAME)
    out = Console(file=io.StringIO())
    typed = iter(["c2c3"])

    def read_line(prompt: str) -> str:
        line = next(typed, None)
        if line is None:
            raise KeyboardInterrupt
        return line

    agents = [None, make_agent("hanniball-greedy", game)]
    session = PlaySession(game.new_initial_state(), agents, 5, out, read_line, save_path=saved)
    assert session.run() is False
    (record,) = read_records(saved)
    assert record.history == [(0, "c2-c3")]


@pytest.mark.parametrize("answer", [KeyboardInterrupt, EOFError])
def test_ctrl_c_at_the_quit_prompt_keeps_the_promise_of_save(
    tmp_path: Path, answer: type[BaseException]
) -> None:
    saved = tmp_path / "quit.json"
    game = load(GAME)
    typed = iter(["c2c3", "quit"])

    def read_line(prompt: str) -> str:
        line = next(typed, None)
        if line is None:
            raise answer
        return line

    agents = [None, make_agent("hanniball-greedy", game)]
    out = Console(file=io.StringIO())
    session = PlaySession(game.new_initial_state(), agents, 5, out, read_line, save_path=saved)
    assert session.run() is False
    (record,) = read_records(saved)
    assert record.history == [(0, "c2-c3")]
