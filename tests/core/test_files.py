"""The one file reader: bounded size, UTF-8 named by byte offset, bounded nesting, no hang."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from tablesports.core.errors import DataFileError, RecordError
from tablesports.core.files import (
    FileReadError,
    loads_json,
    loads_toml,
    read_bytes,
    read_json,
    read_lines,
    read_text,
    read_toml,
)
from tablesports.core.records import read_records
from tablesports.games.bloodbowl.rules_data import load_team
from tablesports.games.jukem.cards import read_deck


def test_a_file_that_is_not_utf8_is_named_with_the_byte_offset(tmp_path: Path) -> None:
    path = tmp_path / "deck.toml"
    path.write_bytes(b'title = "ok"\nname = "caf\xe9"\n')
    with pytest.raises(FileReadError, match=r"deck.toml: not UTF-8 text: byte 24 \(0xe9\)"):
        read_text(path)


def test_a_bad_byte_in_a_later_line_of_json_lines_is_named_by_its_offset_in_the_file(
    tmp_path: Path,
) -> None:
    path = tmp_path / "r.jsonl"
    path.write_bytes(b'{"a": 1}\n{"b": "\xff"}\n')
    lines = read_lines(path)
    assert next(lines) == (1, '{"a": 1}')
    with pytest.raises(FileReadError, match=r"r.jsonl: not UTF-8 text: byte 16 \(0xff\)"):
        next(lines)


def test_json_nested_too_deeply_is_refused_with_the_limit() -> None:
    with pytest.raises(FileReadError, match=r"x.json: nested deeper than 64"):
        loads_json("[" * 65 + "]" * 65, "x.json")
    assert loads_json("[" * 64 + "]" * 64, "x.json") is not None
    # far past Python's recursion limit: still the same error, not a RecursionError
    with pytest.raises(FileReadError, match="nested deeper"):
        loads_json("[" * 100_000 + "]" * 100_000, "x.json")


def test_toml_nested_too_deeply_is_refused() -> None:
    with pytest.raises(FileReadError, match=r"t.toml: nested deeper"):
        loads_toml("a = " + "[" * 100_000 + "]" * 100_000, "t.toml")
    with pytest.raises(FileReadError, match=r"t.toml: nested deeper than 64"):
        loads_toml("a = " + "[" * 70 + "]" * 70, "t.toml")


def test_an_oversized_file_is_refused_before_it_is_read_whole(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * 1001)
    with pytest.raises(FileReadError, match=r"big.json: the file is larger than the limit of 1000"):
        read_bytes(path, limit=1000)
    assert len(read_bytes(path, limit=1001)) == 1001


def test_an_oversized_line_of_json_lines_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    path.write_bytes(b"{}\n" + b" " * 50 + b"\n")
    with pytest.raises(FileReadError, match=r"r.jsonl:2: the line is longer than the limit of 40"):
        list(read_lines(path, line_limit=40))


def test_an_endless_device_stops_at_the_size_limit() -> None:
    with pytest.raises(FileReadError, match="/dev/zero: the file is larger than the limit"):
        read_bytes("/dev/zero", limit=1 << 20)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_a_fifo_nobody_writes_to_does_not_hang(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(FileReadError, match=r"pipe: the file did not come to its end within 0.3 s"):
        read_bytes(fifo, wait=0.3)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_a_fifo_that_never_ends_stops_at_the_size_limit(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)

    def endless() -> None:
        try:
            with open(fifo, "wb") as out:
                while True:
                    out.write(b"[" * 4096)
        except (BrokenPipeError, OSError):
            pass  # the reader gave up, as it should

    writer = threading.Thread(target=endless, daemon=True)
    writer.start()
    with pytest.raises(FileReadError, match="larger than the limit of 100000"):
        read_bytes(fifo, limit=100_000, wait=5)
    writer.join(5)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are a POSIX thing")
def test_a_fifo_with_a_whole_file_is_read(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)

    def write() -> None:
        with open(fifo, "wb") as out:
            out.write(b'{"a": [1, 2]}')

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    assert read_json(fifo) == {"a": [1, 2]}
    writer.join(5)


def test_a_missing_file_and_a_directory_are_named(tmp_path: Path) -> None:
    with pytest.raises(FileReadError, match=r"nope.toml: cannot read the deck file"):
        read_toml(tmp_path / "nope.toml", "deck file")
    with pytest.raises(FileReadError, match="it is a directory"):
        read_text(tmp_path)


def test_the_error_is_both_a_record_error_and_a_data_file_error() -> None:
    assert issubclass(FileReadError, RecordError)
    assert issubclass(FileReadError, DataFileError)


# --- every loader goes through the reader ---------------------------------------------------


def test_a_record_file_that_is_not_utf8_names_file_and_offset(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_bytes(b'{"game": "jukem\x80"}')
    with pytest.raises(RecordError, match=r"game.json: not UTF-8 text: byte 15"):
        list(read_records(path))


def test_a_record_file_nested_deeply_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text('{"meta": ' + "[" * 5000 + "]" * 5000 + "}\n")
    with pytest.raises(RecordError, match=r"games.jsonl:1: nested deeper than 64"):
        list(read_records(path))


def test_records_from_an_endless_device_are_refused() -> None:
    with pytest.raises(RecordError, match="/dev/zero"):
        list(read_records("/dev/zero"))


def test_a_deck_file_that_is_not_utf8_or_endless_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "deck.toml"
    path.write_bytes(b"\xfe\xff")
    with pytest.raises(DataFileError, match=r"deck.toml: not UTF-8 text: byte 0"):
        read_deck(path)
    with pytest.raises(DataFileError, match="/dev/zero"):
        read_deck("/dev/zero")
    path.write_text("x = " + "[" * 3000 + "]" * 3000)
    with pytest.raises(DataFileError, match=r"deck.toml: nested deeper"):
        read_deck(path)


def test_a_team_file_that_is_not_utf8_or_nested_deeply_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "team.toml"
    path.write_bytes(b"[team]\nname = '\xc3'\n")
    with pytest.raises(DataFileError, match=r"team.toml: not UTF-8 text: byte 15"):
        load_team(str(path))
    path.write_text("[team]\nname = " + "[" * 3000 + "]" * 3000)
    with pytest.raises(DataFileError, match=r"team.toml: nested deeper"):
        load_team(str(path))


def test_a_blood_bowl_position_nested_deeply_is_a_notation_error() -> None:
    from tablesports.core.errors import NotationError
    from tablesports.core.registry import load

    with pytest.raises(NotationError, match="nested deeper"):
        load("bloodbowl").from_position('{"teams": ' + "[" * 5000 + "]" * 5000 + "}")
