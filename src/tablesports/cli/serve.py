"""`tablesports serve`: the web app on 127.0.0.1 (needs the `web` extra)."""

from __future__ import annotations

from pathlib import Path

import typer

from tablesports.cli.common import CliError, guarded


@guarded
def serve_command(
    port: int = typer.Option(8000, "--port", help="The port to listen on."),
    host: str = typer.Option(
        "127.0.0.1", "--host", help="The address to listen on (loopback by default)."
    ),
    database: str | None = typer.Option(
        None,
        "--database",
        help="A SQLAlchemy URL, e.g. postgresql+psycopg://user@host/db "
        "(default: a SQLite file in your data directory).",
    ),
    bot_delay: float = typer.Option(
        0.0, "--bot-delay", help="Seconds between two bot moves, so people can follow them."
    ),
    public_url: str | None = typer.Option(
        None,
        "--public-url",
        help="The site's address for invite links, e.g. https://play.example.org "
        "(default: http://HOST:PORT; never taken from a request's Host header).",
    ),
    bot_seconds: float = typer.Option(5.0, "--bot-seconds", help="Most seconds of a bot move."),
    bot_iterations: int = typer.Option(
        2000, "--bot-iterations", help="Most search iterations of a bot move."
    ),
    bot_workers: int = typer.Option(2, "--bot-workers", help="Bot moves thought about at once."),
    bot_matches: int = typer.Option(
        4, "--bot-matches-per-client", help="Unfinished matches with a bot per client address."
    ),
    max_body: int = typer.Option(1 << 20, "--max-body", help="Largest request body, in bytes."),
    abandon_after: float = typer.Option(
        3 * 24 * 3600.0,
        "--abandon-after",
        metavar="SECONDS",
        help="Seconds a person may leave their turn before losing the match (abandoned); "
        "the default, 3 days, suits correspondence play.",
    ),
    forwarded_allow_ips: str = typer.Option(
        "",
        "--forwarded-allow-ips",
        metavar="IPS",
        help="Comma-separated addresses of reverse proxies whose X-Forwarded-For is believed "
        "(default: none; the connecting address is the client's).",
    ),
    secret_file: Path | None = typer.Option(
        None,
        "--secret-file",
        metavar="FILE",
        help="The server secret keying stored client ids (made with mode 0600 if missing; "
        "default: server-secret in your data directory).",
    ),
    requests_per_second: float = typer.Option(
        50.0, "--requests-per-second", help="HTTP requests a second from one client (then 429)."
    ),
    requests_burst: int = typer.Option(200, "--requests-burst", help="Of those, at once."),
    connections_per_client: int = typer.Option(
        16, "--connections-per-client", help="Websocket connections one client may hold."
    ),
    outbound_kb: int = typer.Option(
        1024,
        "--outbound-kb-per-second",
        help="Kilobytes a second of views and records one client may ask for, over all its "
        "connections (eight seconds' worth at once).",
    ),
    upload_dir: Path | None = typer.Option(
        None,
        "--upload-dir",
        help="Where accepted uploads (decks, heroes, teams) are cached by digest (default: the "
        "user cache).",
    ),
    upload_cache_mb: int = typer.Option(
        64, "--upload-cache-mb", min=1, help="Most megabytes of cached uploads; oldest go first."
    ),
    open_matches_per_client: int = typer.Option(
        20, "--open-matches-per-client", help="Unfinished matches of any kind per client address."
    ),
    matches_per_client_per_hour: int = typer.Option(
        60, "--matches-per-client-per-hour", help="New matches an hour per client address."
    ),
    open_challenges_per_client: int = typer.Option(
        3, "--open-challenges-per-client", help="Open challenges in the lobby per client address."
    ),
    stored_kb_per_client_per_hour: int = typer.Option(
        16384,
        "--stored-kb-per-client-per-hour",
        help="Kilobytes of new matches (options and uploads) stored an hour per client address.",
    ),
    open_matches: int = typer.Option(
        5000, "--open-matches", help="Unfinished matches on the whole server (then 503)."
    ),
    matches_per_hour: int = typer.Option(
        3600, "--matches-per-hour", help="New matches an hour on the whole server."
    ),
    stored_mb_per_hour: int = typer.Option(
        1024, "--stored-mb-per-hour", help="Megabytes of new matches stored an hour, whole server."
    ),
    matches_in_memory: int = typer.Option(
        200,
        "--matches-in-memory",
        help="Matches kept in memory at most (the others are rebuilt from the database when "
        "looked at).",
    ),
    idle_seconds: float = typer.Option(
        120.0, "--idle-seconds", help="Seconds after which a match nobody watches leaves memory."
    ),
    bot_workers_per_client: int = typer.Option(
        1,
        "--bot-workers-per-client",
        help="Bot moves of one client address thought about at once (the rest wait in its "
        "queue; the queues take turns).",
    ),
    max_connections: int = typer.Option(
        2000, "--max-connections", help="Websocket connections on the whole server."
    ),
    server_outbound_mb: int = typer.Option(
        64,
        "--server-outbound-mb-per-second",
        help="Megabytes a second of views and records, whole server.",
    ),
    drain_seconds: float = typer.Option(
        10.0,
        "--drain-seconds",
        help="On SIGTERM, seconds to let moves in flight be stored before exiting.",
    ),
    warm_up: bool = typer.Option(
        True,
        "--warm-up/--no-warm-up",
        help="Build every game's log phrasebook in a thread at start-up (Blood Bowl's takes "
        "seconds of CPU, which on first use would stall the server).",
    ),
    metrics_port: int | None = typer.Option(
        None,
        "--metrics-port",
        help="Serve Prometheus metrics at http://METRICS-HOST:PORT/metrics (default: off).",
    ),
    metrics_host: str = typer.Option(
        "127.0.0.1", "--metrics-host", help="The address the metrics port listens on."
    ),
    library: Path | None = typer.Option(
        None,
        "--library",
        metavar="DIR",
        help="A folder of data files offered by name, one subfolder per game: "
        "DIR/jukem/NAME.toml decks, DIR/juggerttg/NAME.toml heroes, DIR/bloodbowl/NAME.toml teams.",
    ),
) -> None:
    """Start the web app: play every game in the browser, against a bot or a friend."""
    try:
        from pydantic import ValidationError

        from tablesports.web.serve import serve
        from tablesports.web.settings import ServerSettings
    except ImportError as exc:
        raise CliError(
            f"the web app needs the 'web' extra ({exc.name} is missing): "
            "pip install 'tablesports[web]'"
        ) from None
    try:
        settings = ServerSettings(
            public_url=public_url,
            bot_seconds=bot_seconds,
            bot_iterations=bot_iterations,
            bot_workers=bot_workers,
            bot_matches_per_client=bot_matches,
            max_body=max_body,
            library=library,
            upload_dir=upload_dir,
            requests_per_second=requests_per_second,
            requests_burst=requests_burst,
            connections_per_client=connections_per_client,
            outbound_rate=outbound_kb << 10,
            outbound_burst=outbound_kb << 13,
            upload_cache_bytes=upload_cache_mb << 20,
            abandon_after=abandon_after,
            forwarded_allow_ips=forwarded_allow_ips,
            secret_file=secret_file,
            open_matches_per_client=open_matches_per_client,
            matches_per_client_per_hour=matches_per_client_per_hour,
            open_challenges_per_client=open_challenges_per_client,
            stored_kb_per_client_per_hour=stored_kb_per_client_per_hour,
            open_matches=open_matches,
            matches_per_hour=matches_per_hour,
            stored_mb_per_hour=stored_mb_per_hour,
            matches_in_memory=matches_in_memory,
            idle_seconds=idle_seconds,
            bot_workers_per_client=bot_workers_per_client,
            max_connections=max_connections,
            server_outbound_rate=server_outbound_mb << 20,
            drain_seconds=drain_seconds,
            metrics_port=metrics_port,
            warm_up=warm_up,
            metrics_host=metrics_host,
        )
    except ValidationError as exc:
        problems = "; ".join(f"{e['loc'][0]}: {e['msg']}" for e in exc.errors())
        raise CliError(f"serve: {problems}") from None
    if metrics_port is not None:
        _check_free(metrics_host, metrics_port, "--metrics-port")
    typer.echo(f"tablesports: open http://{host}:{port}/ (Ctrl-C stops the server)")
    serve(host=host, port=port, database=database, bot_delay=bot_delay, settings=settings)


def _check_free(host: str, port: int, option: str) -> None:
    """Said before the server starts, not as a traceback once it has."""
    import socket

    try:
        with socket.socket() as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind((host, port))
    except OSError as exc:
        raise CliError(
            f"{option} {port}: cannot listen on {host}:{port} ({exc.strerror}); choose another port"
        ) from None
