"""Shared set-up: the tests' own games are registered for the whole session.

Hidden Pig is the conformance suite's own subject; tic-tac-toe and Kuhn poker are the search
agents' test games. Registering them here, not on import, keeps the list of games the
conformance suite runs on the same whichever tests are collected.
"""

from __future__ import annotations

from hypothesis import settings

from tablesports.core.registry import register
from tests.agents.toygames import Kuhn, TicTacToe
from tests.dicegame import PigGame

# No per-example deadline: the property tests check rules, not speed (benchmarks are scripts),
# and a deadline fails at random on a busy machine (a 200 ms example at load 12).
settings.register_profile("tablesports", deadline=None)
settings.load_profile("tablesports")

register("pig", PigGame)
register("ttt", TicTacToe)
register("kuhn", Kuhn)
