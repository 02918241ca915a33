"""What players do at the table besides moving: resign, offer a draw, ask for a rematch, look
back at earlier positions, and the clock that judges time. The websocket messages:

- `{"type": "resign"}`: the sender's seat loses at once (any time before the end).
- `{"type": "draw", "do": "offer" | "accept" | "decline"}`: in a game that has draws; an offer
  stands until the other seat answers or anyone moves; a bot declines at once (house rule).
- `{"type": "rematch"}`: after the end; when every person seated asked, a new match starts
  with the players one seat on (two: swapped) and each seat's connection gets
  `{"type": "rematch", "match": id, "token": its new token}` (a spectator: no token).
- `{"type": "review", "step": n}`: the position after the first n actions as this connection's
  viewer saw it (`views.review_payload`), rate-limited like `view`.

Every ending is stored as a row before anyone is told (see `endings`); draw offers and rematch
asks are kept in the store too (`offers`), so that every server process sees them.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from tablesports.core.errors import TablesportsError
from tablesports.core.fairness import new_secret
from tablesports.web.bus import catch_up
from tablesports.web.clock import Clock, ClockIn
from tablesports.web.endings import DRAWS, ENDING, Ending, rotated
from tablesports.web.i18n import gettext_for
from tablesports.web.store import SeatRow, hash_token
from tablesports.web.views import review_payload

if TYPE_CHECKING:
    from tablesports.web.hub import Connection, Hub
    from tablesports.web.matches import Match

log = logging.getLogger("tablesports.web")

Handler = Callable[["Hub", "Connection", "Match", dict[str, Any]], Awaitable[None]]


class Refused(TablesportsError):
    """A table request the server refuses; the message says why (sent as it is)."""


def _refuse(message: str) -> Exception:
    return Refused(message)


async def end(hub: Hub, match: Match, ending: Ending) -> None:
    """Store the ending row, apply it, stop the clock (the caller holds the match's lock).
    Another process's row there first: `hub._store` catches up and raises `MovedOn`."""
    await hub._store(match, [(match.rows, ENDING, ending.row())])
    match.end(ending)
    await clock_moved(hub, match)


def _seated(conn: Connection, match: Match) -> int:
    _ = gettext_for(conn.lang)
    if conn.seat is None:
        raise _refuse(_("you are watching this match: only a seat's player can do that"))
    return conn.seat


async def resign(hub: Hub, conn: Connection, match: Match, msg: dict[str, Any]) -> None:
    _ = gettext_for(conn.lang)
    async with match.lock:
        seat = _seated(conn, match)
        if match.over:
            raise _refuse(_("the match is over already"))
        await end(hub, match, Ending("resign", seat))
    await hub.broadcast(match)


async def draw(hub: Hub, conn: Connection, match: Match, msg: dict[str, Any]) -> None:
    _ = gettext_for(conn.lang)
    do = msg.get("do")
    if do not in ("offer", "accept", "decline"):
        raise _refuse(_('a draw message says "do": offer, accept or decline'))
    async with match.lock:
        seat = _seated(conn, match)
        if match.game.info.id not in DRAWS:
            raise _refuse(_("this game has no draws: every match has a winner"))
        if match.over:
            raise _refuse(_("the match is over already"))
        offers = match.offers
        await asyncio.to_thread(hub.offers.load, match.id, offers)
        standing = offers.draw_offer(match.rows)
        if do == "offer":
            if standing is not None and standing != seat:
                do = "accept"  # both offered: agreed
            elif all(k == "bot" for s, k in enumerate(match.kinds) if s != seat):
                await hub.error(conn, _("the bot declines the draw"))  # house rule
                return
            else:
                await asyncio.to_thread(hub.offers.set_draw, match.id, seat, match.rows)
                offers.draw_by, offers.draw_at = seat, match.rows
        if do in ("accept", "decline"):
            if standing is None or standing == seat:
                raise _refuse(_("there is no draw offer to answer"))
            await asyncio.to_thread(hub.offers.set_draw, match.id, None, None)
            offers.draw_by = offers.draw_at = None
            if do == "accept":
                await end(hub, match, Ending("draw"))
    await hub.broadcast(match, force=True)


async def rematch(hub: Hub, conn: Connection, match: Match, msg: dict[str, Any]) -> None:
    _ = gettext_for(conn.lang)
    async with match.lock:
        seat = _seated(conn, match)
        if not match.over:
            raise _refuse(_("a rematch is asked for once the match is over"))
        offers = match.offers
        await asyncio.to_thread(hub.offers.load, match.id, offers)
        if offers.rematch is None:
            # the new seat's token is drawn here and kept here; the store gets its hash only
            token = offers.tokens.setdefault(seat, secrets.token_urlsafe(18))
            people = {s for s, k in enumerate(match.kinds) if k == "human"}
            new_id = secrets.token_urlsafe(8)
            offers.asks, offers.rematch, claimed = await asyncio.to_thread(
                hub.offers.ask_rematch, match.id, seat, hash_token(token), people, new_id
            )
            if claimed:
                await asyncio.to_thread(_create_rematch, hub, match, new_id, offers.asks)
                await asyncio.to_thread(hub.offers.announce, match.id)
        elif seat not in offers.tokens:
            # asked through another process (the page reconnected here): a new token for the
            # new seat, the one drawn there no longer opens it
            offers.tokens[seat] = token = secrets.token_urlsafe(18)
            new_seat = (seat + 1) % match.players
            await asyncio.to_thread(
                hub.store.set_token, offers.rematch, new_seat, hash_token(token)
            )
            await _send_rematch(conn, offers.rematch, new_seat, token)
            return
    if offers.rematch is not None:
        await tell_rematch(hub, match)
    await hub.broadcast(match, force=True)


async def _send_rematch(conn: Connection, new_id: str, seat: int | None, token: str | None) -> None:
    payload: dict[str, Any] = {"type": "rematch", "match": new_id, "seat": seat}
    if token is not None:
        payload["token"] = token
    try:
        await conn.send(json.dumps(payload).encode())
    except Exception:
        log.debug("rematch to a closed connection")


def _create_rematch(hub: Hub, match: Match, new_id: str, asks: dict[int, str]) -> None:
    """The new match, stored: the same game, options and clock; the seats rotated, each
    person's new token the one whose hash their ask stored."""
    row = hub.store.match(match.id)
    assert row is not None
    rows = []
    for n, old in enumerate(rotated(list(row.seats))):
        if old.kind == "bot":
            rows.append(SeatRow(n, "bot", old.agent, None))
        else:
            rows.append(SeatRow(n, "human", None, asks[old.seat]))
    hub.store.create_match(
        new_id, row.game, row.options, 0, rows, row.hot_seat, secret=new_secret()
    )
    if match.clock_spec is not None:
        first = match.game.new_initial_state().current_player()
        start_clock(hub, new_id, match.clock_spec, match.players, first)


async def tell_rematch(hub: Hub, match: Match) -> None:
    """Send this process's connections to the rematch, once it exists: a seat asked here gets
    its new token; the others (a spectator) the match's id only."""
    offers = match.offers
    new_id = offers.rematch
    if new_id is None or offers.told:
        return
    if await asyncio.to_thread(hub.store.match, new_id) is None:
        return  # claimed, not yet made: its maker announces it
    offers.told = True
    for conn in list(hub.connections.get(match.id, ())):
        new_seat = None if conn.seat is None else (conn.seat + 1) % match.players
        token = offers.tokens.get(conn.seat) if conn.seat is not None else None
        await _send_rematch(conn, new_id, new_seat, token)
    new = hub.get(new_id)
    if new.needs_server():
        hub.spawn(hub.advance(new))


async def offers_news(hub: Hub, match: Match) -> bool:
    """Another process changed the offers (or made the rematch): read them; whether changed."""
    changed = await asyncio.to_thread(hub.offers.load, match.id, match.offers)
    if match.offers.rematch is not None and not match.offers.told:
        await tell_rematch(hub, match)
    return changed


async def review(hub: Hub, conn: Connection, match: Match, msg: dict[str, Any]) -> None:
    _ = gettext_for(conn.lang)
    step = msg.get("step")
    last = len(match.actions)
    if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= last:
        raise _refuse(_('review: "step" is a number of moves from 0 to {last}').format(last=last))
    hub._check_outbound(conn)
    async with match.lock:  # replaying from a checkpoint runs beside the server's loop
        payload = await asyncio.to_thread(review_payload, match, conn.seat, step)
    if conn.outbound is not None:
        conn.outbound.charge(len(payload))
    await conn.send(payload)


HANDLERS: dict[str, Handler] = {
    "resign": resign,
    "draw": draw,
    "rematch": rematch,
    "review": review,
}


# --- the clock --------------------------------------------------------------------------------
def start_clock(hub: Hub, match_id: str, spec: ClockIn, players: int, to_move: int) -> None:
    now = time.time()
    clock = Clock.new(spec, players, now)
    clock.sync(to_move, False, now)
    hub.clocks.create(match_id, spec, clock)


def tick(match: Match) -> None:
    """After anything was applied: charge the time, pass the turn (not stored yet)."""
    if match.clock is not None:
        match.clock.sync(match.state.current_player(), match.over, time.time())


async def clock_moved(hub: Hub, match: Match) -> None:
    """`tick`, and store the reading."""
    if match.clock is None:
        return
    tick(match)
    await asyncio.to_thread(hub.clocks.save, match.id, match.clock)


async def check_flag(hub: Hub, match: Match) -> bool:
    """End the match if a seat's time is up (the caller holds the lock); True if it did.

    Before a flag falls the stored reading is read again: with several server processes, the
    one that made the last move stored it, and this one's copy may lag behind."""
    if match.clock is None or match.over or match.failure:
        return False
    if match.clock.flagged(time.time()) is None:
        return False
    await refresh_clock(hub, match)
    seat = match.clock.flagged(time.time()) if match.clock is not None else None
    if seat is None or match.over:
        return False
    await end(hub, match, Ending("time", seat))
    return True


async def refresh_clock(hub: Hub, match: Match) -> None:
    """The stored reading of the match's clock, and its rows stored by other processes."""
    if hub.bus.shared:
        await catch_up(hub.store, match)
    stored = await asyncio.to_thread(hub.clocks.load, match.id)
    if stored is not None:
        match.clock_spec, match.clock = stored


async def bot_clock(hub: Hub, match: Match) -> None:
    """After the server's rows are stored: store the clock, and flag a bot over its time."""
    if match.clock is None:
        return
    await asyncio.to_thread(hub.clocks.save, match.id, match.clock)
    try:
        await check_flag(hub, match)
    except TablesportsError as exc:  # another process ended or moved it first
        log.info("match %s: no flag stored: %s", match.id, exc)


async def watch(hub: Hub, match: Match) -> None:
    """A timer per match with a clock: wakes at the running seat's deadline. Whatever it
    learnt (its own flag, or rows another process stored first) goes to this process's seats."""
    if match.clock is None or match.watched:
        return
    match.watched = True
    try:
        while not match.over and not match.failure and hub.matches.get(match.id) is match:
            clock = match.clock
            wait = 1.0
            if clock is not None and clock.running is not None:
                wait = min(max(clock.left(clock.running, time.time()), 0.02), 5.0)
            await asyncio.sleep(wait)
            before = match.rows
            async with match.lock:
                try:
                    await check_flag(hub, match)
                except TablesportsError as exc:  # another process stored a row first
                    log.info("match %s: the clock's ending was not stored: %s", match.id, exc)
            if match.rows != before:
                await hub.broadcast(match)
    finally:
        match.watched = False
