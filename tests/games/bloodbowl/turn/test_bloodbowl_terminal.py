"""A match typed in the terminal: every line a person would type (the text of an action as
listed, notes included) goes through the session's parser, from the toss to the final whistle."""

from __future__ import annotations

import io

from rich.console import Console

from tablesports.agents.registry import make_agent
from tablesports.cli.session import PlaySession
from tablesports.games.bloodbowl.bot import ScriptedBot
from tests.games.bloodbowl.helpers import GAME


def test_a_typed_match_runs_from_the_toss_to_the_final_whistle() -> None:
    state = GAME.new_initial_state()
    typist = ScriptedBot(GAME, 7)
    screen = io.StringIO()
    session: list[PlaySession] = []

    def type_line(prompt: str) -> str:
        if session[0].state.is_terminal():  # the offer to save the finished game: leave
            return ""
        if prompt.startswith("play it?"):  # a move with rolls, shown with its odds: yes
            return "y"
        return str(typist.step(session[0].state))

    session.append(
        PlaySession(
            state,
            [None, make_agent("random", GAME, 3)],
            seed=11,
            out=Console(file=screen, width=140),
            read_line=type_line,
        )
    )
    assert session[0].run()
    text = screen.getvalue()
    assert state.is_terminal() and "illegal action" not in text
    assert "TOUCHDOWN" in text and "Final whistle" in text
