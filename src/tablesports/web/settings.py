"""The server's settings: every bound a client meets, in one place (`tablesports serve` options).

A client chooses nothing unbounded: bots come as a difficulty level or a capped spec, data files
as uploaded content of bounded size, and each connection has a message rate and an outbound
byte rate. The defaults suit a small public server; `docs/web.md` explains each one.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, field_validator


class ServerSettings(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    public_url: str | None = Field(
        None,
        description="the site's address for invite links, e.g. https://play.example.org "
        "(None: links relative to the page, never built from a request's Host header)",
    )
    max_body: int = Field(1 << 20, ge=1024, description="largest HTTP request body, in bytes")
    max_upload: int = Field(
        256 << 10, ge=1024, description="largest uploaded data file (a deck, heroes, a team)"
    )
    upload_dir: Path | None = Field(
        None, description="where uploaded data files are cached by digest (None: user cache)"
    )
    upload_cache_bytes: int = Field(
        64 << 20,
        ge=1 << 20,
        description="most bytes of uploaded files kept on disk; the oldest go first (a match "
        "keeps its files' content in the database and writes them again when it needs them)",
    )
    library: Path | None = Field(
        None,
        description="a folder of data files offered by name, one subfolder per game "
        "(DIR/jukem/*.toml decks, DIR/juggerttg/*.toml heroes, DIR/bloodbowl/*.toml teams)",
    )
    bot_iterations: int = Field(2000, ge=1, description="most search iterations of a bot move")
    bot_seconds: float = Field(5.0, gt=0, le=600, description="most seconds of a bot move")
    bot_workers: int = Field(2, ge=1, le=64, description="bot moves thought about at once")
    bot_matches_per_client: int = Field(
        4, ge=0, description="unfinished matches with a bot one client address may hold"
    )
    abandon_after: float = Field(
        3 * 24 * 3600.0,
        ge=1,
        description="seconds a person may leave their turn before losing the match "
        "(abandoned); 3 days suits correspondence play",
    )
    message_rate: float = Field(
        50.0, gt=0, description="websocket messages a second, sustained (more wait their turn)"
    )
    message_burst: int = Field(200, ge=1, description="websocket messages at once")
    outbound_rate: int = Field(
        1 << 20, ge=1024, description="bytes a second a connection may ask for (views, records)"
    )
    outbound_burst: int = Field(8 << 20, ge=1024, description="bytes at once of those")
    # per client address, whatever the number of its connections (issue 44: M2, requests, ...)
    requests_per_second: float = Field(
        50.0,
        gt=0,
        description="HTTP requests a second one client address may make, sustained "
        "(the pages' static files not counted)",
    )
    requests_burst: int = Field(200, ge=1, description="HTTP requests at once of those")
    server_requests_per_second: float = Field(
        2000.0, gt=0, description="HTTP requests a second the whole server answers"
    )
    connections_per_client: int = Field(
        16, ge=1, description="websocket connections one client address may hold at once"
    )
    forwarded_allow_ips: str = Field(
        "",
        max_length=1000,
        description="comma-separated addresses of the reverse proxies whose X-Forwarded-For "
        "and X-Forwarded-Proto are believed ('' : none, the peer's address is the client's)",
    )
    # --- the resource model (docs/web.md, "Resource model"; enforced in web/budgets.py) -------
    open_matches_per_client: int = Field(
        20, ge=1, description="unfinished matches of any kind one client address may hold"
    )
    matches_per_client_per_hour: int = Field(
        60,
        ge=1,
        description="matches one client address may make an hour (20 at once, or 20 "
        "seconds' worth when that is more)",
    )
    stored_kb_per_client_per_hour: int = Field(
        16 << 10,
        ge=64,
        description="kilobytes of new matches (options and uploaded files) one client address "
        "may have stored an hour (that much at once)",
    )
    open_matches: int = Field(
        5000, ge=1, description="unfinished matches the whole server holds (then 503)"
    )
    open_challenges_per_client: int = Field(
        3, ge=0, description="open challenges one client address may have in the lobby at once"
    )
    open_challenges: int = Field(
        200, ge=1, description="open challenges the whole lobby lists at most (then 503)"
    )
    challenge_minutes: float = Field(
        30.0, gt=0, description="minutes an open challenge waits for a taker before it lapses"
    )
    matches_per_hour: int = Field(3600, ge=1, description="matches the whole server makes an hour")
    stored_mb_per_hour: int = Field(
        1024, ge=1, description="megabytes of new matches the whole server stores an hour"
    )
    matches_in_memory: int = Field(
        200,
        ge=4,
        description="matches kept in memory at most; one nobody watches leaves first and is "
        "rebuilt from the database when it is looked at again",
    )
    idle_seconds: float = Field(
        120.0, gt=0, description="seconds after which a match nobody watches leaves memory"
    )
    bot_workers_per_client: int = Field(
        1,
        ge=1,
        description="bot moves of one client address thought about at once (the others wait "
        "in its own queue; the queues take turns, least bot time used first)",
    )
    max_connections: int = Field(
        2000, ge=1, description="websocket connections the whole server holds at once"
    )
    server_outbound_rate: int = Field(
        64 << 20, ge=1024, description="bytes a second of views and records, whole server"
    )
    drain_seconds: float = Field(
        10.0,
        ge=0,
        le=600,
        description="on SIGTERM, seconds to let moves in flight be stored before exiting",
    )
    warm_up: bool = Field(
        True,
        description="build every game's log phrasebook in a thread at start-up (Blood Bowl's "
        "takes seconds of CPU that would otherwise stall the server at its first view)",
    )
    metrics_port: int | None = Field(
        None,
        ge=1,
        le=65535,
        description="serve Prometheus metrics on this port (None: no metrics)",
    )
    metrics_host: str = Field(
        "127.0.0.1", max_length=100, description="the address the metrics port listens on"
    )
    secret_file: Path | None = Field(
        None,
        description="the server secret that keys the stored client ids (HMAC-SHA256); made "
        "with mode 0600 when missing (None: server-secret in the user data dir)",
    )

    @field_validator("library")
    @classmethod
    def _library(cls, value: Path | None) -> Path | None:
        if value is not None and not value.is_dir():
            raise ValueError(f"{value} is not a folder (it holds one subfolder per game)")
        return value

    @field_validator("public_url")
    @classmethod
    def _url(cls, value: str | None) -> str | None:
        if value is None:
            return None
        value = value.rstrip("/")
        if not value.startswith(("http://", "https://")) or any(c in value for c in "#?\n "):
            raise ValueError("a public URL is http(s)://host[:port][/path], without ? or #")
        return value
