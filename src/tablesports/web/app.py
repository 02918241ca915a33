"""The FastAPI app: the lobby's JSON API, the pages (static files) and the websocket.

`create_app(url)` builds an app over a store (SQLite file by default, PostgreSQL by URL). At
start-up every stored match is rebuilt by replay and the ones where a bot or chance is to move
go on, so a server killed with `kill -9` simply carries on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Header, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, field_validator

from tablesports.core.errors import TablesportsError
from tablesports.core.registry import game_ids, load
from tablesports.web import challenges
from tablesports.web.abandon import watch as watch_abandoned
from tablesports.web.budgets import Budgets, OverBudget
from tablesports.web.bus import bus_for
from tablesports.web.catalog_games import game_entry
from tablesports.web.clock import ClockIn
from tablesports.web.datafiles import file_options
from tablesports.web.hub import Hub, RequestError, SeatSpec
from tablesports.web.i18n import LANGUAGES, catalog
from tablesports.web.identity import client_id, server_secret
from tablesports.web.limits import BodyLimit, RequestRate, SecurityHeaders
from tablesports.web.names import BadName, check_name
from tablesports.web.settings import ServerSettings
from tablesports.web.store import Store
from tablesports.web.views import record_payload

STATIC = Path(__file__).parent / "static"
log = logging.getLogger("tablesports.web")


class SeatIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: str = Field(pattern="^(human|bot)$")
    agent: str | None = Field(default=None, max_length=200)
    """A difficulty level (easy, normal, hard) or a bot the server offers, e.g. mcts."""


class MatchIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatIn] = Field(max_length=8)
    seed: Any = None
    """Refused whenever sent: the server draws the seed, so no client can rig the dice."""
    hot_seat: bool = False
    clock: ClockIn | None = None
    """Optional clocks: `{"minutes": 10, "increment": 5}` (see `web/clock.py`)."""

    @field_validator("seed")
    @classmethod
    def _no_seed(cls, _value: Any) -> None:
        raise ValueError(
            "a client cannot choose the seed: the server draws it, shows each seat its "
            "commitment, and reveals it when the match ends; leave seed out"
        )


class ChallengeIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64)
    options: dict[str, Any] = Field(default_factory=dict)
    clock: ClockIn | None = None
    seat: int | None = None
    """The maker's seat, 0 or 1 (None: the server draws it)."""
    rated: bool = True
    name: str = Field(max_length=200)
    """The maker's display name (`web.names`)."""


class NameIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(max_length=200)


LIVE_SECONDS = 1800
"""The live list shows matches that moved in the last half hour."""


class MineIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    tokens: list[str] = Field(max_length=200)


