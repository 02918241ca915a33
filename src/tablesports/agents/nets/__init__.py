"""Value networks by name (`value:net=NAME`): shipped here, or in a web server's library.

A shipped network is `NAME.npz` in this folder (numpy arrays, read without pickle) beside
`NAME.toml`, which says the game it plays and how it was made: the command, the seed and the
CPU time (`tablesports train GAME --method value`). A server started with `--library DIR` also
finds `DIR/<game id>/NAME.npz`. A name is lower-case letters, digits and dashes, so no path can
be made of one: a client or a record names a network, never a file. A library name that the
package already ships is skipped (the shipped network keeps its name).

numpy is not imported here: the web app lists and checks names without it.
"""

from __future__ import annotations

import re
from importlib.resources import files
from pathlib import Path
from typing import Any

from tablesports.core.errors import AgentError
from tablesports.core.files import loads_toml, read_resource

NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
"""A network's name: no dot, no slash, so no path can be made of one."""

_folders: list[Path] = []
"""Library folders (`tablesports serve --library DIR`) searched after the package."""


def add_folder(folder: Path) -> None:
    """Let this process find the networks of `folder/<game id>/NAME.npz` too."""
    if folder not in _folders:
        _folders.append(folder)


def remove_folder(folder: Path) -> None:
    if folder in _folders:
        _folders.remove(folder)


def _shipped() -> Path:
    return Path(str(files(__name__)))


def facts(name: str) -> dict[str, Any]:
    """The sidecar of a shipped network (`NAME.toml`): its game, command, seed, CPU time."""
    resource = files(__name__) / f"{name}.toml"
    if not resource.is_file():
        return {}
    return loads_toml(read_resource(resource, f"nets/{name}.toml"), f"nets/{name}.toml")


def names(game_id: str) -> list[str]:
    """The networks for `game_id`: the package's (by their sidecar's `game`), then each
    library folder's."""
    found = [
        p.stem
        for p in sorted(_shipped().glob("*.npz"))
        if NAME.fullmatch(p.stem) and facts(p.stem).get("game") == game_id
    ]
    for folder in _folders:
        for p in sorted((folder / game_id).glob("*.npz")):
            if NAME.fullmatch(p.stem) and p.stem not in found:
                found.append(p.stem)
    return found


def find(name: str, game_id: str) -> Path:
    """The file of network `name` for `game_id`; AgentError says what the names may be."""
    known = ", ".join(names(game_id)) or "(none)"
    if not NAME.fullmatch(name):
        raise AgentError(
            f"value: net={name!r}: a network's name is lower-case letters, digits and dashes "
            f"(at most 40), never a path; the networks for {game_id} are: {known}"
        )
    if name in names(game_id):
        shipped = _shipped() / f"{name}.npz"
        if shipped.is_file() and facts(name).get("game") == game_id:
            return shipped
        for folder in _folders:
            path = folder / game_id / f"{name}.npz"
            if path.is_file():
                return path
    raise AgentError(f"value: no network named {name!r} for {game_id}; the networks are: {known}")
