from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tablesports.web.app import create_app
from tablesports.web.settings import ServerSettings

from .pg import PostgresMissing, temporary_postgres


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.sqlite3'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    # tests of other things make many matches from one client: the match budgets (tested in
    # test_resources.py) stay out of their way
    generous = ServerSettings(matches_per_client_per_hour=100_000, open_matches_per_client=100_000)
    with TestClient(create_app(db_url, settings=generous)) as c:
        yield c


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    """A fresh PostgreSQL server for the module; the test fails (never skips) without one."""
    try:
        with temporary_postgres() as url:
            yield url
    except PostgresMissing as exc:
        pytest.fail(str(exc))
