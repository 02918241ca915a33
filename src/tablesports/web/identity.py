"""The client id kept for the per-client limits: a keyed hash of the client's address.

A bare SHA-256 of an IPv4 address is reversed by hashing all 2^32 of them; HMAC-SHA256 with a
server secret is not. The secret comes from a file (made with mode 0600 when missing), so ids
stay the same across restarts and across processes sharing the file.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path


def default_secret_file() -> Path:
    try:
        from platformdirs import user_data_dir

        return Path(user_data_dir("tablesports", appauthor=False)) / "server-secret"
    except ImportError:  # pragma: no cover - platformdirs comes with the web extra
        return Path.home() / ".tablesports-server-secret"


def server_secret(path: Path | None = None) -> bytes:
    """The secret in `path`, written there first (0600, never overwritten) when missing."""
    path = path or default_secret_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        secret = path.read_bytes().strip()
        if len(secret) < 32:
            raise ValueError("the server secret file holds fewer than 32 bytes") from None
        return secret
    with os.fdopen(fd, "wb") as out:
        out.write(secrets.token_hex(32).encode())
    return path.read_bytes().strip()


def client_id(secret: bytes, address: str | None) -> str | None:
    """HMAC-SHA256 of the client's address under the server secret (None: no address)."""
    if address is None:
        return None
    return hmac.new(secret, address.encode("utf-8"), hashlib.sha256).hexdigest()
