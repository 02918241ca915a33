"""The one reader of every file tablesports reads: records, JSON Lines, decks, teams, set-ups,
position files and the games' data files.

Every read is bounded, so no input ends in a traceback or in memory that grows without end:

- a size limit (`MAX_BYTES` for a whole file, `MAX_LINE_BYTES` for one line of JSON Lines);
- a deadline for devices and pipes (`/dev/zero`, a FIFO nobody writes to): `WAIT_SECONDS`;
- text must be UTF-8: the error names the file and the byte offset of the first bad byte;
- JSON and TOML may nest at most `MAX_DEPTH` arrays and objects deep.

Every problem raises `FileReadError`, which is both a `RecordError` and a `DataFileError`, so
the callers that already caught either keep working.
"""

from __future__ import annotations

import json
import os
import select
import stat
import time
import tomllib
from collections.abc import Iterator
from importlib.abc import Traversable
from pathlib import Path
from typing import Any

from tablesports.core.errors import DataFileError, RecordError

MAX_BYTES = 64 * 1024 * 1024
"""A whole file read at once (a deck, a team, a record, a position): far above any real one."""
MAX_LINE_BYTES = 16 * 1024 * 1024
"""One line of a JSON Lines file (one record); the file itself may be as long as it likes."""
MAX_DEPTH = 64
"""Arrays and objects inside each other; the deepest real state nests about 6."""
WAIT_SECONDS = 10.0
"""How long a device or a pipe may take to come to its end."""

_CHUNK = 1 << 16


class FileReadError(RecordError, DataFileError):
    """A file that cannot be read: missing, too big, endless, not UTF-8, nested too deeply or
    not valid JSON/TOML. The message names the file and where in it."""


def read_bytes(
    path: str | Path, what: str = "file", limit: int = MAX_BYTES, wait: float = WAIT_SECONDS
) -> bytes:
    """The file's bytes, at most `limit` of them; a device or pipe must end within `wait` s."""
    path = Path(path)
    try:
        # non-blocking, so that opening a FIFO nobody writes to returns at once
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise FileReadError(f"{path}: cannot read the {what}: {exc.strerror}") from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise FileReadError(f"{path}: cannot read the {what}: it is a directory")
        if stat.S_ISREG(mode):
            os.set_blocking(fd, True)
            data = _read_regular(fd, limit + 1)
        else:
            data = _read_stream(fd, limit + 1, wait, f"{path}: the {what}")
    except OSError as exc:
        raise FileReadError(f"{path}: cannot read the {what}: {exc.strerror}") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise FileReadError(f"{path}: the {what} is larger than the limit of {limit} bytes")
    return data


