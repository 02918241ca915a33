"""How big a record a command reads: one game is a few hundred kB at most, so a file far
larger is refused by its size before a byte of it is read (a 52 MB record once took 162 MB
of memory before it was turned down)."""

from __future__ import annotations

import stat
from collections.abc import Iterator
from pathlib import Path

from tablesports.cli.common import CliError
from tablesports.core.records import Record, read_records

MAX_RECORD_BYTES = 8 * 1024 * 1024
"""The largest record `--resume` and `replay` read (a whole Blood Bowl game is a few hundred
kB): a `.json` file at most this size, a JSON Lines file at most this much a line."""


def record_file_size(flag: str, path: Path) -> int:
    """The file's size (0 for a pipe or a device, which reading bounds), or one error line:
    not there, not readable, a folder."""
    try:
        info = path.stat()
    except OSError as exc:
        raise CliError(f"{flag} {path}: cannot read it: {exc.strerror}") from None
    if stat.S_ISDIR(info.st_mode):
        raise CliError(f"{flag} {path}: that is a folder; give a record file")
    return info.st_size if stat.S_ISREG(info.st_mode) else 0


def bounded_records(flag: str, path: Path, whole: bool, purpose: str) -> Iterator[Record]:
    """The records in `path`, read within `MAX_RECORD_BYTES`: the whole file when `whole` (one
    game to resume) or a `.json` file, else each line of JSON Lines (a simulation's games).
    `purpose` ends the error: "a record to {purpose} may have at most ...". A file that cannot
    be read is said in one line, never as a traceback."""
    size = record_file_size(flag, path)
    if (whole or path.suffix == ".json") and size > MAX_RECORD_BYTES:
        raise CliError(
            f"{flag} {path}: the file has {size} bytes; a record to {purpose} may have at "
            f"most {MAX_RECORD_BYTES} (a whole game is a few hundred kB)"
        )
    try:
        yield from read_records(path, limit=MAX_RECORD_BYTES, line_limit=MAX_RECORD_BYTES)
    except OSError as exc:  # a read that fails part-way (EIO, a file in /proc)
        raise CliError(f"{flag} {path}: cannot read it: {exc.strerror or exc}") from None
