"""`tablesports serve`: the web app on 127.0.0.1 (needs the `web` extra)."""

from __future__ import annotations

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
) -> None:
    """Start the web app: play every game in the browser, against a bot or a friend."""
    try:
        from tablesports.web.serve import serve
    except ImportError as exc:
        raise CliError(
            f"the web app needs the 'web' extra ({exc.name} is missing): "
            "pip install 'tablesports[web]'"
        ) from None
    typer.echo(f"tablesports: open http://{host}:{port}/ (Ctrl-C stops the server)")
    serve(host=host, port=port, database=database, bot_delay=bot_delay)