def _read_regular(fd: int, most: int) -> bytes:
    chunks, size = [], 0
    while size < most:
        chunk = os.read(fd, min(_CHUNK, most - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def _read_stream(fd: int, most: int, wait: float, name: str) -> bytes:
    """A device or pipe: read until its end, `most` bytes or the deadline, whichever first."""
    deadline = time.monotonic() + wait
    chunks, size = [], 0
    while size < most:
        left = deadline - time.monotonic()
        if left <= 0:
            raise FileReadError(f"{name} did not come to its end within {wait:g} s")
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            continue
        try:
            chunk = os.read(fd, min(_CHUNK, most - size))
        except BlockingIOError:
            continue
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


def decode(data: bytes, where: str, offset: int = 0) -> str:
    """UTF-8 text; a bad byte is named by its offset in the file (`offset` is where `data`
    starts in it). A byte-order mark is dropped."""
    try:
        return data.decode("utf-8-sig" if offset == 0 else "utf-8")
    except UnicodeDecodeError as exc:
        at = offset + exc.start
        raise FileReadError(
            f"{where}: not UTF-8 text: byte {at} (0x{data[exc.start]:02x}) {exc.reason}"
        ) from None


def read_text(
    path: str | Path, what: str = "file", limit: int = MAX_BYTES, wait: float = WAIT_SECONDS
) -> str:
    """A whole text file, bounded and UTF-8."""
    return decode(read_bytes(path, what, limit, wait), str(path))


def read_resource(resource: Traversable, where: str) -> str:
    """A file shipped in a package (a game's `data/*.toml`), bounded and UTF-8 like the rest."""
    if isinstance(resource, Path):
        return read_text(resource, "data file")
    data = resource.read_bytes()
    if len(data) > MAX_BYTES:
        raise FileReadError(f"{where}: larger than the limit of {MAX_BYTES} bytes")
    return decode(data, where)


def check_depth(value: Any, where: str, limit: int = MAX_DEPTH) -> None:
    """Raise if arrays and objects nest deeper than `limit` (walked without recursion)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            raise FileReadError(f"{where}: nested deeper than {limit} arrays or objects")
        stack.extend((child, depth + 1) for child in children)


def loads_json(text: str, where: str, limit: int = MAX_DEPTH) -> Any:
    """JSON text to values, with the nesting limit; errors say where (line, column)."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise FileReadError(
            f"{where}: not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    except RecursionError:
        raise FileReadError(f"{where}: nested deeper than {limit} arrays or objects") from None
    check_depth(value, where, limit)
    return value


def loads_toml(text: str, where: str, limit: int = MAX_DEPTH) -> dict[str, Any]:
    """TOML text to a table, with the nesting limit."""
    try:
        value = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise FileReadError(f"{where}: not valid TOML: {exc}") from None
    except RecursionError:
        raise FileReadError(f"{where}: nested deeper than {limit} arrays or tables") from None
    check_depth(value, where, limit)
    return value


def read_json(path: str | Path, what: str = "file") -> Any:
    return loads_json(read_text(path, what), str(path))


def read_toml(path: str | Path, what: str = "file") -> dict[str, Any]:
    return loads_toml(read_text(path, what), str(path))


def read_lines(
    path: str | Path, what: str = "file", line_limit: int = MAX_LINE_BYTES
) -> Iterator[tuple[int, str]]:
    """`(line number, text)` of each line of a JSON Lines file, streamed: a long file is never
    held whole, but one line is bounded by `line_limit` bytes. A device or pipe is read whole
    (bounded by `MAX_BYTES` and the deadline)."""
    path = Path(path)
    try:
        regular = stat.S_ISREG(path.stat().st_mode)
    except OSError as exc:
        raise FileReadError(f"{path}: cannot read the {what}: {exc.strerror}") from None
    if not regular:
        text = read_text(path, what)
        yield from enumerate(text.splitlines(), 1)
        return
    try:
        handle = path.open("rb")
    except OSError as exc:
        raise FileReadError(f"{path}: cannot read the {what}: {exc.strerror}") from None
    with handle:
        offset = 0
        n = 0
        while True:
            line = handle.readline(line_limit + 1)
            if not line:
                return
            n += 1
            if len(line) > line_limit and not line.endswith(b"\n"):
                raise FileReadError(
                    f"{path}:{n}: the line is longer than the limit of {line_limit} bytes"
                )
            yield n, decode(line, str(path), offset).rstrip("\r\n")
            offset += len(line)


def embedded_file_name(content: str, folder: Path) -> Path:
    """Where `embedded_file` keeps `content` in `folder`: its digest's name."""
    import hashlib

    return folder / f"{hashlib.sha256(content.encode('utf-8')).hexdigest()}.toml"


def embedded_file(content: str, folder: Path | None = None) -> Path:
    """A file holding `content` (a deck, heroes or a team a record carries within it, as the web
    app writes them): written once to `folder` (default: a private folder in the temporary
    directory) under the digest of its bytes, so the same content is always the same file."""
    import tempfile

    data = content.encode("utf-8")
    if folder is None:
        folder = Path(tempfile.gettempdir()) / f"tablesports-files-{os.getuid()}"
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    if folder.is_symlink() or folder.stat().st_uid != os.getuid():
        raise FileReadError(f"{folder}: not a folder of this user's own; remove it")
    path = embedded_file_name(content, folder)
    if not path.exists():
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(data)
        tmp.replace(path)
    return path


def embedded_options(options: dict[str, Any], folder: Path | None = None) -> dict[str, Any]:
    """Game options with each embedded file (`{"content": "<text>"}`) given as the path of a
    file that holds it (`embedded_file`); every other option as it is."""
    return {
        key: str(embedded_file(value["content"], folder)) if _is_embedded(value) else value
        for key, value in options.items()
    }


def _is_embedded(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("content"), str)
