"""A throwaway PostgreSQL server (Debian's package) on a free loopback port, for the tests and
the load benchmark. Never skipped: without PostgreSQL a test fails and says how to install it."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator

MISSING = "PostgreSQL is missing: `make system-deps` installs it (Debian's postgresql package)"


class PostgresMissing(RuntimeError):
    pass


def _bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        raise PostgresMissing(MISSING)
    return found[-1]


def _as_postgres(cmd: list[str]) -> list[str]:
    # initdb refuses to run as root: run the server as Debian's postgres user then
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def temporary_postgres() -> Iterator[str]:
    """Start a fresh cluster; yields its SQLAlchemy URL; stops it and removes it after."""
    initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
    folder = tempfile.mkdtemp(prefix="tablesports-pg-")
    data = os.path.join(folder, "data")
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    port = _free_port()
    subprocess.run(
        _as_postgres([initdb, "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8"]),
        check=True,
        capture_output=True,
    )
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=on"
    subprocess.run(
        _as_postgres([pg_ctl, "-D", data, "-o", options, "-l", f"{folder}/log", "-w", "start"]),
        check=True,
        capture_output=True,
    )
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            _as_postgres([pg_ctl, "-D", data, "-m", "immediate", "stop"]),
            check=False,
            capture_output=True,
        )
        shutil.rmtree(folder, ignore_errors=True)
