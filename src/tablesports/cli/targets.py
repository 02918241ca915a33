"""The files and folders a command will write, checked before any game is played: a game or a
long run must never be lost at its end to a target that could not take it.

A file target is written through a symbolic link (the link is kept, its target replaced); a
folder, a named pipe or a device, a missing folder or one that cannot be written in are refused
with the reason. The check makes and removes an empty file beside the target, so that what the
file system would refuse (no permission, read-only, /proc) is found now and not at the end.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from tablesports.cli.common import CliError


def written_path(path: Path) -> Path:
    """The file a write to `path` lands in: the target of a symbolic link (chains followed)."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def file_problem(path: Path) -> str | None:
    """Why a file cannot be written (made or replaced) at `path`, or None."""
    if not path.name or path.name in (".", ".."):
        return "that is a folder; give a file name in it"
    real = written_path(path)
    try:
        mode = real.stat().st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:  # under a file (ENOTDIR), a loop of links, no permission
        return f"cannot reach it: {exc.strerror}"
    if mode is not None and stat.S_ISDIR(mode):
        return "that is a folder; give a file name in it"
    if mode is not None and not stat.S_ISREG(mode):
        kind = "a named pipe (FIFO)" if stat.S_ISFIFO(mode) else "not a plain file"
        return f"that is {kind}; give a plain file"
    return folder_problem(real.parent, real.name)


def folder_problem(folder: Path, name: str = "") -> str | None:
    """Why no file can be made in `folder`, or None (an empty file is made there and removed)."""
    folder = folder if str(folder) else Path(".")
    if not folder.exists():
        return f"the folder {folder} does not exist; create it first, or give a file in one"
    if not folder.is_dir():
        return f"{folder} is not a folder"
    probe = folder / f".{name or 'tablesports'}.{os.getpid()}.check"
    try:
        os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except OSError as exc:
        return f"cannot write in the folder {folder}: {exc.strerror}"
    probe.unlink(missing_ok=True)
    return None


def report_folder_problem(path: Path) -> str | None:
    """Why `path` cannot be a folder of written files (made when missing, parents too)."""
    real = written_path(path)
    if real.exists():
        return None if real.is_dir() else "that is a file; give a folder (made when missing)"
    parent = real.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent
    return folder_problem(parent)


def check_file(flag: str, path: Path | None) -> None:
    """Stop with one line when `flag`'s file target cannot be written."""
    if path is None:
        return
    problem = file_problem(path)
    if problem is not None:
        raise CliError(f"{flag} {path}: {problem}")


def check_folder(flag: str, path: Path | None) -> None:
    """Stop with one line when `flag`'s folder target cannot be made or written in."""
    if path is None:
        return
    problem = report_folder_problem(path)
    if problem is not None:
        raise CliError(f"{flag} {path}: {problem}")


def check_new_out(path: Path | None, resume: bool, overwrite: bool) -> None:
    """An --out file of records that already holds games is never replaced unasked."""
    if path is None or resume or overwrite:
        return
    real = written_path(path)
    if real.is_file() and real.stat().st_size > 0:
        raise CliError(
            f"--out {path} already holds records: add --resume to keep them and play the rest, "
            "--overwrite to replace them, or give another file"
        )
