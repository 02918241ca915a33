"""Files of records that a run appends to and a later run resumes from (tournament, simulate).

Each record is one JSON line, written with a single `write` to a file opened for appending and
flushed at once, so that a run killed at any moment leaves every finished game whole and at
most one torn last line. `read_finished` drops that line (the game is played again) and checks
that every record belongs to the same run, named by a fingerprint kept in `record.meta[field]`.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tablesports.core.errors import RecordError, TablesportsError
from tablesports.core.files import loads_json, read_lines
from tablesports.core.records import Record, parse_record


def fingerprint(*parts: Any) -> str:
    """A short name for a run's settings, kept in its records."""
    text = json.dumps(list(parts), sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def read_finished(
    path: Path, field: str, key: str, run: str, error: type[TablesportsError]
) -> list[Record]:
    """The records of run `key` already in `path`; a torn last line is dropped from the file.

    `run` names the kind of run in the errors ("tournament", "simulation").
    """
    if not path.exists():
        return []
    lines = [line for _, line in read_lines(path, f"{run} file")]
    records: list[Record] = []
    kept: list[str] = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = parse_record(loads_json(line, f"{path}:{n}"), f"{path}:{n}")
        except RecordError:
            if n == len(lines):  # interrupted while writing: play that game again
                break
            raise error(f"{path}:{n}: not a {run} record") from None
        if record.meta.get(field) != key:
            raise error(
                f"{path} holds games of another {run} (other game, options, agents or seed); "
                "give another --out file or delete this one"
            )
        records.append(record)
        kept.append(line)
    if len(kept) != sum(1 for line in lines if line.strip()):
        path.write_text("".join(line + "\n" for line in kept), encoding="utf-8")
    return records


class RecordAppender:
    """Appends records to a JSON Lines file, each whole and flushed as it comes."""

    def __init__(self, path: Path, append: bool = True) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        flags = os.O_WRONLY | os.O_CREAT | (os.O_APPEND if append else os.O_TRUNC)
        self.fd = os.open(path, flags, 0o644)
        if not append:
            os.close(self.fd)
            self.fd = os.open(path, os.O_WRONLY | os.O_APPEND)

    def write(self, record: Record) -> None:
        data = (record.to_json_line() + "\n").encode("utf-8")
        written = os.write(self.fd, data)  # one call: the line is whole or not there
        while written < len(data):  # a short write (a full disk, a signal): finish it
            written += os.write(self.fd, data[written:])

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1

    def __enter__(self) -> RecordAppender:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def appended(records: Iterator[Record], path: Path | None) -> Iterator[Record]:
    """Append each record to `path` as it arrives, so an interruption loses none."""
    if path is None:
        yield from records
        return
    with RecordAppender(path) as out:
        for record in records:
            out.write(record)
            yield record
