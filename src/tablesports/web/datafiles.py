"""Game options from a web client: never a server path; data files come as content.

Some options name a data file (a Jukem deck, Jugger TTG heroes, a Blood Bowl team): the command
line opens the local user's own file, but a web client must not make the server open any path
(an existence oracle, `/dev/urandom`, a match that breaks when a file moves). Here such an option
is either a name the game knows without opening a file (a published Blood Bowl team) or
`{"content": "<the file's TOML text>"}`: the content is stored with the match (in its options
row), written to a cache file named by its digest when the game is loaded, and read by the
game's own parser, so it passes the same schema as a file on the command line. Any other text
option that is not one of a fixed set of choices is refused, so a new path-valued option is
closed until it is listed here.
"""

from __future__ import annotations

import os
import re
import tempfile
import time
import tomllib
import typing
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel

from tablesports.core.errors import OptionError, TablesportsError
from tablesports.core.files import embedded_file_name, embedded_options
from tablesports.core.protocol import Game
from tablesports.core.registry import load
from tablesports.web.library import Library

FILE_OPTIONS: dict[str, dict[str, bool]] = {
    "jukem": {"deck": False},
    "juggerttg": {"heroes": False},
    "bloodbowl": {"home": True, "away": True},
}
"""Per game, the options that take a data file, and whether a plain name is also allowed (a key
the game looks up among its own data and never opens as a path)."""

NAME = re.compile(r"[a-z][a-z0-9-]{0,39}")


def options_model(game_id: str) -> type[BaseModel]:
    model: type[BaseModel] = type(load(game_id)).Options
    return model


def _is_free_text(annotation: Any) -> bool:
    """Whether a field takes arbitrary text (str), not only fixed choices, numbers or flags."""
    if annotation is str:
        return True
    if typing.get_origin(annotation) is Literal:
        return False
    return any(_is_free_text(arg) for arg in typing.get_args(annotation))


def file_options(game_id: str) -> dict[str, bool]:
    return FILE_OPTIONS.get(game_id, {})


def check_options(
    game_id: str, options: dict[str, Any], max_upload: int, library: Library | None = None
) -> dict[str, Any]:
    """The options as stored with the match; OptionError says what a web client may send.
    `{"library": "<name>"}` picks a file of the server's `library` (stored as its content)."""
    library = library or Library(max_bytes=max_upload)
    model = options_model(game_id)
    files = file_options(game_id)
    out: dict[str, Any] = {}
    for key, value in options.items():
        field = model.model_fields.get(key)
        if field is None or key not in files:
            if field is not None and _is_free_text(field.annotation) and value is not None:
                raise OptionError(f"{game_id}: option {key!r} cannot be set from the web")
            out[key] = value  # the game's own validation names an unknown key or a bad value
            continue
        if isinstance(value, dict) and set(value) == {"library"}:
            out[key] = library.resolve(game_id, key, value["library"])
            continue
        out[key] = _file_value(game_id, key, value, files[key], max_upload)
    return out


def _file_value(game_id: str, key: str, value: Any, names: bool, max_upload: int) -> Any:
    what = "a published team's key, " if names else ""
    expected = (
        f'{what}{{"library": "<a name the lobby lists>"}} '
        f'or {{"content": "<the file\'s TOML text>"}}'
    )
    if value is None:
        return None
    if isinstance(value, str):
        if names and NAME.fullmatch(value):
            return value
        raise OptionError(
            f"{game_id}: option {key!r} never names a file on the server; send {expected}"
        )
    if isinstance(value, dict) and set(value) == {"content"} and isinstance(value["content"], str):
        size = len(value["content"].encode("utf-8"))
        if size > max_upload:
            raise OptionError(
                f"{game_id}: option {key!r}: the file is {size} bytes (at most {max_upload})"
            )
        return {"content": value["content"]}
    raise OptionError(f"{game_id}: option {key!r}: expected {expected}")


def upload_dir(configured: Path | None = None) -> Path:
    if configured is not None:
        return configured
    try:
        from platformdirs import user_cache_dir

        return Path(user_cache_dir("tablesports", appauthor=False)) / "uploads"
    except ImportError:  # pragma: no cover - platformdirs comes with the web extra
        return Path(tempfile.gettempdir()) / f"tablesports-uploads-{os.getuid()}"


MAX_ERROR_CHARS = 2000
"""An error about an upload is cut to this many characters: a file of 29,000 bad tables must
not buy a megabyte of answer."""


def load_uploaded(game_id: str, options: dict[str, Any], folder: Path, cache_bytes: int) -> Game:
    """The game of these options, its uploaded files checked before any is stored (issue 44
    H2): each content is read as TOML in memory, then the game loads them from a private
    temporary folder; only when it accepts them are they kept in `folder`, the cache, by
    digest (the same file once), and the cache is trimmed to `cache_bytes`, oldest first. An
    error names the option, never a path of the server's, and is at most MAX_ERROR_CHARS."""
    uploads = {k: v["content"] for k, v in options.items() if _is_upload(v)}
    if not uploads:
        return load(game_id, **options)
    for key, text in uploads.items():
        try:
            tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            said = f"{game_id}: option {key!r}: the file is not TOML: {exc}"
            raise OptionError(_short(said)) from None
    with tempfile.TemporaryDirectory(prefix="tablesports-upload-") as scratch:
        try:
            load(game_id, **embedded_options(options, Path(scratch)))
        except TablesportsError as exc:
            said = str(exc)
            for key, text in uploads.items():
                path = str(embedded_file_name(text, Path(scratch)))
                said = said.replace(path, f"the uploaded {key}")
            raise OptionError(_short(said.replace(scratch, "(the upload)"))) from None
    game = load(game_id, **materialize(game_id, options, folder))
    trim_cache(folder, cache_bytes)
    return game


def _is_upload(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("content"), str)


def _short(text: str) -> str:
    if len(text) <= MAX_ERROR_CHARS:
        return text
    return f"{text[:MAX_ERROR_CHARS]} ... ({len(text) - MAX_ERROR_CHARS} more characters)"


FRESH_SECONDS = 5.0
"""A cached upload younger than this is never trimmed: a match may be about to read it."""


def trim_cache(folder: Path, cache_bytes: int) -> None:
    """Remove the oldest cached uploads until the folder holds at most `cache_bytes` (a match
    writes its files again from the database when it needs them)."""
    try:
        files = [(f.stat().st_mtime, f.stat().st_size, f) for f in folder.glob("*.toml")]
    except OSError:
        return
    total = sum(size for _, size, _ in files)
    now = time.time()
    for mtime, size, f in sorted(files):
        if total <= cache_bytes or now - mtime < FRESH_SECONDS:
            break
        f.unlink(missing_ok=True)
        total -= size


def materialize(game_id: str, options: dict[str, Any], folder: Path) -> dict[str, Any]:
    """The options for `load`: each uploaded content written (once) to a file named by its
    digest, so the stored match never depends on a file outside the store."""
    return embedded_options(options, folder)
