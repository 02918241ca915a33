"""Shared fixtures: the test dice game is registered for every test session."""

from __future__ import annotations

from tablesports.core.registry import register
from tests.dicegame import PigGame

register("pig", PigGame)
