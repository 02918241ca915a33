"""Shared set-up: the tests' own games are registered for the whole session.

Hidden Pig is the conformance suite's own subject; tic-tac-toe and Kuhn poker are the search
agents' test games. Registering them here, not on import, keeps the list of games the
conformance suite runs on the same whichever tests are collected.
"""

from __future__ import annotations

from tablesports.core.registry import register
from tests.agents.toygames import Kuhn, TicTacToe
from tests.dicegame import PigGame

register("pig", PigGame)
register("ttt", TicTacToe)
register("kuhn", Kuhn)
