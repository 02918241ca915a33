"""Run the web app with uvicorn on the loopback interface."""

from __future__ import annotations

import logging
import re
import socket

import uvicorn
from fastapi import FastAPI

from tablesports.web.settings import ServerSettings

log = logging.getLogger("tablesports.web")

_TOKEN = re.compile(r"(token=)[^&\s\"]+", re.IGNORECASE)


class RedactTokens(logging.Filter):
    """Access-log lines never hold a seat token, even one an old page put in a URL."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(
                _TOKEN.sub(r"\1(redacted)", a) if isinstance(a, str) else a for a in record.args
            )
        record.msg = _TOKEN.sub(r"\1(redacted)", str(record.msg))
        return True


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    database: str | None = None,
    bot_delay: float = 0.0,
    log_level: str = "info",
    settings: ServerSettings | None = None,
) -> None:
    from tablesports.web.app import create_app

    logging.basicConfig(level=log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    logging.getLogger("uvicorn.access").addFilter(RedactTokens())
    settings = settings or ServerSettings()
    if settings.public_url is None and host not in ("0.0.0.0", "::"):
        settings = settings.model_copy(update={"public_url": f"http://{host}:{port}"})
    app = create_app(database, bot_delay=bot_delay, settings=settings)
    # a message over 64 KiB closes the socket; up to that, the hub answers with an error
    # forwarded headers only from the proxies the operator names (uvicorn's default trusts
    # 127.0.0.1, so a local client could forge any address past the per-client limits)
    proxies = settings.forwarded_allow_ips.strip()
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        ws_max_size=65536,
        proxy_headers=bool(proxies),
        forwarded_allow_ips=proxies or "",
        timeout_graceful_shutdown=5,
    )
    DrainingServer(config, app).run()


class DrainingServer(uvicorn.Server):
    """uvicorn's server, which on SIGTERM first stops taking connections and lets the hub
    drain (`Hub.drain`), then closes the connections (1012: restarting) and exits."""

    def __init__(self, config: uvicorn.Config, app: FastAPI) -> None:
        super().__init__(config)
        self.web_app = app

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        for server in self.servers:
            server.close()  # no new connection while the matches drain
        hub = getattr(self.web_app.state, "hub", None)
        if hub is not None:
            log.info("draining: no new matches; storing the moves in flight")
            await hub.drain()
        await super().shutdown(sockets)
