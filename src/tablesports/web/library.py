"""The server's library of data files, chosen by name: decks, hero sets and teams.

A client never names a path (issue 33, finding 3): it picks a file of this library by its name
(`{"library": "house"}`), or uploads its own as content. The library holds the files shipped in
the game packages (the Jukem house deck, the Jugger TTG house roster, the published Blood Bowl
teams) and, with `tablesports serve --library DIR`, the `.toml` files of `DIR/<game id>/`: a
file's name is its stem, which must be lower-case letters, digits and dashes (a name can never
form a path); its title is its `title` (a Blood Bowl team's `[team] name`), else its name. A
name in the folder that the game already ships is skipped (the shipped file keeps its name).
A match stores the chosen file's content with its name, so it never depends on the library
later (a file edited or removed breaks no match) and its record replays anywhere.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

from tablesports.agents import nets
from tablesports.core.errors import DataFileError, OptionError
from tablesports.core.files import loads_toml, read_resource, read_text

log = logging.getLogger("tablesports.web")

NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
"""A library name: no dot, no slash, so no path can be made of one."""

SHIPPED: dict[str, str] = {
    "jukem": "deck.toml",
    "juggerttg": "heroes.toml",
    "bloodbowl": "teams.toml",
}
"""Per game, its data file the library offers (Blood Bowl: each published team in it)."""

TEAM_GAMES = {"bloodbowl"}
"""Games whose shipped entries are team keys the game knows by name (no content needed)."""


@dataclass(frozen=True, slots=True)
class Entry:
    name: str
    title: str
    path: Path | None = None
    """A file of the server's folder; None: shipped with the game."""
    content: str | None = None
    """A shipped file's text; None for a published team (its key is enough)."""


class Library:
    """Every game's entries, read once at start (titles only from the server's folder; a
    chosen file is read when a match is made with it)."""

    def __init__(self, folder: Path | None = None, max_bytes: int = 256 << 10) -> None:
        self.folder, self.max_bytes = folder, max_bytes
        if folder is not None:  # its networks too, by name (`value:net=NAME`, agents/nets)
            nets.add_folder(folder)
        self.entries: dict[str, dict[str, Entry]] = {}
        for game_id in SHIPPED:
            found = _shipped(game_id)
            if folder is not None:
                for entry in _folder(folder / game_id, max_bytes):
                    if entry.name in found:
                        log.warning(
                            "library: %s/%s shadows a shipped name, skipped", game_id, entry.name
                        )
                        continue
                    found[entry.name] = entry
            self.entries[game_id] = found

    def listing(self, game_id: str) -> list[dict[str, str]]:
        """`[{"name": ..., "title": ...}]`, as `GET /api/games` shows it."""
        return [{"name": e.name, "title": e.title} for e in self.entries.get(game_id, {}).values()]

    def resolve(self, game_id: str, key: str, name: Any) -> str | dict[str, str]:
        """The option's value for `{"library": name}`: a published team's key, or the file's
        content with its name. OptionError names the allowed names."""
        entries = self.entries.get(game_id, {})
        known = ", ".join(entries) or "(none)"
        if not isinstance(name, str) or not NAME.fullmatch(name):
            raise OptionError(
                f"{game_id}: option {key!r}: a library name is lower-case letters, digits and "
                f"dashes (at most 40); the library has: {known}"
            )
        entry = entries.get(name)
        if entry is None:
            raise OptionError(
                f"{game_id}: option {key!r}: the library has no {name!r}; it has: {known}"
            )
        if entry.content is not None:
            return {"library": name, "content": entry.content}
        if entry.path is None:
            return name  # a published team, known to the game by its key
        try:
            content = read_text(entry.path, "library file", limit=self.max_bytes)
        except DataFileError as exc:
            log.error("library: %s", exc)
            raise OptionError(
                f"{game_id}: option {key!r}: the library's {name!r} cannot be read now"
            ) from None
        return {"library": name, "content": content}


def _shipped(game_id: str) -> dict[str, Entry]:
    resource = files(f"tablesports.games.{game_id}") / "data" / SHIPPED[game_id]
    text = read_resource(resource, f"{game_id}/data/{SHIPPED[game_id]}")
    data = loads_toml(text, SHIPPED[game_id])
    if game_id in TEAM_GAMES:
        return {
            key: Entry(key, str(value.get("name", key)))
            for key, value in data.items()
            if isinstance(value, dict)
        }
    title = data.get("title")
    return {"house": Entry("house", str(title) if title else "house", content=text)}


def _folder(folder: Path, max_bytes: int) -> list[Entry]:
    if not folder.is_dir():
        return []
    out = []
    for path in sorted(folder.glob("*.toml")):
        if not NAME.fullmatch(path.stem):
            log.warning("library: %s: a name is lower-case letters, digits, dashes; skipped", path)
            continue
        try:
            data = loads_toml(read_text(path, "library file", limit=max_bytes), str(path))
        except DataFileError as exc:
            log.warning("library: %s; skipped", exc)
            continue
        title = data.get("title")
        team = data.get("team")
        if not title and isinstance(team, dict):
            title = team.get("name")
        out.append(Entry(path.stem, str(title) if title else path.stem, path=path))
    return out
