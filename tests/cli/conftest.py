"""The CLI tests play Hidden Pig (registered in tests/conftest.py) and this folder's Nim."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from typer.testing import CliRunner

from tablesports.core.registry import register, unregister
from tests.cli.nim import NimGame


@pytest.fixture(autouse=True)
def nim() -> Iterator[None]:
    register("nim", NimGame)
    yield
    unregister("nim")


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner(env={"COLUMNS": "160"})  # wide enough that tables never wrap
