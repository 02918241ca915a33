"""The server's matches and connections: create, join, act, undo, and let bots and chance move.

Every change goes the same way: checked against the game under the match's lock, stored as a
row (committed), applied in memory, then pushed to every connection as its own seat's view.
A rejected message changes nothing and gets an error payload; other matches never notice.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from tablesports.agents.registry import make_agent
from tablesports.arena.match import UNDOS_PER_MATCH
from tablesports.core.errors import ActionParseError, TablesportsError
from tablesports.core.fairness import new_secret
from tablesports.core.protocol import CHANCE, Action
from tablesports.core.registry import game_ids, load
from tablesports.core.undo import CHANCE_REVEALED
from tablesports.web import table
from tablesports.web.abandon import abandon_summary
from tablesports.web.botqueue import BotQueue
from tablesports.web.bots import bot_spec, check_stored
from tablesports.web.budgets import Budgets, OverBudget
from tablesports.web.bus import LocalBus, catch_up
from tablesports.web.catalog_games import seat_levels
from tablesports.web.clock import ClockIn, ClockStore
from tablesports.web.datafiles import check_options, load_uploaded, materialize, upload_dir
from tablesports.web.endings import result
from tablesports.web.i18n import LANGUAGES, gettext_for
from tablesports.web.library import Library
from tablesports.web.limits import ClientBuckets, TokenBucket
from tablesports.web.matches import Match
from tablesports.web.names import BadName, check_name
from tablesports.web.offers import OfferStore
from tablesports.web.phrases_said import say
from tablesports.web.players import PlayerStore
from tablesports.web.settings import ServerSettings
from tablesports.web.store import UNDO, DuplicateMove, SeatRow, Store, hash_token
from tablesports.web.views import seat_payload

log = logging.getLogger("tablesports.web")

MAX_MESSAGE = 4096
"""The largest websocket message a client may send, in bytes (an action is a few dozen)."""

Send = Callable[[bytes], Awaitable[None]]


class RequestError(TablesportsError):
    """A request the server refuses: the message says what was wrong and what is allowed."""


class MovedOn(RequestError):
    """Another server process stored a move first: the client is told and shown the match now."""

    def __init__(self, match: Match) -> None:
        super().__init__(f"match {match.id} moved on to move {match.rows}")
        self.match = match


@dataclass(eq=False)
class Connection:
    """One websocket: the match it watches, its seat (None for a spectator), its language."""

    send: Send
    lang: str = "en"
    match_id: str | None = None
    seat: int | None = None
    log_sent: int = 0
    epoch: int = 0
    sent: tuple[int, int] | None = None
    """(epoch, move) of the last view sent: the same view is not sent twice."""
    extra: dict[str, Any] = field(default_factory=dict)
    messages: TokenBucket | None = None
    """Messages this connection may still send now (None: unbounded, for tests of the hub)."""
    outbound: TokenBucket | None = None
    """Bytes of views and records it may still ask for: one budget for all the connections of
    its client address, so a new connection brings no fresh burst (issue 44 M2)."""
    client: str | None = None
    """The keyed id of its client address (`identity.client_id`)."""


@dataclass(frozen=True, slots=True)
class SeatSpec:
    kind: str  # "human" or "bot"
    agent: str | None = None


class Hub:
    """Everything the server knows, behind one store."""

    def __init__(
        self,
        store: Store,
        bot_delay: float = 0.0,
        settings: ServerSettings | None = None,
        budgets: Budgets | None = None,
    ) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.settings = settings = settings or ServerSettings()
        self.budgets = budgets or Budgets(settings)
        """The resource model's budgets (`web.budgets`) and its refusals by budget."""
        self.uploads = upload_dir(settings.upload_dir)
        self.library = Library(settings.library, settings.max_upload)
        self.clocks = ClockStore(store.engine)
        self.offers = OfferStore(store)
        self.players = PlayerStore(store)
        """Seats' names, rated matches and ratings (`web.players`)."""
        self.matches: OrderedDict[str, Match] = OrderedDict()
        """The matches in memory, least recently used first: at most `matches_in_memory`; one
        nobody watches leaves after `idle_seconds` and is rebuilt from the store when looked at
        again (`forget_idle`)."""
        self.bus = LocalBus()
        """How other server processes over the same database hear of moves (`web.bus`)."""
        self.connections: dict[str, set[Connection]] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        # bots think in their own few threads: a person's move (its store write runs in the
        # default pool) never queues behind them, and bot work is bounded server-wide and
        # shared fairly between the clients that asked for it (`web.botqueue`)
        self.bots = BotQueue(settings.bot_workers, settings.bot_workers_per_client)
        self.open_by_client: dict[str, int] = {}
        """Open websocket connections per client id (`connections_per_client`)."""
        self.outbound_by_client = ClientBuckets(settings.outbound_rate, settings.outbound_burst)
        self.outbound_server = TokenBucket(
            settings.server_outbound_rate, 2 * settings.server_outbound_rate
        )
        self.counts = {"moves": 0, "outbound_bytes": 0, "matches_made": 0, "forgotten": 0}
        """Running totals for the metrics (`web.metrics`)."""
        self.metrics_server: Any = None
        """The Prometheus metrics' own HTTP server, when `metrics_port` is set."""
        self.warm = threading.Event()
        """Set once the start-up's warm-up is done (`/healthz` says so)."""
        self.draining = False
        """SIGTERM was received: no new match, no new bot move (`drain`)."""

    def connection(self, send: Send, client: str | None = None) -> Connection | None:
        """A new connection with the server's rate limits (the byte budget its client's), or
        None when its client already holds `connections_per_client` connections."""
        s = self.settings
        key = client or ""
        if self.open_by_client.get(key, 0) >= s.connections_per_client:
            self.budgets.refusals["connections_per_client"] += 1
            return None
        if sum(self.open_by_client.values()) >= s.max_connections:
            self.budgets.refusals["max_connections"] += 1
            return None
        self.open_by_client[key] = self.open_by_client.get(key, 0) + 1
        return Connection(
            send=send,
            messages=TokenBucket(s.message_rate, s.message_burst),
            outbound=self.outbound_by_client.of(key),
            client=key,
        )

    def disconnect(self, conn: Connection) -> None:
        """The connection closed: it leaves its match and its client's count."""
        self.detach(conn)
        key = conn.client or ""
        left = self.open_by_client.get(key, 0) - 1
        if left > 0:
            self.open_by_client[key] = left
        else:
            self.open_by_client.pop(key, None)

    def too_many_connections(self, client: str | None = None) -> str:
        limit = self.settings.connections_per_client
        message = f"too many connections: at most {limit} at once from one client; close one"
        if self.open_by_client.get(client or "", 0) < limit:
            message = (
                "the server is full: it holds at most "
                f"{self.settings.max_connections} connections; retry in a minute"
            )
        return json.dumps({"type": "error", "message": message})

    # --- matches ------------------------------------------------------------------------------
    def create(
        self,
        game_id: str,
        options: dict[str, Any],
        seats: list[SeatSpec],
        hot_seat: bool = False,
        client: str | None = None,
        clock: ClockIn | None = None,
        given: dict[int, str] | None = None,
        charge: bool = True,
    ) -> tuple[str, dict[int, str]]:
        """A new match; returns its id and a secret token per human seat (shown once).

        `client` (its address) is held to the server's limit on unfinished matches with bots.
        The server draws the match's secret seed; no client chooses it (provable fairness).
        `given`: seats whose token was handed out already (its hash); `charge` False: the
        budgets were charged already (an accepted challenge, `web.challenges`).
        """
        if game_id not in game_ids():
            raise RequestError(f"no game {game_id!r}; the games are: {', '.join(game_ids())}")
        if self.draining:
            raise OverBudget(
                "draining", "the server is restarting: no new match now", 30, whole_server=True
            )
        size = len(json.dumps(options, sort_keys=True)) + 200 * len(seats)
        if client is not None and charge:  # the resource model: refused before any work
            self.budgets.new_match(
                client,
                size,
                lambda: self._held(self.store.open_matches(client), None),
                self.store.count_open,
            )
        options = check_options(game_id, options, self.settings.max_upload, self.library)
        # uploads checked before any is stored; OptionError for a bad one or a bad option
        game = load_uploaded(game_id, options, self.uploads, self.settings.upload_cache_bytes)
        if len(seats) != game.info.players:
            raise RequestError(
                f"{game_id} has {game.info.players} seats; {len(seats)} were described"
            )
        rows, tokens = [], {}
        for n, spec in enumerate(seats):
            if spec.kind == "bot":
                agent = bot_spec(spec.agent or "normal", game, self.settings)
                make_agent(agent, game)  # an unknown bot fails here, clearly
                rows.append(SeatRow(n, "bot", agent, None))
            elif spec.kind == "human" and given and n in given:
                rows.append(SeatRow(n, "human", None, given[n]))
            elif spec.kind == "human":
                tokens[n] = secrets.token_urlsafe(18)
                rows.append(SeatRow(n, "human", None, hash_token(tokens[n])))
            else:
                raise RequestError(f"seat {n}: kind must be 'human' or 'bot', not {spec.kind!r}")
        if hot_seat and len(tokens) < 2:
            raise RequestError("a hot-seat match needs at least two human seats")
        if any(r.kind == "bot" for r in rows):
            self._check_bot_quota(client)
        match_id = secrets.token_urlsafe(8)
        self.store.create_match(
            match_id, game_id, options, 0, rows, hot_seat, secret=new_secret(), client=client
        )
        self.counts["matches_made"] += 1
        if client is not None and charge:
            self.budgets.stored(client, size)
        if clock is not None:
            first = game.new_initial_state().current_player()
            table.start_clock(self, match_id, clock, game.info.players, first)
        return match_id, tokens

    def _held(self, match_ids: list[str], limit: int | None) -> int:
        """How many of these unfinished matches (as the store says) really are unfinished:
        when they reach `limit` (None: the client's limit of any kind), each is looked at and
        a finished one is marked so (it frees its place)."""
        limit = self.settings.open_matches_per_client if limit is None else limit
        if len(match_ids) < limit:
            return len(match_ids)
        held = 0
        for match_id in match_ids:
            try:
                match = self.get(match_id)
                ended = match.over or bool(match.failure)
            except TablesportsError:
                ended = True  # a match that no longer loads holds no place
            if ended:
                self.store.mark_ended(match_id)
            else:
                held += 1
        return held

    def _check_bot_quota(self, client: str | None) -> None:
        """At most `bot_matches_per_client` unfinished matches with a bot per client address,
        counted in the store (so a restart or another process does not reset it)."""
        if client is None:
            return
        limit = self.settings.bot_matches_per_client
        held = self._held(self.store.open_bot_matches(client), limit)
        if held >= limit:
            raise self.budgets.refuse(
                OverBudget(
                    "bot_matches_per_client",
                    f"you already have {held} unfinished matches with a bot (at most {limit} "
                    "at once): finish one first",
                    60,
                )
            )

    def get(self, match_id: str) -> Match:
        """The match in memory, rebuilt from its stored rows on first use."""
        match = self.matches.get(match_id)
        if match is not None:
            self.matches.move_to_end(match_id)
            match.touched = time.monotonic()
            return match
        row = self.store.match(match_id)
        if row is None:
            raise RequestError(f"there is no match {match_id!r} (check the link)")
        for seat in row.seats:  # a row stored before the bounds: its bot must still pass them
            if seat.kind == "bot":
                check_stored(seat.agent or "random", load(row.game))
        match = Match(row, materialize(row.game, row.options, self.uploads))
        specs = [s.agent if s.kind == "bot" else None for s in row.seats]
        match.levels = seat_levels(match.game, specs, self.settings)
        match.replay(self.store.moves(match_id))
        clock = self.clocks.load(match_id)
        if clock is not None:
            match.clock_spec, match.clock = clock
        self.offers.load(match_id, match.offers)
        self._load_players(match)
        self.matches[match_id] = match
        match.touched = time.monotonic()
        if len(self.matches) > self.settings.matches_in_memory:
            self.forget_idle(force=True, keep=match_id)  # never the one its caller now uses
        return match

    async def drain(self) -> None:
        """SIGTERM: no new match and no new bot move; every connection is told the server is
        restarting (its page reconnects by itself); moves in flight are stored, for at most
        `drain_seconds`. Nothing is lost past that either: a move is stored before it is shown,
        and the next start carries on from the store."""
        self.draining = True
        self.bots.cancel_waiting()
        for conns in list(self.connections.values()):
            for conn in list(conns):
                _ = gettext_for(conn.lang)
                await self.error(
                    conn, _("the server is restarting: this page reconnects by itself")
                )
        deadline = time.monotonic() + self.settings.drain_seconds
        while time.monotonic() < deadline and any(
            m.lock.locked() for m in list(self.matches.values())
        ):
            await asyncio.sleep(0.05)
        busy = [m.id for m in self.matches.values() if m.lock.locked()]
        if busy:
            log.warning(
                "stopping with %d matches still moving (they resume at the start)", len(busy)
            )

    def stop_metrics(self) -> None:
        if self.metrics_server is not None:
            self.metrics_server.shutdown()
            self.metrics_server.server_close()
            self.metrics_server = None

    # --- memory -------------------------------------------------------------------------------
    def in_use(self, match: Match) -> bool:
        """Someone watches it, a change is under way, or the server is to move in it."""
        return bool(self.connections.get(match.id) or match.lock.locked() or match.needs_server())

    def forget_idle(self, force: bool = False, keep: str | None = None) -> int:
        """Matches leave memory when nobody has used them for `idle_seconds` (finished ones
        too); with `force`, the least recently used unwatched ones until at most
        `matches_in_memory` stay. A forgotten match is rebuilt from the store when next looked
        at, so nothing is lost. Returns how many left."""
        now = time.monotonic()
        cap, idle = self.settings.matches_in_memory, self.settings.idle_seconds
        gone = 0
        for match in list(self.matches.values()):  # least recently used first
            over_cap = force and len(self.matches) > cap
            if not over_cap and now - match.touched < idle:
                continue
            if match.id == keep or self.in_use(match):
                continue
            del self.matches[match.id]
            self.connections.pop(match.id, None)
            gone += 1
        self.counts["forgotten"] += gone
        return gone

    async def mark_if_ended(self, match: Match) -> None:
        """A match seen finished (or failed) is marked so in the store, once: it frees its
        place in its maker's unfinished matches and is not resumed at the next start; a rated
        one's result goes into its players' ratings (once: `PlayerStore.settle`)."""
        if (match.over or match.failure) and not match.marked_ended:
            match.marked_ended = True
            await asyncio.to_thread(self.store.mark_ended, match.id)
            await asyncio.to_thread(self.settle, match)

    def settle(self, match: Match) -> None:
        """A rated match that ended: its result rates its players (a failed one: no change),
        and the seats show the new ratings."""
        if not match.rated:
            return
        returns = None if match.failure else match.returns()
        self.players.settle(match.id, match.game.info.id, returns)
        self._load_players(match)

    def _load_players(self, match: Match) -> None:
        """The seats' names, whether the match is rated, and each named seat's rating."""
        match.names = self.players.names(match.id)
        match.rated = self.players.is_rated(match.id)
        found = self.players.ratings_of(match.game.info.id, sorted(set(match.names.values())))
        match.ratings = {s: found[n].to_json() for s, n in match.names.items() if n in found}

    async def name_seat(self, conn: Connection, match: Match, name: object) -> None:
        """A seat's player says its name (the first name given stands); a bad one is refused
        with what is allowed."""
        if conn.seat is None or match.kinds[conn.seat] != "human" or conn.seat in match.names:
            return
        try:
            checked = check_name(name)
        except BadName as exc:
            await self.error(conn, str(exc))
            return
        if await asyncio.to_thread(
            self.players.set_name, match.id, conn.seat, checked, conn.client
        ):
            self._load_players(match)
            await self.broadcast(match, force=True)

    def resume_all(self) -> int:
        """After a start: rebuild the unfinished matches and let the ones where the server is to
        move go on; the others leave memory again until someone looks at them."""
        count = 0
        for match_id in self.store.open_match_ids():
            try:
                match = self.get(match_id)
            except TablesportsError as exc:
                log.error("match %s does not resume: %s", match_id, exc)
                continue
            if match.over or match.failure:
                self.store.mark_ended(match_id)
                match.marked_ended = True
                self.settle(match)  # a rated end not applied before the stop
            if match.needs_server():
                self.spawn(self.advance(match))
            else:
                self.matches.pop(match_id, None)
            count += 1
        return count

    def spawn(self, coro: Awaitable[None]) -> None:
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def summary(self, match: Match, seat: int | None = None) -> dict[str, Any]:
        state = match.state
        to_move = state.current_player()
        return {
            "id": match.id,
            "game": match.game.info.id,
            "title": match.game.info.title,
            "seats": match.seat_summaries(),
            "seat": seat,
            "move": match.rows,
            "to_move": to_move if to_move >= 0 else None,
            "over": match.over,
            "returns": match.returns(),
            "result": result(match.returns(), match.ending, state),
            "hot_seat": match.hot_seat,
            "abandon": abandon_summary(match, self.settings.abandon_after),
        }

    # --- connections --------------------------------------------------------------------------
    async def attach(self, conn: Connection, match_id: str, token: str | None) -> None:
        """Join `match_id` with a seat's token, or as a spectator without one."""
        _ = gettext_for(conn.lang)
        match = self.get(match_id)
        seat, refused = None, False
        if token:
            found = self.store.seat_of_token(token)
            if found is None or found[0] != match_id:
                refused = True
            else:
                seat = found[1]
        conn.match_id, conn.seat = match_id, seat
        conn.log_sent, conn.epoch = 0, match.epoch
        self.connections.setdefault(match_id, set()).add(conn)
        if refused:  # said first, then the spectator's view
            await self.error(
                conn, _("this invite token does not open a seat of this match; you are watching")
            )
        await self.push(conn, match, force=True)
        if match.needs_server():
            self.spawn(self.advance(match))
        if match.clock is not None and not match.watched:
            self.spawn(table.watch(self, match))

    def detach(self, conn: Connection) -> None:
        if conn.match_id is not None:
            self.connections.get(conn.match_id, set()).discard(conn)

    async def push(self, conn: Connection, match: Match, force: bool = False) -> None:
        if conn.epoch != match.epoch:
            conn.log_sent, conn.epoch = 0, match.epoch
        if not force and conn.sent == (match.epoch, match.rows) and not match.failure:
            return
        conn.sent = (match.epoch, match.rows)
        payload = seat_payload(match, conn.seat, log_from=conn.log_sent)
        conn.log_sent = len(match.steps)
        self._charge(conn, len(payload))
        try:
            await conn.send(payload)
        except Exception:  # a closed socket: its handler will detach it
            log.debug("push to a closed connection of %s", match.id)

    async def broadcast(self, match: Match, force: bool = False) -> None:
        await self.mark_if_ended(match)
        for conn in list(self.connections.get(match.id, ())):
            await self.push(conn, match, force=force)

    async def error(self, conn: Connection, message: str) -> None:
        match = self.matches.get(conn.match_id or "")
        if match is None:
            payload = json.dumps({"type": "error", "message": message}).encode()
        else:
            payload = seat_payload(match, conn.seat, "error", message=message)
        try:
            await conn.send(payload)
        except Exception:
            log.debug("error to a closed connection")

    # --- messages -----------------------------------------------------------------------------
    async def handle(self, conn: Connection, raw: str | bytes) -> None:
        """One message from a browser; any problem becomes an error payload for it alone."""
        _ = gettext_for(conn.lang)
        if conn.messages is not None:
            # over the rate, a connection's messages wait their turn: it reads one at a time,
            # so a flood slows only itself (the socket's queue then stops reading from it)
            delay = conn.messages.reserve()
            if delay:
                await asyncio.sleep(delay)
        try:
            await self._handle(conn, raw)
        except MovedOn as exc:
            await self.error(
                conn, _("the match moved on: a move was made elsewhere first; here it is now")
            )
            await self.broadcast(exc.match)
        except (RequestError, table.Refused, OverBudget) as exc:
            await self.error(conn, str(exc))
        except TablesportsError as exc:
            await self.error(conn, _("refused: {reason}").format(reason=exc))

    async def _handle(self, conn: Connection, raw: str | bytes) -> None:
        _ = gettext_for(conn.lang)
        size = len(raw.encode("utf-8") if isinstance(raw, str) else raw)
        if size > MAX_MESSAGE:
            raise RequestError(
                _("message too large: {size} bytes (at most {limit})").format(
                    size=size, limit=MAX_MESSAGE
                )
            )
        try:
            msg = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):  # nested too deeply
            raise RequestError(_("malformed message: not JSON")) from None
        if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
            raise RequestError(_('malformed message: a JSON object with a "type" is expected'))
        kind = msg["type"]
        if kind == "hello":
            lang = msg.get("lang", conn.lang)
            if not isinstance(lang, str) or lang not in LANGUAGES:
                raise RequestError(
                    _("no language {lang!r}; the languages are: {langs}").format(
                        lang=str(lang)[:20], langs=", ".join(LANGUAGES)
                    )
                )
            conn.lang = lang
            match_id, token = msg.get("match"), msg.get("token")
            if not isinstance(match_id, str) or not (token is None or isinstance(token, str)):
                raise RequestError(_('malformed hello: "match" (text) and "token" are expected'))
            self._check_outbound(conn)  # a hello sends a whole view: it is charged like one
            self.detach(conn)
            await self.attach(conn, match_id, token)
            joined = self.get(match_id)
            if msg.get("name") is not None and not joined.hot_seat:  # hot seat: one screen
                await self.name_seat(conn, joined, msg["name"])
            return
        if conn.match_id is None:
            raise RequestError(_("say hello first: which match, and your token if you have one"))
        match = self.get(conn.match_id)
        if kind == "act":
            await self.act(conn, match, msg)
        elif kind == "undo":
            await self.undo(conn, match, msg)
        elif kind == "record":
            self._check_outbound(conn)
            payload = seat_payload(match, conn.seat, "record")
            self._charge(conn, len(payload))
            await conn.send(payload)
        elif kind == "view":
            self._check_outbound(conn)
            conn.log_sent = 0
            await self.push(conn, match, force=True)
        elif kind == "say":  # a phrase from the fixed set (`web.phrases_said`)
            await say(self, conn, match, msg)
        elif kind in table.HANDLERS:  # resign, draw, rematch, review
            await table.HANDLERS[kind](self, conn, match, msg)
        else:
            raise RequestError(
                _("unknown message type {kind!r}; the types are: {types}").format(
                    kind=kind,
                    types=", ".join(
                        ["hello", "act", "undo", "record", "view", "say", *table.HANDLERS]
                    ),
                )
            )

    def _charge(self, conn: Connection, size: int) -> None:
        self.counts["outbound_bytes"] += size
        if conn.outbound is not None:
            conn.outbound.charge(size)
            self.outbound_server.charge(size)

    def _check_outbound(self, conn: Connection) -> None:
        """A view or record asked for while its client (or the whole server) is over its byte
        rate is refused."""
        if conn.outbound is None:
            return
        _ = gettext_for(conn.lang)
        if conn.outbound.in_debt():
            self.budgets.refusals["outbound_rate"] += 1
            raise RequestError(
                _("too much asked for: at most {rate} bytes a second of views and records").format(
                    rate=self.settings.outbound_rate
                )
            )
        if self.outbound_server.in_debt():
            self.budgets.refusals["server_outbound_rate"] += 1
            raise RequestError(_("the server is busy: ask again in a few seconds"))

    def _check_seat(self, conn: Connection, match: Match, msg: dict[str, Any]) -> int:
        _ = gettext_for(conn.lang)
        if conn.seat is None:
            raise RequestError(_("you are watching this match: only a seat's player can move"))
        seat = msg.get("seat", conn.seat)
        if seat != conn.seat:
            raise RequestError(
                _("you hold seat {mine}; this was sent for seat {other}").format(
                    mine=conn.seat, other=seat
                )
            )
        move = msg.get("move")
        if not isinstance(move, int) or isinstance(move, bool):
            raise RequestError(_('malformed action: "move" (the move number you saw) is missing'))
        if move != match.rows:
            raise RequestError(
                _("stale: sent for move {sent}, but the match is at move {now}").format(
                    sent=move, now=match.rows
                )
            )
        return conn.seat

    async def act(self, conn: Connection, match: Match, msg: dict[str, Any]) -> None:
        _ = gettext_for(conn.lang)
        async with match.lock:
            before = match.rows
            if await table.check_flag(self, match):  # the server's clock judges, not the page
                await self.broadcast(match)
                raise RequestError(_("your time is up: the match is lost on time"))
            if match.rows != before:  # the clock's look at the store found other moves
                await self.broadcast(match)
            seat = self._check_seat(conn, match, msg)
            state = match.state
            if match.over:
                raise RequestError(_("the game is over"))
            if state.current_player() != seat:
                raise RequestError(_("it is not your turn"))
            action = self._action_of(conn, match, msg)
            if not state.is_legal(action):
                raise RequestError(
                    _("illegal: {action}: {reason}").format(
                        action=action, reason=state.why_illegal(action)
                    )
                )
            await self._store_and_apply(match, seat, action)
        await self.broadcast(match)
        if match.needs_server():
            await self.advance(match)

    def _action_of(self, conn: Connection, match: Match, msg: dict[str, Any]) -> Action:
        _ = gettext_for(conn.lang)
        legal = match.state.legal_actions()
        if "index" in msg:
            index = msg["index"]
            if not isinstance(index, int) or not 0 <= index < len(legal):
                raise RequestError(
                    _("no action number {index}: the numbers run from 0 to {last}").format(
                        index=index, last=len(legal) - 1
                    )
                )
            return legal[index]
        text = msg.get("action")
        if not isinstance(text, str) or not text.strip():
            raise RequestError(_('malformed action: "action" (its text) or "index" is expected'))
        try:
            return match.state.parse_action(text)
        except ActionParseError as exc:
            raise RequestError(str(exc)) from None

    async def undo(self, conn: Connection, match: Match, msg: dict[str, Any]) -> None:
        _ = gettext_for(conn.lang)
        async with match.lock:
            seat = self._check_seat(conn, match, msg)
            if match.over:
                raise RequestError(_("the match is over: no move can be taken back"))
            if match.undos_left() == 0:
                raise RequestError(
                    _("no undo left: {limit} undos a match, all taken").format(
                        limit=UNDOS_PER_MATCH
                    )
                )
            if not match.undo_open(seat):
                raise RequestError(_("undo is for your own last move in a match against bots only"))
            blocked = match.undo_blocked(seat)
            if blocked == CHANCE_REVEALED:
                raise RequestError(_("no undo: the dice have been rolled since your last move"))
            if blocked is not None:
                raise RequestError(_("no undo: the other side has played since your last move"))
            keep = match.undo_point(seat)
            await self._store(match, [(match.rows, UNDO, f"undo {keep}")])
            match.undo_to(keep)
            await table.clock_moved(self, match)
        await self.broadcast(match)

    async def _store_and_apply(self, match: Match, player: int, action: Action) -> None:
        """Commit the row first: a move anyone was told about is never lost."""
        await self._store(match, [(match.rows, player, str(action))])
        match.apply(player, action)
        await table.clock_moved(self, match)

    async def _store(self, match: Match, rows: list[tuple[int, int, str]]) -> None:
        """Store rows (hold `match.lock`); when another process stored that move number first,
        bring the match up to date and say so (`MovedOn`): a move is never applied twice."""
        try:
            await asyncio.to_thread(self.store.append_moves, match.id, rows)
        except DuplicateMove:
            await catch_up(self.store, match)
            raise MovedOn(match) from None
        self.counts["moves"] += len(rows)

    # --- other server processes (web.bus) -----------------------------------------------------
    async def moved_elsewhere(self, match_id: str | None) -> None:
        """News that another process stored moves of `match_id` (None: of any match)."""
        for match in [self.matches.get(match_id)] if match_id else list(self.matches.values()):
            if match is None:
                continue
            try:
                async with match.lock:
                    news = await catch_up(self.store, match)
                    offered = await table.offers_news(self, match)  # draw offers, rematch
            except TablesportsError as exc:  # rows that do not follow: rebuild it when next used
                log.error("match %s: %s; it is reloaded", match.id, exc)
                self.matches.pop(match.id, None)
                continue
            if news or offered:
                await self.broadcast(match, force=offered)

    async def sweep(self) -> None:
        """Offer to move the matches that wait for the server and that no process has moved
        for a while (the one that did may have been killed): the bus's lock picks one mover."""
        for match_id in self.bus.elsewhere():
            if match_id not in self.matches:
                try:
                    self.get(match_id)
                except TablesportsError as exc:
                    log.error("match %s does not resume: %s", match_id, exc)
        for match in list(self.matches.values()):
            if match.needs_server() and self.bus.quiet(match.id):
                self.spawn(self.advance(match))

    async def advance(self, match: Match) -> None:
        """Chance and bots move, by one server process only: the one holding the match's turn
        (`web.bus`); the others hear of its moves. After letting go of the turn, rows stored
        meanwhile by another process (a person's move whose process found the turn taken) are
        read, and if the server is to move again it takes the turn again."""
        while True:
            async with self.bus.turn(match.id) as mine:
                if not mine:
                    return
                if self.bus.shared:
                    async with match.lock:
                        await catch_up(self.store, match)
                match = await self._advance(match)
            if not self.bus.shared:
                return
            async with match.lock:
                news = await catch_up(self.store, match)
            if news:
                await self.broadcast(match)
            if not match.needs_server():
                return

    async def _advance(self, match: Match) -> Match:
        """Chance and bots move until a person is to move or the game ends (hold the turn).

        Chance outcomes are applied in memory and stored in one transaction with the next bot
        move (or before a person's turn): nobody is shown a position before its rows are
        committed. A bot thinks in a worker thread, so a slow search never blocks the server.
        """
        while True:
            async with match.lock:
                if not match.needs_server():
                    break
                rows: list[tuple[int, int, str]] = []
                try:
                    while match.needs_server() and not self.draining:
                        if match.state.current_player() == CHANCE:
                            player, action = match.choose_server_move()
                        else:  # in its maker's queue (`web.botqueue`)
                            player, action = await self.bots.run(
                                match.client, match.choose_server_move
                            )
                        rows.append((match.rows, player, str(action)))
                        match.apply(player, action)
                        table.tick(match)  # the clock, stored with the rows below
                        if player != CHANCE:
                            break
                except TablesportsError as exc:
                    # the reason may name hidden cards: it goes to the server log only
                    log.error("match %s stops: %s", match.id, exc)
                    match.failure = f"the server failed at move {match.rows}; see its log"
                try:
                    if rows:  # what was applied is stored, even when a bot then failed
                        await asyncio.to_thread(self.store.append_moves, match.id, rows)
                        self.counts["moves"] += len(rows)
                        await table.bot_clock(self, match)  # stored; a bot over its time loses
                except DuplicateMove as exc:  # another process wrote here: reload from storage
                    log.error("match %s: %s; reloading it", match.id, exc)
                    self.matches.pop(match.id, None)
                    match = self.get(match.id)
                    break
            await self.broadcast(match)
            if self.draining:
                break
            if self.bot_delay and match.needs_server():
                await asyncio.sleep(self.bot_delay)
        await self.broadcast(match)
        return match
