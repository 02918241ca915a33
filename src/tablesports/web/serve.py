"""Run the web app with uvicorn on the loopback interface."""

from __future__ import annotations

import logging


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    database: str | None = None,
    bot_delay: float = 0.0,
    log_level: str = "info",
) -> None:
    import uvicorn

    from tablesports.web.app import create_app

    logging.basicConfig(level=log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    app = create_app(database, bot_delay=bot_delay)
    # a message over 64 KiB closes the socket; up to that, the hub answers with an error
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=65536)
