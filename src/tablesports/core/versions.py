"""What pins down the games a report or a record file speaks of: the program's version and,
in a checkout, its commit; each game's `game_version`; and a digest of the game's rules data
(its `data/*.toml`) and options, so that two reports of "game version 1" that played different
rules can be told apart (issue 43 item 4, issue 47 item 2)."""

from __future__ import annotations

import functools
import hashlib
import json
import subprocess
from importlib.resources import files
from pathlib import Path

from tablesports.core.protocol import Game

DIGEST_CHARS = 16
"""A digest is shown as its first 16 hex digits (64 bits): enough to tell rule sets apart."""


@functools.cache
def program_commit() -> str | None:
    """The git commit of the checkout the package runs from (with `+` when its files differ
    from it), or None outside a checkout (an installed wheel)."""
    here = Path(__file__).resolve().parents[3]
    if not (here / ".git").exists():
        return None
    try:
        head = subprocess.run(
            ["git", "-C", str(here), "rev-parse", "--short=12", "HEAD"],
            capture_output=True, text=True, timeout=10, check=True,
        ).stdout.strip()  # fmt: skip
        dirty = subprocess.run(
            ["git", "-C", str(here), "status", "--porcelain", "--untracked-files=no", "src"],
            capture_output=True, text=True, timeout=10, check=True,
        ).stdout.strip()  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return None
    return head + ("+" if dirty else "") if head else None


def rules_digest(game: Game) -> str:
    """SHA-256 (first DIGEST_CHARS hex digits) of the game's id, version, options and every
    file of its package's `data/` folder: the rules a game of these options is played by."""
    h = hashlib.sha256()
    h.update(f"{game.info.id}\0{game.info.version}\0".encode())
    h.update(json.dumps(game.options_json(), sort_keys=True, default=str).encode())
    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        data = files(package) / "data"
        found = sorted((f for f in data.iterdir() if f.name.endswith(".toml")), key=str)
    except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError, TypeError):
        found = []
    for f in found:
        h.update(b"\0" + f.name.encode() + b"\0" + f.read_bytes())
    return h.hexdigest()[:DIGEST_CHARS]


def provenance(game: Game) -> dict[str, str]:
    """The facts that pin down a run's games, for reports and JSON outputs."""
    from tablesports import __version__

    out = {"tablesports": __version__}
    commit = program_commit()
    if commit is not None:
        out["commit"] = commit
    out["game"] = game.info.id
    out["game version"] = str(game.info.version)
    out["rules digest"] = rules_digest(game)
    return out