def create_app(
    url: str | None = None, bot_delay: float = 0.0, settings: ServerSettings | None = None
) -> FastAPI:
    """The web app over the store at `url` (None: the SQLite file in the user's data dir),
    within the bounds of `settings` (see `ServerSettings`)."""
    settings = settings or ServerSettings()
    secret = server_secret(settings.secret_file)
    budgets = Budgets(settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(url)
        hub = Hub(store, bot_delay=bot_delay, settings=settings, budgets=budgets)
        app.state.hub = hub
        app.state.challenges = challenges.ChallengeStore(
            store.engine, settings.challenge_minutes * 60
        )
        hub.bus = bus_for(store)  # PostgreSQL: other processes over it are the same site
        await hub.bus.start(hub.moved_elsewhere, hub.sweep)
        resumed = hub.resume_all()
        hub.spawn(watch_abandoned(hub))
        hub.spawn(keep_memory(hub))
        if settings.warm_up:
            from tablesports.web.phrases import warm_up

            def warm() -> None:
                warm_up(game_ids())
                hub.warm.set()

            threading.Thread(target=warm, daemon=True).start()
        else:
            hub.warm.set()  # each phrasebook is built at its first use
        if settings.metrics_port is not None:
            from tablesports.web.metrics import serve_metrics

            serve_metrics(hub, settings.metrics_host, settings.metrics_port)
        log.info("store %s: %d matches resumed", store.engine.url, resumed)
        yield
        await hub.bus.stop()
        for task in list(hub.tasks):
            task.cancel()
        hub.bots.shutdown()
        hub.stop_metrics()
        store.close()

    app = FastAPI(title="tablesports", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.add_middleware(BodyLimit, limit=settings.max_body)
    app.add_middleware(
        RequestRate,
        per_client=settings.requests_per_second,
        burst=settings.requests_burst,
        whole_server=settings.server_requests_per_second,
        refusals=budgets.refusals,
    )
    app.add_middleware(SecurityHeaders)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    def hub_of(request: Request | WebSocket) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    @app.exception_handler(TablesportsError)
    async def refused(_request: Request, exc: TablesportsError) -> JSONResponse:
        status = 404 if "there is no match" in str(exc) else 400
        return JSONResponse({"error": str(exc)}, status_code=status)

    @app.exception_handler(BadName)
    async def bad_name(_request: Request, exc: BadName) -> JSONResponse:
        """What was wrong with a name, and its template for the page's language."""
        body = {"error": str(exc), "template": exc.template, "fields": exc.fields}
        return JSONResponse(body, status_code=400)

    @app.exception_handler(challenges.ChallengeRefused)
    async def challenge_refused(
        _request: Request, exc: challenges.ChallengeRefused
    ) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=exc.status)

    @app.exception_handler(OverBudget)
    async def over_budget(_request: Request, exc: OverBudget) -> JSONResponse:
        return JSONResponse(
            {"error": str(exc), "budget": exc.budget, "retry_after": exc.retry_after},
            status_code=exc.status,
            headers={"Retry-After": str(exc.retry_after)},
        )

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/m/{match_id}", include_in_schema=False)
    async def match_page(match_id: str) -> FileResponse:
        return FileResponse(STATIC / "match.html")

    @app.get("/api/games")
    async def games(request: Request) -> list[dict[str, Any]]:
        library = hub_of(request).library
        out = []
        for game_id in game_ids():
            game = load(game_id)
            schema = type(game).Options.model_json_schema()
            props = schema.get("properties", {})
            for key, names in file_options(game_id).items():  # by library name or as content
                props[key] = {
                    **props.get(key, {}),
                    "file": True,
                    "names": names,
                    "library": library.listing(game_id),
                }
            out.append(game_entry(game, props))  # the lobby's card: catalog_games.py
        return out

    @app.get("/healthz", include_in_schema=False)
    async def healthz(request: Request) -> JSONResponse:
        """200 when the database answers, 503 when not (for a load balancer or systemd);
        `warm` says whether the start-up's phrasebooks are built (the first view of a game is
        then as quick as the next)."""
        try:
            with hub_of(request).store.engine.connect() as db:
                db.exec_driver_sql("SELECT 1")
        except Exception as exc:
            log.error("healthz: the database does not answer: %s", type(exc).__name__)
            return JSONResponse({"status": "database unreachable"}, status_code=503)
        return JSONResponse({"status": "ok", "warm": hub_of(request).warm.is_set()})

    @app.get("/api/languages")
    async def languages() -> dict[str, str]:
        return LANGUAGES

    @app.get("/api/i18n/{lang}")
    async def i18n(lang: str) -> dict[str, str]:
        if lang not in LANGUAGES:
            raise RequestError(f"no language {lang!r}; the languages are: {', '.join(LANGUAGES)}")
        return catalog(lang)

    @app.post("/api/matches")
    async def create(body: MatchIn, request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        seats = [SeatSpec(s.kind, s.agent) for s in body.seats]
        # the peer's address (a named proxy's X-Forwarded-For: serve.py), kept only keyed
        client = client_id(secret, request.client.host if request.client else None)
        match_id, tokens = hub.create(
            body.game, body.options, seats, hot_seat=body.hot_seat, client=client, clock=body.clock
        )
        # links from the configured public address, never from the request's Host header;
        # without one they are relative and the page completes them with its own address
        base = settings.public_url or ""
        links = {str(seat): f"{base}/m/{match_id}#{token}" for seat, token in tokens.items()}
        match = hub.get(match_id)
        if match.needs_server():
            hub.spawn(hub.advance(match))
        return {
            "id": match_id,
            "tokens": {str(k): v for k, v in tokens.items()},
            "links": links,
            "watch": f"{base}/m/{match_id}",
        }

    def client_of(request: Request) -> str | None:
        return client_id(secret, request.client.host if request.client else None)

    def book(request: Request) -> challenges.ChallengeStore:
        found: challenges.ChallengeStore = request.app.state.challenges
        return found

    @app.post("/api/names/check")
    async def name_check(body: NameIn) -> dict[str, str]:
        """The name as it would be stored and shown, or 400 saying what is allowed."""
        return {"name": check_name(body.name)}

    @app.post("/api/challenges")
    async def challenge(body: ChallengeIn, request: Request) -> dict[str, Any]:
        """A new open challenge; its `token` (shown once) is the maker's seat and cancels it."""
        return challenges.make(
            hub_of(request),
            book(request),
            body.game,
            body.options,
            body.clock,
            body.seat,
            body.rated,
            body.name,
            client_of(request),
        )

    @app.get("/api/challenges")
    async def open_challenges(request: Request) -> list[dict[str, Any]]:
        hub, found = hub_of(request), book(request)
        return [challenges.public(hub, found, row) for row in found.listing(50)]

    @app.get("/api/challenges/{challenge_id}")
    async def one_challenge(challenge_id: str, request: Request) -> dict[str, Any]:
        row = book(request).row(challenge_id)
        if row is None:
            raise challenges.ChallengeRefused(f"there is no challenge {challenge_id[:40]!r}", 404)
        return challenges.public(hub_of(request), book(request), row)

    @app.post("/api/challenges/{challenge_id}/accept")
    async def accept(challenge_id: str, body: NameIn, request: Request) -> dict[str, Any]:
        """Take the challenge's other seat: the first acceptor wins, the next gets 409."""
        hub = hub_of(request)
        taken = challenges.accept(hub, book(request), challenge_id, body.name, client_of(request))
        match = hub.get(taken["match"])
        if match.needs_server():
            hub.spawn(hub.advance(match))
        return taken

    @app.delete("/api/challenges/{challenge_id}")
    async def withdraw(
        challenge_id: str,
        request: Request,
        token: str | None = Header(default=None, alias="X-Challenge-Token", max_length=200),
    ) -> dict[str, str]:
        challenges.cancel(book(request), challenge_id, token)
        return {"state": "cancelled"}

    @app.get("/api/live")
    async def live(request: Request) -> list[dict[str, Any]]:
        """Unfinished matches with a person seated that moved lately, to watch."""
        return hub_of(request).players.live(time.time() - LIVE_SECONDS)

    @app.get("/api/leaderboard/{game_id}")
    async def leaderboard(game_id: str, request: Request) -> list[dict[str, Any]]:
        if game_id not in game_ids():
            raise RequestError(f"no game {game_id[:64]!r}; the games are: {', '.join(game_ids())}")
        return hub_of(request).players.leaderboard(game_id)

    @app.get("/api/matches/{match_id}")
    async def summary(match_id: str, request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        return hub.summary(hub.get(match_id))

    @app.post("/api/mine")
    async def mine(body: MineIn, request: Request) -> list[dict[str, Any]]:
        """The matches that these tokens open a seat of (the browser keeps its tokens)."""
        hub = hub_of(request)
        out = []
        for token in body.tokens:
            found = hub.store.seat_of_token(token)
            if found is not None:
                match = hub.get(found[0])
                out.append(hub.summary(match, found[1]))  # each bot seat with its level
        return out

    @app.get("/api/matches/{match_id}/record")
    async def record(
        match_id: str,
        request: Request,
        token: str | None = Header(default=None, alias="X-Seat-Token", max_length=200),
    ) -> Response:
        """The record as the token's seat saw it (a spectator's without a token). The token comes
        in the `X-Seat-Token` header: a URL ends up in access logs and browser history."""
        if "token" in request.query_params:
            raise RequestError(
                "a seat token is never sent in the URL: send it in the X-Seat-Token header"
            )
        hub = hub_of(request)
        match = hub.get(match_id)
        seat = None
        if token:
            found = hub.store.seat_of_token(token)
            if found is None or found[0] != match_id:
                raise RequestError("this token does not open a seat of this match")
            seat = found[1]
        name = f"{match.game.info.id}-{match_id}-{'spectator' if seat is None else seat}.json"
        return Response(
            record_payload(match, seat),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    @app.websocket("/ws")
    async def websocket(ws: WebSocket) -> None:
        await ws.accept()
        hub = hub_of(ws)

        async def send(payload: bytes) -> None:
            await ws.send_text(payload.decode("utf-8"))

        client = client_id(secret, ws.client.host if ws.client else None)
        conn = hub.connection(send, client)
        if conn is None:  # over the connections one client may hold: said, then closed
            await ws.send_text(hub.too_many_connections(client))
            await ws.close(code=1008)
            return
        try:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                raw = message.get("text")
                if raw is None:
                    raw = message.get("bytes") or b""
                await hub.handle(conn, raw)
        except WebSocketDisconnect:
            pass
        finally:
            hub.disconnect(conn)

    return app


async def keep_memory(hub: Hub) -> None:
    """Matches nobody uses leave memory now and then, for as long as the server runs."""
    every = min(10.0, hub.settings.idle_seconds / 2)
    while True:
        await asyncio.sleep(every)
        hub.forget_idle()
