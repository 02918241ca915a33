"""The play prompt: Tab completion over the legal actions, history, and the pipe fallback."""

from __future__ import annotations

import threading

from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from tablesports.cli.prompt import matches, terminal_reader

ACTIONS = ["end turn", "move 7", "block 7", "move 7 to 3,14", "choose pow", "choose push"]


def test_completion_offers_what_the_line_begins_else_a_word_it_begins() -> None:
    assert matches(ACTIONS, "mo") == ["move 7", "move 7 to 3,14"]
    assert matches(ACTIONS, "MOVE 7 t") == ["move 7 to 3,14"]
    assert matches(ACTIONS, "pow") == ["choose pow"]  # the word after `choose`
    assert matches(ACTIONS, "xyz") == []


def test_the_terminal_prompt_completes_with_tab_and_recalls_with_up() -> None:
    with create_pipe_input() as keys:
        read = terminal_reader(lambda: ACTIONS, input=keys, output=DummyOutput())
        keys.send_text("move 7 t\t")
        # completions are made in the background: Enter comes once they have been inserted
        threading.Timer(0.5, keys.send_text, ["\r"]).start()
        assert read("> ") == "move 7 to 3,14"
        keys.send_text("\x1b[A\r")  # the Up arrow: the line before, not an escape code
        assert read("> ") == "move 7 to 3,14"
        keys.send_text("end\x1b[D\x1b[Dx\r")  # Left twice, then type: editing mid-line
        assert read("> ") == "exnd"
